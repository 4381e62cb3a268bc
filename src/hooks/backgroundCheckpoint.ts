import { spawn } from 'node:child_process';
import * as path from 'node:path';
import * as z from 'zod';
import { readStateText, removeStateFile, stateFileInfo, writeStateFile } from '../adapters/files/stateFiles';
import type { CheckpointJob } from './checkpointJob';

export type BackgroundOutcome = 'finished' | 'failed' | 'still-running';

/** A marker older than this is not believed, whatever its pid (pids are reused). */
const MARKER_MAX_AGE_MS = 60 * 60 * 1000;

const MarkerSchema = z.object({ pid: z.number().int().positive() });
const MARKER_MAX_BYTES = 1024;

/** `.cleveragents/hooks/first-snapshot-<plan>.json`: the process taking a plan's first snapshot, while it runs. */
export function firstSnapshotMarker(root: string, planId: string): string {
  return path.join(root, '.cleveragents', 'hooks', `first-snapshot-${planId}.json`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process still taking the plan's first snapshot, if one is: a hook then starts no second one. */
export async function firstSnapshotRunning(root: string, planId: string): Promise<number | undefined> {
  const file = firstSnapshotMarker(root, planId);
  try {
    const info = stateFileInfo(root, file);
    if (!info || Date.now() - info.mtimeMs > MARKER_MAX_AGE_MS) return undefined;
    const marker = MarkerSchema.safeParse(JSON.parse(readStateText(root, file, MARKER_MAX_BYTES) ?? ''));
    return marker.success && isAlive(marker.data.pid) ? marker.data.pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a checkpoint in a detached process (`agents hook checkpoint-job`, the job on its stdin) and waits for it up to
 * `waitMs`. A plan's first snapshot reads every file of the folder: on a large one that takes
 * minutes, which no agent waits for. When it is done in time, the hook goes on as if it had
 * taken it itself; when not, the process goes on alone (named in the plan's marker, so that the
 * hooks that come meanwhile start no other) and the hook returns.
 */
export async function checkpointInBackground(job: CheckpointJob, wasmDir: string, waitMs: number): Promise<BackgroundOutcome> {
  const cli = path.join(wasmDir, 'cli.js');
  const marker = firstSnapshotMarker(job.workspaceRoot, job.planId);
  // This call stops waiting no earlier than this: files the job reads later may hold the agent's
  // next changes, and its checkpoint is then recorded marked late (core/lateCheckpoints.ts).
  const timed: CheckpointJob = { ...job, lateAfter: Date.now() + waitMs };
  // The job (its reason quotes the prompt) goes on stdin: a command line is anyone's to read
  // (/proc/<pid>/cmdline, ps), and lock files record their holder's.
  const child = spawn(process.execPath, [cli, 'hook', 'checkpoint-job'], {
    cwd: job.workspaceRoot,
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: process.env,
    windowsHide: true,
  });
  const ended = new Promise<BackgroundOutcome>((resolve) => {
    child.once('error', () => resolve('failed'));
    child.once('exit', (code) => resolve(code === 0 ? 'finished' : 'failed'));
  });
  // A few kB: the pipe takes them at once, so this process may exit right after (the child reads
  // them from the pipe, then its end). A child gone before it read them is only a missed checkpoint.
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(JSON.stringify(timed));
  if (child.pid !== undefined) quietly(() => writeStateFile(job.workspaceRoot, marker, `${JSON.stringify({ pid: child.pid })}\n`));
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([ended, new Promise<BackgroundOutcome>((resolve) => (timer = setTimeout(() => resolve('still-running'), waitMs)))]);
  clearTimeout(timer);
  if (outcome === 'still-running') {
    child.removeAllListeners();
    child.unref();
  } else {
    quietly(() => removeStateFile(job.workspaceRoot, marker));
  }
  return outcome;
}

/** A marker is a courtesy to the hooks that come meanwhile: one that cannot be written or removed changes nothing else. */
function quietly(work: () => unknown): void {
  try {
    work();
  } catch {
    // a read-only disk, or a link or FIFO in the way (refused by stateFiles.ts)
  }
}

import { spawn } from 'node:child_process';
import { readFile, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../adapters/files/atomicFile';
import type { CheckpointJob } from './checkpointJob';

export type BackgroundOutcome = 'finished' | 'failed' | 'still-running';

/** A marker older than this is not believed, whatever its pid (pids are reused). */
const MARKER_MAX_AGE_MS = 60 * 60 * 1000;

const MarkerSchema = z.object({ pid: z.number().int().positive() });

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
  const info = await stat(file).catch(() => undefined);
  if (!info || Date.now() - info.mtimeMs > MARKER_MAX_AGE_MS) return undefined;
  try {
    const marker = MarkerSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return marker.success && isAlive(marker.data.pid) ? marker.data.pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a checkpoint in a detached process (`agents hook checkpoint-job`) and waits for it up to
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
  const child = spawn(process.execPath, [cli, 'hook', 'checkpoint-job', JSON.stringify(timed)], {
    cwd: job.workspaceRoot,
    detached: true,
    stdio: 'ignore',
    env: process.env,
    windowsHide: true,
  });
  const ended = new Promise<BackgroundOutcome>((resolve) => {
    child.once('error', () => resolve('failed'));
    child.once('exit', (code) => resolve(code === 0 ? 'finished' : 'failed'));
  });
  if (child.pid !== undefined) await writeFileAtomic(marker, `${JSON.stringify({ pid: child.pid })}\n`, 0o600).catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([ended, new Promise<BackgroundOutcome>((resolve) => (timer = setTimeout(() => resolve('still-running'), waitMs)))]);
  clearTimeout(timer);
  if (outcome === 'still-running') {
    child.removeAllListeners();
    child.unref();
  } else {
    await unlink(marker).catch(() => undefined);
  }
  return outcome;
}

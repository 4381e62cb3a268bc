import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { CheckpointJob } from './checkpointJob';

export type BackgroundOutcome = 'finished' | 'failed' | 'still-running';

/**
 * Runs a checkpoint in a detached process (`agents hook checkpoint-job`) and waits for it up to
 * `waitMs`. A plan's first snapshot reads every file of the folder: on a large one that takes
 * minutes, which no agent waits for. When it is done in time, the hook goes on as if it had
 * taken it itself; when not, the process goes on alone and the hook returns.
 */
export function checkpointInBackground(job: CheckpointJob, wasmDir: string, waitMs: number): Promise<BackgroundOutcome> {
  const cli = path.join(wasmDir, 'cli.js');
  const child = spawn(process.execPath, [cli, 'hook', 'checkpoint-job', JSON.stringify(job)], {
    cwd: job.workspaceRoot,
    detached: true,
    stdio: 'ignore',
    env: process.env,
    windowsHide: true,
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.removeAllListeners();
      child.unref();
      resolve('still-running');
    }, waitMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve('failed');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? 'finished' : 'failed');
    });
  });
}

import { lstatSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import { listStateDir } from '../adapters/files/stateFiles';
import { runDirOf } from '../daemonClient/daemonFiles';

/** The fast client's temporary files (`hook-<pid>.in|meta|out`, `cli-<pid>.meta|out|id`), and when a left one is removed. */
const FAST_CLIENT_FILE = /^(hook|cli)-\d+\.(in|meta|out|id)$/;
const FAST_CLIENT_FILE_MAX_AGE_MS = 15 * 60 * 1000;

/**
 * Removes the fast client's temporary files (fastClientScript.ts) that a killed hook left in `run/`:
 * older than any hook's budget, so no call still reads them. (A folder of a few names, read at each
 * of the resident process's checks.)
 */
export function sweepFastClientFiles(root: string, log: (line: string) => void): void {
  const now = Date.now();
  const runDir = runDirOf(root);
  try {
    for (const name of listStateDir(root, runDir)) {
      if (!FAST_CLIENT_FILE.test(name)) continue;
      const file = path.join(runDir, name);
      const stats = lstatSync(file);
      if (stats.isFile() && now - stats.mtimeMs > FAST_CLIENT_FILE_MAX_AGE_MS) unlinkSync(file);
    }
  } catch (error) {
    log(`sweep of run/ failed: ${(error as Error).message}`);
  }
}

import { rename } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

// On Windows a rename over a file fails while another program has it open without sharing delete
// (an antivirus scanning the new file, the search indexer, a backup tool, an editor): EPERM,
// EACCES or EBUSY, gone a moment later. Every write here ends in a rename over its target, so
// each is retried there for a while, as npm's graceful-fs does. Elsewhere those codes mean what
// they say (no permission, a mount point) and are not retried.

/** The waits between tries on Windows, in milliseconds: about 8 s in all. */
export const RENAME_RETRY_DELAYS_MS: readonly number[] = [10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000, 1000, 1000, 1000, 1000];

const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EACCES', 'EBUSY']);

export interface RenameDeps {
  readonly rename: (from: string, to: string) => Promise<void>;
  readonly sleep: (ms: number) => Promise<unknown>;
  readonly platform: NodeJS.Platform;
}

const NODE_RENAME: RenameDeps = { rename, sleep, platform: process.platform };

/** `fs.rename(from, to)`, retried on Windows while the target (or the source) is held open by another program. */
export async function renameOver(from: string, to: string, deps: RenameDeps = NODE_RENAME): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const wait = RENAME_RETRY_DELAYS_MS[attempt];
      if (deps.platform !== 'win32' || !TRANSIENT_ON_WINDOWS.has(code) || wait === undefined) throw error;
      await deps.sleep(wait);
    }
  }
}

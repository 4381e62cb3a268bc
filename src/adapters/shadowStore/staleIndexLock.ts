import { promises as fs } from 'node:fs';
import * as path from 'node:path';

const STALE_AFTER_MS = 60_000;

/**
 * Before we run git on a sandbox's index: an `index.lock` there was left by a command that was
 * killed (we hold the store's lock, so no live command of ours is using it). Killing our process
 * does not kill the git it was running, which may still be finishing: wait for that git to exit,
 * then take away a lock that git itself left when it was killed. Where processes cannot be looked
 * at (no /proc), a lock is taken away once it has not changed for a minute.
 */
export async function clearStaleIndexLock(keyDir: string, report: (message: string) => void): Promise<void> {
  const lock = path.join(keyDir, 'index.lock');
  const started = Date.now();
  for (;;) {
    const stat = await fs.stat(lock).catch(() => undefined);
    if (!stat) return;
    const gitAlive = await gitProcessUsing(keyDir);
    if (gitAlive === false || (gitAlive === undefined && Date.now() - stat.mtimeMs > STALE_AFTER_MS) || Date.now() - started > 10 * STALE_AFTER_MS) {
      await fs.rm(lock, { force: true });
      report(`Removed ${lock}, left by a git process that was killed.`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a live git process runs with `GIT_DIR` set to this folder; undefined when that cannot be known. */
async function gitProcessUsing(gitDir: string): Promise<boolean | undefined> {
  let pids: string[];
  try {
    pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const needle = Buffer.from(`GIT_DIR=${gitDir}\0`);
  for (const pid of pids) {
    const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => undefined);
    if (environ && Buffer.concat([environ, Buffer.from([0])]).includes(needle)) return true;
  }
  return false;
}

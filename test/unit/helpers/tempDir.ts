import { mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The processes (Linux: read from /proc) whose working folder is inside `dir`: a resident process
 * (src/daemon) a test's CLI call started runs in the workspace's `.cleveragents/run/`.
 */
function processesInside(dir: string): number[] {
  if (process.platform !== 'linux') return [];
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (cwd === real || cwd.startsWith(real + path.sep)) found.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Running still (a zombie, which waits for its parent to read its status, has ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Ends what still runs inside `dir` (SIGKILL; a test's folder holds nothing to save), waiting up
 * to 10 s for it to go: a process coming up would otherwise make files while the folder is removed
 * (ENOTEMPTY on a busy machine, seen in CI).
 */
function endProcessesInside(dir: string): void {
  const pids = processesInside(dir);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const until = Date.now() + 10_000;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  while (pids.some(alive) && Date.now() < until) Atomics.wait(sleeper, 0, 0, 20);
}

/**
 * Inside a mocha `describe`: returns a function that makes a fresh folder under the system temp
 * folder; every folder made is removed after each test, once nothing runs inside it any more.
 */
export function useTempDirs(prefix = 'cleveragents-test-'): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) {
      endProcessesInside(dir);
      rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    }
  });
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

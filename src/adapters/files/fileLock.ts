import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, openSync, readSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, stat, unlink, utimes } from 'node:fs/promises';
import * as os from 'node:os';
import { StoreError } from '../../core/errors';

export interface FileLockOptions {
  /**
   * How long `acquire` waits for another holder before it gives up with a StoreError; a function is
   * asked at each acquisition (the resident process serves each hook with what is left of that
   * hook's own budget, src/daemon/server.ts).
   */
  readonly timeoutMs: number | (() => number);
  /**
   * A lock older than this is taken to be left behind by a hung or crashed holder (on another
   * machine we cannot ask whether its process lives). Holders keep the lock for milliseconds, so
   * this can be generous.
   */
  readonly staleMs: number;
}

export const DEFAULT_FILE_LOCK_OPTIONS: FileLockOptions = Object.freeze({ timeoutMs: 15_000, staleMs: 60_000 });

/** What a holder writes into the lock file, so that others can tell whether it still lives. */
export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly acquired_at: string;
  readonly token: string;
  /** What the holder runs (its command line, shortened), so that a waiter can say who waits on whom. */
  readonly command?: string;
}

interface LockFileState {
  readonly raw: string;
  readonly ino: bigint;
  readonly mtimeMs: number;
  readonly owner: LockOwner | undefined;
}

const FIRST_DELAY_MS = 2;
const MAX_DELAY_MS = 50;

/**
 * A lock shared by processes: whoever creates the lock file (O_EXCL) holds it. The file names its
 * holder (pid, host, time); a waiter breaks it when that process is gone or the lock is older than
 * `staleMs`, so a crash cannot leave it stuck. Breaking is itself guarded by a second O_EXCL file,
 * so that two waiters cannot both judge the same stale lock and one of them delete the fresh lock
 * the other just took.
 */
export class FileLock {
  private readonly options: FileLockOptions;
  private broken = 0;

  constructor(
    readonly lockPath: string,
    options: Partial<FileLockOptions> = {},
    private readonly report: (message: string) => void = () => undefined,
  ) {
    this.options = { ...DEFAULT_FILE_LOCK_OPTIONS, ...options };
  }

  /** How many stale locks this instance broke; whatever their holders were doing may be half done. */
  get staleLocksBroken(): number {
    return this.broken;
  }

  /** Runs `work` while holding the lock, and releases it whatever happens. */
  async withLock<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      await release();
    }
  }

  /** Waits for the lock (with backoff, up to `timeoutMs`) and returns the function that releases it. */
  async acquire(): Promise<() => Promise<void>> {
    const limit = typeof this.options.timeoutMs === 'function' ? Math.max(0, this.options.timeoutMs()) : this.options.timeoutMs;
    const deadline = Date.now() + limit;
    let attempt = 0;
    let lastHolder: LockFileState | undefined;
    for (;;) {
      const owner: LockOwner = {
        pid: process.pid,
        host: os.hostname(),
        acquired_at: new Date().toISOString(),
        token: randomBytes(12).toString('hex'),
        command: processCommand(),
      };
      if (await this.tryCreate(owner)) {
        // A heartbeat: the lock's time stays fresh while its holder lives, so that only a lock
        // whose holder stopped (on another machine, where we cannot ask) grows old enough to break.
        const heartbeat = setInterval(() => void utimes(this.lockPath, new Date(), new Date()).catch(() => undefined), Math.max(50, this.options.staleMs / 4));
        heartbeat.unref();
        return () => {
          clearInterval(heartbeat);
          return this.release(owner.token);
        };
      }

      const holder = await this.inspect();
      if (holder) {
        lastHolder = holder;
        const staleBecause = this.staleReason(holder);
        if (staleBecause && (await this.breakStale(holder, staleBecause))) continue;
      } else {
        continue; // released between our attempt and our look: try again at once
      }
      if (Date.now() >= deadline) throw this.timeoutError(lastHolder, limit);
      await sleep(backoff(attempt++));
    }
  }

  /**
   * Creates the lock whole: the owner goes into a file of this holder's own, which is then linked
   * to the lock's name (that fails when the lock exists, as O_EXCL does). A holder killed half-way
   * so leaves no empty lock, which names nobody and only its age could break: every operation
   * would wait for it and give up until it is `staleMs` old. A kill between the two steps leaves a
   * `.taking` file of a few bytes beside the lock, which locks nothing. (Not `.tmp`: the database
   * store removes `<database>.*.tmp` files as a crashed writer's, under the lock this one takes.)
   * The steps are synchronous, as are the release's: a few system calls on a small file take
   * microseconds, where a round trip through the thread pool each waits its turn on a busy event
   * loop (every checkpoint takes and releases two locks).
   */
  private async tryCreate(owner: LockOwner): Promise<boolean> {
    const temp = `${this.lockPath}-${owner.token}.taking`;
    try {
      writeFileSync(temp, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      throw new StoreError(`Cannot write the lock file ${temp}: ${(error as Error).message}`, { cause: error });
    }
    try {
      linkSync(temp, this.lockPath);
      return true;
    } catch (error) {
      if (lockIsHeld((error as NodeJS.ErrnoException).code)) return false;
      // A file system without hard links (FAT, some network shares; each says so with its own
      // error): the lock is created in place, which answers the same question.
      return this.tryCreateInPlace(owner);
    } finally {
      try {
        unlinkSync(temp);
      } catch {
        // gone already
      }
    }
  }

  private async tryCreateInPlace(owner: LockOwner): Promise<boolean> {
    let handle;
    try {
      handle = await open(this.lockPath, 'wx', 0o600);
    } catch (error) {
      if (lockIsHeld((error as NodeJS.ErrnoException).code)) return false;
      throw new StoreError(`Cannot create the lock file ${this.lockPath}: ${(error as Error).message}`, { cause: error });
    }
    try {
      await handle.writeFile(JSON.stringify(owner));
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(this.lockPath).catch(() => undefined);
      throw new StoreError(`Cannot write the lock file ${this.lockPath}: ${(error as Error).message}`, { cause: error });
    }
    return true;
  }

  private async release(token: string): Promise<void> {
    const current = await this.inspect();
    if (current?.owner?.token === token) {
      try {
        unlinkSync(this.lockPath);
      } catch {
        // broken and removed meanwhile
      }
    } else {
      this.report(`The lock ${this.lockPath} was broken by another process while this one held it.`);
    }
  }

  /** The lock as it is now (read synchronously, see tryCreate); undefined when there is none. */
  private async inspect(): Promise<LockFileState | undefined> {
    try {
      const { raw, info } = readLockFile(this.lockPath);
      return { raw, ino: info.ino, mtimeMs: Number(info.mtimeMs), owner: parseOwner(raw) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new StoreError(`Cannot read the lock file ${this.lockPath}: ${(error as Error).message}`, { cause: error });
    }
  }

  private staleReason(holder: LockFileState): string | undefined {
    const { owner } = holder;
    if (owner && owner.host === os.hostname() && !isProcessAlive(owner.pid)) {
      return `its holder (pid ${owner.pid}) is no longer running`;
    }
    // An unreadable lock may be one whose holder is between creating and filling it: only age tells.
    const ageMs = Date.now() - holder.mtimeMs;
    if (ageMs > this.options.staleMs) return `it is ${Math.round(ageMs / 1000)} s old`;
    return undefined;
  }

  /** Removes the lock if it is still the very one judged stale; false when someone else got there first. */
  private async breakStale(holder: LockFileState, because: string): Promise<boolean> {
    const guard = `${this.lockPath}.break`;
    try {
      await (await open(guard, 'wx', 0o600)).close();
    } catch (error) {
      if (!lockIsHeld((error as NodeJS.ErrnoException).code)) throw error;
      // Breaking takes microseconds; a guard that stays around was left by a crash mid-break.
      const guardAge = await stat(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (guardAge > Math.min(this.options.staleMs, 10_000)) await unlink(guard).catch(() => undefined);
      return false;
    }
    try {
      const now = await this.inspect();
      if (!now) return true;
      if (now.ino !== holder.ino || now.raw !== holder.raw) return false;
      await unlink(this.lockPath);
      this.broken += 1;
      this.report(`Broke the stale lock ${this.lockPath}: ${because}.`);
      return true;
    } finally {
      await unlink(guard).catch(() => undefined);
    }
  }

  private timeoutError(holder: LockFileState | undefined, limit: number): StoreError {
    const who = holder?.owner
      ? ` (held by pid ${holder.owner.pid}${holder.owner.command ? ` running "${holder.owner.command}"` : ''} on ${holder.owner.host} since ${holder.owner.acquired_at})`
      : '';
    return new StoreError(
      `Timed out after ${Math.round(limit / 100) / 10} s waiting for the lock ${this.lockPath}${who}. ` +
        'If no CleverAgents window or agents command is still running, delete that lock file and try again.',
    );
  }
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockOwner> | null;
    if (
      value &&
      typeof value.pid === 'number' &&
      Number.isInteger(value.pid) &&
      value.pid > 0 &&
      typeof value.host === 'string' &&
      typeof value.acquired_at === 'string' &&
      typeof value.token === 'string' &&
      (value.command === undefined || typeof value.command === 'string')
    ) {
      return value as LockOwner;
    }
  } catch {
    // not JSON: the holder has not written it yet, or it is not one of ours
  }
  return undefined;
}

/**
 * Whether creating the lock file failed because another holder's file is there: EEXIST; on
 * Windows also EPERM, EACCES or EBUSY, what creating a file gives while the previous holder's
 * lock file is being deleted (it stays "delete pending" while any process still has it open, as a
 * waiter reading who holds it does). Such a failure is waited out like a held lock, up to the timeout.
 */
export function lockIsHeld(code: string | undefined, platform: NodeJS.Platform = process.platform): boolean {
  return code === 'EEXIST' || (platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY'));
}

/** Signal 0 asks the kernel whether the process exists; EPERM means it does, under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What this process runs, for a waiter's message: its script's name and the command words after it
 * (`cli.js plan rollback`, `cli.js hook checkpoint-job`, the editor's host), up to the first other
 * argument. Never the rest of the line: a reason, a title or a path there is the user's, and the
 * lock file is read by whoever waits on it.
 */
function processCommand(): string {
  const [script, ...args] = process.argv.slice(1);
  const words: string[] = [];
  for (const arg of args) {
    if (words.length === 2 || !/^[a-z][a-z-]{0,30}$/.test(arg)) break;
    words.push(arg);
  }
  return [(script ?? '').replace(/^.*[\\/](?=[^\\/]+$)/, '').slice(0, 100), ...words].join(' ');
}

function backoff(attempt: number): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return base / 2 + Math.random() * base;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Larger than any owner record: what a lock file holds beyond it is not ours to read. */
const LOCK_READ_MAX = 64 * 1024;

/**
 * The lock file's text and stat, from one open: O_NONBLOCK, so that a FIFO put at the lock's name
 * opens at once (and reads as nobody's lock, which only its age breaks) instead of waiting for a
 * writer; a regular file opens the same.
 */
function readLockFile(file: string): { raw: string; info: import('node:fs').BigIntStats } {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = fstatSync(fd, { bigint: true });
    const buffer = Buffer.alloc(info.isFile() ? Math.min(Number(info.size), LOCK_READ_MAX) : 0);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, length);
      if (n === 0) break;
      length += n;
    }
    return { raw: buffer.toString('utf8', 0, length), info };
  } finally {
    closeSync(fd);
  }
}

// When automatic checkpoints are taken, as a pure state machine per key (a plan): no `vscode`, and
// the clock and timers are injected, so the unit tests drive it with a fake clock.
//
// A burst is a run of writes with less than `quietMs` between them. Its first write gets a
// `pre_write` checkpoint *before* it happens when the write announces itself (VS Code's onWill*
// events, which can be waited on); a write seen only after the fact (a file watcher) cannot, and
// the state before it is the previous burst's `post_step` anyway. A write that can capture what it
// changes (a save: one file) does not wait for that pre_write: it captures the file, goes ahead,
// and the pre_write shows the file as captured (see core/preWriteCaptures.ts); other announced
// writes (folders created, deleted, renamed) wait for the whole pre_write. When the burst settles, a
// `post_step` checkpoint. Never two checkpoints of a key within `minIntervalMs`: a pre_write that
// would come too soon after the last checkpoint is skipped (nothing was seen changing since), a
// post_step waits. A burst that never settles still gets a post_step every `maxBurstMs`. Whether
// the tree really changed is the `checkpoint` callback's business ("unchanged" takes nothing).

import type { CapturedPath } from '../../core/ports';
import { PreWriteCaptures } from '../../core/preWriteCaptures';

export type AutoCheckpointType = 'pre_write' | 'post_step';
/** What a checkpoint attempt came to; only `taken` counts for the minimum interval. */
export type CheckpointAttempt = 'taken' | 'unchanged' | 'skipped' | 'failed';

export interface SchedulerTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: SchedulerTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BurstOptions {
  readonly quietMs: number;
  readonly minIntervalMs: number;
  /** Default: 30 s, or 10 × quietMs if that is longer. */
  readonly maxBurstMs?: number;
}

export interface BurstCallbacks {
  /**
   * Takes the checkpoint (if the tree changed); must not throw (a throw counts as `failed`). A
   * pre_write gets the captures of the writes that went ahead of it, to close once its files are read.
   */
  checkpoint(key: string, type: AutoCheckpointType, captures?: PreWriteCaptures): Promise<CheckpointAttempt>;
}

/** What an announced write changes, when it can say: one path, and how to capture it as it is. */
export interface WriteCapture {
  readonly path: string;
  take(): Promise<CapturedPath>;
}

interface KeyState {
  inBurst: boolean;
  burstStartedAt: number;
  lastWriteAt: number;
  timer: unknown;
  /** When the last checkpoint was taken (not merely attempted). */
  lastTakenAt: number | undefined;
  /** The pre_write of the current burst while it runs: later announced writes wait for it too. */
  pendingPreWrite: Promise<void> | undefined;
  /** The captures of the pending pre_write, while it has not read the files yet. */
  pendingCaptures: PreWriteCaptures | undefined;
  /**
   * Lets the pending pre_write start, when a captured write started it: it starts once that write
   * is seen done, so that its git work does not compete with the save it follows.
   */
  startPreWrite: (() => void) | undefined;
  /** Attempts of a key run one after the other. */
  chain: Promise<void>;
}

export class BurstScheduler {
  private readonly keys = new Map<string, KeyState>();
  private readonly maxBurstMs: number;
  private disposed = false;

  constructor(
    private readonly options: BurstOptions,
    private readonly callbacks: BurstCallbacks,
    private readonly timers: SchedulerTimers = systemTimers,
  ) {
    this.maxBurstMs = options.maxBurstMs ?? Math.max(30_000, 10 * options.quietMs);
  }

  /**
   * A write is about to happen. Resolves when it may go ahead: while the burst's pre_write is
   * pending (this write may start it), after that pre_write; or, for a write that can capture
   * what it changes, once that is captured (or at once when the pre_write has read the files).
   * A capture that fails falls back to waiting for the pre_write.
   */
  willWrite(key: string, capture?: WriteCapture): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const s = this.state(key);
    const starts = !s.inBurst;
    this.noteWrite(s, key);
    if (starts && !this.tooSoon(s)) {
      const captures = new PreWriteCaptures();
      // A captured write does not wait for the pre_write, and the captures keep the pre_write exact
      // whenever it reads the files: it waits until the write is seen done (or a burst's quiet time
      // at most, for a write that never completes), so that it does not run beside VS Code's save.
      const start = capture ? this.startGate(s) : undefined;
      const pre = this.enqueue(key, s, 'pre_write', captures, start);
      s.pendingPreWrite = pre;
      s.pendingCaptures = captures;
      void pre.then(() => {
        if (s.pendingPreWrite !== pre) return;
        s.pendingPreWrite = undefined;
        s.pendingCaptures = undefined;
      });
    }
    const pending = s.pendingPreWrite;
    if (!pending) return Promise.resolve();
    if (!capture || !s.pendingCaptures) {
      // this write waits for the whole pre_write: it must not wait for a write that waits for it
      this.openStartGate(s);
      return pending;
    }
    const captured = s.pendingCaptures.add(capture.path, () => capture.take());
    if (!captured) return Promise.resolve();
    return captured.then((ok) => {
      if (ok) return undefined;
      this.openStartGate(s);
      return pending;
    });
  }

  /** A write happened (seen after the fact). */
  didWrite(key: string): void {
    if (this.disposed) return;
    const s = this.state(key);
    this.openStartGate(s);
    this.noteWrite(s, key);
  }

  /** Whether a burst of the key is open (for tests and the status). */
  inBurst(key: string): boolean {
    return this.keys.get(key)?.inBurst ?? false;
  }

  /** Ends every open burst now with its post_step (the interval is not waited for), and waits for all attempts. */
  async flush(): Promise<void> {
    const work: Promise<void>[] = [];
    for (const [key, s] of this.keys) {
      this.openStartGate(s);
      if (s.timer !== undefined) this.timers.clearTimeout(s.timer);
      s.timer = undefined;
      if (s.inBurst) {
        s.inBurst = false;
        work.push(this.enqueue(key, s, 'post_step'));
      } else {
        work.push(s.chain);
      }
    }
    await Promise.all(work);
  }

  /** Forgets a key (its plan stopped executing); a pending post_step is not taken. */
  forget(key: string): void {
    const s = this.keys.get(key);
    if (!s) return;
    this.openStartGate(s);
    if (s.timer !== undefined) this.timers.clearTimeout(s.timer);
    this.keys.delete(key);
  }

  dispose(): void {
    this.disposed = true;
    for (const s of this.keys.values()) {
      this.openStartGate(s);
      if (s.timer !== undefined) this.timers.clearTimeout(s.timer);
    }
    this.keys.clear();
  }

  private state(key: string): KeyState {
    let s = this.keys.get(key);
    if (!s) {
      s = { inBurst: false, burstStartedAt: 0, lastWriteAt: 0, timer: undefined, lastTakenAt: undefined, pendingPreWrite: undefined, pendingCaptures: undefined, startPreWrite: undefined, chain: Promise.resolve() };
      this.keys.set(key, s);
    }
    return s;
  }

  private tooSoon(s: KeyState): boolean {
    return s.lastTakenAt !== undefined && this.timers.now() - s.lastTakenAt < this.options.minIntervalMs;
  }

  private noteWrite(s: KeyState, key: string): void {
    const now = this.timers.now();
    if (!s.inBurst) {
      s.inBurst = true;
      s.burstStartedAt = now;
    }
    s.lastWriteAt = now;
    // The timer is not moved on every write: when it fires it looks at the last write and waits on.
    if (s.timer === undefined) this.arm(s, key, this.options.quietMs);
  }

  private arm(s: KeyState, key: string, ms: number): void {
    s.timer = this.timers.setTimeout(() => {
      s.timer = undefined;
      this.tick(s, key);
    }, Math.max(0, ms));
  }

  private tick(s: KeyState, key: string): void {
    if (this.disposed || this.keys.get(key) !== s || !s.inBurst) return;
    const now = this.timers.now();
    const settledAt = s.lastWriteAt + this.options.quietMs;
    const forcedAt = s.burstStartedAt + this.maxBurstMs;
    const dueAt = Math.min(settledAt, forcedAt);
    if (now < dueAt) return this.arm(s, key, dueAt - now);
    // Saves do not wait for the burst's pre_write: it may still run when the burst settles. The
    // burst stays open until it is done, so that the interval counts from it.
    if (s.pendingPreWrite) return this.arm(s, key, this.options.quietMs);
    const allowedAt = s.lastTakenAt === undefined ? now : s.lastTakenAt + this.options.minIntervalMs;
    if (now < allowedAt) return this.arm(s, key, allowedAt - now);
    if (now >= settledAt) {
      s.inBurst = false;
    } else {
      // Still writing after maxBurstMs: a checkpoint now, and the burst goes on from here.
      s.burstStartedAt = now;
      this.arm(s, key, this.options.quietMs);
    }
    void this.enqueue(key, s, 'post_step');
  }

  /** A promise the pending pre_write waits for before it starts: opened by openStartGate, or after a quiet time. */
  private startGate(s: KeyState): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = this.timers.setTimeout(() => this.openStartGate(s), this.options.quietMs);
      s.startPreWrite = () => {
        this.timers.clearTimeout(timer);
        resolve();
      };
    });
  }

  private openStartGate(s: KeyState): void {
    const open = s.startPreWrite;
    s.startPreWrite = undefined;
    open?.();
  }

  private enqueue(key: string, s: KeyState, type: AutoCheckpointType, captures?: PreWriteCaptures, start?: Promise<void>): Promise<void> {
    const run = async () => {
      let result: CheckpointAttempt;
      try {
        await start;
        result = await this.callbacks.checkpoint(key, type, captures);
      } catch {
        result = 'failed';
      } finally {
        // A pre_write that ended without reading the files (skipped, failed): later writes need nothing from it.
        void captures?.close();
      }
      if (result === 'taken') s.lastTakenAt = this.timers.now();
    };
    const next = s.chain.then(run, run);
    s.chain = next;
    return next;
  }
}

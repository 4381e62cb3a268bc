/**
 * Runs `action` once things calm down: `delayMs` after the last `schedule()`, but never later than
 * `maxWaitMs` after the first one, so a steady stream of changes (an agent writing checkpoints
 * every 100 ms) still gets a few updates a second instead of none.
 */
export class Debouncer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstScheduledAt: number | undefined;

  constructor(
    private readonly action: () => void,
    private readonly delayMs: number,
    private readonly maxWaitMs: number,
  ) {}

  schedule(): void {
    const now = Date.now();
    this.firstScheduledAt ??= now;
    const wait = Math.max(0, Math.min(this.delayMs, this.firstScheduledAt + this.maxWaitMs - now));
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Runs a pending action now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    const pending = this.firstScheduledAt !== undefined;
    this.timer = undefined;
    this.firstScheduledAt = undefined;
    if (pending) this.action();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.firstScheduledAt = undefined;
  }
}

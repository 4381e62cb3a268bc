"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Debouncer = void 0;
/**
 * Runs `action` once things calm down: `delayMs` after the last `schedule()`, but never later than
 * `maxWaitMs` after the first one, so a steady stream of changes (an agent writing checkpoints
 * every 100 ms) still gets a few updates a second instead of none.
 */
class Debouncer {
    action;
    delayMs;
    maxWaitMs;
    timer;
    firstScheduledAt;
    constructor(action, delayMs, maxWaitMs) {
        this.action = action;
        this.delayMs = delayMs;
        this.maxWaitMs = maxWaitMs;
    }
    schedule() {
        const now = Date.now();
        this.firstScheduledAt ??= now;
        const wait = Math.max(0, Math.min(this.delayMs, this.firstScheduledAt + this.maxWaitMs - now));
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = setTimeout(() => this.flush(), wait);
    }
    /** Runs a pending action now. */
    flush() {
        if (this.timer)
            clearTimeout(this.timer);
        const pending = this.firstScheduledAt !== undefined;
        this.timer = undefined;
        this.firstScheduledAt = undefined;
        if (pending)
            this.action();
    }
    dispose() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = undefined;
        this.firstScheduledAt = undefined;
    }
}
exports.Debouncer = Debouncer;
//# sourceMappingURL=debouncer.js.map
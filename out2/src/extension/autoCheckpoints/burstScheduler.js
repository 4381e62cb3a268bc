"use strict";
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.BurstScheduler = exports.systemTimers = void 0;
const preWriteCaptures_1 = require("../../core/preWriteCaptures");
exports.systemTimers = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle),
};
class BurstScheduler {
    options;
    callbacks;
    timers;
    keys = new Map();
    maxBurstMs;
    disposed = false;
    constructor(options, callbacks, timers = exports.systemTimers) {
        this.options = options;
        this.callbacks = callbacks;
        this.timers = timers;
        this.maxBurstMs = options.maxBurstMs ?? Math.max(30_000, 10 * options.quietMs);
    }
    /**
     * A write is about to happen. Resolves when it may go ahead: while the burst's pre_write is
     * pending (this write may start it), after that pre_write; or, for a write that can capture
     * what it changes, once that is captured (or at once when the pre_write has read the files).
     * A capture that fails falls back to waiting for the pre_write.
     */
    willWrite(key, capture) {
        if (this.disposed)
            return Promise.resolve();
        const s = this.state(key);
        const starts = !s.inBurst;
        this.noteWrite(s, key);
        if (starts && !this.tooSoon(s)) {
            const captures = new preWriteCaptures_1.PreWriteCaptures();
            // A captured write does not wait for the pre_write, and the captures keep the pre_write exact
            // whenever it reads the files: it waits until the write is seen done (or a burst's quiet time
            // at most, for a write that never completes), so that it does not run beside VS Code's save.
            const start = capture ? this.startGate(s) : undefined;
            const pre = this.enqueue(key, s, 'pre_write', captures, start);
            s.pendingPreWrite = pre;
            s.pendingCaptures = captures;
            void pre.then(() => {
                if (s.pendingPreWrite !== pre)
                    return;
                s.pendingPreWrite = undefined;
                s.pendingCaptures = undefined;
            });
        }
        const pending = s.pendingPreWrite;
        if (!pending)
            return Promise.resolve();
        if (!capture || !s.pendingCaptures) {
            // this write waits for the whole pre_write: it must not wait for a write that waits for it
            this.openStartGate(s);
            return pending;
        }
        const captured = s.pendingCaptures.add(capture.path, () => capture.take());
        if (!captured)
            return Promise.resolve();
        return captured.then((ok) => {
            if (ok)
                return undefined;
            this.openStartGate(s);
            return pending;
        });
    }
    /** A write happened (seen after the fact). */
    didWrite(key) {
        if (this.disposed)
            return;
        const s = this.state(key);
        this.openStartGate(s);
        this.noteWrite(s, key);
    }
    /** Whether a burst of the key is open (for tests and the status). */
    inBurst(key) {
        return this.keys.get(key)?.inBurst ?? false;
    }
    /** Ends every open burst now with its post_step (the interval is not waited for), and waits for all attempts. */
    async flush() {
        const work = [];
        for (const [key, s] of this.keys) {
            this.openStartGate(s);
            if (s.timer !== undefined)
                this.timers.clearTimeout(s.timer);
            s.timer = undefined;
            if (s.inBurst) {
                s.inBurst = false;
                work.push(this.enqueue(key, s, 'post_step'));
            }
            else {
                work.push(s.chain);
            }
        }
        await Promise.all(work);
    }
    /** Forgets a key (its plan stopped executing); a pending post_step is not taken. */
    forget(key) {
        const s = this.keys.get(key);
        if (!s)
            return;
        this.openStartGate(s);
        if (s.timer !== undefined)
            this.timers.clearTimeout(s.timer);
        this.keys.delete(key);
    }
    dispose() {
        this.disposed = true;
        for (const s of this.keys.values()) {
            this.openStartGate(s);
            if (s.timer !== undefined)
                this.timers.clearTimeout(s.timer);
        }
        this.keys.clear();
    }
    state(key) {
        let s = this.keys.get(key);
        if (!s) {
            s = { inBurst: false, burstStartedAt: 0, lastWriteAt: 0, timer: undefined, lastTakenAt: undefined, pendingPreWrite: undefined, pendingCaptures: undefined, startPreWrite: undefined, chain: Promise.resolve() };
            this.keys.set(key, s);
        }
        return s;
    }
    tooSoon(s) {
        return s.lastTakenAt !== undefined && this.timers.now() - s.lastTakenAt < this.options.minIntervalMs;
    }
    noteWrite(s, key) {
        const now = this.timers.now();
        if (!s.inBurst) {
            s.inBurst = true;
            s.burstStartedAt = now;
        }
        s.lastWriteAt = now;
        // The timer is not moved on every write: when it fires it looks at the last write and waits on.
        if (s.timer === undefined)
            this.arm(s, key, this.options.quietMs);
    }
    arm(s, key, ms) {
        s.timer = this.timers.setTimeout(() => {
            s.timer = undefined;
            this.tick(s, key);
        }, Math.max(0, ms));
    }
    tick(s, key) {
        if (this.disposed || this.keys.get(key) !== s || !s.inBurst)
            return;
        const now = this.timers.now();
        const settledAt = s.lastWriteAt + this.options.quietMs;
        const forcedAt = s.burstStartedAt + this.maxBurstMs;
        const dueAt = Math.min(settledAt, forcedAt);
        if (now < dueAt)
            return this.arm(s, key, dueAt - now);
        // Saves do not wait for the burst's pre_write: it may still run when the burst settles. The
        // burst stays open until it is done, so that the interval counts from it.
        if (s.pendingPreWrite)
            return this.arm(s, key, this.options.quietMs);
        const allowedAt = s.lastTakenAt === undefined ? now : s.lastTakenAt + this.options.minIntervalMs;
        if (now < allowedAt)
            return this.arm(s, key, allowedAt - now);
        if (now >= settledAt) {
            s.inBurst = false;
        }
        else {
            // Still writing after maxBurstMs: a checkpoint now, and the burst goes on from here.
            s.burstStartedAt = now;
            this.arm(s, key, this.options.quietMs);
        }
        void this.enqueue(key, s, 'post_step');
    }
    /** A promise the pending pre_write waits for before it starts: opened by openStartGate, or after a quiet time. */
    startGate(s) {
        return new Promise((resolve) => {
            const timer = this.timers.setTimeout(() => this.openStartGate(s), this.options.quietMs);
            s.startPreWrite = () => {
                this.timers.clearTimeout(timer);
                resolve();
            };
        });
    }
    openStartGate(s) {
        const open = s.startPreWrite;
        s.startPreWrite = undefined;
        open?.();
    }
    enqueue(key, s, type, captures, start) {
        const run = async () => {
            let result;
            try {
                await start;
                result = await this.callbacks.checkpoint(key, type, captures);
            }
            catch {
                result = 'failed';
            }
            finally {
                // A pre_write that ended without reading the files (skipped, failed): later writes need nothing from it.
                void captures?.close();
            }
            if (result === 'taken')
                s.lastTakenAt = this.timers.now();
        };
        const next = s.chain.then(run, run);
        s.chain = next;
        return next;
    }
}
exports.BurstScheduler = BurstScheduler;
//# sourceMappingURL=burstScheduler.js.map
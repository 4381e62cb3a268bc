"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const burstScheduler_1 = require("../../src/extension/autoCheckpoints/burstScheduler");
/** A clock that moves only when told; due timers run in time order. */
class FakeTimers {
    time = 0;
    seq = 0;
    pending = new Map();
    now() {
        return this.time;
    }
    setTimeout(callback, ms) {
        const id = ++this.seq;
        this.pending.set(id, { at: this.time + ms, callback });
        return id;
    }
    clearTimeout(handle) {
        this.pending.delete(handle);
    }
    get timerCount() {
        return this.pending.size;
    }
    /** Moves the clock by `ms`, running every timer that falls due, and the promises they start. */
    async advance(ms) {
        const end = this.time + ms;
        for (;;) {
            await settle();
            const next = [...this.pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
            if (!next)
                break;
            this.pending.delete(next[0]);
            this.time = Math.max(this.time, next[1].at);
            next[1].callback();
        }
        this.time = end;
        await settle();
    }
}
async function settle() {
    for (let i = 0; i < 20; i++)
        await new Promise((r) => setImmediate(r));
}
function setup(o = {}) {
    const timers = new FakeTimers();
    const attempts = [];
    const taken = [];
    const finished = [];
    /** What each pre_write's captures held when it closed them (after `readFilesAfterMs`, as a snapshot does once it read the files). */
    const closed = [];
    const scheduler = new burstScheduler_1.BurstScheduler({ quietMs: o.quietMs ?? 1000, minIntervalMs: o.minIntervalMs ?? 3000, maxBurstMs: o.maxBurstMs }, {
        checkpoint: async (key, type, captures) => {
            const started = timers.now();
            attempts.push({ key, type, at: started });
            if (o.readFilesAfterMs !== undefined) {
                await new Promise((resolve) => timers.setTimeout(resolve, o.readFilesAfterMs ?? 0));
                if (captures)
                    closed.push(await captures.close());
            }
            if (o.durationMs)
                await new Promise((resolve) => timers.setTimeout(resolve, o.durationMs ?? 0));
            finished.push({ key, type, at: timers.now() });
            const result = o.result?.(type) ?? 'taken';
            if (result === 'taken')
                taken.push({ key, type, at: started });
            return result;
        },
    }, timers);
    return { timers, scheduler, attempts, taken, finished, closed };
}
/** A save's capture of `path` (a file of bytes `text`), counted; or one that fails. */
function saveOf(path, text, calls = [], fails = false) {
    return {
        path,
        take: async () => {
            calls.push(path);
            if (fails)
                throw new Error('EACCES: cannot read');
            return { path, state: 'file', oid: '0'.repeat(40), mode: '100644', content: Buffer.from(text) };
        },
    };
}
describe('automatic checkpoints: burst scheduling', () => {
    it('a burst announced by a save gets a pre_write first, then one post_step when it settles', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 1000, minIntervalMs: 500 });
        await scheduler.willWrite('p');
        assert.deepEqual(taken, [{ key: 'p', type: 'pre_write', at: 0 }]);
        for (let i = 0; i < 5; i++) {
            await timers.advance(200);
            await scheduler.willWrite('p');
        }
        assert.equal(taken.length, 1, 'one pre_write for the whole burst');
        await timers.advance(999);
        assert.equal(taken.length, 1, 'not settled yet');
        await timers.advance(1);
        assert.deepEqual(taken.at(-1), { key: 'p', type: 'post_step', at: 2000 });
        assert.equal(scheduler.inBurst('p'), false);
        await timers.advance(60_000);
        assert.equal(taken.length, 2, 'nothing more while nothing is written');
        assert.equal(timers.timerCount, 0);
    });
    it('the announced write waits for the pre_write checkpoint to finish', async () => {
        const { timers, scheduler } = setup({ durationMs: 300 });
        let released = false;
        const write = scheduler.willWrite('p').then(() => {
            released = true;
        });
        await timers.advance(299);
        assert.equal(released, false);
        await timers.advance(1);
        await write;
        assert.equal(released, true);
        // a second write of the same burst, announced while the pre_write ran, waited for it too
    });
    it('writes announced while the pre_write runs wait for the same checkpoint, and start no other', async () => {
        const { timers, scheduler, attempts } = setup({ durationMs: 300 });
        const first = scheduler.willWrite('p');
        await timers.advance(100);
        let secondDone = false;
        const second = scheduler.willWrite('p').then(() => (secondDone = true));
        await timers.advance(100);
        assert.equal(secondDone, false);
        await timers.advance(100);
        await Promise.all([first, second]);
        assert.equal(secondDone, true);
        assert.deepEqual(attempts.map((a) => a.type), ['pre_write']);
    });
    it('a save that captures its file waits for the capture only; the pending pre_write gets the capture', async () => {
        const { timers, scheduler, closed } = setup({ readFilesAfterMs: 200, durationMs: 300 });
        let released = false;
        const save = scheduler.willWrite('p', saveOf('a.ts', 'a1')).then(() => (released = true));
        await timers.advance(0);
        assert.equal(released, true, 'the save waited for more than its capture');
        await save;
        scheduler.didWrite('p'); // the save, seen done
        // a second file saved while the pre_write is pending, and the first one again (its first capture wins)
        const calls = [];
        await timers.advance(100);
        await scheduler.willWrite('p', saveOf('b.ts', 'b1', calls));
        await scheduler.willWrite('p', saveOf('a.ts', 'a2', calls));
        await timers.advance(500);
        assert.deepEqual(calls, ['b.ts'], 'a.ts was captured again');
        assert.deepEqual(closed.map((list) => list.map((c) => [c.path, c.state === 'file' ? Buffer.from(c.content).toString() : c.state])), [
            [
                ['a.ts', 'a1'],
                ['b.ts', 'b1'],
            ],
        ]);
    });
    it('a pre_write a captured save started begins once that save is seen done, not beside it (at most a quiet time later)', async () => {
        const { timers, scheduler, attempts } = setup({ quietMs: 1000, readFilesAfterMs: 0 });
        await scheduler.willWrite('p', saveOf('a.ts', 'a1'));
        await timers.advance(300);
        assert.equal(attempts.length, 0, 'the pre_write ran beside the save');
        scheduler.didWrite('p');
        await timers.advance(0);
        assert.deepEqual(attempts.map((a) => [a.type, a.at]), [['pre_write', 300]]);
        // a save never seen done (it failed): the pre_write starts after the quiet time all the same
        const other = setup({ quietMs: 1000, readFilesAfterMs: 0 });
        await other.scheduler.willWrite('q', saveOf('a.ts', 'a1'));
        await other.timers.advance(999);
        assert.equal(other.attempts.length, 0);
        await other.timers.advance(1);
        assert.deepEqual(other.attempts.map((a) => [a.type, a.at]), [['pre_write', 1000]]);
    });
    it('a write that waits for the whole pre_write lets a gated one start at once (a folder deleted right after a save)', async () => {
        const { timers, scheduler, attempts } = setup({ quietMs: 1000, readFilesAfterMs: 0, durationMs: 100 });
        await scheduler.willWrite('p', saveOf('a.ts', 'a1'));
        await timers.advance(10);
        let released = false;
        const deletion = scheduler.willWrite('p').then(() => (released = true));
        await timers.advance(0);
        assert.deepEqual(attempts.map((a) => [a.type, a.at]), [['pre_write', 10]]);
        await timers.advance(100);
        await deletion;
        assert.equal(released, true);
    });
    it('a save whose capture fails waits for the whole pre_write instead', async () => {
        const { timers, scheduler } = setup({ readFilesAfterMs: 0, durationMs: 300 });
        let released = false;
        const save = scheduler.willWrite('p', saveOf('a.ts', 'a1', [], true)).then(() => (released = true));
        await timers.advance(299);
        assert.equal(released, false, 'the save went ahead uncaptured while the pre_write could still read its file');
        await timers.advance(1);
        await save;
        assert.equal(released, true);
    });
    it('a save after the pre_write read the files goes ahead without a capture; the post_step comes after the pre_write', async () => {
        const { timers, scheduler, attempts, finished, closed } = setup({ quietMs: 100, minIntervalMs: 0, readFilesAfterMs: 50, durationMs: 1000 });
        const calls = [];
        await scheduler.willWrite('p', saveOf('a.ts', 'a1', calls));
        scheduler.didWrite('p'); // the save, seen done
        await timers.advance(60);
        let released = false;
        const late = scheduler.willWrite('p', saveOf('b.ts', 'b1', calls)).then(() => (released = true));
        await timers.advance(0);
        assert.equal(released, true);
        await late;
        assert.deepEqual(calls, ['a.ts'], 'b.ts was captured after the files were read');
        assert.deepEqual(closed.map((l) => l.map((c) => c.path)), [['a.ts']]);
        await timers.advance(5000);
        assert.deepEqual(attempts.map((a) => a.type), ['pre_write', 'post_step']);
        assert.ok(attempts[1].at >= finished[0].at, 'the post_step started before the pre_write ended');
    });
    it('a burst that settles while its pre_write still runs stays open until it is done, then keeps the interval: one post_step', async () => {
        const { timers, scheduler, attempts } = setup({ quietMs: 100, minIntervalMs: 500, readFilesAfterMs: 0, durationMs: 2000 });
        await scheduler.willWrite('p', saveOf('a.ts', 'a1'));
        scheduler.didWrite('p'); // the save, seen done
        await timers.advance(50);
        scheduler.didWrite('p');
        await timers.advance(1000);
        assert.equal(scheduler.inBurst('p'), true, 'the burst ended while its pre_write ran');
        // a write seen late (a watcher) still belongs to the same burst
        scheduler.didWrite('p');
        await timers.advance(5000);
        assert.deepEqual(attempts.map((a) => [a.type, a.at]), [
            ['pre_write', 0],
            ['post_step', 2500],
        ]);
    });
    it('writes seen only afterwards (a file watcher) get no pre_write, only the post_step', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 1000, minIntervalMs: 0 });
        scheduler.didWrite('p');
        await timers.advance(500);
        scheduler.didWrite('p');
        await timers.advance(1500);
        assert.deepEqual(taken, [{ key: 'p', type: 'post_step', at: 1500 }]);
    });
    it('never two checkpoints of a plan within the minimum interval: the post_step waits', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 500, minIntervalMs: 5000 });
        await scheduler.willWrite('p');
        await timers.advance(10_000);
        assert.deepEqual(taken.map((t) => [t.type, t.at]), [['pre_write', 0], ['post_step', 5000]]);
    });
    it('a burst right after a checkpoint skips its pre_write (nothing was seen changing since)', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 500, minIntervalMs: 3000 });
        scheduler.didWrite('p');
        await timers.advance(500);
        assert.deepEqual(taken.map((t) => t.type), ['post_step']);
        await timers.advance(1000);
        await scheduler.willWrite('p');
        assert.deepEqual(taken.map((t) => t.type), ['post_step'], 'no pre_write 1 s after the post_step');
        await timers.advance(5000);
        assert.deepEqual(taken.map((t) => [t.type, t.at]), [['post_step', 500], ['post_step', 3500]]);
    });
    it('"unchanged" takes nothing and does not hold back the next checkpoint', async () => {
        let result = 'unchanged';
        const { timers, scheduler, attempts, taken } = setup({ quietMs: 500, minIntervalMs: 3000, result: () => result });
        await scheduler.willWrite('p');
        await timers.advance(500);
        assert.deepEqual(attempts.map((a) => a.type), ['pre_write', 'post_step']);
        assert.equal(taken.length, 0);
        result = 'taken';
        await scheduler.willWrite('p');
        assert.deepEqual(taken.map((t) => [t.type, t.at]), [['pre_write', 500]]);
    });
    it('a burst that never settles still gets a post_step every maxBurstMs', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 1000, minIntervalMs: 2000, maxBurstMs: 10_000 });
        await scheduler.willWrite('p');
        for (let t = 0; t < 25_000; t += 250) {
            scheduler.didWrite('p');
            await timers.advance(250);
        }
        assert.deepEqual(taken.map((t) => [t.type, t.at]), [['pre_write', 0], ['post_step', 10_000], ['post_step', 20_000]]);
        assert.equal(scheduler.inBurst('p'), true);
        await timers.advance(1000);
        assert.deepEqual(taken.at(-1), { key: 'p', type: 'post_step', at: 25_750 }, 'the last write was at 24.75 s');
    });
    it('plans are independent', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 1000, minIntervalMs: 5000 });
        await scheduler.willWrite('a');
        await timers.advance(500);
        await scheduler.willWrite('b');
        await timers.advance(10_000);
        assert.deepEqual(taken.map((t) => `${t.key}:${t.type}@${t.at}`), ['a:pre_write@0', 'b:pre_write@500', 'a:post_step@5000', 'b:post_step@5500']);
    });
    it('a failing checkpoint does not break the scheduler, and does not count as taken', async () => {
        let calls = 0;
        const timers = new FakeTimers();
        const types = [];
        const scheduler = new burstScheduler_1.BurstScheduler({ quietMs: 100, minIntervalMs: 1000 }, {
            checkpoint: async (_key, type) => {
                calls += 1;
                types.push(type);
                if (calls === 1)
                    throw new Error('git failed');
                return 'taken';
            },
        }, timers);
        await scheduler.willWrite('p');
        await timers.advance(100);
        assert.deepEqual(types, ['pre_write', 'post_step'], 'the post_step came at once: the failed pre_write took nothing');
    });
    it('flush takes the pending post_step at once; dispose drops everything', async () => {
        const { timers, scheduler, taken } = setup({ quietMs: 1000, minIntervalMs: 5000 });
        scheduler.didWrite('p');
        await scheduler.flush();
        assert.deepEqual(taken.map((t) => t.type), ['post_step']);
        scheduler.didWrite('p');
        scheduler.dispose();
        await timers.advance(60_000);
        assert.equal(taken.length, 1);
        await scheduler.willWrite('p');
        assert.equal(taken.length, 1, 'a disposed scheduler takes nothing');
    });
    it('forget drops a plan\'s pending post_step', async () => {
        const { timers, scheduler, taken } = setup();
        scheduler.didWrite('p');
        scheduler.forget('p');
        await timers.advance(60_000);
        assert.equal(taken.length, 0);
    });
    it('for any pattern of writes: checkpoints of a plan are at least minIntervalMs apart, and the last write is followed by a post_step', async () => {
        await fast_check_1.default.assert(fast_check_1.default.asyncProperty(fast_check_1.default.array(fast_check_1.default.record({ gap: fast_check_1.default.integer({ min: 0, max: 4000 }), announced: fast_check_1.default.boolean() }), { minLength: 1, maxLength: 40 }), fast_check_1.default.integer({ min: 100, max: 2000 }), fast_check_1.default.integer({ min: 0, max: 6000 }), async (writes, quietMs, minIntervalMs) => {
            const { timers, scheduler, taken } = setup({ quietMs, minIntervalMs });
            let lastWrite = 0;
            for (const w of writes) {
                await timers.advance(w.gap);
                lastWrite = timers.now();
                if (w.announced)
                    await scheduler.willWrite('p');
                else
                    scheduler.didWrite('p');
            }
            await timers.advance(quietMs + minIntervalMs + 31_000);
            for (let i = 1; i < taken.length; i++)
                assert.ok(taken[i].at - taken[i - 1].at >= minIntervalMs, `${JSON.stringify(taken)}`);
            const last = taken.at(-1);
            assert.ok(last && last.type === 'post_step' && last.at >= lastWrite, `no post_step after the last write at ${lastWrite}: ${JSON.stringify(taken)}`);
            assert.equal(scheduler.inBurst('p'), false);
            assert.equal(timers.timerCount, 0);
        }), { numRuns: 200 });
    });
});
//# sourceMappingURL=burstScheduler.test.js.map
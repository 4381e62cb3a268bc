"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HookAnswerGate = void 0;
exports.firstSnapshotGate = firstSnapshotGate;
/**
 * One hook call's line between its work and its answer (core/lateCheckpoints.ts): the checkpoint's
 * row is written only if it is claimed before the answer goes, and once the answer has gone,
 * nothing is claimed. Both sides run on one thread, so whichever comes first decides: a row
 * claimed first had its files read before the answer (it is a true "before"), and the answer then
 * says it is being recorded; an answer first makes the claim fail, and the call stays missed.
 */
class HookAnswerGate {
    state = 'waiting';
    claimed;
    stillWaited() {
        return this.state === 'waiting';
    }
    claim(checkpointId) {
        if (this.state === 'answered')
            return 'drop';
        this.claimed = checkpointId;
        return 'record';
    }
    /** The answer goes now: from here on nothing is recorded; returns the checkpoint claimed before, if one was. */
    answer() {
        this.state = 'answered';
        return this.claimed;
    }
}
exports.HookAnswerGate = HookAnswerGate;
/**
 * The gate of a plan's first snapshot, taken in a process of its own (backgroundCheckpoint.ts):
 * the baseline is always recorded, marked late when its files were read after `lateAfter` (epoch
 * ms), when the hook that started it had stopped waiting and could have been answered.
 */
function firstSnapshotGate(lateAfter, now = Date.now) {
    return {
        stillWaited: () => true,
        claim: () => (lateAfter !== undefined && now() > lateAfter ? 'late' : 'record'),
    };
}
//# sourceMappingURL=answerGate.js.map
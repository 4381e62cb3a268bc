"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LateCheckpointRollbackError = exports.CheckpointNotWaitedForError = exports.LATE_EXTRA_VALUE = exports.LATE_EXTRA_KEY = void 0;
exports.isLateCheckpoint = isLateCheckpoint;
exports.markedLate = markedLate;
const errors_1 = require("./errors");
// A checkpoint asked for by a caller that stops waiting (an agent's hook, answered when its time
// budget runs out) must not be recorded once that caller has its answer: the agent then goes on
// and writes, and a `pre_write` read after that write would hold it. The caller hands the
// checkpoint service a RecordingGate, which decides right before the row is written, under the
// store's lock, whether it is recorded, recorded marked late, or dropped.
//
// Late is `metadata.extra.late = "1"`. Only a plan's first snapshot is ever recorded late (it runs
// in a process of its own and is the plan's baseline: docs/AGENTS.md, "The first snapshot"); a
// hook's own checkpoints are dropped instead. A late checkpoint is no boundary: it neither opens
// nor closes an agent's tool call (agentOnlyRollback.ts), no agent-only rollback starts from it,
// and the search for others' work later than a rollback's target passes over it (undoneWork.ts).
/** The `metadata.extra` key that marks a late checkpoint, and its one value. */
exports.LATE_EXTRA_KEY = 'late';
exports.LATE_EXTRA_VALUE = '1';
/** Recorded after its caller had stopped waiting for it: its files may hold what came after. */
function isLateCheckpoint(checkpoint) {
    // A row parsed from the store always has `extra` (its schema's default); one built by hand may not.
    const extra = checkpoint.metadata.extra;
    return extra?.[exports.LATE_EXTRA_KEY] === exports.LATE_EXTRA_VALUE;
}
/** The work of a caller that no longer waits (its gate said so): nothing was recorded. */
class CheckpointNotWaitedForError extends Error {
    constructor(planId) {
        super(`the checkpoint of plan ${planId} was not recorded: its caller had already been answered`);
        this.name = 'CheckpointNotWaitedForError';
    }
}
exports.CheckpointNotWaitedForError = CheckpointNotWaitedForError;
/** A row marked late (its other metadata unchanged). */
function markedLate(checkpoint) {
    return { ...checkpoint, metadata: { ...checkpoint.metadata, extra: { ...checkpoint.metadata.extra, [exports.LATE_EXTRA_KEY]: exports.LATE_EXTRA_VALUE } } };
}
/** An agent-only rollback to a late checkpoint: refused, nothing written. */
class LateCheckpointRollbackError extends errors_1.BusinessRuleViolation {
    checkpointId;
    constructor(checkpointId) {
        super(`Rollback blocked: checkpoint ${checkpointId} was recorded late, after the agent had been answered and could write, so its files may already hold the agent's changes ` +
            `and whose changes came after it is unknown; nothing was written. Roll back fully to it, or choose an earlier checkpoint.`);
        this.checkpointId = checkpointId;
    }
}
exports.LateCheckpointRollbackError = LateCheckpointRollbackError;
//# sourceMappingURL=lateCheckpoints.js.map
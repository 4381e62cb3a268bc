"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.refuseWhileInterrupted = refuseWhileInterrupted;
exports.beginOperation = beginOperation;
exports.journaledApply = journaledApply;
const errors_1 = require("./errors");
const interruptedOperation_1 = require("./interruptedOperation");
const ports_1 = require("./ports");
// The record of an operation that writes files (the journal): refusing work while one is open,
// opening one, and keeping or clearing it as the write ends.
/**
 * Refuses `what` on a plan whose last operation was interrupted (its files may be half written):
 * `recover` must resolve it first. Call it under the store's lock.
 */
async function refuseWhileInterrupted(deps, planId, what) {
    const interrupted = await deps.journal.get(planId);
    if (interrupted)
        throw new errors_1.BusinessRuleViolation(deps.journal.ownerRunning?.(interrupted) ? (0, interruptedOperation_1.inProgressMessage)(interrupted, what) : (0, interruptedOperation_1.interruptedMessage)(interrupted, what));
    // Another plan's apply left the workspace half written: a plan working in place reads or writes
    // those files, and a second apply would write over them.
    const halfApplied = (await deps.journal.list()).find((op) => op.sandbox_key === ports_1.WORKSPACE_KEY && op.plan_id !== planId);
    if (!halfApplied)
        return;
    const plan = await deps.store.read((uow) => uow.plans.get(planId));
    if (plan?.sandbox_kind === 'in_place' || what === 'Apply')
        throw new errors_1.BusinessRuleViolation(deps.journal.ownerRunning?.(halfApplied) ? (0, interruptedOperation_1.inProgressMessage)(halfApplied, what) : (0, interruptedOperation_1.interruptedMessage)(halfApplied, what));
}
/** Records an operation that is about to write files: when it started, and which process runs it. */
function beginOperation(deps, operation) {
    return deps.journal.begin({
        target_checkpoint_id: null,
        undo_checkpoint_id: null,
        from_ref: null,
        to_ref: null,
        ...operation,
        started_at: deps.clock.now().toISOString(),
        ...deps.processInfo,
    });
}
/**
 * Runs a restore recorded in the journal. When it fails, the record is cleared if the files were
 * put back, and kept if they may be half written. When it succeeds, the caller clears the record
 * once the whole operation is done.
 */
async function journaledApply(deps, planId, apply) {
    try {
        await apply();
    }
    catch (error) {
        if (!(error instanceof errors_1.IncompleteRestoreError))
            await deps.journal.end(planId);
        else
            deps.journal.abandon?.(planId);
        throw error;
    }
}
//# sourceMappingURL=operationRecords.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.renderInterrupted = renderInterrupted;
exports.renderInProgress = renderInProgress;
exports.renderRecoverPreview = renderRecoverPreview;
exports.renderRecovered = renderRecovered;
const displayText_1 = require("../core/displayText");
// The text of `plan show`'s warning and of `plan recover`.
/** The lines `plan show` adds for an operation a dead process left half done. */
function renderInterrupted(op) {
    return [
        `  INTERRUPTED: a ${describe(op)} started ${op.started_at} by process ${op.pid} on ${(0, displayText_1.escapeUnsafe)(op.host)} did not finish;`,
        `               its files may be half written. Writes to this plan are refused until it is resolved:`,
        `               agents plan recover ${op.plan_id}${op.type === 'cleanup' ? '' : `   (finish it)\n               agents plan recover --undo ${op.plan_id}   (undo it)`}`,
    ].join('\n');
}
/** The line `plan show` adds for an operation whose owner is still running it. */
function renderInProgress(op) {
    return `  IN PROGRESS: a ${describe(op)}, started ${op.started_at} by process ${op.pid} on ${(0, displayText_1.escapeUnsafe)(op.host)}, which is still running it.`;
}
function renderRecoverPreview(planId, op, mode) {
    if (!op)
        return `Plan ${planId} has no interrupted operation.`;
    const what = describe(op);
    return mode === 'finish'
        ? `Finishing the interrupted ${what} of plan ${planId}: its files become what it was making them.`
        : `Undoing the interrupted ${what} of plan ${planId}: its files are put back as they were before it.`;
}
function renderRecovered(outcome) {
    const lines = [`${outcome.mode === 'finish' ? 'Finished' : 'Undid'} the interrupted ${describe(outcome.operation)} of plan ${outcome.operation.plan_id}.`];
    if (outcome.kept.length > 0) {
        lines.push(`${(0, displayText_1.plural)(outcome.kept.length, 'path')} held neither side (half written, or written since); what they held was moved to ${(0, displayText_1.escapeUnsafe)(outcome.keptIn ?? '')}:`);
        for (const p of outcome.kept)
            lines.push(`  ${(0, displayText_1.escapeUnsafe)(p)}`);
    }
    if (outcome.left.length > 0) {
        lines.push(`${(0, displayText_1.plural)(outcome.left.length, 'path')} behind a symlinked folder were left as they are:`);
        for (const p of outcome.left)
            lines.push(`  ${(0, displayText_1.escapeUnsafe)(p)}`);
    }
    return lines.join('\n');
}
function describe(op) {
    if (op.type === 'rollback')
        return `rollback to ${op.target_checkpoint_id} (undo checkpoint ${op.undo_checkpoint_id})`;
    return op.type === 'apply' ? 'apply into the workspace' : 'cleanup of the isolated sandbox';
}
//# sourceMappingURL=recoveryText.js.map
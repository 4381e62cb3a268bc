"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RESTORE_CHOSEN = exports.ROLL_BACK_FULLY = exports.PREVIEW_FULL = void 0;
exports.pickScope = pickScope;
exports.agentOnlyConflictWaysOn = agentOnlyConflictWaysOn;
const agentOnlyScope_1 = require("../../core/agentOnlyScope");
const rollbackText_1 = require("./rollbackText");
const treePresentation_1 = require("../tree/treePresentation");
// The questions around Keep Mine (Undo Agent Changes Since Here): whose changes to take out, and
// what to do when the agent's changes cannot be taken out alone.
const SCOPE_LABELS = { session: 'This session', prompt: 'This prompt', tool_call: 'This tool call', subagent: 'This subagent' };
const SCOPE_DETAILS = {
    session: 'Every tool call of the agent since this checkpoint',
    prompt: 'Only the tool calls of the prompt this checkpoint belongs to',
    tool_call: 'Only the tool call this checkpoint fences',
    subagent: 'Only the tool calls of the subagent that follows this checkpoint',
};
exports.PREVIEW_FULL = 'Preview Full Rollback';
exports.ROLL_BACK_FULLY = 'Roll Back Fully…';
exports.RESTORE_CHOSEN = 'Restore Chosen Paths…';
/** Keep Mine's scope: asked only when more than the session's means something here; undefined when the person cancelled. */
async function pickScope(dialogs, t) {
    const scopes = (0, agentOnlyScope_1.applicableScopes)(await t.services.checkpoints.listCheckpoints(t.plan.plan_id), t.checkpoint);
    if (scopes.length === 1)
        return 'session';
    const label = await dialogs.pick(scopes.map((s) => ({ label: SCOPE_LABELS[s], detail: SCOPE_DETAILS[s] })), 'Whose changes to undo? Everything else, yours and other sessions’, is kept.');
    return scopes.find((s) => SCOPE_LABELS[s] === label);
}
/**
 * Keep Mine refused by conflicts: the list, and the ways on: a preview of the full rollback, the
 * full rollback (asked as usual), or a restore of the paths the person chooses (each asked again).
 */
async function agentOnlyConflictWaysOn(dialogs, t, agentPreview, ways) {
    const label = (0, treePresentation_1.checkpointLabel)(t.checkpoint);
    const text = (0, rollbackText_1.agentOnlyConflictQuestion)(t.plan.title, label, agentPreview);
    const choice = await dialogs.confirm(text.message, text.detail, [exports.PREVIEW_FULL, exports.ROLL_BACK_FULLY, exports.RESTORE_CHOSEN]);
    if (choice === exports.ROLL_BACK_FULLY)
        return ways.rollbackFully();
    if (choice !== exports.PREVIEW_FULL && choice !== exports.RESTORE_CHOSEN)
        return undefined;
    const { plan_id } = t.plan;
    const changes = await t.services.checkpoints.previewRollback(plan_id, t.checkpoint.checkpoint_id);
    if (choice === exports.PREVIEW_FULL) {
        ways.preview(changes, await t.services.checkpoints.undoneWork(plan_id, t.checkpoint.checkpoint_id, changes));
        return undefined;
    }
    const conflicting = new Set(agentPreview.summary.conflicts.map((c) => c.path));
    const chosen = await dialogs.pickMany(changes.map((c) => ({ label: c.path, detail: conflicting.has(c.path) ? 'changed by the agent and by someone else' : c.change })), `Paths to restore from “${label}” (the rest stay as they are)`);
    return chosen && chosen.length > 0 ? ways.restorePaths(chosen) : undefined;
}
//# sourceMappingURL=keepMineChoices.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DELETE_PLAN = exports.APPLY = exports.MARK_APPLIED = void 0;
exports.stateChangedStatus = stateChangedStatus;
exports.actionProgress = actionProgress;
exports.markAppliedConfirmation = markAppliedConfirmation;
exports.applyConfirmation = applyConfirmation;
exports.deleteConfirmation = deleteConfirmation;
exports.deletedStatus = deletedStatus;
const formatBytes_1 = require("../../core/formatBytes");
const displayText_1 = require("../../core/displayText");
const rollbackText_1 = require("../rollback/rollbackText");
const treePresentation_1 = require("../tree/treePresentation");
/** The button of each modal, and the verb of its progress. */
exports.MARK_APPLIED = 'Mark Applied';
exports.APPLY = 'Apply';
exports.DELETE_PLAN = 'Delete Plan';
const STATE_WORDS = {
    draft: 'a draft',
    executing: 'executing',
    completed: 'completed',
    failed: 'failed',
    applied: 'applied',
    cancelled: 'cancelled',
};
/** The status-bar message after a state change: "“Fix parser” is now executing (was a draft)". */
function stateChangedStatus(plan, before) {
    return `“${plan.title}” is now ${STATE_WORDS[plan.state]} (was ${STATE_WORDS[before]})`;
}
/** What each action's progress says. */
function actionProgress(action, title) {
    const verb = { start: 'Starting', complete: 'Completing', fail: 'Marking failed', cancel: 'Cancelling' }[action];
    return `${verb} “${title}”…`;
}
/** Mark Applied: an in-place plan's work is already in the folder; nothing is written. */
function markAppliedConfirmation(plan, checkpoints) {
    return {
        message: `Mark “${plan.title}” applied?`,
        detail: [
            `The plan works in place, in ${plan.sandbox_path === '.' ? 'the whole workspace folder' : plan.sandbox_path}: its changes are already there, and no file is changed now.`,
            `Applied is final: the plan can no longer be rolled back, checkpointed or started again. Its ${(0, displayText_1.plural)(checkpoints, 'checkpoint')} ${checkpoints === 1 ? 'stays' : 'stay'} for the record.`,
        ],
    };
}
/** Apply: an isolated sandbox's changes come into the workspace. */
function applyConfirmation(plan, changes) {
    if (changes.length === 0) {
        return {
            message: `Apply “${plan.title}”?`,
            detail: ['Its isolated sandbox made no change: no file of the workspace changes.', 'Applied is final: the plan can no longer be rolled back, checkpointed or started again.'],
        };
    }
    const will = { added: 'add', modified: 'write', deleted: 'delete' };
    return {
        message: `Apply “${plan.title}” to the workspace?`,
        detail: [
            (0, rollbackText_1.countsSentence)(changes),
            '',
            ...(0, rollbackText_1.listPaths)(changes, rollbackText_1.LISTED_PATHS, will),
            '',
            'Applied is final: the plan can no longer be rolled back, checkpointed or started again.',
        ],
    };
}
/** Delete Plan: says everything that goes, and what stays. */
function deleteConfirmation(plan, checkpoints, now, sandboxFiles) {
    const bytes = checkpoints.reduce((sum, c) => sum + c.size_bytes, 0);
    const lines = [
        checkpoints.length === 0
            ? 'It has no checkpoints.'
            : `Its ${(0, displayText_1.plural)(checkpoints.length, 'checkpoint')} (the newest ${(0, treePresentation_1.formatRelativeTime)(checkpoints.at(-1).created_at, now)}) and their snapshots, ${(0, formatBytes_1.formatBytes)(bytes)} of captured files.`,
        'Its history of states.',
    ];
    if (plan.sandbox_kind === 'isolated') {
        lines.push(`Its isolated copy of the workspace${sandboxFiles === undefined ? '' : ` (${(0, displayText_1.plural)(sandboxFiles, 'file')})`}, with any change never applied.`);
    }
    else {
        lines.push(`The files in its sandbox (${plan.sandbox_path === '.' ? 'the whole workspace folder' : plan.sandbox_path}) stay as they are.`);
    }
    lines.push('', 'This cannot be undone.');
    return { message: `Delete the plan “${plan.title}” (${plan.state})?`, detail: lines };
}
function deletedStatus(plan, checkpoints) {
    return `Plan “${plan.title}” deleted with ${(0, displayText_1.plural)(checkpoints, 'checkpoint')}`;
}
//# sourceMappingURL=planLifecycleText.js.map
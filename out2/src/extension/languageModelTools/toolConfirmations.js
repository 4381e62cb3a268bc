"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.rollbackToolConfirmation = rollbackToolConfirmation;
exports.agentOnlyToolConfirmation = agentOnlyToolConfirmation;
exports.deleteToolConfirmation = deleteToolConfirmation;
exports.correctionToolConfirmation = correctionToolConfirmation;
exports.undoCorrectionToolConfirmation = undoCorrectionToolConfirmation;
exports.restoreToolConfirmation = restoreToolConfirmation;
exports.applyToolConfirmation = applyToolConfirmation;
exports.deletePlanToolConfirmation = deletePlanToolConfirmation;
const displayText_1 = require("../../core/displayText");
const decisionText_1 = require("../decisions/decisionText");
const planLifecycleText_1 = require("../planLifecycle/planLifecycleText");
const rollbackText_1 = require("../rollback/rollbackText");
const treePresentation_1 = require("../tree/treePresentation");
/** The rollback modal's own words (counts first, then the first paths), as inert Markdown. */
function rollbackToolConfirmation(plan, checkpoint, changes, undo, undone = []) {
    const text = (0, rollbackText_1.rollbackConfirmation)({ planTitle: plan.title, checkpointLabel: (0, treePresentation_1.checkpointLabel)(checkpoint), checkpointTaken: (0, treePresentation_1.formatRelativeTime)(checkpoint.created_at, new Date()), changes, undo, undone });
    return { title: undo ? 'Undo the rollback?' : 'Roll back?', markdown: inertMarkdown(text) };
}
/** The agent-only rollback modal's words: how many of the agent's changes go, how many of the user's stay, the conflicts. */
function agentOnlyToolConfirmation(plan, checkpoint, preview) {
    const text = (0, rollbackText_1.agentOnlyConfirmation)({ planTitle: plan.title, checkpointLabel: (0, treePresentation_1.checkpointLabel)(checkpoint), checkpointTaken: (0, treePresentation_1.formatRelativeTime)(checkpoint.created_at, new Date()), preview });
    return { title: 'Undo the agent’s changes, keeping the user’s?', markdown: inertMarkdown(text) };
}
function deleteToolConfirmation(plan, checkpoint) {
    return {
        title: 'Delete the checkpoint?',
        markdown: inertMarkdown({
            // Named by label and time, as everywhere a person reads it: the id is the model's, not the user's.
            message: `Delete the checkpoint “${(0, treePresentation_1.checkpointLabel)(checkpoint)}” (${checkpoint.checkpoint_type}, taken ${(0, treePresentation_1.formatRelativeTime)(checkpoint.created_at, new Date())}) of the plan “${plan.title}”?`,
            detail: ['Its snapshot is dropped from the shadow store; this cannot be undone. The files of the sandbox are not touched.'],
        }),
    };
}
/** The Revert Decision modal's own words: the decisions the BFS reaches, then the file counts. */
function correctionToolConfirmation(impact) {
    return { title: 'Revert the decision?', markdown: inertMarkdown((0, decisionText_1.revertConfirmation)(impact)) };
}
function undoCorrectionToolConfirmation(correction, decisionTitle, changes = []) {
    return { title: 'Undo the correction?', markdown: inertMarkdown((0, decisionText_1.undoCorrectionConfirmation)(correction, decisionTitle, changes)) };
}
/** "Restore this file"'s words: counts first, then the paths. */
function restoreToolConfirmation(plan, checkpoint, changes) {
    return { title: 'Restore from the checkpoint?', markdown: inertMarkdown((0, rollbackText_1.restoreConfirmation)(plan.title, (0, treePresentation_1.checkpointLabel)(checkpoint), changes)) };
}
/** The Apply / Mark Applied modal's words: an isolated plan's changes, or an in-place plan made final. */
function applyToolConfirmation(plan, changes, checkpoints) {
    const text = plan.sandbox_kind === 'isolated' ? (0, planLifecycleText_1.applyConfirmation)(plan, changes) : (0, planLifecycleText_1.markAppliedConfirmation)(plan, checkpoints);
    return { title: 'Apply the plan?', markdown: inertMarkdown(text) };
}
/** The Delete Plan modal's words: what goes with it. */
function deletePlanToolConfirmation(plan, checkpoints, now) {
    return { title: 'Delete the plan?', markdown: inertMarkdown((0, planLifecycleText_1.deleteConfirmation)(plan, checkpoints, now)) };
}
/** The question in bold, then each line of the detail on a line of its own, every one escaped and shortened. */
function inertMarkdown(text) {
    const line = (value) => (0, treePresentation_1.escapeMarkdown)((0, displayText_1.displayText)(value, 300));
    return [`**${line(text.message)}**`, ...text.detail.map((d) => (d === '' ? '' : line(d)))].join('  \n');
}
//# sourceMappingURL=toolConfirmations.js.map
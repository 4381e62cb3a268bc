"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.planRowDescription = planRowDescription;
exports.planRowAccessibilityLabel = planRowAccessibilityLabel;
exports.decisionRowDescription = decisionRowDescription;
exports.checkpointRowLabel = checkpointRowLabel;
exports.checkpointRowDescription = checkpointRowDescription;
exports.rowTooltipMarkdown = rowTooltipMarkdown;
// What each row of the Checkpoints view says, from its node: its description, label and tooltip.
// No `vscode` import: plain functions of the data and the time the row is drawn at. A file of its
// own because it draws on the decision and prompt rows' text, which draw on treePresentation.ts.
const hookCheckpoints_1 = require("../../core/hookCheckpoints");
const decisionPresentation_1 = require("./decisionPresentation");
const promptPresentation_1 = require("./promptPresentation");
const safetyCheckpoints_1 = require("../../core/safetyCheckpoints");
const treePresentation_1 = require("./treePresentation");
/** A plan's row: the agent that feeds it (if hooks do), and first what holds it up or runs on it. */
function planRowDescription(node) {
    const { plan } = node;
    const agent = (0, hookCheckpoints_1.hookAgentOf)(node.checkpoints);
    const described = agent === undefined ? (0, treePresentation_1.planDescription)(plan) : `${(0, promptPresentation_1.hookAgentName)(agent)} session · ${(0, treePresentation_1.planDescription)(plan, agent)}`;
    if (node.interrupted)
        return `interrupted ${node.interrupted.type} · ${described}`;
    if (node.inProgress)
        return `${node.inProgress.type} in progress · ${described}`;
    if (node.sandboxMissing)
        return `sandbox missing · ${described}`;
    return described;
}
function planRowAccessibilityLabel(node) {
    return (0, treePresentation_1.planAccessibilityLabel)(node.plan, node.checkpoints.length, node.interrupted) + (node.sandboxMissing ? ', sandbox missing' : '');
}
function decisionRowDescription(node, now) {
    return (0, decisionPresentation_1.decisionDescription)(node.decision, node.planNode.checkpoints, now);
}
/** A prompt's row is labelled by the prompt: its checkpoint is the state before it. */
function checkpointRowLabel(node) {
    if (node.steps !== undefined)
        return (0, promptPresentation_1.promptRowLabel)(node.checkpoint);
    // Under the checkpoint its rollback went back to, a safety checkpoint need not quote that one's name.
    if ((0, safetyCheckpoints_1.isSafetyCheckpoint)(node.checkpoint) && node.parent.kind === 'checkpoint')
        return (0, treePresentation_1.safetyRowLabel)(node.checkpoint);
    return (0, treePresentation_1.toolCallLabel)(node.checkpoint);
}
function checkpointRowDescription(node, now) {
    return node.steps === undefined ? (0, treePresentation_1.checkpointDescription)(node.checkpoint, now) : (0, promptPresentation_1.promptRowDescription)(node.checkpoint, node.steps, now);
}
/** A plan's, decision's or checkpoint's tooltip (Markdown); undefined for the rows that have a plain one. */
function rowTooltipMarkdown(node, now) {
    if (node.kind === 'plan')
        return (0, treePresentation_1.planTooltip)(node.plan, node.checkpoints, now, node.interrupted, node.sandboxMissing === true, node.shortIds);
    if (node.kind === 'checkpoint')
        return (0, treePresentation_1.checkpointTooltip)(node.checkpoint, now, node.planNode.shortIds);
    if (node.kind === 'decision')
        return (0, decisionPresentation_1.decisionTooltip)(node.decision, node.planNode.decisions, node.planNode.checkpoints, now);
    return undefined;
}
//# sourceMappingURL=treeRowPresentation.js.map
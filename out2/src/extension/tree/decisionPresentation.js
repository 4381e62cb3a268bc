"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.decisionIcon = decisionIcon;
exports.decisionDescription = decisionDescription;
exports.decisionTooltip = decisionTooltip;
const displayText_1 = require("../../core/displayText");
const treePresentation_1 = require("./treePresentation");
function decisionIcon(decision) {
    return decision.state === 'reverted' ? { id: 'discard', color: 'disabledForeground' } : { id: 'lightbulb', color: 'charts.yellow' };
}
function aligned(decision, checkpoints) {
    return checkpoints.filter((c) => c.decision_id === decision.decision_id).length;
}
function decisionDescription(decision, checkpoints, now) {
    const n = aligned(decision, checkpoints);
    // The time first, as on every row: a narrow sidebar cuts the end off.
    const parts = [(0, treePresentation_1.formatRelativeTime)(decision.created_at, now), decision.state === 'reverted' ? 'reverted' : decision.affected_by ? 'work undone by a correction' : 'decision', (0, displayText_1.plural)(n, 'checkpoint')];
    return parts.join(' · ');
}
function decisionTooltip(decision, all, checkpoints, now) {
    const title = (id) => all.find((d) => d.decision_id === id)?.title ?? id;
    const lines = [
        `**${(0, treePresentation_1.escapeMarkdown)(decision.title)}** · ${decision.state === 'reverted' ? 'reverted' : 'active'}`,
        `Decision \`${decision.decision_id}\`, ${(0, treePresentation_1.escapeMarkdown)((0, treePresentation_1.formatRelativeTime)(decision.created_at, now))}`,
    ];
    if (decision.rationale)
        lines.push((0, treePresentation_1.escapeMarkdown)(decision.rationale));
    if (decision.depends_on.length > 0)
        lines.push(`Builds on: ${decision.depends_on.map((id) => (0, treePresentation_1.escapeMarkdown)(`“${title(id)}”`)).join(', ')}`);
    lines.push(`Aligned checkpoints: ${aligned(decision, checkpoints)}`);
    if (decision.state === 'reverted')
        lines.push(`Reverted by correction \`${decision.reverted_by ?? '?'}\`; Undo Correction makes it active again.`);
    else if (decision.affected_by)
        lines.push(`Still active, but its later work on some files was undone by correction \`${decision.affected_by}\` (the sandbox went back to before another decision); Undo Correction brings the work back.`);
    else
        lines.push('Revert Decision… reverts it, every decision built on it, and their files.');
    return lines.join('\n\n');
}
//# sourceMappingURL=decisionPresentation.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.renderDecisionRecorded = renderDecisionRecorded;
exports.renderDecisionList = renderDecisionList;
exports.renderCorrectionPreview = renderCorrectionPreview;
exports.renderCorrected = renderCorrected;
exports.renderCorrectionUndone = renderCorrectionUndone;
const agentOnlyRollback_1 = require("../core/agentOnlyRollback");
const displayText_1 = require("../core/displayText");
const textOutput_1 = require("./textOutput");
// `--format text` of decisions and corrections; every value from the database through `v`.
function renderDecisionRecorded(d) {
    return [
        `Recorded decision ${(0, displayText_1.escapeUnsafe)(d.decision_id)} "${(0, displayText_1.escapeUnsafe)(d.title)}" of plan ${(0, displayText_1.escapeUnsafe)(d.plan_id)}`,
        ...(d.depends_on.length ? [`  depends on: ${d.depends_on.map(displayText_1.escapeUnsafe).join(', ')}`] : []),
        ...(d.rationale ? [`  rationale:  ${(0, displayText_1.escapeUnsafe)(d.rationale)}`] : []),
        `  Align checkpoints to it with: agents plan checkpoint ${(0, displayText_1.escapeUnsafe)(d.plan_id)} --decision ${(0, displayText_1.escapeUnsafe)(d.decision_id)}`,
    ].join('\n');
}
function renderDecisionList(planId, list, id = (x) => x) {
    if (list.length === 0)
        return `Plan ${(0, displayText_1.escapeUnsafe)(planId)} has no decisions yet. Record one with: agents plan decide ${(0, displayText_1.escapeUnsafe)(planId)} --title TEXT`;
    return (0, textOutput_1.table)(['DECISION ID', 'STATE', 'CREATED', 'DEPENDS ON', 'CHECKPOINTS', 'TITLE'], list.map(({ decision: d, checkpoint_ids }) => [(0, displayText_1.escapeUnsafe)(id(d.decision_id)), d.affected_by ? 'affected' : d.state, (0, textOutput_1.formatTime)(d.created_at), d.depends_on.map((x) => (0, displayText_1.escapeUnsafe)(id(x))).join(',') || '-', String(checkpoint_ids.length), (0, displayText_1.escapeUnsafe)(d.title)]));
}
function renderCorrectionPreview(impact) {
    const lines = [
        `Correcting decision ${(0, displayText_1.escapeUnsafe)(impact.decision_id)} of plan ${(0, displayText_1.escapeUnsafe)(impact.plan_id)} reverts ${(0, displayText_1.plural)(impact.reverted.length, 'decision')}:`,
        ...impact.reverted.map((r) => `  ${'  '.repeat(r.depth)}${(0, displayText_1.escapeUnsafe)(r.decision.decision_id)} "${(0, displayText_1.escapeUnsafe)(r.decision.title)}"`),
    ];
    if (!impact.target_checkpoint) {
        lines.push('No file changes: the decisions are only marked reverted.');
    }
    else if (impact.conflicts.length > 0) {
        lines.push('Refused: these paths were also changed by decisions that stay:', ...impact.conflicts.map((p) => `  ${(0, displayText_1.escapeUnsafe)(p)}`));
    }
    else if (impact.merge_conflicts.length > 0) {
        lines.push(`Refused: ${(0, displayText_1.plural)(impact.merge_conflicts.length, 'path')} changed both by these decisions and by someone else between their tool calls; nothing is written while there are any:`, ...impact.merge_conflicts.map((c) => `  conflict  ${(0, displayText_1.escapeUnsafe)(c.path)}: ${agentOnlyRollback_1.CONFLICT_REASONS[c.reason]}`));
    }
    else {
        const how = impact.mode === 'rollback'
            ? 'the sandbox goes back to checkpoint'
            : 'the changes these decisions made in their tool calls are taken out (merged three ways onto the files now) since checkpoint';
        lines.push(`Files: ${how} ${(0, displayText_1.escapeUnsafe)(impact.target_checkpoint.checkpoint_id)}; ${(0, displayText_1.plural)(impact.changes.length, 'path')} change${impact.changes.length === 1 ? 's' : ''}:`);
        if (impact.changes.length)
            lines.push((0, textOutput_1.changeLines)(impact.changes));
        if (impact.kept.length) {
            lines.push(`Kept (changed by you or another program between their tool calls): ${(0, displayText_1.plural)(impact.kept.length, 'path')}`, ...impact.kept.map((p) => `  kept      ${(0, displayText_1.escapeUnsafe)(p)}`));
        }
        lines.push(...(0, textOutput_1.renderUndoneWork)(impact.undoes_work_of));
        lines.push('A safety checkpoint of the current files is taken first, so the correction can be undone.');
    }
    return lines.join('\n');
}
function renderCorrected(outcome) {
    const c = outcome.correction;
    return [
        `Correction ${(0, displayText_1.escapeUnsafe)(c.correction_id)}: reverted ${(0, displayText_1.plural)(c.reverted_decisions.length, 'decision')} of plan ${(0, displayText_1.escapeUnsafe)(c.plan_id)} (${c.mode}): ${c.reverted_decisions.map(displayText_1.escapeUnsafe).join(', ')}`,
        ...(outcome.rollback ? [(0, textOutput_1.renderRollback)(outcome.rollback)] : ['No file was changed.']),
        `Undo the correction with: agents plan correct --undo ${(0, displayText_1.escapeUnsafe)(c.plan_id)} ${(0, displayText_1.escapeUnsafe)(c.correction_id)}`,
    ].join('\n');
}
function renderCorrectionUndone(outcome) {
    return [
        `Undid correction ${(0, displayText_1.escapeUnsafe)(outcome.correction.correction_id)}: ${(0, displayText_1.plural)(outcome.reactivated.length, 'decision')} active again.`,
        ...(outcome.rollback ? [(0, textOutput_1.renderRollback)(outcome.rollback)] : []),
    ].join('\n');
}
//# sourceMappingURL=decisionText.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.decisionJson = decisionJson;
exports.decisionsEnvelope = decisionsEnvelope;
exports.correctionEnvelope = correctionEnvelope;
exports.undoCorrectionEnvelope = undoCorrectionEnvelope;
exports.correctionPreviewEnvelope = correctionPreviewEnvelope;
const displayText_1 = require("../core/displayText");
const envelopes_1 = require("./envelopes");
function decisionJson(decision, checkpointIds = []) {
    return {
        decision_id: decision.decision_id,
        plan_id: decision.plan_id,
        title: decision.title,
        rationale: decision.rationale,
        state: decision.state,
        depends_on: [...decision.depends_on],
        checkpoint_ids: [...checkpointIds],
        created_at: decision.created_at,
        reverted_at: decision.reverted_at,
        reverted_by: decision.reverted_by,
        affected_by: decision.affected_by ?? null,
    };
}
function decisionsEnvelope(planId, list) {
    return { plan_id: planId, decisions: list.map((d) => decisionJson(d.decision, d.checkpoint_ids)) };
}
function summary(c) {
    return { correction_id: c.correction_id, plan_id: c.plan_id, decision_id: c.decision_id, reverted_decisions: [...c.reverted_decisions], mode: c.mode, state: c.state };
}
/** The rollback envelope's fields for a correction that restored no file (or had no checkpoint service). */
function noFilesRestored(c, messages) {
    return {
        rollback_summary: { plan_id: c.plan_id, from_checkpoint_id: c.target_checkpoint_id ?? '', restored_files_count: 0 },
        changes_reverted: [],
        impact: { files_affected: 0 },
        post_rollback_state: { active_checkpoint: c.target_checkpoint_id ?? '', plan_id: c.plan_id, undo_checkpoint_id: '' },
        timing: { elapsed_seconds: 0 },
        messages,
    };
}
/** `agents plan correct`: the correction, then the rollback envelope's fields. */
function correctionEnvelope(outcome) {
    const n = outcome.correction.reverted_decisions.length;
    const done = `Reverted ${n} decision${n === 1 ? '' : 's'}; undo with: agents plan correct --undo ${outcome.correction.plan_id} ${outcome.correction.correction_id}`;
    const files = outcome.rollback ? (0, envelopes_1.rollbackEnvelope)(outcome.rollback) : noFilesRestored(outcome.correction, [envelopes_1.ROLLBACK_SUCCESS_MESSAGE]);
    return { correction_summary: summary(outcome.correction), ...files, messages: [...files.messages, done] };
}
/** `agents plan correct --undo`. */
function undoCorrectionEnvelope(outcome) {
    const files = outcome.rollback ? (0, envelopes_1.rollbackEnvelope)(outcome.rollback) : noFilesRestored(outcome.correction, [envelopes_1.ROLLBACK_SUCCESS_MESSAGE]);
    return {
        correction_summary: summary(outcome.correction),
        reactivated_decisions: [...outcome.reactivated],
        ...files,
        messages: [...files.messages, `Correction ${outcome.correction.correction_id} undone; ${(0, displayText_1.plural)(outcome.reactivated.length, 'decision')} active again.`],
    };
}
/** `agents plan correct --preview`: what the correction would do. */
function correctionPreviewEnvelope(impact) {
    return {
        correction_preview: {
            plan_id: impact.plan_id,
            decision_id: impact.decision_id,
            mode: impact.mode,
            target_checkpoint_id: impact.target_checkpoint?.checkpoint_id ?? null,
            reverted_decisions: impact.reverted.map((r) => ({ decision_id: r.decision.decision_id, title: r.decision.title, depth: r.depth })),
            restore_paths: impact.restore_paths,
            changes: (0, envelopes_1.changesJson)(impact.changes),
            conflicts: [...impact.conflicts],
            kept: [...impact.kept],
            merge_conflicts: (0, envelopes_1.conflictsJson)(impact.merge_conflicts),
            undoes_work_of: (0, envelopes_1.undoneWorkJson)(impact.undoes_work_of),
        },
    };
}
//# sourceMappingURL=decisionEnvelopes.js.map
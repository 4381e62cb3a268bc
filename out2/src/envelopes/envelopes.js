"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ROLLBACK_SUCCESS_MESSAGE = void 0;
exports.interruptedOperationJson = interruptedOperationJson;
exports.recoveredJson = recoveredJson;
exports.planJson = planJson;
exports.stateChangeJson = stateChangeJson;
exports.checkpointJson = checkpointJson;
exports.undoneWorkJson = undoneWorkJson;
exports.rollbackPreviewEnvelope = rollbackPreviewEnvelope;
exports.changesJson = changesJson;
exports.rollbackEnvelope = rollbackEnvelope;
exports.conflictsJson = conflictsJson;
exports.agentOnlyPreviewJson = agentOnlyPreviewJson;
exports.errorType = errorType;
exports.errorMessage = errorMessage;
exports.errorEnvelope = errorEnvelope;
const agentOnlyRollback_1 = require("../core/agentOnlyRollback");
const errors_1 = require("../core/errors");
const correctionToolCalls_1 = require("../core/correctionToolCalls");
const cliErrors_1 = require("./cliErrors");
/** An operation a dead process left half done (`plan show`'s `interrupted_operation`). */
function interruptedOperationJson(op) {
    return {
        type: op.type,
        plan_id: op.plan_id,
        target_checkpoint_id: op.target_checkpoint_id,
        undo_checkpoint_id: op.undo_checkpoint_id,
        started_at: op.started_at,
        process: { pid: op.pid, host: op.host },
    };
}
/** What `recover` did (the CLI's `recovered`). */
function recoveredJson(outcome) {
    return { ...interruptedOperationJson(outcome.operation), mode: outcome.mode, kept: outcome.kept, kept_in: outcome.keptIn, left_as_they_were: outcome.left };
}
exports.ROLLBACK_SUCCESS_MESSAGE = 'Rollback completed successfully.';
function planJson(plan) {
    return {
        plan_id: plan.plan_id,
        title: plan.title,
        state: plan.state,
        sandbox_path: plan.sandbox_path,
        sandbox_kind: plan.sandbox_kind,
        base_ref: plan.base_ref,
        retention: { max_checkpoints: plan.retention.max_checkpoints, auto_prune: plan.retention.auto_prune },
        created_at: plan.created_at,
        updated_at: plan.updated_at,
    };
}
/** One entry of `plan show`'s `state_history`. */
function stateChangeJson(change) {
    return { from_state: change.from_state, to_state: change.to_state, changed_at: change.changed_at };
}
function checkpointJson(checkpoint) {
    const m = checkpoint.metadata;
    return {
        checkpoint_id: checkpoint.checkpoint_id,
        plan_id: checkpoint.plan_id,
        sandbox_ref: checkpoint.sandbox_ref,
        decision_id: checkpoint.decision_id,
        checkpoint_type: checkpoint.checkpoint_type,
        resource_id: checkpoint.resource_id,
        filesystem_path: checkpoint.filesystem_path,
        size_bytes: checkpoint.size_bytes,
        created_at: checkpoint.created_at,
        metadata: {
            reason: m.reason,
            source_tool: m.source_tool,
            phase: m.phase,
            extra: { ...m.extra },
            ...(m.file_count === undefined ? {} : { file_count: m.file_count }),
            skipped: m.skipped.map((s) => ({ ...s })),
        },
    };
}
/** Whose later work a rollback or a correction also undoes (`undoes_work_of` in previews). */
function undoneWorkJson(undone) {
    return undone.map((u) => ({
        kind: u.kind,
        plan_id: u.plan_id,
        decision_id: u.decision_id,
        title: u.title,
        paths: [...u.paths],
        ...(u.kind === 'outside_tool_calls' ? { since: u.since ?? null, until: u.until ?? null } : {}),
    }));
}
/** `agents plan rollback --preview`: what the rollback would change, and whose work it undoes. */
function rollbackPreviewEnvelope(planId, checkpointId, changes, undone) {
    return { rollback_preview: { plan_id: planId, checkpoint_id: checkpointId, changes: changesJson(changes), undoes_work_of: undoneWorkJson(undone) } };
}
function changesJson(changes) {
    return changes.map((c) => ({ path: c.path, change: c.change }));
}
/** `agents plan rollback --format json`: the spec's envelope, field for field. */
function rollbackEnvelope(outcome) {
    const { result } = outcome;
    return {
        rollback_summary: {
            plan_id: outcome.plan_id,
            from_checkpoint_id: result.from_checkpoint_id,
            restored_files_count: result.restored_files_count,
            ...(outcome.agent_only ? agentOnlySummaryJson(outcome.agent_only, result.changed_paths) : {}),
        },
        changes_reverted: result.changed_paths.map((c) => c.path),
        impact: { files_affected: result.changed_paths.length },
        post_rollback_state: {
            active_checkpoint: result.from_checkpoint_id,
            plan_id: outcome.plan_id,
            undo_checkpoint_id: outcome.undo_checkpoint_id,
        },
        timing: { elapsed_seconds: outcome.elapsed_seconds },
        messages: [exports.ROLLBACK_SUCCESS_MESSAGE],
    };
}
function conflictsJson(conflicts) {
    return conflicts.map((c) => ({ path: c.path, reason: c.reason, message: agentOnlyRollback_1.CONFLICT_REASONS[c.reason] }));
}
function agentOnlySummaryJson(summary, reverted) {
    return {
        mode: summary.mode,
        reverted: reverted.map((c) => c.path),
        scope: summary.scope,
        kept: [...summary.kept],
        kept_reasons: summary.kept_reasons.map((k) => ({ ...k })),
        merged: [...summary.merged],
        conflicts: conflictsJson(summary.conflicts),
        tool_calls: summary.tool_calls,
        unclosed: summary.unclosed.map((u) => ({ pre_write_checkpoint_id: u.pre_write_checkpoint_id, until_checkpoint_id: u.until_checkpoint_id })),
    };
}
/** `plan rollback --agent-only --preview`: what it would change, keep and refuse. */
function agentOnlyPreviewJson(planId, checkpointId, preview) {
    return { plan_id: planId, checkpoint_id: checkpointId, changes: changesJson(preview.changes), ...agentOnlySummaryJson(preview.summary, preview.changes) };
}
/** What kind of error this is, in the words of the JSON envelope. */
function errorType(error) {
    if (error instanceof errors_1.CheckpointError || error instanceof cliErrors_1.CliError)
        return error.type;
    return 'InternalError';
}
/** The message a user sees; an unexpected error says so and where to learn more. */
function errorMessage(error) {
    if (error instanceof errors_1.CheckpointError || error instanceof cliErrors_1.CliError)
        return error.message;
    const text = error instanceof Error ? error.message : String(error);
    return `Unexpected error: ${text} (re-run with --debug for details)`;
}
/** `{"error": {"type", "message"}}`, with the conflicting paths when an apply was blocked. */
function errorEnvelope(error) {
    const body = { type: errorType(error), message: errorMessage(error) };
    if (error instanceof errors_1.ApplyConflictError || error instanceof errors_1.CorrectionConflictError)
        body.conflicts = [...error.conflicts];
    if (error instanceof agentOnlyRollback_1.AgentOnlyConflictError || error instanceof correctionToolCalls_1.CorrectionMergeConflictError) {
        const reasons = error instanceof correctionToolCalls_1.CorrectionMergeConflictError ? error.reasons : error.conflicts;
        body.conflicts = reasons.map((c) => c.path);
        body.conflict_reasons = conflictsJson(reasons);
    }
    return { error: body };
}
//# sourceMappingURL=envelopes.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RECREATE_SUCCESS_MESSAGE = void 0;
exports.renderRecreatePreview = renderRecreatePreview;
exports.renderRecreated = renderRecreated;
exports.recreatePreviewEnvelope = recreatePreviewEnvelope;
exports.recreateEnvelope = recreateEnvelope;
const displayText_1 = require("../core/displayText");
// The text and the JSON of `plan recreate-sandbox`: a missing isolated sandbox made again from a
// checkpoint. The JSON follows the reference's rollback envelope (a summary, the state after,
// the timing, the messages), named for what it does.
exports.RECREATE_SUCCESS_MESSAGE = 'Sandbox recreated successfully.';
function checkpointLine(checkpoint, now) {
    const reason = checkpoint.metadata.reason ? ` “${(0, displayText_1.escapeUnsafe)(checkpoint.metadata.reason)}”` : '';
    const files = checkpoint.metadata.file_count === undefined ? '' : `, ${(0, displayText_1.plural)(checkpoint.metadata.file_count, 'file')}`;
    return `checkpoint ${(0, displayText_1.escapeUnsafe)(checkpoint.checkpoint_id)}${reason} (${checkpoint.checkpoint_type}, ${(0, displayText_1.relativeTime)(checkpoint.created_at, now)}${files})`;
}
function renderRecreatePreview(preview, now) {
    const { plan, checkpoint } = preview;
    return [
        `The sandbox folder "${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)}" of plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} “${(0, displayText_1.escapeUnsafe)(plan.title)}” is missing.`,
        `Recreating it makes the folder again with the files of ${checkpointLine(checkpoint, now)}.`,
        'Nothing else is touched; "agents plan recover" finishes or undoes it if it is interrupted.',
    ].join('\n');
}
function renderRecreated(done) {
    return `Recreated the sandbox "${(0, displayText_1.escapeUnsafe)(done.sandbox_path)}" of plan ${(0, displayText_1.escapeUnsafe)(done.plan_id)} from checkpoint ${(0, displayText_1.escapeUnsafe)(done.checkpoint.checkpoint_id)}: ${(0, displayText_1.plural)(done.restored_files_count, 'path')} written in ${done.elapsed_seconds.toFixed(2)} s.`;
}
function recreatePreviewEnvelope(preview) {
    const { plan, checkpoint } = preview;
    return {
        recreate_preview: {
            plan_id: plan.plan_id,
            checkpoint_id: checkpoint.checkpoint_id,
            sandbox_path: plan.sandbox_path,
            files_count: checkpoint.metadata.file_count ?? null,
        },
    };
}
function recreateEnvelope(done) {
    return {
        recreate_summary: {
            plan_id: done.plan_id,
            from_checkpoint_id: done.checkpoint.checkpoint_id,
            sandbox_path: done.sandbox_path,
            restored_files_count: done.restored_files_count,
        },
        impact: { files_affected: done.restored_files_count },
        post_recreate_state: { active_checkpoint: done.checkpoint.checkpoint_id, plan_id: done.plan_id },
        timing: { elapsed_seconds: done.elapsed_seconds },
        messages: [exports.RECREATE_SUCCESS_MESSAGE],
    };
}
//# sourceMappingURL=recreateText.js.map
import type { Checkpoint } from '../core/checkpoint';
import { escapeUnsafe as v, plural, relativeTime } from '../core/displayText';
import type { RecreatedSandbox, RecreatePreview } from '../core/sandboxRecreation';

// The text and the JSON of `plan recreate-sandbox`: a missing isolated sandbox made again from a
// checkpoint. The JSON follows the reference's rollback envelope (a summary, the state after,
// the timing, the messages), named for what it does.

export const RECREATE_SUCCESS_MESSAGE = 'Sandbox recreated successfully.';

function checkpointLine(checkpoint: Checkpoint, now: Date): string {
  const reason = checkpoint.metadata.reason ? ` “${v(checkpoint.metadata.reason)}”` : '';
  const files = checkpoint.metadata.file_count === undefined ? '' : `, ${plural(checkpoint.metadata.file_count, 'file')}`;
  return `checkpoint ${v(checkpoint.checkpoint_id)}${reason} (${checkpoint.checkpoint_type}, ${relativeTime(checkpoint.created_at, now)}${files})`;
}

export function renderRecreatePreview(preview: RecreatePreview, now: Date): string {
  const { plan, checkpoint } = preview;
  return [
    `The sandbox folder "${v(plan.sandbox_path)}" of plan ${v(plan.plan_id)} “${v(plan.title)}” is missing.`,
    `Recreating it makes the folder again with the files of ${checkpointLine(checkpoint, now)}.`,
    'Nothing else is touched; "agents plan recover" finishes or undoes it if it is interrupted.',
  ].join('\n');
}

export function renderRecreated(done: RecreatedSandbox): string {
  return `Recreated the sandbox "${v(done.sandbox_path)}" of plan ${v(done.plan_id)} from checkpoint ${v(done.checkpoint.checkpoint_id)}: ${plural(done.restored_files_count, 'path')} written in ${done.elapsed_seconds.toFixed(2)} s.`;
}

export function recreatePreviewEnvelope(preview: RecreatePreview) {
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

export function recreateEnvelope(done: RecreatedSandbox) {
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
    messages: [RECREATE_SUCCESS_MESSAGE],
  };
}


import { escapeUnsafe as v, plural } from '../core/displayText';
import type { InterruptedOperation, RecoveryMode } from '../core/interruptedOperation';
import type { RecoveryOutcome } from '../core/recoveryService';

// The text of `plan show`'s warning and of `plan recover`.

/** The lines `plan show` adds for an operation a dead process left half done. */
export function renderInterrupted(op: InterruptedOperation): string {
  return [
    `  INTERRUPTED: a ${describe(op)} started ${op.started_at} by process ${op.pid} on ${v(op.host)} did not finish;`,
    `               its files may be half written. Writes to this plan are refused until it is resolved:`,
    `               agents plan recover ${op.plan_id}${op.type === 'cleanup' ? '' : `   (finish it)\n               agents plan recover --undo ${op.plan_id}   (undo it)`}`,
  ].join('\n');
}

/** The line `plan show` adds for an operation whose owner is still running it. */
export function renderInProgress(op: InterruptedOperation): string {
  return `  IN PROGRESS: a ${describe(op)}, started ${op.started_at} by process ${op.pid} on ${v(op.host)}, which is still running it.`;
}

export function renderRecoverPreview(planId: string, op: InterruptedOperation | undefined, mode: RecoveryMode): string {
  if (!op) return `Plan ${planId} has no interrupted operation.`;
  const what = describe(op);
  return mode === 'finish'
    ? `Finishing the interrupted ${what} of plan ${planId}: its files become what it was making them.`
    : `Undoing the interrupted ${what} of plan ${planId}: its files are put back as they were before it.`;
}

export function renderRecovered(outcome: RecoveryOutcome): string {
  const lines = [`${outcome.mode === 'finish' ? 'Finished' : 'Undid'} the interrupted ${describe(outcome.operation)} of plan ${outcome.operation.plan_id}.`];
  if (outcome.kept.length > 0) {
    lines.push(`${plural(outcome.kept.length, 'path')} held neither side (half written, or written since); what they held was moved to ${v(outcome.keptIn ?? '')}:`);
    for (const p of outcome.kept) lines.push(`  ${v(p)}`);
  }
  if (outcome.left.length > 0) {
    lines.push(`${plural(outcome.left.length, 'path')} behind a symlinked folder were left as they are:`);
    for (const p of outcome.left) lines.push(`  ${v(p)}`);
  }
  return lines.join('\n');
}

function describe(op: InterruptedOperation): string {
  if (op.type === 'rollback') return `rollback to ${op.target_checkpoint_id} (undo checkpoint ${op.undo_checkpoint_id})`;
  return op.type === 'apply' ? 'apply into the workspace' : 'cleanup of the isolated sandbox';
}

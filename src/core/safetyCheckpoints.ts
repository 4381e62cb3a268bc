import type { Checkpoint } from './checkpoint';
import { UlidSchema } from './ids';

// What "undo a rollback" may restore. No `vscode` import: unit-tested in plain Node.

/**
 * Whether a checkpoint has the shape of the safety checkpoint a rollback takes (see
 * CheckpointService.rollbackToCheckpoint): rolling back to it undoes that rollback. Anything else
 * asked to be "undone" is a rollback, and is confirmed as one.
 */
export function isSafetyCheckpoint(c: Checkpoint): boolean {
  const m = c.metadata;
  const extraKeys = Object.keys(m.extra);
  return (
    c.checkpoint_type === 'manual' &&
    m.source_tool === 'rollback' &&
    m.phase === 'rollback' &&
    extraKeys.length === 1 &&
    UlidSchema.safeParse(m.extra.rollback_to).success &&
    m.extra.rollback_to !== c.checkpoint_id &&
    c.decision_id === null &&
    c.resource_id === null
  );
}

/**
 * How an undo goes ahead: as an undo (asked as the setting says) when the checkpoint is a
 * rollback's safety checkpoint; otherwise as the rollback it really is, always confirmed.
 */
export function undoRequest(checkpoint: Checkpoint, confirmSetting: boolean): { confirm: boolean; undo: boolean } {
  return isSafetyCheckpoint(checkpoint) ? { confirm: confirmSetting, undo: true } : { confirm: true, undo: false };
}

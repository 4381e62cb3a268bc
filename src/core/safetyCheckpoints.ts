import { isSafetyCheckpoint, type Checkpoint } from './checkpoint';

// What "undo a rollback" may restore. No `vscode` import: unit-tested in plain Node.
// The shape of a safety checkpoint is core's: retention keeps the latest one.
export { isSafetyCheckpoint };

/**
 * How an undo goes ahead: as an undo (asked as the setting says) when the checkpoint is a
 * rollback's safety checkpoint; otherwise as the rollback it really is, always confirmed.
 */
export function undoRequest(checkpoint: Checkpoint, confirmSetting: boolean): { confirm: boolean; undo: boolean } {
  return isSafetyCheckpoint(checkpoint) ? { confirm: confirmSetting, undo: true } : { confirm: true, undo: false };
}

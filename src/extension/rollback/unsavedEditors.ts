import * as vscode from 'vscode';
import { BusinessRuleViolation } from '../../core/errors';
import type { PathChange } from '../../core/rollbackResult';
import { sandboxFileUri } from './panel/diffEditors';
import type { CheckpointTarget } from './rollbackTarget';
import type { RollbackDialogs } from './rollbackDialogs';
import { unsavedEditorsError, unsavedEditorsQuestion } from './rollbackText';

const SAVE = 'Save and Continue';
const DISCARD = 'Discard and Continue';

/**
 * Editors with unsaved changes on paths the rollback is about to change: saved or reverted when
 * the user says so, a refusal when nobody can be asked. False: stop, nothing was touched.
 */
export async function settleUnsavedEditors(
  dialogs: Pick<RollbackDialogs, 'confirm'>,
  t: Pick<CheckpointTarget, 'folder' | 'plan'>,
  changes: readonly PathChange[],
  interactive: boolean,
): Promise<boolean> {
  const { dirty, paths, byUri } = unsavedEditorsOn(t, changes);
  if (dirty.length === 0) return true;
  if (!interactive) throw new BusinessRuleViolation(unsavedEditorsError(paths));
  const q = unsavedEditorsQuestion(paths);
  const choice = await dialogs.confirm(q.message, q.detail, [SAVE, DISCARD]);
  if (choice === SAVE) {
    for (const doc of dirty) {
      if (!(await doc.save())) throw new BusinessRuleViolation(`Rollback blocked: ${byUri.get(doc.uri.toString())} could not be saved`);
    }
    return true;
  }
  if (choice === DISCARD) {
    for (const doc of dirty) {
      // "Revert File" acts on the active editor.
      await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: false });
      await vscode.commands.executeCommand('workbench.action.files.revert');
      if (doc.isDirty) throw new BusinessRuleViolation(`Rollback blocked: the unsaved changes of ${byUri.get(doc.uri.toString())} could not be discarded`);
    }
    return true;
  }
  return false;
}

/**
 * For a door where nobody is asked (the API, language model tools): refused while an editor holds
 * unsaved changes to a path that `action` would write, so that those edits are never silently
 * overwritten on disk.
 */
export function refuseUnsavedEditors(t: Pick<CheckpointTarget, 'folder' | 'plan'>, changes: readonly PathChange[], action: string): void {
  const { paths } = unsavedEditorsOn(t, changes);
  if (paths.length > 0) throw new BusinessRuleViolation(unsavedEditorsError(paths, action));
}

/** The editors with unsaved changes on the changed paths, and those paths. */
function unsavedEditorsOn(t: Pick<CheckpointTarget, 'folder' | 'plan'>, changes: readonly PathChange[]) {
  const byUri = new Map(changes.map((c) => [sandboxFileUri(t.folder, t.plan.sandbox_path, c.path).toString(), c.path]));
  const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty && byUri.has(d.uri.toString()));
  return { dirty, byUri, paths: dirty.map((d) => byUri.get(d.uri.toString()) ?? d.uri.fsPath) };
}

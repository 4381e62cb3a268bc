// How the changes of a panel result open in VS Code's diff editors ("Open Diff", "Open All"): which
// document goes on which side for each mode, and the tab titles. The documents inside checkpoints
// come from checkpointDocuments/; the current files are the sandbox's files on disk.
import * as vscode from 'vscode';
import type { PanelState } from '../../../webview/protocol';
import { checkpointFileUri } from '../../checkpointDocuments/checkpointContentProvider';
import { shown } from '../../shownText';
import { sidesOf } from './panelStates';

type PanelChange = PanelState['changes'][number];

/** Opens one changed file of a result in the diff editor (a preview tab). */
export async function openChangeDiff(state: PanelState, folder: vscode.WorkspaceFolder, change: PanelChange): Promise<void> {
  const { left, right } = diffSides(state, folder, change);
  const empty = () => emptySide(state, change.path);
  await vscode.commands.executeCommand('vscode.diff', left ?? empty(), right ?? empty(), diffTitle(state, change.path), {
    preview: true,
  } satisfies vscode.TextDocumentShowOptions);
}

/** Opens every changed file of a result in the multi-file diff editor. */
export async function openAllChanges(state: PanelState, folder: vscode.WorkspaceFolder): Promise<void> {
  const resources = state.changes.map((c) => {
    const { left, right } = diffSides(state, folder, c);
    return [sandboxFileUri(folder, state.plan.sandboxPath, c.path), left, right] as const;
  });
  await vscode.commands.executeCommand('vscode.changes', changesTitle(state), resources);
}

function diffSides(state: PanelState, folder: vscode.WorkspaceFolder, change: PanelChange): { left: vscode.Uri | undefined; right: vscode.Uri | undefined } {
  const sides = sidesOf(change.change);
  const at = (checkpointId: string) => checkpointFileUri({ folder: state.folder.uri, planId: state.plan.id, checkpointId, path: change.path });
  const current = sandboxFileUri(folder, state.plan.sandboxPath, change.path);
  let left: vscode.Uri;
  let right: vscode.Uri;
  switch (state.mode) {
    case 'rollback':
    case 'undo':
      left = at(state.rollback?.undoCheckpointId ?? state.from.id);
      right = at(state.from.id);
      break;
    case 'preview':
      left = current;
      // An agent-only rollback leaves the files as its merge made them, not as the checkpoint holds them.
      right = state.agentOnly?.target
        ? checkpointFileUri({ folder: state.folder.uri, planId: state.plan.id, checkpointId: state.from.id, path: change.path, snapshot: state.agentOnly.target })
        : at(state.from.id);
      break;
    case 'compareCurrent':
      // Before a correction that merges: what it would leave, not the checkpoint's files.
      left = state.afterSnapshot
        ? checkpointFileUri({ folder: state.folder.uri, planId: state.plan.id, checkpointId: state.from.id, path: change.path, snapshot: state.afterSnapshot })
        : at(state.from.id);
      right = current;
      break;
    case 'comparePrevious':
      left = at(state.from.id);
      right = at(state.to?.id ?? state.from.id);
      break;
  }
  return { left: sides.left ? left : undefined, right: sides.right ? right : undefined };
}

/** The empty document: the side of a diff where the file does not exist. */
function emptySide(state: PanelState, path: string): vscode.Uri {
  return checkpointFileUri({ folder: state.folder.uri, planId: state.plan.id, checkpointId: null, path });
}

/** A file of a plan's sandbox on disk. */
export function sandboxFileUri(folder: vscode.WorkspaceFolder, sandboxPath: string, path: string): vscode.Uri {
  const sandbox = sandboxPath === '.' ? [] : sandboxPath.split('/');
  return vscode.Uri.joinPath(folder.uri, ...sandbox, ...path.split('/'));
}

const shortLabel = (s: string) => (s.length > 32 ? `${s.slice(0, 31)}…` : s);

/** The diff editor's title: a tab title, so `shown`. */
export function diffTitle(state: PanelState, path: string): string {
  return shown(rawDiffTitle(state, path));
}

function rawDiffTitle(state: PanelState, path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  switch (state.mode) {
    case 'rollback':
    case 'undo':
      return `${name} (before ↔ after ${state.mode === 'undo' ? 'undo' : 'rollback'})`;
    case 'preview':
      return `${name} (now ↔ after ${state.agentOnly ? 'taking the agent’s changes out' : 'rollback'})`;
    case 'compareCurrent':
      return `${name} (${state.afterSnapshot ? 'after the correction' : shortLabel(state.from.label)} ↔ now)`;
    case 'comparePrevious':
      return `${name} (${shortLabel(state.from.label)} ↔ ${shortLabel(state.to?.label ?? '')})`;
  }
}

function changesTitle(state: PanelState): string {
  return shown(rawChangesTitle(state));
}

function rawChangesTitle(state: PanelState): string {
  switch (state.mode) {
    case 'rollback':
      return `Rollback of ${state.plan.title} to ${shortLabel(state.from.label)}`;
    case 'undo':
      return `Undone rollback of ${state.plan.title}`;
    case 'preview':
      return `Rollback preview: ${state.plan.title} → ${shortLabel(state.from.label)}`;
    case 'compareCurrent':
      return `${shortLabel(state.from.label)} ↔ now (${state.plan.title})`;
    case 'comparePrevious':
      return `${shortLabel(state.from.label)} ↔ ${shortLabel(state.to?.label ?? '')} (${state.plan.title})`;
  }
}

import * as vscode from 'vscode';
import { ValidationError } from '../../core/errors';
import { CHECKPOINT_SCHEME, checkpointFileText, formatCheckpointLocation, parseCheckpointLocation, type CheckpointFileLocation } from './checkpointUris';
import type { FolderServices } from '../folderServices';

export { CHECKPOINT_SCHEME };

/** The URI of a file as a checkpoint holds it (checkpointId null: the empty document). */
export function checkpointFileUri(loc: CheckpointFileLocation): vscode.Uri {
  const { path, query } = formatCheckpointLocation(loc);
  return vscode.Uri.from({ scheme: CHECKPOINT_SCHEME, path, query });
}

/**
 * Serves files of checkpoints as read-only documents, for the diff editors of the rollback panel.
 * Checkpoints never change, so neither do these documents.
 */
export class CheckpointContentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly folders: Pick<FolderServices, 'folders' | 'findPlan'>) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const loc = parseCheckpointLocation(uri.path, uri.query);
    const folder = this.folders.folders().find((f) => f.uri.toString() === loc.folder);
    if (!folder) throw new ValidationError(`checkpoint document URI: ${loc.folder} is not a folder of this workspace`);
    if (loc.checkpointId === null) return '';
    // Reading a checkpoint runs git: not in Restricted Mode.
    if (!vscode.workspace.isTrusted) throw new Error('Checkpoint contents are not shown in Restricted Mode: trust the workspace first.');
    const { services } = await this.folders.findPlan(loc.planId, folder);
    const bytes = loc.snapshot
      ? await services.checkpoints.readFileAtSnapshot(loc.planId, loc.snapshot, loc.path)
      : await services.checkpoints.readFileAt(loc.planId, loc.checkpointId, loc.path);
    return bytes === undefined ? '' : checkpointFileText(bytes);
  }
}

export function registerCheckpointContentProvider(folders: Pick<FolderServices, 'folders' | 'findPlan'>): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(CHECKPOINT_SCHEME, new CheckpointContentProvider(folders));
}

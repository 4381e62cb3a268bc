// Which workspace folder a language model tool works in. No `vscode` value import: a plain
// function of the folders, the folder the tool names and the active editor's folder, unit-tested.
import type * as vscode from 'vscode';
import { BusinessRuleViolation, ValidationError } from '../../core/errors';

type Folder = Pick<vscode.WorkspaceFolder, 'name' | 'uri'>;

/**
 * The folder the tool names (a workspace folder's name, path or URI; another is refused), else
 * the folder of the active editor's file, else the first: as the commands choose theirs.
 */
export function chooseToolFolder<F extends Folder>(folders: readonly F[], given: string | undefined, activeFolderUri: string | undefined): F {
  if (folders.length === 0) throw new BusinessRuleViolation('Checkpoints need a folder: open a folder first');
  if (given !== undefined) {
    const named = folders.find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
    if (!named) throw new ValidationError(`"${given}" is not a workspace folder (the window has ${folders.map((f) => `“${f.name}”`).join(', ')})`);
    return named;
  }
  return folders.find((f) => f.uri.toString() === activeFolderUri) ?? folders[0];
}

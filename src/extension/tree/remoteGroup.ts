import * as vscode from 'vscode';
import { readFetchedOrigins, type FetchedOrigin } from '../../remote/fetchedOrigins';
import { TreeItemContext } from '../commandIds';
import { shown } from '../shownText';
import { plural } from '../../core/displayText';
import type { FolderNode, RemoteGroupNode } from './treeNodes';

// The Remote group of the Checkpoints view: the plans fetched from git remotes (src/remote), kept
// apart from the folder's own because they are read-only here. Their rows' context values carry a
// prefix of their own, so that package.json's menus offer them only compare, roll back, copy and
// delete (the local copy).

export const REMOTE_GROUP_TOOLTIP =
  'Plans fetched from git remotes (Fetch from Remote…), each marked with who recorded it and where. They are read-only here: compare their checkpoints, or roll this workspace back to one (with the usual preview and undo).';

/** The fetched plans of a folder by plan id; none when the file is missing or cannot be read (its problem goes to `warn`). */
export function fetchedOrigins(folder: vscode.WorkspaceFolder, warn: (message: string) => void): Map<string, FetchedOrigin> {
  try {
    return readFetchedOrigins(folder.uri.fsPath, warn);
  } catch (error) {
    warn(`The fetched plans of ${folder.uri.fsPath} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    return new Map();
  }
}

export function newRemoteGroup(folder: vscode.WorkspaceFolder, parent: FolderNode | undefined): RemoteGroupNode {
  return { kind: 'remoteGroup', id: `${folder.uri.toString()}#remote`, folder, plans: [], parent };
}

export function remoteGroupItem(node: RemoteGroupNode): vscode.TreeItem {
  const item = new vscode.TreeItem('Remote', vscode.TreeItemCollapsibleState.Expanded);
  item.id = node.id;
  item.description = shown(`${plural(node.plans.length, 'fetched plan')}, read-only`);
  item.iconPath = new vscode.ThemeIcon('cloud');
  item.tooltip = shown(REMOTE_GROUP_TOOLTIP);
  item.contextValue = TreeItemContext.remoteGroup;
  item.accessibilityInformation = { label: `Remote: ${item.description}` };
  return item;
}

/** A row's context value as package.json's menus read it: a fetched plan's rows get the read-only prefix. */
export function contextOf(value: string, fetched: boolean): string {
  return fetched ? `${TreeItemContext.fetchedPrefix}${value}` : value;
}

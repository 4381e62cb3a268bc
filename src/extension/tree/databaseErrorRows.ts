// No `vscode` import (types only): the rows a folder shows when its plans cannot be listed, as
// data, so that the unit tests read them without a VS Code host.
import type * as vscode from 'vscode';
import { UnreadableDatabaseError } from '../../core/errors';
import { Commands, TreeItemContext } from '../commandIds';
import { MOVE_ASIDE, unreadableRow } from '../waysOut/waysOutText';
import type { FolderNode, MessageNode } from './treeNodes';

/**
 * The rows of a folder whose plans could not be listed: the error (a click opens the log) and,
 * for a database that cannot be read, the way out in a row of its own, in a trusted workspace.
 */
export function databaseErrorRows(folder: vscode.WorkspaceFolder, parent: FolderNode | undefined, error: unknown, trusted: boolean): MessageNode[] {
  const prefix = folder.uri.toString();
  const message = error instanceof Error ? error.message : String(error);
  const showLog = { command: Commands.showLog, title: 'Show Log' };
  if (!(error instanceof UnreadableDatabaseError)) {
    // A lock held too long, a disk that failed: the file itself may be fine, so no Move Aside.
    return [
      {
        kind: 'message',
        id: `${prefix}#error`,
        folder,
        label: `Cannot read the checkpoint database: ${message}`,
        tooltip: `${message} Click to open the log.`,
        severity: 'error',
        command: showLog,
        parent,
      },
    ];
  }
  const row = unreadableRow(message);
  return [
    {
      kind: 'message',
      id: `${prefix}#error`,
      folder,
      label: row.label,
      tooltip: row.tooltip,
      severity: 'error',
      command: showLog,
      parent,
      contextValue: TreeItemContext.unreadableDatabase,
    },
    // The way out as a row of its own too: an inline button shows only on hover.
    ...(trusted
      ? [
          {
            kind: 'message' as const,
            id: `${prefix}#move-aside`,
            folder,
            label: `${MOVE_ASIDE}…`,
            tooltip: 'Renames the database file beside itself with the time in its name (it is never deleted); the next plan starts a new one.',
            severity: 'info' as const,
            command: { command: Commands.moveDatabaseAside, title: MOVE_ASIDE, arguments: [{ folder: prefix }] },
            parent,
          },
        ]
      : []),
  ];
}

/**
 * The row of a folder whose database this window read and then found gone: an empty view would
 * say "no checkpoints yet", as if there never were any. A click opens the log.
 */
export function databaseGoneRow(folder: vscode.WorkspaceFolder, databasePath: string): Omit<MessageNode, 'parent'> {
  return {
    kind: 'message',
    id: `${folder.uri.toString()}#database-gone`,
    folder,
    label: 'The checkpoint database is gone',
    description: 'deleted or moved',
    tooltip:
      `${databasePath} was there and is not any more: its plans and checkpoints cannot be shown. ` +
      'If it was moved, put it back and the view shows them again; a new plan (or an agent’s next prompt) starts a new, empty database.',
    severity: 'error',
    command: { command: Commands.showLog, title: 'Show Log' },
  };
}

import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { StoreError, UnreadableDatabaseError } from '../../src/core/errors';
import { Commands, TreeItemContext } from '../../src/extension/commandIds';
import { databaseErrorRows, databaseGoneRow } from '../../src/extension/tree/databaseErrorRows';
import { unreadableRow } from '../../src/extension/waysOut/waysOutText';

// The rows of a folder whose checkpoint database cannot be listed: Move Aside is offered only for
// a file that cannot be read, and only in a trusted workspace.

const folder = { uri: { toString: () => 'file:///work/app' }, name: 'app', index: 0 } as unknown as vscode.WorkspaceFolder;

describe('the error rows of a folder whose plans cannot be listed', () => {
  it('another failure (a lock held too long): one row naming it, a click opens the log, no Move Aside', () => {
    const rows = databaseErrorRows(folder, undefined, new StoreError('the database is locked'), true);
    assert.deepEqual(
      rows.map((r) => [r.id, r.label, r.tooltip, r.severity, r.command?.command, r.contextValue]),
      [['file:///work/app#error', 'Cannot read the checkpoint database: the database is locked', 'the database is locked Click to open the log.', 'error', Commands.showLog, undefined]],
    );
  });

  it('an unreadable file, trusted: its row with the Move Aside menu, and Move Aside as a row of its own for this folder', () => {
    const rows = databaseErrorRows(folder, undefined, new UnreadableDatabaseError('not a database'), true);
    const expected = unreadableRow('not a database');
    assert.deepEqual(
      rows.map((r) => [r.id, r.label, r.severity, r.command?.command, r.contextValue]),
      [
        ['file:///work/app#error', expected.label, 'error', Commands.showLog, TreeItemContext.unreadableDatabase],
        ['file:///work/app#move-aside', 'Move Aside and Start Fresh…', 'info', Commands.moveDatabaseAside, undefined],
      ],
    );
    assert.deepEqual(rows[1]!.command?.arguments, [{ folder: 'file:///work/app' }]);
  });

  it('an unreadable file in Restricted Mode: the error row only (moving the file writes)', () => {
    const rows = databaseErrorRows(folder, undefined, new UnreadableDatabaseError('not a database'), false);
    assert.deepEqual(
      rows.map((r) => r.id),
      ['file:///work/app#error'],
    );
  });
});

describe('the row of a database that was read and is gone', () => {
  it('names the file, says it may have been moved, and opens the log on a click', () => {
    const row = databaseGoneRow(folder, '/work/app/.cleveragents/cleveragents.db');
    assert.equal(row.label, 'The checkpoint database is gone');
    assert.equal(row.severity, 'error');
    assert.equal(row.command?.command, Commands.showLog);
    assert.match(row.tooltip, /^\/work\/app\/\.cleveragents\/cleveragents\.db was there and is not any more/);
    assert.match(row.tooltip, /put it back/);
  });
});

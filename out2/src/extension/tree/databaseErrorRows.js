"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.databaseErrorRows = databaseErrorRows;
exports.databaseGoneRow = databaseGoneRow;
const errors_1 = require("../../core/errors");
const commandIds_1 = require("../commandIds");
const waysOutText_1 = require("../waysOut/waysOutText");
/**
 * The rows of a folder whose plans could not be listed: the error (a click opens the log) and,
 * for a database that cannot be read, the way out in a row of its own, in a trusted workspace.
 */
function databaseErrorRows(folder, parent, error, trusted) {
    const prefix = folder.uri.toString();
    const message = error instanceof Error ? error.message : String(error);
    const showLog = { command: commandIds_1.Commands.showLog, title: 'Show Log' };
    if (!(error instanceof errors_1.UnreadableDatabaseError)) {
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
    const row = (0, waysOutText_1.unreadableRow)(message);
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
            contextValue: commandIds_1.TreeItemContext.unreadableDatabase,
        },
        // The way out as a row of its own too: an inline button shows only on hover.
        ...(trusted
            ? [
                {
                    kind: 'message',
                    id: `${prefix}#move-aside`,
                    folder,
                    label: `${waysOutText_1.MOVE_ASIDE}…`,
                    tooltip: 'Renames the database file beside itself with the time in its name (it is never deleted); the next plan starts a new one.',
                    severity: 'info',
                    command: { command: commandIds_1.Commands.moveDatabaseAside, title: waysOutText_1.MOVE_ASIDE, arguments: [{ folder: prefix }] },
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
function databaseGoneRow(folder, databasePath) {
    return {
        kind: 'message',
        id: `${folder.uri.toString()}#database-gone`,
        folder,
        label: 'The checkpoint database is gone',
        description: 'deleted or moved',
        tooltip: `${databasePath} was there and is not any more: its plans and checkpoints cannot be shown. ` +
            'If it was moved, put it back and the view shows them again; a new plan (or an agent’s next prompt) starts a new, empty database.',
        severity: 'error',
        command: { command: commandIds_1.Commands.showLog, title: 'Show Log' },
    };
}
//# sourceMappingURL=databaseErrorRows.js.map
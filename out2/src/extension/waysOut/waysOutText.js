"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MOVE_ASIDE = exports.RECREATE_SANDBOX = void 0;
exports.recreateConfirmation = recreateConfirmation;
exports.moveAsideConfirmation = moveAsideConfirmation;
exports.unreadableRow = unreadableRow;
const displayText_1 = require("../../core/displayText");
const treePresentation_1 = require("../tree/treePresentation");
const commandIds_1 = require("../commandIds");
exports.RECREATE_SANDBOX = 'Recreate Sandbox';
exports.MOVE_ASIDE = 'Move Aside and Start Fresh';
/** The modal before recreating a missing isolated sandbox from the plan's newest checkpoint. */
function recreateConfirmation(plan, newest, now) {
    const files = newest.metadata.file_count;
    return {
        message: `Recreate the sandbox of “${plan.title}” from “${(0, treePresentation_1.checkpointLabel)(newest)}” (${(0, displayText_1.relativeTime)(newest.created_at, now)})?`,
        detail: [
            `The plan's isolated copy is missing: its folder was deleted. A new one is made holding ${files === undefined ? 'the files' : (0, displayText_1.plural)(files, 'file')} of the plan's newest checkpoint.`,
            '',
            'Work done in the sandbox after that checkpoint was lost with the folder and cannot come back. Nothing outside the sandbox is changed; the write is recorded like a rollback, so an interruption can be finished or undone.',
        ],
    };
}
/** The modal before moving an unreadable database aside. */
function moveAsideConfirmation(folderName, databasePath, problem) {
    return {
        message: `Move the unreadable checkpoint database of “${folderName}” aside and start fresh?`,
        detail: [
            problem,
            '',
            `${databasePath} is renamed beside itself with the time in its name (it is not deleted: a backup tool or SQLite may still get its data back). ` +
                'The next plan starts a new, empty database; the plans and checkpoints of the old one no longer show.',
        ],
    };
}
/** The tree's row for a database that cannot be read: one line, its tooltip without line breaks. */
function unreadableRow(problem) {
    return {
        // Short: the sidebar's default width shows about thirty characters.
        label: 'Checkpoint database unreadable',
        tooltip: `${problem} Click to open the log; “${commandIds_1.CommandTitles.moveDatabaseAside}” (the row's button, or the row below) renames the file and starts a new database.`,
    };
}
//# sourceMappingURL=waysOutText.js.map
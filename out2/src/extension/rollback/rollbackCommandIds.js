"use strict";
// The commands of the rollback features (issue 6), from the one list in commandIds.ts. No `vscode` import.
Object.defineProperty(exports, "__esModule", { value: true });
exports.PRESERVE_FOCUS = exports.TESTING_PROGRESS_COMMAND = exports.TESTING_PANEL_COMMAND = exports.TESTING_DIALOGS_COMMAND = exports.RollbackCommandTitles = exports.RollbackCommands = void 0;
const commandIds_1 = require("../commandIds");
exports.RollbackCommands = {
    rollback: commandIds_1.Commands.rollback,
    undoRollback: commandIds_1.Commands.undoRollback,
    rollbackAgentOnly: commandIds_1.Commands.rollbackAgentOnly,
    compareWithCurrent: commandIds_1.Commands.compareWithCurrent,
    compareWithPrevious: commandIds_1.Commands.compareWithPrevious,
    checkpointActivePlan: commandIds_1.Commands.checkpointActivePlan,
    statusBarMenu: commandIds_1.Commands.statusBarMenu,
};
exports.RollbackCommandTitles = commandIds_1.CommandTitles;
/** Test mode only (not contributed): scripts the answers of modal dialogs and returns what was shown. */
exports.TESTING_DIALOGS_COMMAND = '_cleveragents.checkpoints.testing.dialogs';
/** Test mode only: what the rollback panel shows now. */
exports.TESTING_PANEL_COMMAND = '_cleveragents.checkpoints.testing.panel';
/**
 * Test mode only: the progress messages of rollbacks, restores and corrections since the last call
 * ({title, message}[]); `{ cancel: true }` answers Cancel to the next ones (as the notification's
 * button would, before their first write) until `{ cancel: false }`.
 */
exports.TESTING_PROGRESS_COMMAND = '_cleveragents.checkpoints.testing.progress';
/** The second argument of Compare with Current when a click on a tree row runs it: the focus stays in the tree. */
exports.PRESERVE_FOCUS = 'preserveFocus';
//# sourceMappingURL=rollbackCommandIds.js.map
// The commands of the rollback features (issue 6), from the one list in commandIds.ts. No `vscode` import.

import { CommandTitles, Commands, type RollbackCommandName } from '../commandIds';

export type { RollbackCommandName };

export const RollbackCommands = {
  rollback: Commands.rollback,
  undoRollback: Commands.undoRollback,
  rollbackAgentOnly: Commands.rollbackAgentOnly,
  compareWithCurrent: Commands.compareWithCurrent,
  compareWithPrevious: Commands.compareWithPrevious,
  checkpointActivePlan: Commands.checkpointActivePlan,
  statusBarMenu: Commands.statusBarMenu,
} as const satisfies Record<RollbackCommandName, string>;

export const RollbackCommandTitles: Record<RollbackCommandName, string> = CommandTitles;

/** The rollback panel's webview (restored after a reload by the serializer registered at activation). */
export const ROLLBACK_PANEL_VIEW_TYPE = 'cleveragents.checkpoints.rollbackPanel';

/** Test mode only (not contributed): scripts the answers of modal dialogs and returns what was shown. */
export const TESTING_DIALOGS_COMMAND = '_cleveragents.checkpoints.testing.dialogs';
/** Test mode only: what the rollback panel shows now. */
export const TESTING_PANEL_COMMAND = '_cleveragents.checkpoints.testing.panel';
/**
 * Test mode only: the progress messages of rollbacks, restores and corrections since the last call
 * ({title, message}[]); `{ cancel: true }` answers Cancel to the next ones (as the notification's
 * button would, before their first write) until `{ cancel: false }`.
 */
export const TESTING_PROGRESS_COMMAND = '_cleveragents.checkpoints.testing.progress';

/** The second argument of Compare with Current when a click on a tree row runs it: the focus stays in the tree. */
export const PRESERVE_FOCUS = 'preserveFocus';

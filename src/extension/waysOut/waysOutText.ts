// What the ways out of a dead end say: a plan whose sandbox is gone, a database that cannot be
// read. No `vscode` import: plain functions of the data, unit-tested in plain Node.
import type { Checkpoint } from '../../core/checkpoint';
import type { Plan } from '../../core/plan';
import { plural, relativeTime } from '../../core/displayText';
import { checkpointLabel } from '../tree/treePresentation';
import type { ConfirmationText } from '../rollback/rollbackText';
import { CommandTitles } from '../commandIds';

export const RECREATE_SANDBOX = 'Recreate Sandbox';
export const MOVE_ASIDE = 'Move Aside and Start Fresh';

/** The modal before recreating a missing isolated sandbox from the plan's newest checkpoint. */
export function recreateConfirmation(plan: Plan, newest: Checkpoint, now: Date): ConfirmationText {
  const files = newest.metadata.file_count;
  return {
    message: `Recreate the sandbox of “${plan.title}” from “${checkpointLabel(newest)}” (${relativeTime(newest.created_at, now)})?`,
    detail: [
      `The plan's isolated copy is missing: its folder was deleted. A new one is made holding ${files === undefined ? 'the files' : plural(files, 'file')} of the plan's newest checkpoint.`,
      '',
      'Work done in the sandbox after that checkpoint was lost with the folder and cannot come back. Nothing outside the sandbox is changed; the write is recorded like a rollback, so an interruption can be finished or undone.',
    ],
  };
}

/** The modal before moving an unreadable database aside. */
export function moveAsideConfirmation(folderName: string, databasePath: string, problem: string): ConfirmationText {
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
export function unreadableRow(problem: string): { label: string; tooltip: string } {
  return {
    // Short: the sidebar's default width shows about thirty characters.
    label: 'Checkpoint database unreadable',
    tooltip: `${problem} Click to open the log; “${CommandTitles.moveDatabaseAside}” (the row's button, or the row below) renames the file and starts a new database.`,
  };
}

import * as vscode from 'vscode';
import { FileOperationJournal, OPERATIONS_DIR_NAME } from '../../adapters/files/fileOperationJournal';
import { DATA_DIR_NAME } from '../../adapters/files/nodeWorkspaceFiles';
import type { InterruptedOperation, RecoveryMode } from '../../core/interruptedOperation';
import type { FolderServices } from '../folderServices';
import type { ErrorReporter } from '../log';
import { showInfo, showWarning, withProgressTitled } from '../shownText';
import { plural } from '../../core/displayText';
import { interruptedMessage, recoveredMessage, type InterruptedNames } from './interruptedText';

const FINISH = 'Finish It';
const UNDO = 'Undo It';
const SHOW_LOG = 'Show Log';

/**
 * Tells the user, when the extension starts and whenever one appears, about an operation a dead
 * process left half done (its record in `.cleveragents/operations/`), and offers to finish or undo
 * it. Reading the records loads neither sql.js nor git; recovering does, in a trusted workspace.
 */
export function registerInterruptedOperations(deps: { folders: FolderServices; channel: vscode.LogOutputChannel; reporter: ErrorReporter; refresh: () => void }): vscode.Disposable {
  const announced = new Set<string>();
  const check = async (): Promise<void> => {
    for (const folder of deps.folders.folders()) {
      const journal = new FileOperationJournal(folder.uri.fsPath);
      for (const op of await journal.list()) {
        if (announced.has(op.plan_id) || journal.ownerRunning(op)) continue;
        announced.add(op.plan_id);
        void offer(folder, op).finally(() => announced.delete(op.plan_id));
      }
    }
  };

  /** The plan's title and the target checkpoint, for the message; the ids only in the log when the database cannot say. */
  const namesOf = async (folder: vscode.WorkspaceFolder, op: InterruptedOperation): Promise<InterruptedNames> => {
    try {
      if (!(await deps.folders.databaseExists(folder))) return {};
      const services = await deps.folders.services(folder);
      const plan = await services.plans.getPlan(op.plan_id);
      const target = op.target_checkpoint_id ? await services.checkpoints.getCheckpoint(op.plan_id, op.target_checkpoint_id).catch(() => undefined) : undefined;
      return { planTitle: plan.title, target };
    } catch (error) {
      deps.channel.warn(`Could not read the plan ${op.plan_id} of an interrupted ${op.type}: ${String(error)}`);
      return {};
    }
  };

  const offer = async (folder: vscode.WorkspaceFolder, op: InterruptedOperation): Promise<void> => {
    deps.channel.warn(`Plan ${op.plan_id}: an interrupted ${op.type}${op.target_checkpoint_id ? ` to ${op.target_checkpoint_id}` : ''} (started ${op.started_at} by process ${op.pid} on ${op.host}).`);
    const names = await namesOf(folder, op);
    const actions = op.type === 'cleanup' ? [FINISH, SHOW_LOG] : [FINISH, UNDO, SHOW_LOG];
    const choice = await showWarning(interruptedMessage(op, names, new Date()), ...actions);
    if (choice === SHOW_LOG) deps.channel.show(true);
    if (choice === FINISH || choice === UNDO) await recover(folder, op, choice === FINISH ? 'finish' : 'undo', names);
  };

  const recover = async (folder: vscode.WorkspaceFolder, op: InterruptedOperation, mode: RecoveryMode, names: InterruptedNames): Promise<void> => {
    if (!vscode.workspace.isTrusted) {
      void showWarning('Recovering writes files: trust this workspace first (Restricted Mode).');
      return;
    }
    try {
      const outcome = await withProgressTitled(vscode.ProgressLocation.Notification, `${mode === 'finish' ? 'Finishing' : 'Undoing'} the interrupted ${op.type}…`, async () =>
        (await deps.folders.services(folder)).recovery.recover(op.plan_id, mode),
      );
      deps.refresh();
      const kept = outcome.kept.length > 0 ? ` ${plural(outcome.kept.length, 'half-written path')} were moved to ${outcome.keptIn}.` : '';
      const left = outcome.left.length > 0 ? ` ${plural(outcome.left.length, 'path')} behind a symlinked folder were left as they are.` : '';
      void showInfo(`${recoveredMessage(op, names, mode === 'finish', new Date())}${kept}${left}`);
    } catch (error) {
      deps.reporter.report(error, `Recovering ${names.planTitle === undefined ? 'the plan' : `“${names.planTitle}”`}`);
    }
  };

  void check();
  const watcher = vscode.workspace.createFileSystemWatcher(`**/${DATA_DIR_NAME}/${OPERATIONS_DIR_NAME}/*.json`, false, true, true);
  // A record that appears is an operation under way; only one still there a moment later was left behind.
  const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)).then(check);
  const later = () => void after(5_000).then(() => after(60_000));
  return vscode.Disposable.from(watcher, watcher.onDidCreate(later), vscode.workspace.onDidChangeWorkspaceFolders(() => void check()));
}

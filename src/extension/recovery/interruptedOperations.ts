import * as vscode from 'vscode';
import { FileOperationJournal, OPERATIONS_DIR_NAME } from '../../adapters/files/fileOperationJournal';
import { DATA_DIR_NAME } from '../../adapters/files/nodeWorkspaceFiles';
import type { InterruptedOperation, RecoveryMode } from '../../core/interruptedOperation';
import type { FolderServices } from '../folderServices';
import type { ErrorReporter } from '../log';
import { showInfo, showWarning, withProgressTitled } from '../shownText';
import { plural } from '../../core/displayText';

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

  const offer = async (folder: vscode.WorkspaceFolder, op: InterruptedOperation): Promise<void> => {
    deps.channel.warn(`Plan ${op.plan_id}: an interrupted ${op.type} (started ${op.started_at} by process ${op.pid} on ${op.host}).`);
    const actions = op.type === 'cleanup' ? [FINISH, SHOW_LOG] : [FINISH, UNDO, SHOW_LOG];
    const choice = await showWarning(
      `Plan ${op.plan_id}: a ${describe(op)} was interrupted (process ${op.pid}, ${op.started_at}); its files may be half written, and the plan takes no writes until it is finished or undone.`,
      ...actions,
    );
    if (choice === SHOW_LOG) deps.channel.show(true);
    if (choice === FINISH || choice === UNDO) await recover(folder, op, choice === FINISH ? 'finish' : 'undo');
  };

  const recover = async (folder: vscode.WorkspaceFolder, op: InterruptedOperation, mode: RecoveryMode): Promise<void> => {
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
      void showInfo(`${mode === 'finish' ? 'Finished' : 'Undid'} the interrupted ${op.type} of plan ${op.plan_id}.${kept}${left}`);
    } catch (error) {
      deps.reporter.report(error, `Recovering plan ${op.plan_id}`);
    }
  };

  void check();
  const watcher = vscode.workspace.createFileSystemWatcher(`**/${DATA_DIR_NAME}/${OPERATIONS_DIR_NAME}/*.json`, false, true, true);
  // A record that appears is an operation under way; only one still there a moment later was left behind.
  const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)).then(check);
  const later = () => void after(5_000).then(() => after(60_000));
  return vscode.Disposable.from(watcher, watcher.onDidCreate(later), vscode.workspace.onDidChangeWorkspaceFolders(() => void check()));
}

function describe(op: InterruptedOperation): string {
  if (op.type === 'rollback') return `rollback to checkpoint ${op.target_checkpoint_id}`;
  return op.type === 'apply' ? 'apply into the workspace' : 'cleanup of the isolated sandbox';
}

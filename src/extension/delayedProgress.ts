import * as vscode from 'vscode';
import { TREE_VIEW_ID } from './commandIds';
import { sharedAcrossBundles } from '../core/sharedAcrossBundles';
import { shown, showInfo, withProgressTitled } from './shownText';
import type { RestoreControl, RestoreStep } from '../core/restoreService';
import { RestorePhases, writingLogLine } from './restoreProgressPhases';

/** After this long, work that shows its progress only in the view also gets a notification. */
const NOTIFY_AFTER_MS = 1000;

/**
 * Shows progress on the Checkpoints view (a bar over it, a badge on its activity-bar icon) and,
 * when the work takes longer than a moment (a first snapshot of a large folder), as a notification
 * with `title` too: most checkpoints take a tenth of a second and should not flash a toast.
 */
export async function withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
  const task = work();
  const settled = task.then(
    () => undefined,
    () => undefined,
  );
  await withProgressTitled({ viewId: TREE_VIEW_ID }, title, async () => {
    const first = await doneOrSlow(settled);
    if (first === 'slow') await withProgressTitled(vscode.ProgressLocation.Notification, title, () => settled);
  });
  return task;
}

/**
 * A rollback or a restore of paths with its counts ("12,000 of 20,000 files written") and a Cancel
 * that is there only while it can be honoured: before the first write it stops everything (nothing
 * is changed); once files are being written the notification has no Cancel, and the log says
 * that Undo Rollback takes the work back (see RestorePhases; the notification's line is kept short
 * enough to read whole). Like {@link withProgress}, the notification shows only when the work
 * takes more than a moment; the view's progress bar shows at once.
 */
export async function withRestoreProgress<T>(title: string, work: (control: RestoreControl) => Promise<T>, options: RestoreProgressOptions = {}): Promise<T> {
  const takenBack = options.takenBackBy ?? 'Undo Rollback';
  let loggedWriting = false;
  const phases = new RestorePhases({
    tooLate: () => void showInfo(`${title.replace(/…$/, '')}: files are being written, and stopping half-way would leave them mixed. It finishes; then ${takenBack} puts them back as they were.`),
  });
  const watcher = probed.probe;
  let heard = phases.message;
  watcher?.heard(title, heard);
  const control: RestoreControl = {
    progress: (step: RestoreStep) => {
      if (step.phase === 'writing' && !loggedWriting) {
        loggedWriting = true;
        options.log?.(writingLogLine(options.what ?? title.replace(/…$/, ''), step.total, takenBack));
        options.onFirstWrite?.();
      }
      phases.progress(step);
      if (phases.message === heard) return;
      heard = phases.message;
      watcher?.heard(title, heard);
    },
    cancelled: () => phases.cancelled || watcher?.cancel(title) === true,
    ...(options.operation ? { operation: options.operation } : {}),
  };
  const task = work(control);
  const settled = task.then(
    () => undefined,
    () => undefined,
  );
  await withProgressTitled({ viewId: TREE_VIEW_ID }, title, async () => {
    const first = await doneOrSlow(settled);
    if (first !== 'slow') return;
    await phases.show(settled, (cancellable, shownTask) =>
      Promise.resolve(
        withProgressTitled(
          vscode.ProgressLocation.Notification,
          title,
          (progress, token) =>
            shownTask(
              (m) => progress.report({ message: shown(m) }),
              (listener) => void token.onCancellationRequested(listener),
            ),
          cancellable,
        ),
      ),
    );
  });
  return task;
}

export interface RestoreProgressOptions {
  /** The command that takes the finished work back, named when it can no longer stop (default Undo Rollback). */
  readonly takenBackBy?: string;
  /** What a stop before the first write is called in its message ("Revert"); default Rollback or Restore. */
  readonly operation?: string;
  /** The work with the names the short title leaves out, for the log ("Rolling “Plan” back to “Checkpoint”"). */
  readonly what?: string;
  /** Where the details the notification has no room for go (the output channel). */
  readonly log?: (line: string) => void;
  /** Called once, as the first file is about to be written (the operation's record is on disk then). */
  readonly onFirstWrite?: () => void;
}

/**
 * Test mode only (the integration tests' seam): hears every progress message, and may answer
 * Cancel at the moment the notification's Cancel button is read, right before the first write.
 */
export interface RestoreProgressProbe {
  heard(title: string, message: string): void;
  cancel(title: string): boolean;
}

/** The probe set by the tests' seam at activation, heard by every bundle's copy of this module. */
const probed = sharedAcrossBundles('restoreProgressProbe', () => ({ probe: undefined as RestoreProgressProbe | undefined }));

export function probeRestoreProgress(watcher: RestoreProgressProbe): vscode.Disposable {
  probed.probe = watcher;
  return new vscode.Disposable(() => {
    if (probed.probe === watcher) probed.probe = undefined;
  });
}

/** Whether `settled` came before NOTIFY_AFTER_MS ('done') or not ('slow'): only slow work gets a notification. */
async function doneOrSlow(settled: Promise<void>): Promise<'done' | 'slow'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), NOTIFY_AFTER_MS)));
  const first = await Promise.race([settled.then(() => 'done' as const), slow]);
  clearTimeout(timer);
  return first;
}

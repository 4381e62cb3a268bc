import * as vscode from 'vscode';
import { TREE_VIEW_ID } from './commandIds';
import { shown, showInfo, withProgressTitled } from './shownText';
import type { RestoreControl, RestoreStep } from '../core/restoreService';
import { formatCount } from '../core/displayText';

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
 * that is honest about what it can do: before the first write it stops everything (nothing is
 * changed); once files are being written it cannot stop half-way, and says so (the work finishes,
 * and Undo Rollback takes it back). Like {@link withProgress}, the notification shows only when
 * the work takes more than a moment; the view's progress bar shows at once.
 */
export async function withRestoreProgress<T>(title: string, work: (control: RestoreControl) => Promise<T>, options: RestoreProgressOptions = {}): Promise<T> {
  const takenBack = options.takenBackBy ?? 'Undo Rollback';
  let message = stepMessage({ phase: 'safety' }, takenBack);
  let writing = false;
  let report: ((message: string) => void) | undefined;
  let cancelRequested = false;
  const watcher = probe;
  watcher?.heard(title, message);
  const control: RestoreControl = {
    progress: (step: RestoreStep) => {
      const next = stepMessage(step, takenBack);
      writing = step.phase === 'writing';
      if (next === message) return;
      message = next;
      report?.(message);
      watcher?.heard(title, message);
    },
    cancelled: () => cancelRequested || watcher?.cancel(title) === true,
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
    await withProgressTitled(
      vscode.ProgressLocation.Notification,
      title,
      (progress, token) => {
        report = (m) => progress.report({ message: shown(m) });
        report(message);
        token.onCancellationRequested(() => {
          cancelRequested = true;
          if (writing) void showInfo(`${title.replace(/…$/, '')}: files are being written, and stopping half-way would leave them mixed. It finishes; then ${takenBack} puts them back as they were.`);
        });
        return settled;
      },
      true,
    );
  });
  return task;
}

export interface RestoreProgressOptions {
  /** The command that takes the finished work back, named when it can no longer stop (default Undo Rollback). */
  readonly takenBackBy?: string;
  /** What a stop before the first write is called in its message ("Revert"); default Rollback or Restore. */
  readonly operation?: string;
}

/**
 * Test mode only (the integration tests' seam): hears every progress message, and may answer
 * Cancel at the moment the notification's Cancel button is read, right before the first write.
 */
export interface RestoreProgressProbe {
  heard(title: string, message: string): void;
  cancel(title: string): boolean;
}

let probe: RestoreProgressProbe | undefined;

export function probeRestoreProgress(watcher: RestoreProgressProbe): vscode.Disposable {
  probe = watcher;
  return new vscode.Disposable(() => {
    if (probe === watcher) probe = undefined;
  });
}

function stepMessage(step: RestoreStep, takenBack: string): string {
  if (step.phase === 'safety') return 'saving the files as they are first (Cancel stops here, changing nothing)';
  return `${formatCount(step.written)} of ${formatCount(step.total)} file${step.total === 1 ? '' : 's'} written (it can no longer stop half-way; ${takenBack} takes it back)`;
}

/** Whether `settled` came before NOTIFY_AFTER_MS ('done') or not ('slow'): only slow work gets a notification. */
async function doneOrSlow(settled: Promise<void>): Promise<'done' | 'slow'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), NOTIFY_AFTER_MS)));
  const first = await Promise.race([settled.then(() => 'done' as const), slow]);
  clearTimeout(timer);
  return first;
}

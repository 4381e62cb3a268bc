import * as vscode from 'vscode';
import { TREE_VIEW_ID } from './commandIds';
import { shown, showInfo, withProgressTitled } from './shownText';
import type { RestoreControl, RestoreStep } from '../core/checkpointService';

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
export async function withRestoreProgress<T>(title: string, work: (control: RestoreControl) => Promise<T>): Promise<T> {
  let message = 'saving the files as they are first (Cancel stops here, changing nothing)';
  let writing = false;
  let report: ((message: string) => void) | undefined;
  let cancelRequested = false;
  const control: RestoreControl = {
    progress: (step: RestoreStep) => {
      message = stepMessage(step);
      writing = step.phase === 'writing';
      report?.(message);
    },
    cancelled: () => cancelRequested,
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
          if (writing) void showInfo(`${title.replace(/…$/, '')}: files are being written, and stopping half-way would leave them mixed. It finishes; then Undo Rollback puts them back as they were.`);
        });
        return settled;
      },
      true,
    );
  });
  return task;
}

function stepMessage(step: RestoreStep): string {
  if (step.phase === 'safety') return 'saving the files as they are first (Cancel stops here, changing nothing)';
  const of = (n: number) => n.toLocaleString('en-US');
  return `${of(step.written)} of ${of(step.total)} file${step.total === 1 ? '' : 's'} written (it can no longer stop half-way; Undo Rollback takes it back)`;
}

/** Whether `settled` came before NOTIFY_AFTER_MS ('done') or not ('slow'): only slow work gets a notification. */
async function doneOrSlow(settled: Promise<void>): Promise<'done' | 'slow'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), NOTIFY_AFTER_MS)));
  const first = await Promise.race([settled.then(() => 'done' as const), slow]);
  clearTimeout(timer);
  return first;
}

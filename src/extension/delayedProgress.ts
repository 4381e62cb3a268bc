import * as vscode from 'vscode';
import { TREE_VIEW_ID } from './commandIds';
import { withProgressTitled } from './shownText';

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), NOTIFY_AFTER_MS)));
    const first = await Promise.race([settled.then(() => 'done' as const), slow]);
    clearTimeout(timer);
    if (first === 'slow') await withProgressTitled(vscode.ProgressLocation.Notification, title, () => settled);
  });
  return task;
}

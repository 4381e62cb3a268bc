// What the plan lifecycle's dialogs and messages say. No `vscode` import: plain functions.
import type { Checkpoint } from '../../core/checkpoint';
import { formatBytes } from '../../core/formatBytes';
import { plural } from '../../core/displayText';
import type { Plan, PlanState } from '../../core/plan';
import type { LifecycleAction } from '../../core/planLifecycle';
import type { PathChange } from '../../core/rollbackResult';
import { LISTED_PATHS, countsSentence, listPaths, type ConfirmationText } from '../rollback/rollbackText';
import { formatRelativeTime } from '../tree/treePresentation';


/** The button of each modal, and the verb of its progress. */
export const MARK_APPLIED = 'Mark Applied';
export const APPLY = 'Apply';
export const DELETE_PLAN = 'Delete Plan';

const STATE_WORDS: Record<PlanState, string> = {
  draft: 'a draft',
  executing: 'executing',
  completed: 'completed',
  failed: 'failed',
  applied: 'applied',
  cancelled: 'cancelled',
};

/** The status-bar message after a state change: "“Fix parser” is now executing (was a draft)". */
export function stateChangedStatus(plan: Plan, before: PlanState): string {
  return `“${plan.title}” is now ${STATE_WORDS[plan.state]} (was ${STATE_WORDS[before]})`;
}

/** What each action's progress says. */
export function actionProgress(action: LifecycleAction, title: string): string {
  const verb = { start: 'Starting', complete: 'Completing', fail: 'Marking failed', cancel: 'Cancelling' }[action];
  return `${verb} “${title}”…`;
}

/** Mark Applied: an in-place plan's work is already in the folder; nothing is written. */
export function markAppliedConfirmation(plan: Plan, checkpoints: number): ConfirmationText {
  return {
    message: `Mark “${plan.title}” applied?`,
    detail: [
      `The plan works in place, in ${plan.sandbox_path === '.' ? 'the whole workspace folder' : plan.sandbox_path}: its changes are already there, and no file is changed now.`,
      `Applied is final: the plan can no longer be rolled back, checkpointed or started again. Its ${plural(checkpoints, 'checkpoint')} ${checkpoints === 1 ? 'stays' : 'stay'} for the record.`,
    ],
  };
}

/** Apply: an isolated sandbox's changes come into the workspace. */
export function applyConfirmation(plan: Plan, changes: readonly PathChange[]): ConfirmationText {
  if (changes.length === 0) {
    return {
      message: `Apply “${plan.title}”?`,
      detail: ['Its isolated sandbox made no change: no file of the workspace changes.', 'Applied is final: the plan can no longer be rolled back, checkpointed or started again.'],
    };
  }
  const will: Record<PathChange['change'], string> = { added: 'add', modified: 'write', deleted: 'delete' };
  return {
    message: `Apply “${plan.title}” to the workspace?`,
    detail: [
      countsSentence(changes),
      '',
      ...listPaths(changes, LISTED_PATHS, will),
      '',
      'Applied is final: the plan can no longer be rolled back, checkpointed or started again.',
    ],
  };
}

/** Delete Plan: says everything that goes, and what stays. */
export function deleteConfirmation(plan: Plan, checkpoints: readonly Checkpoint[], now: Date, sandboxFiles?: number): ConfirmationText {
  const bytes = checkpoints.reduce((sum, c) => sum + c.size_bytes, 0);
  const lines = [
    checkpoints.length === 0
      ? 'It has no checkpoints.'
      : `Its ${plural(checkpoints.length, 'checkpoint')} (the newest ${formatRelativeTime(checkpoints.at(-1)!.created_at, now)}) and their snapshots, ${formatBytes(bytes)} of captured files.`,
    'Its history of states.',
  ];
  if (plan.sandbox_kind === 'isolated') {
    lines.push(`Its isolated copy of the workspace${sandboxFiles === undefined ? '' : ` (${plural(sandboxFiles, 'file')})`}, with any change never applied.`);
  } else {
    lines.push(`The files in its sandbox (${plan.sandbox_path === '.' ? 'the whole workspace folder' : plan.sandbox_path}) stay as they are.`);
  }
  lines.push('', 'This cannot be undone.');
  return { message: `Delete the plan “${plan.title}” (${plan.state})?`, detail: lines };
}

export function deletedStatus(plan: Plan, checkpoints: number): string {
  return `Plan “${plan.title}” deleted with ${plural(checkpoints, 'checkpoint')}`;
}

// What the rollback dialogs say. No `vscode` import: plain functions, unit-tested in plain Node.
import { CONFLICT_REASONS, type AgentOnlyPreview } from '../../core/agentOnlyRollback';
import type { PathChange } from '../../core/rollbackResult';
import { countChanges } from '../../core/rollbackResult';
import { formatCount, naturalCompare, plural } from '../../core/displayText';
import { undoneWorkHeading, undoneWorkLines, type UndoneWork } from '../../core/undoneWork';

/** How many paths a dialog lists before "and N more". */
export const LISTED_PATHS = 10;

/** "1 file will be added, 2 modified and 0 deleted." */
export function countsSentence(changes: readonly PathChange[]): string {
  const c = countChanges(changes);
  return `${plural(c.added, 'file')} will be added, ${formatCount(c.modified)} modified and ${formatCount(c.deleted)} deleted.`;
}

const WILL: Record<PathChange['change'], string> = { added: 'add', modified: 'restore', deleted: 'delete' };

/** Whose later work this also undoes, one owner a line after a heading, then a blank line; nothing when nobody's. */
export function undoneWorkBlock(undone: readonly UndoneWork[] | undefined): string[] {
  return undone && undone.length > 0 ? [undoneWorkHeading(undone), ...undoneWorkLines(undone).map((l) => `• ${l}`), ''] : [];
}

/** The first paths, one a line, each with what the rollback (or `will`'s operation) does to it; then "and N more". */
export function listPaths(changes: readonly PathChange[], shown = LISTED_PATHS, will: Record<PathChange['change'], string> = WILL): string[] {
  // in the panel's order (file2 before file10), not git's
  const first = [...changes].sort((a, b) => naturalCompare(a.path, b.path)).slice(0, shown);
  const lines = first.map((c) => `${will[c.change].padEnd(7)}  ${c.path}`);
  if (changes.length > shown) lines.push(`and ${formatCount(changes.length - shown)} more`);
  return lines;
}

/**
 * A modal's text: `message` is one line, and each entry of `detail` one line of its own (the
 * dialog escapes every entry, so a path holding a line break stays on its line).
 */
export interface ConfirmationText {
  readonly message: string;
  readonly detail: readonly string[];
}

/** The modal asking before a rollback (`undo`: before restoring the safety checkpoint of one). */
export function rollbackConfirmation(o: {
  readonly planTitle: string;
  readonly checkpointLabel: string;
  /** When the checkpoint was taken, as people read it ("5 min ago"): dialogs name checkpoints, they show no ids. */
  readonly checkpointTaken: string;
  readonly changes: readonly PathChange[];
  readonly undo: boolean;
  /** Other plans' and decisions' later work on these files that the rollback undoes. */
  readonly undone?: readonly UndoneWork[];
}): ConfirmationText {
  const message = o.undo
    ? `Undo the rollback of “${o.planTitle}”?`
    : `Roll back “${o.planTitle}” to “${o.checkpointLabel}”?`;
  const target = o.undo ? `what it was before the rollback (saved ${o.checkpointTaken})` : `“${o.checkpointLabel}” (taken ${o.checkpointTaken})`;
  // The counts are computed and come first, apart from the list: a name cannot stand in for them.
  const detail = [
    countsSentence(o.changes),
    '',
    ...undoneWorkBlock(o.undone),
    ...listPaths(o.changes),
    '',
    `The files it works on become exactly ${target}; files ignored by .gitignore are left alone. A safety checkpoint of the current files is taken first, so this can be undone.`,
  ];
  return { message, detail };
}

/** The modal asking before an agent-only rollback ("Undo Agent Changes Since Here (Keep Mine)"). */
export function agentOnlyConfirmation(o: { readonly planTitle: string; readonly checkpointLabel: string; readonly checkpointTaken: string; readonly preview: AgentOnlyPreview }): ConfirmationText {
  const { changes, summary } = o.preview;
  const merged = new Set(changes.map((c) => c.path));
  const message = `Undo the agent’s changes to “${o.planTitle}” since “${o.checkpointLabel}”, keeping yours?`;
  const counts = `${plural(changes.length, 'path')} of the agent’s changes (${plural(summary.tool_calls, 'tool call')}) will be undone; ${plural(summary.kept.length, 'path')} you (or another program) changed will be kept.`;
  const detail: string[] = [counts];
  if (summary.conflicts.length > 0) {
    detail.push('', `${plural(summary.conflicts.length, 'conflict')}: nothing will be written while the agent and you both changed these:`);
    detail.push(...summary.conflicts.slice(0, LISTED_PATHS).map((c) => `${c.path}: ${CONFLICT_REASONS[c.reason]}`));
    if (summary.conflicts.length > LISTED_PATHS) detail.push(`and ${formatCount(summary.conflicts.length - LISTED_PATHS)} more`);
  }
  if (changes.length > 0) detail.push('', 'Undone:', ...listPaths(changes));
  if (summary.kept.length > 0) {
    detail.push('', 'Kept:', ...summary.kept.slice(0, LISTED_PATHS).map((p) => `keep     ${p}${merged.has(p) ? ' (merged: only the agent’s lines go)' : ''}`));
    if (summary.kept.length > LISTED_PATHS) detail.push(`and ${formatCount(summary.kept.length - LISTED_PATHS)} more`);
  }
  if (summary.unclosed.length > 0) detail.push('', `${plural(summary.unclosed.length, 'tool call')} had no post_step (a crash or a missed hook): counted as the agent’s up to the next checkpoint.`);
  detail.push('', `Taken from “${o.checkpointLabel}” (taken ${o.checkpointTaken}) onwards. A safety checkpoint of the current files is taken first, so this can be undone (Undo Rollback).`);
  return { message, detail };
}

/** Restoring chosen paths from a checkpoint ("Restore this file"). */
export function restoreConfirmation(planTitle: string, checkpointLabel: string, changes: readonly PathChange[]): ConfirmationText {
  const message = changes.length === 1 ? `Restore “${changes[0]!.path}” of “${planTitle}” from “${checkpointLabel}”?` : `Restore ${plural(changes.length, 'path')} of “${planTitle}” from “${checkpointLabel}”?`;
  return {
    message,
    detail: [countsSentence(changes), '', ...listPaths(changes), '', 'Only these paths change; the other files stay as they are. A safety checkpoint is taken first, so this can be undone (Undo Rollback).'],
  };
}

/** Unsaved editors on paths the rollback is about to change. */
export function unsavedEditorsQuestion(paths: readonly string[]): ConfirmationText {
  const listed = paths.slice(0, LISTED_PATHS);
  return {
    message: `${plural(paths.length, 'file')} the rollback changes ${paths.length === 1 ? 'has' : 'have'} unsaved changes.`,
    detail: [
      ...listed,
      ...(paths.length > listed.length ? [`and ${formatCount(paths.length - listed.length)} more`] : []),
      '',
      'Save them first: the rollback then restores the checkpoint over the saved files, and its safety checkpoint keeps your edits (Undo Rollback brings them back). ' +
        'Or discard the unsaved changes. Nothing has been touched yet.',
    ],
  };
}

/** For callers that cannot be asked (the API without confirmation). */
/** `action`: what was refused, in lower case (`rollback`, `restore`, `correction`, `undo`). */
export function unsavedEditorsError(paths: readonly string[], action = 'rollback'): string {
  const shown = paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${formatCount(paths.length - 5)} more` : '');
  return `${action[0]!.toUpperCase()}${action.slice(1)} blocked: ${plural(paths.length, 'file')} the ${action} would change ${paths.length === 1 ? 'has' : 'have'} unsaved changes in an editor: ${shown}. Save or revert ${paths.length === 1 ? 'it' : 'them'} first.`;
}

export function nothingToRollBack(planTitle: string, checkpointLabel: string): string {
  return `Nothing to roll back: the files of “${planTitle}” already match “${checkpointLabel}”.`;
}

export function firstCheckpointMessage(checkpointLabel: string): string {
  return `“${checkpointLabel}” is the plan's first checkpoint: there is no earlier one to compare it with. Use Compare with Current instead.`;
}

/** The status-bar message after a rollback. */
export function rolledBackStatus(changes: number, seconds: number, undo: boolean): string {
  return `${undo ? 'Rollback undone' : 'Rolled back'}: ${plural(changes, 'file')} in ${seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`}`;
}

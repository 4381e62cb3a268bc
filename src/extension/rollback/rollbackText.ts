// What the rollback dialogs say. No `vscode` import: plain functions, unit-tested in plain Node.
import { CONFLICT_REASONS, type AgentOnlyPreview } from '../../core/agentOnlyRollback';
import type { PathChange } from '../../core/rollbackResult';
import { countChanges } from '../../core/rollbackResult';
import { formatCount, naturalCompare, plural } from '../../core/displayText';
import { undoneWorkHeading, undoneWorkLines, type UndoneWork } from '../../core/undoneWork';
import { SCOPE_WORDS } from '../../core/agentOnlyScope';
import { KEPT_REASON_LABELS, keptCounts } from '../../core/authorshipText';

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
    ...(takesOthersWork(o.undone) && !o.undo ? [KEEP_MINE_HINT, ''] : []),
    ...listPaths(o.changes),
    '',
    `The files it works on become exactly ${target}; files ignored by .gitignore are left alone. A safety checkpoint of the current files is taken first, so this can be undone.`,
  ];
  return { message, detail };
}

/** The modal asking before an agent-only rollback ("Undo Agent Changes Since Here (Keep Mine)"). */
export function agentOnlyConfirmation(o: { readonly planTitle: string; readonly checkpointLabel: string; readonly checkpointTaken: string; readonly preview: AgentOnlyPreview }): ConfirmationText {
  const { changes, summary } = o.preview;
  const whose = summary.scope === 'session' ? 'the agent’s changes' : `the agent’s changes in ${SCOPE_WORDS[summary.scope]}`;
  const message = `Undo ${whose} to “${o.planTitle}” since “${o.checkpointLabel}”, keeping yours?`;
  const counts = `${plural(changes.length, 'path')} of the agent’s changes (${plural(summary.tool_calls, 'tool call')}) will be undone; ${plural(summary.kept.length, 'path')} that ${summary.kept.length === 1 ? 'is' : 'are'} not the agent’s will be kept${summary.kept.length > 0 ? ` (${keptCounts(summary.kept_reasons)})` : ''}.`;
  const detail: string[] = [counts];
  if (summary.conflicts.length > 0) {
    detail.push('', `${plural(summary.conflicts.length, 'conflict')}: nothing will be written while the agent and someone else both changed these:`);
    detail.push(...summary.conflicts.slice(0, LISTED_PATHS).map((c) => `${c.path}: ${CONFLICT_REASONS[c.reason]}`));
    if (summary.conflicts.length > LISTED_PATHS) detail.push(`and ${formatCount(summary.conflicts.length - LISTED_PATHS)} more`);
  }
  if (changes.length > 0) detail.push('', 'Undone:', ...listPaths(changes));
  if (summary.conflict_markers.length > 0) {
    detail.push('', 'Written with conflict markers (the agent and someone else changed the same lines; edit each to settle it):', ...summary.conflict_markers.slice(0, LISTED_PATHS).map((p) => `markers  ${p}`));
    if (summary.conflict_markers.length > LISTED_PATHS) detail.push(`and ${formatCount(summary.conflict_markers.length - LISTED_PATHS)} more`);
  }
  if (summary.merged.length > 0) {
    detail.push('', 'Merged (only the agent’s lines go, the rest stays):', ...summary.merged.slice(0, LISTED_PATHS).map((p) => `merge    ${p}`));
    if (summary.merged.length > LISTED_PATHS) detail.push(`and ${formatCount(summary.merged.length - LISTED_PATHS)} more`);
  }
  if (summary.kept_reasons.length > 0) {
    detail.push('', 'Kept:', ...summary.kept_reasons.slice(0, LISTED_PATHS).map((k) => `keep     ${k.path} (${KEPT_REASON_LABELS[k.reason]})`));
    if (summary.kept_reasons.length > LISTED_PATHS) detail.push(`and ${formatCount(summary.kept_reasons.length - LISTED_PATHS)} more`);
  }
  if (summary.unclosed.length > 0) detail.push('', `${plural(summary.unclosed.length, 'tool call')} had no post_step (a crash or a missed hook): whose changes they hold is unknown, so they are kept.`);
  detail.push('', `Taken from “${o.checkpointLabel}” (taken ${o.checkpointTaken}) onwards. A safety checkpoint of the current files is taken first, so this can be undone (Undo Rollback).`);
  return { message, detail };
}

/** Whether a full rollback would take edits made outside tool calls or another session's work: then Keep Mine is offered beside it. */
export function takesOthersWork(undone: readonly UndoneWork[] | undefined): boolean {
  return (undone ?? []).some((u) => u.kind === 'outside_tool_calls' || u.kind === 'plan');
}

/** The line under a rollback's list when it takes others' work: what Keep Mine would do instead. */
export const KEEP_MINE_HINT = 'Keep Mine undoes only the agent’s tool calls since then and keeps these edits and other sessions’ work.';

/** The modal when Keep Mine cannot take the agent's changes out alone: the ways on. */
export function agentOnlyConflictQuestion(planTitle: string, checkpointLabel: string, preview: AgentOnlyPreview): ConfirmationText {
  const { conflicts } = preview.summary;
  return {
    message: `The agent’s changes to “${planTitle}” since “${checkpointLabel}” cannot be undone alone: ${plural(conflicts.length, 'path')} ${conflicts.length === 1 ? 'was' : 'were'} changed both by the agent and by someone else.`,
    detail: [
      ...conflicts.slice(0, LISTED_PATHS).map((c) => `${c.path}: ${CONFLICT_REASONS[c.reason]}`),
      ...(conflicts.length > LISTED_PATHS ? [`and ${formatCount(conflicts.length - LISTED_PATHS)} more`] : []),
      '',
      `Nothing has been written. Preview the full rollback, roll back fully (everything since then, yours too, with an undo), or restore only the paths you choose${
        takesMarkers(preview) ? '; or write these files with conflict markers around both versions, to settle by editing them' : ''
      }.`,
    ],
  };
}

/** Whether every conflict is one of lines, which conflict markers can settle (a binary file, a deletion against an edit cannot take them). */
export function takesMarkers(preview: AgentOnlyPreview): boolean {
  const { conflicts } = preview.summary;
  return conflicts.length > 0 && conflicts.every((c) => c.reason === 'lines');
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

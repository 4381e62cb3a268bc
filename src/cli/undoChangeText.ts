import type { AgentOnlyPreview } from '../core/agentOnlyRollback';
import { escapeUnsafe as v, plural } from '../core/displayText';
import type { LineHunk, LineRange } from '../core/lineHunks';
import type { RollbackOutcome } from '../core/rollbackResult';
import type { ToolCallChange } from '../core/toolCallChange';
import { agentOnlyLines, markersFinishLines } from './textOutput';

// `plan rollback --agent-only --path P [--hunk N]` (Undo This Change) in words: which tool call's
// change to which file, its hunks (so that one can be chosen), and what the merge keeps.

function lines(r: LineRange): string {
  if (r.count === 0) return `none (before line ${r.start})`;
  return r.count === 1 ? `line ${r.start}` : `lines ${r.start}–${r.start + r.count - 1}`;
}

/** The hunks of the call's change to the file, the one taken back marked with `*`. */
export function hunkLines(hunks: readonly LineHunk[], chosen: number | null): string[] {
  return hunks.map((h) => `  ${h.index === chosen ? '*' : ' '} ${String(h.index).padStart(3)}  ${lines(h.before)} → ${lines(h.after)}`);
}

function what(change: ToolCallChange): string {
  return `${change.hunk === null ? 'the change' : `hunk ${change.hunk} of the change`} of tool call ${v(change.tool_call_checkpoint_id)} to ${v(change.path)}`;
}

export function renderUndoChangePreview(planId: string, preview: AgentOnlyPreview, all = false): string {
  const { changes, summary } = preview;
  const change = summary.change!;
  const head =
    summary.conflicts.length > 0
      ? [`Taking back ${what(change)} in plan ${v(planId)} is refused:`]
      : changes.length === 0
        ? [`Taking back ${what(change)} in plan ${v(planId)} changes no file: the file already holds what it held before.`]
        : [`Taking back ${what(change)} in plan ${v(planId)} changes ${v(change.path)}; every other line stays as it is now.`];
  const hunks =
    change.hunks.length === 0
      ? [`The tool call's change to ${v(change.path)} has no hunks to choose from (created, deleted, binary or a link).`]
      : [`Hunks of the tool call's change (before → after the call; --hunk N takes back one):`, ...hunkLines(change.hunks, change.hunk)];
  return [...head, ...hunks, ...agentOnlyLines(summary, all), ...(summary.conflicts.length > 0 ? [] : ['A safety checkpoint of the current files is taken first, so the change can be undone.'])].join('\n');
}

export function renderUndoChange(outcome: RollbackOutcome, all = false): string {
  const summary = outcome.agent_only!;
  const change = summary.change!;
  return [
    `Took back ${what(change)} in plan ${v(outcome.plan_id)}: ${plural(outcome.result.restored_files_count, 'path')} written in ${outcome.elapsed_seconds.toFixed(2)} s.`,
    ...agentOnlyLines(summary, all),
    ...markersFinishLines(summary),
    `Undo with: agents plan rollback ${v(outcome.plan_id)} ${v(outcome.undo_checkpoint_id)}`,
  ].join('\n');
}

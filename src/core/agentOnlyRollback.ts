import { OPEN_FENCE_EXTRA } from './openFences';
import { formatCount, plural } from './displayText';
import { AUTOMATIC_SOURCE_TOOL, type Checkpoint } from './checkpoint';
import { BusinessRuleViolation } from './errors';
import { isLateCheckpoint } from './lateCheckpoints';
import type { AgentOnlyScope } from './agentOnlyScope';
import type { AuthorshipRecord, ToolCallAuthor } from './authorship';
import { keptAndMerged, type KeptPath } from './authorshipQueries';
import type { PathChange } from './pathChange';
import { CONFLICT_REASONS, type AgentOnlyConflict } from './toolCallReverts';

export { CONFLICT_REASONS, type AgentOnlyConflict, type ConflictReason, type RevertedToolCalls, type ToolCallRefs } from './toolCallReverts';
import type { ToolCallChange } from './toolCallChange';

// An agent-only rollback ("undo the agent, keep mine"): of everything that changed since a
// checkpoint, only what changed inside the agent's tool calls is taken back. A tool call is fenced
// by its `pre_write` and its `post_step`; what changed between one tool call's `post_step` and the
// next one's `pre_write` came from someone else (the user, a formatter, another program) and stays.

/** One stretch between two checkpoints (or the last one and the files now) after the checkpoint rolled back to. */
export interface CheckpointSpan {
  readonly from: Checkpoint;
  /** The checkpoint that ends it; undefined: the sandbox as it is now. */
  readonly to: Checkpoint | undefined;
  /** Inside a tool call of the agent: its changes are reverted. Otherwise someone else's: kept. */
  readonly agent: boolean;
  /** A tool call whose `post_step` never came (a crash, a missed hook): taken as the agent's up to `to`. */
  readonly unclosed: boolean;
  /**
   * After the `post_step` of a command the agent left running (`extra.background` "1": Claude
   * Code's `run_in_background`): what the command wrote after its launch lands here, so the stretch
   * up to the next checkpoint is taken as the agent's, never the user's.
   */
  readonly background?: true;
}

function fencesToolCall(c: Checkpoint, type: 'pre_write' | 'post_step'): boolean {
  return c.checkpoint_type === type && c.metadata.source_tool !== AUTOMATIC_SOURCE_TOOL && !isLateCheckpoint(c);
}

/**
 * The stretches after `checkpoints[from]` (a plan's checkpoints, oldest first), each marked as the
 * agent's or someone else's:
 * - from a `pre_write` to the next checkpoint: the agent's (unclosed when that is not a `post_step`,
 *   or when there is none: then up to the files as they are now);
 * - from any other checkpoint to a `post_step`: the agent's too, a tool call whose `pre_write` was
 *   skipped because nothing had changed since that checkpoint (the agent hooks skip it then);
 * - from the `post_step` of a command left running in the background: the agent's (see `background`);
 * - up to a checkpoint that records a call still open (its `pre_write` skipped, no `post_step` of its
 *   own: `extra.open_fence`): the agent's, unclosed, as from a `pre_write`;
 * - anything else (from a `post_step` or a manual checkpoint to a `pre_write` or a manual one, or
 *   to the files now): someone else's.
 * A late checkpoint (core/lateCheckpoints.ts) is no boundary: after `from`, the stretches pass over
 * it (its files were read at a moment no hook fenced), and as `from` it opens no tool call.
 */
export function checkpointSpans(checkpoints: readonly Checkpoint[], from: number): CheckpointSpan[] {
  const spans: CheckpointSpan[] = [];
  const after = checkpoints.slice(from + 1).filter((c) => !isLateCheckpoint(c));
  const list = from < checkpoints.length ? [checkpoints[from]!, ...after] : [];
  for (let i = 0; i < list.length; i++) {
    const start = list[i]!;
    const end = list[i + 1];
    const opened = fencesToolCall(start, 'pre_write');
    const closed = end !== undefined && fencesToolCall(end, 'post_step');
    const extra: Readonly<Record<string, unknown>> | undefined = start.metadata.extra;
    const background = fencesToolCall(start, 'post_step') && extra?.background === '1';
    // A call whose pre_write was skipped ran here and never closed (its end records it: core/openFences.ts).
    const openCall = end !== undefined && typeof end.metadata.extra?.[OPEN_FENCE_EXTRA] === 'string';
    spans.push({ from: start, to: end, agent: opened || closed || background || openCall, unclosed: (opened && !closed) || openCall, ...(background ? { background: true as const } : {}) });
  }
  return spans;
}

/**
 * What a Keep Mine does with a path whose lines both sides changed: refuse it (the default), or
 * write it with conflict markers for a person to settle. Other conflicts are always refused: no
 * marker can be put into a binary file, or between a deletion and an edit.
 */
export const CONFLICT_POLICIES = ['refuse', 'markers'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];

/** The labels of the two sides of written conflict markers: people read them in the file. */
export const MARKER_LABELS = {
  current: 'current (yours and later calls)',
  base: "the agent's change",
  /** `calls`: the short ids of the tool calls taken out (several when they ran in a row). */
  without: (calls: readonly string[]): string => `without the agent's change (tool call${calls.length === 1 ? '' : 's'} ${calls.join(', ')})`,
} as const;

/** A pre_write whose post_step never came. */
export interface UnclosedToolCall {
  /** The call's pre_write; when that was skipped (`pre_write_skipped`), the checkpoint before the call. */
  readonly pre_write_checkpoint_id: string;
  /** The hooks skipped its pre_write (nothing had changed): its open fence told that it ran (core/openFences.ts). */
  readonly pre_write_skipped: boolean;
  /** The checkpoint its changes are counted up to; null: the files as they are now. */
  readonly until_checkpoint_id: string | null;
}

/** What an agent-only rollback does (or would do), beside the paths it writes. */
export interface AgentOnlySummary {
  readonly mode: 'agent_only';
  /** Whose tool calls are taken out: the session's since the checkpoint, one prompt's, one tool call, one subagent's. */
  readonly scope: AgentOnlyScope;
  /** How many tool calls (spans inside the agent's fences) are reverted. */
  readonly tool_calls: number;
  /** Paths changed since the checkpoint by someone else and not written: left as they are (sorted). Never a path written. */
  readonly kept: string[];
  /** Each kept path with whose change it holds (the same order as `kept`). */
  readonly kept_reasons: KeptPath[];
  /** Paths written whose changes by someone else stay in them: only the agent's are taken out (sorted). */
  readonly merged: string[];
  /** Paths both changed: while there are any, nothing is written (sorted by path). */
  readonly conflicts: AgentOnlyConflict[];
  /** Paths written with conflict markers (asked for with the `markers` policy), sorted: a person settles them. Never in `merged`. */
  readonly conflict_markers: string[];
  readonly unclosed: UnclosedToolCall[];
  /** Undo This Change: the one file (and hunk) of the tool call taken back; absent: all its changes. */
  readonly change?: ToolCallChange;
}

/** What an agent-only rollback would change, without changing anything. */
export interface AgentOnlyPreview {
  /** The paths it writes (the agent's changes taken out), sorted. Empty while there are conflicts. */
  readonly changes: PathChange[];
  readonly summary: AgentOnlySummary;
  /**
   * The snapshot (a commit of the store, pinned by nothing) of the files as the rollback would
   * leave them: what a preview's diffs compare the files now with. Absent while there are conflicts.
   */
  readonly target?: string;
}

export function conflictText(c: AgentOnlyConflict): string {
  return `${c.path} (${CONFLICT_REASONS[c.reason]})`;
}

/** An agent-only rollback refused: paths both changed; nothing was written. */
export class AgentOnlyConflictError extends BusinessRuleViolation {
  constructor(readonly conflicts: readonly AgentOnlyConflict[]) {
    super(
      `Rollback blocked: ${plural(conflicts.length, 'path')} ${conflicts.length === 1 ? 'was' : 'were'} changed both by the agent and by someone else, so the agent's changes cannot be taken out of them alone; nothing was written: ` +
        conflicts.slice(0, 10).map(conflictText).join('; ') +
        (conflicts.length > 10 ? `; and ${formatCount(conflicts.length - 10)} more` : '') +
        '. Roll back fully, or restore chosen paths, instead.',
    );
  }
}

/** The summary of an agent-only rollback from the authorship record, which tool calls it takes out, the paths it writes, and the conflicts. */
export function agentOnlySummary(
  record: AuthorshipRecord,
  scope: AgentOnlyScope,
  takenOut: (call: ToolCallAuthor) => boolean,
  written: Iterable<string>,
  conflicts: readonly AgentOnlyConflict[],
  marked: readonly string[] = [],
): AgentOnlySummary {
  const { kept, merged } = keptAndMerged(record, takenOut, new Set(written), new Set([...conflicts.map((c) => c.path), ...marked]));
  return {
    mode: 'agent_only',
    scope,
    tool_calls: record.stretches.filter((s) => s.author.kind === 'tool_call' && takenOut(s.author)).length,
    kept: kept.map((k) => k.path),
    kept_reasons: kept,
    // A marked path is neither kept nor merged: it is listed on its own.
    merged,
    conflicts: [...conflicts].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    unclosed: record.stretches
      .filter((s) => s.author.kind === 'unknown' && s.author.reason === 'unclosed')
      .map((s) => ({ pre_write_checkpoint_id: s.from.checkpoint_id, pre_write_skipped: !fencesToolCall(s.from, 'pre_write'), until_checkpoint_id: s.to?.checkpoint_id ?? null })),
    conflict_markers: [...marked].sort(),
  };
}

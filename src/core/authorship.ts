import { AUTOMATIC_SOURCE_TOOL, type Checkpoint } from './checkpoint';
import { hookAgentOf, isPromptCheckpoint } from './hookCheckpoints';
import { OPEN_FENCE_EXTRA } from './openFences';
import type { Plan } from './plan';
import { pathInOtherSandbox, sandboxesOverlap } from './sandboxOverlap';

// Who made each change to a path since a checkpoint: the one record that Keep Mine, the restore
// confirmations (`undoes_work_of`), the previews and the CLI read. It is worked out from the fences
// every change already has: a tool call is fenced by its `pre_write` and `post_step`; a rollback,
// an undo or a correction by the safety checkpoint it takes first. Nothing is guessed: where a fence
// is missing (a `pre_write` without its `post_step`, a checkpoint taken late) the change is unknown.

/** Why a change has no author the fences can name. */
export type UnknownReason =
  /** A `pre_write` whose `post_step` never came (a failed tool, a missed hook), taken or skipped: its stretch holds the tool call and whatever came after. */
  | 'unclosed'
  /** A `pre_write` and the next `post_step` name different tool calls: the fence between them was missed. */
  | 'unpaired'
  /** A checkpoint marked as taken late (after the hook's answer): it fences nothing. */
  | 'late'
  /** A plan no hook or agent fences (manual checkpoints only): whose each change was cannot be told. */
  | 'unfenced'
  /** A rollback whose result can no longer be read from the store. */
  | 'unreadable';

/** A tool call of the plan the record is about. */
export interface ToolCallAuthor {
  readonly kind: 'tool_call';
  readonly plan_id: string;
  /** The `post_step` that recorded it. */
  readonly checkpoint_id: string;
  /** Its `pre_write`; null when the hooks skipped it (nothing had changed since the checkpoint before). */
  readonly pre_write_checkpoint_id: string | null;
  readonly source_tool: string | null;
  readonly agent: string | null;
  readonly tool_use_id: string | null;
  /** The subagent that made the call, as the hooks recorded it (`agent_id`); null: the session's main agent. */
  readonly subagent: string | null;
  /** The prompt's checkpoint the call followed; null when none came before it. */
  readonly prompt_checkpoint_id: string | null;
}

export type Author =
  | ToolCallAuthor
  /** A tool call of another plan over the same files (another agent session). */
  | { readonly kind: 'other_session'; readonly plan_id: string; readonly checkpoint_id: string }
  /** Between tool calls: "you, or another program". */
  | { readonly kind: 'outside_tool_calls' }
  /** This product's own rollback, undo or correction: `checkpoint_id` is its safety checkpoint, `restored_from` the checkpoint whose files it brought back. */
  | { readonly kind: 'restore'; readonly checkpoint_id: string; readonly restored_from: string }
  | { readonly kind: 'unknown'; readonly reason: UnknownReason };

export type AuthorKind = Author['kind'];

/** One stretch of the plan's checkpoints (the last one up to the files now, `to` undefined) and whose it is as its fences say. */
export interface AuthoredStretch {
  readonly from: Checkpoint;
  readonly to: Checkpoint | undefined;
  readonly author: Author;
}

/** One change of one path in one stretch, and who made it. */
export interface AuthoredChange {
  readonly path: string;
  readonly from_checkpoint_id: string;
  /** null: the files now. */
  readonly to_checkpoint_id: string | null;
  /** The snapshots either side: what a line-level comparison reads. */
  readonly from_ref: string;
  readonly to_ref: string;
  /** When the stretch began and ended (ISO-8601; `until` null: now). */
  readonly since: string;
  readonly until: string | null;
  /** An id of what the path holds afterwards (equal ids: equal content and mode); null: deleted. */
  readonly content: string | null;
  readonly author: Author;
}

export interface AuthorshipRecord {
  readonly plan_id: string;
  readonly since_checkpoint_id: string;
  readonly stretches: readonly AuthoredStretch[];
  /** Oldest first, then by path. */
  readonly changes: readonly AuthoredChange[];
}

/** A changed path and an id of its content afterwards (undefined: deleted). */
export interface ContentChangeLike {
  readonly path: string;
  readonly contentAfter?: string;
}

/** What the record is worked out from: the plans and their checkpoints, and diffs of snapshots. */
export interface AuthorshipSources {
  readonly plan: Plan;
  /** The plan's checkpoints, oldest first. */
  readonly checkpoints: readonly Checkpoint[];
  /** The checkpoint the record starts at. */
  readonly since: Checkpoint;
  /** Every plan of the workspace with its checkpoints (this one included, ignored). */
  readonly plans: readonly { readonly plan: Plan; readonly checkpoints: readonly Checkpoint[] }[];
  /** A snapshot of the files now (unpinned): the last stretch ends there; absent: the record ends at the last checkpoint. */
  readonly nowRef?: string;
  /** A tool call of the plan is open now (its skipped pre_write not closed): the stretch up to the files now is unknown. */
  readonly openNow?: boolean;
  /** Paths changed from one snapshot to the other, with their content afterwards. Throws when a snapshot cannot be read. */
  readonly changedBetween: (fromRef: string, toRef: string) => Promise<readonly ContentChangeLike[]>;
}

/** A checkpoint that fences a tool call: an automatic checkpoint fences any burst of saves, not a tool call. */
function fences(c: Checkpoint, type: 'pre_write' | 'post_step'): boolean {
  return c.checkpoint_type === type && c.metadata.source_tool !== AUTOMATIC_SOURCE_TOOL;
}

/** Marked as taken after the hook answered (any value but "false"): such a checkpoint fences nothing. */
export function isLateCheckpoint(c: Checkpoint): boolean {
  const late = c.metadata.extra.late;
  return late !== undefined && late !== 'false' && late !== '';
}

/** A rollback's (undo's, correction's) safety checkpoint: the files change right after it. */
export function restoreOf(c: Checkpoint): { rollback_to: string; restored_ref: string | undefined } | undefined {
  const to = c.metadata.extra.rollback_to;
  if (c.checkpoint_type !== 'manual' || c.metadata.source_tool !== 'rollback' || c.metadata.phase !== 'rollback' || typeof to !== 'string') return undefined;
  const ref = c.metadata.extra.restored_ref;
  // The store's content is untrusted: only an object id is ever handed to the snapshotter.
  return { rollback_to: to, restored_ref: typeof ref === 'string' && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(ref) ? ref : undefined };
}

/** Whether a plan's checkpoints fence anything: an agent's hooks fed it, or it has tool-call checkpoints. */
export function isFenced(checkpoints: readonly Checkpoint[]): boolean {
  return hookAgentOf(checkpoints) !== undefined || checkpoints.some((c) => fences(c, 'pre_write') || fences(c, 'post_step'));
}

const text = (c: Checkpoint, key: string): string | null => {
  const v = c.metadata.extra[key];
  return typeof v === 'string' && v !== '' ? v : null;
};

/**
 * Whose each stretch after `checkpoints[from]` is, as the fences say (see docs/AGENT_ONLY_ROLLBACK.md):
 * - from a `pre_write` to its `post_step`, or from another checkpoint to a `post_step` (the hooks
 *   skip a `pre_write` when nothing changed): the tool call;
 * - from a `pre_write` to anything else, or to the files now: unknown (`unclosed`); so is a stretch
 *   in which a tool call whose `pre_write` was skipped stayed open (its row's `open_fence`, or
 *   `openNow` for the stretch up to the files now);
 * - from a rollback's safety checkpoint: the restore (a path it did not bring back is looked at apart);
 * - next to a checkpoint taken late: unknown; in a plan nothing fences: unknown;
 * - anything else: outside tool calls.
 */
export function authoredStretches(planId: string, checkpoints: readonly Checkpoint[], from: number, openNow = false): AuthoredStretch[] {
  const fenced = isFenced(checkpoints);
  const out: AuthoredStretch[] = [];
  let prompt: string | null = null;
  for (let i = 0; i < checkpoints.length; i++) {
    const start = checkpoints[i]!;
    if (isPromptCheckpoint(start)) prompt = start.checkpoint_id;
    if (i < from) continue;
    const end = checkpoints[i + 1];
    out.push({ from: start, to: end, author: stretchAuthor(planId, start, end, fenced, prompt, openNow) });
  }
  return out;
}

function stretchAuthor(planId: string, start: Checkpoint, end: Checkpoint | undefined, fenced: boolean, prompt: string | null, openNow: boolean): Author {
  if (isLateCheckpoint(start) || (end !== undefined && isLateCheckpoint(end))) return { kind: 'unknown', reason: 'late' };
  const restore = restoreOf(start);
  if (restore) return { kind: 'restore', checkpoint_id: start.checkpoint_id, restored_from: restore.rollback_to };
  if (!fenced) return { kind: 'unknown', reason: 'unfenced' };
  // A tool call whose pre_write was skipped ran in this stretch and never closed (core/openFences.ts):
  // the row that ends it says so, or the fence is open now.
  if (end === undefined ? openNow : text(end, OPEN_FENCE_EXTRA) !== null) return { kind: 'unknown', reason: 'unclosed' };
  // a command left running (Claude Code's Bash with run_in_background, whose post_step comes at its
  // launch): what changes until the next checkpoint is that command's, never the user's
  if (fences(start, 'post_step') && text(start, 'background') === '1') {
    return { kind: 'tool_call', plan_id: planId, checkpoint_id: start.checkpoint_id, pre_write_checkpoint_id: null, source_tool: start.metadata.source_tool ?? null, agent: text(start, 'agent'), tool_use_id: text(start, 'tool_use_id'), subagent: text(start, 'agent_id'), prompt_checkpoint_id: prompt };
  }
  const opened = fences(start, 'pre_write');
  const closed = end !== undefined && fences(end, 'post_step');
  if (opened && !closed) return { kind: 'unknown', reason: 'unclosed' };
  if (!closed) return { kind: 'outside_tool_calls' };
  const [a, b] = [opened ? text(start, 'tool_use_id') : null, text(end, 'tool_use_id')];
  if (a !== null && b !== null && a !== b) return { kind: 'unknown', reason: 'unpaired' };
  return {
    kind: 'tool_call',
    plan_id: planId,
    checkpoint_id: end.checkpoint_id,
    pre_write_checkpoint_id: opened ? start.checkpoint_id : null,
    source_tool: end.metadata.source_tool ?? null,
    agent: text(end, 'agent'),
    tool_use_id: b,
    subagent: text(end, 'agent_id'),
    prompt_checkpoint_id: prompt,
  };
}

/** Another plan's tool call, as the paths of this plan's sandbox it changed. */
interface OtherCall {
  readonly plan_id: string;
  readonly checkpoint_id: string;
  readonly since: string;
  readonly until: string;
  readonly contents: ReadonlyMap<string, string | null>;
}

/** The tool calls of other plans over the same files that ended after `since`, with what they changed (mapped into this sandbox). */
async function otherCalls(s: AuthorshipSources): Promise<Map<string, OtherCall[]>> {
  const byPath = new Map<string, OtherCall[]>();
  const since = s.since.created_at;
  for (const other of s.plans) {
    if (other.plan.plan_id === s.plan.plan_id || !sandboxesOverlap(other.plan.sandbox_path, s.plan.sandbox_path)) continue;
    const list = other.checkpoints;
    const first = list.findIndex((c) => c.created_at > since);
    if (first < 0) continue;
    for (const st of authoredStretches(other.plan.plan_id, list, Math.max(0, first - 1))) {
      if (st.author.kind !== 'tool_call' || st.to === undefined || st.to.created_at <= since || st.from.sandbox_ref === st.to.sandbox_ref) continue;
      const contents = new Map<string, string | null>();
      let diff: readonly ContentChangeLike[];
      try {
        diff = await s.changedBetween(st.from.sandbox_ref, st.to.sandbox_ref);
      } catch {
        continue;
      }
      for (const c of diff) {
        const mine = pathInOtherSandbox(c.path, other.plan.sandbox_path, s.plan.sandbox_path);
        if (mine !== undefined) contents.set(mine, c.contentAfter ?? null);
      }
      const call: OtherCall = { plan_id: other.plan.plan_id, checkpoint_id: st.to.checkpoint_id, since: st.from.created_at, until: st.to.created_at, contents };
      for (const p of contents.keys()) byPath.set(p, [...(byPath.get(p) ?? []), call]);
    }
  }
  return byPath;
}

/** The other session's tool call that, overlapping the stretch in time, left the path as the stretch found it. */
function otherSessionOf(calls: Map<string, OtherCall[]>, path: string, content: string | null, since: string, until: string | null): Author | undefined {
  const call = (calls.get(path) ?? []).find((c) => c.contents.get(path) === content && c.since < (until ?? '\uffff') && c.until > since);
  return call ? { kind: 'other_session', plan_id: call.plan_id, checkpoint_id: call.checkpoint_id } : undefined;
}

/**
 * The record of every change to the plan's files since `s.since`: each stretch's changed paths,
 * each with its author. A stretch outside tool calls (or unknown) whose change another session's
 * tool call made at the same time, to the same content, is that session's; a path a rollback's
 * stretch holds as the rollback left it is the rollback's, anything else there came after it.
 */
export async function authorshipRecord(s: AuthorshipSources): Promise<AuthorshipRecord> {
  const from = s.checkpoints.findIndex((c) => c.checkpoint_id === s.since.checkpoint_id);
  const stretches = from < 0 ? [] : authoredStretches(s.plan.plan_id, s.checkpoints, from, s.openNow).filter((st) => st.to !== undefined || s.nowRef !== undefined);
  const byId = new Map(s.checkpoints.map((c) => [c.checkpoint_id, c]));
  let others: Map<string, OtherCall[]> | undefined;
  const changes: AuthoredChange[] = [];
  for (const st of stretches) {
    const toRef = st.to?.sandbox_ref ?? s.nowRef!;
    if (st.from.sandbox_ref === toRef) continue;
    let diff: readonly ContentChangeLike[];
    try {
      diff = await s.changedBetween(st.from.sandbox_ref, toRef);
    } catch {
      // A snapshot the store no longer holds: its changes are named by no one (the port says why).
      continue;
    }
    if (diff.length === 0) continue;
    const base = { from_checkpoint_id: st.from.checkpoint_id, to_checkpoint_id: st.to?.checkpoint_id ?? null, from_ref: st.from.sandbox_ref, to_ref: toRef, since: st.from.created_at, until: st.to?.created_at ?? null };
    const restored = st.author.kind === 'restore' ? await restoredPaths(s, st.from, toRef, byId) : undefined;
    if (st.author.kind !== 'tool_call') others ??= await otherCalls(s);
    for (const c of diff) {
      const content = c.contentAfter ?? null;
      let author: Author = st.author;
      if (st.author.kind === 'restore') {
        if (restored === undefined) author = { kind: 'unknown', reason: 'unreadable' };
        else if (!restored.has(c.path)) author = { kind: 'outside_tool_calls' };
      }
      if (author.kind === 'outside_tool_calls' || author.kind === 'unknown') author = otherSessionOf(others!, c.path, content, base.since, base.until) ?? author;
      changes.push({ path: c.path, ...base, content, author });
    }
  }
  return { plan_id: s.plan.plan_id, since_checkpoint_id: s.since.checkpoint_id, stretches, changes };
}

/**
 * The paths a rollback's stretch (from its safety checkpoint to `toRef`) holds as the rollback
 * left them: those that differ between the safety checkpoint and what the rollback restored, and
 * hold the same there and at `toRef`. undefined when what it restored cannot be read.
 */
async function restoredPaths(s: AuthorshipSources, safety: Checkpoint, toRef: string, byId: ReadonlyMap<string, Checkpoint>): Promise<Set<string> | undefined> {
  const restore = restoreOf(safety)!;
  const ref = restore.restored_ref ?? byId.get(restore.rollback_to)?.sandbox_ref;
  if (ref === undefined) return undefined;
  try {
    const [written, since] = await Promise.all([s.changedBetween(safety.sandbox_ref, ref), s.changedBetween(ref, toRef)]);
    const changedSince = new Set(since.map((c) => c.path));
    return new Set(written.map((c) => c.path).filter((p) => !changedSince.has(p)));
  } catch {
    return undefined;
  }
}

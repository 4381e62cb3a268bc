import * as z from 'zod';
import { AUTOMATIC_SOURCE_TOOL } from './checkpoint';

// A tool call's `pre_write` is skipped when nothing changed since the plan's last checkpoint (most
// tool calls follow another's `post_step`). The checkpoint before then stands for its start. When
// its `post_step` never comes (a tool that failed half-way, as Codex's `apply_patch` can, with no
// hook after it), nothing in the rows would say that a tool call ran: what it wrote would be read
// as the user's. So a skipped `pre_write` leaves an open fence, kept per plan beside the store,
// which its `post_step` closes. A checkpoint row taken while a fence is open carries the open
// calls in its `extra` (OPEN_FENCE_EXTRA), and the stretch it ends is unknown (`unclosed`), as
// after a `pre_write` row with no `post_step`; a fence open now makes the stretch up to the files
// now unknown. See docs/PROVENANCE.md, "What stays unknown, and why".

/** The key of a checkpoint's `extra` naming the tool calls whose skipped `pre_write` was still open when it was taken. */
export const OPEN_FENCE_EXTRA = 'open_fence';

/** Open fences kept per plan: more are not kept (the oldest go), and any one open is enough to make a stretch unknown. */
export const MAX_OPEN_FENCES = 16;

export const OpenFenceSchema = z
  .object({
    /** The call's id as its agent gave it; null when the agent gives none. */
    tool_use_id: z.string().min(1).max(200).nullable(),
    /** When its `pre_write` was skipped (ISO-8601); empty when what was kept could not be read. */
    at: z.string().max(40),
  })
  .strict();
export type OpenFence = z.infer<typeof OpenFenceSchema>;

export const OpenFencesSchema = z.array(OpenFenceSchema).max(MAX_OPEN_FENCES);

/** What a checkpoint (taken or skipped) does to the plan's open fences. */
export interface FenceOutcome {
  /** The fences after it (unchanged: the same array). */
  readonly next: readonly OpenFence[];
  /** For a row: the value of OPEN_FENCE_EXTRA it carries (the calls still open), when any is. */
  readonly stamp?: string;
}

/** The checkpoint being taken, as the fences see it. */
export interface FencedCheckpoint {
  readonly type: string;
  readonly sourceTool: string | null | undefined;
  readonly toolUseId: string | undefined;
  /** A row is written (false: skipped, nothing changed). */
  readonly taken: boolean;
  readonly at: string;
}

/**
 * The fences after a checkpoint: a skipped tool-call `pre_write` opens one; a `post_step` closes
 * its own call's (taken or skipped); a row takes every fence still open into its stamp and clears
 * them (the stretch it ends holds them). An automatic checkpoint (a burst of saves) fences no tool
 * call: it opens none, and as a row it carries those open like any other.
 */
export function afterCheckpoint(open: readonly OpenFence[], c: FencedCheckpoint): FenceOutcome {
  const toolCall = c.sourceTool !== AUTOMATIC_SOURCE_TOOL;
  const id = c.toolUseId ?? null;
  const remaining = toolCall && c.type === 'post_step' ? withoutCall(open, id) : open;
  if (!c.taken) {
    // The same call asked again (a retried hook) keeps one fence.
    if (toolCall && c.type === 'pre_write') return { next: [...remaining.filter((f) => id === null || f.tool_use_id !== id), { tool_use_id: id, at: c.at }].slice(-MAX_OPEN_FENCES) };
    return { next: remaining };
  }
  if (remaining.length === 0) return { next: open.length === 0 ? open : [] };
  return { next: [], stamp: remaining.map((f) => f.tool_use_id ?? '(no id)').join(' ').slice(0, 4000) };
}

/**
 * The fences without the one a `post_step` of call `id` closes: its own; else, as a taken
 * `pre_write` pairs with a `post_step` unless both name a call and the names differ, the newest
 * fence without a name (a `post_step` without a name: the newest fence). None closed: the same array.
 */
function withoutCall(open: readonly OpenFence[], id: string | null): readonly OpenFence[] {
  let at = id === null ? open.length - 1 : open.findIndex((f) => f.tool_use_id === id);
  if (at < 0 && id !== null) at = open.map((f) => f.tool_use_id).lastIndexOf(null);
  return at < 0 ? open : [...open.slice(0, at), ...open.slice(at + 1)];
}

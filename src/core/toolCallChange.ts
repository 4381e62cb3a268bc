import type { ToolCallRefs } from './toolCallReverts';
import { AUTOMATIC_SOURCE_TOOL, type Checkpoint } from './checkpoint';
import { ValidationError } from './errors';
import { isBinary, lineHunks, withHunkReverted, type LineHunk } from './lineHunks';
import type { SandboxSnapshotter } from './ports';
import { parseRestorePaths } from './restorePaths';

// Undo This Change: one tool call's change to one file (or one hunk of it) taken back, with the
// three-way merge of an agent-only rollback (core/agentOnlyRollback.ts). Base is the file after the
// call, "theirs" the same snapshot with only this file (or this hunk of it) as it was before the
// call, "ours" the files now: what anyone changed since (the user, later tool calls) is kept, and
// where they changed the same lines the merge refuses and nothing is written.

/** Which change to take back: a path the tool call changed, and one of its hunks (1-based) or all of it. */
export interface ToolCallChangeRequest {
  readonly path: string;
  readonly hunk?: number;
}

/** What Undo This Change takes back, for the previews and the envelope. */
export interface ToolCallChange {
  readonly path: string;
  /** The hunk taken back; null: the whole change to the file. */
  readonly hunk: number | null;
  /** Every hunk of the call's change to the file (empty: not lines of text on both sides: created, deleted, binary, a link). */
  readonly hunks: LineHunk[];
  /** The `post_step` that recorded the call. */
  readonly tool_call_checkpoint_id: string;
}

/** The largest hunk number taken (a file of more lines than this has no more hunks). */
const MAX_HUNK = 1_000_000;

/** A `--hunk` / `hunk` value: a whole number from 1. */
export function parseHunk(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_HUNK) throw new ValidationError(`the hunk must be a whole number from 1 (got ${JSON.stringify(String(value).slice(0, 40))})`);
  return n;
}

/** A path of the request, checked and in canonical form (one file, relative to the sandbox). */
export function parseChangePath(path: string): string {
  return parseRestorePaths([path], 1)[0]!;
}

const REGULAR = new Set(['100644', '100755']);

/**
 * Undo This Change names its tool call by one of the call's own fences: a prompt's or a manual
 * checkpoint may happen to come right before a call (when the hooks skipped its pre_write), but a
 * person pointing at it means something else, so it is refused.
 */
export function assertToolCallFence(checkpoint: Checkpoint): void {
  const fence = (checkpoint.checkpoint_type === 'pre_write' || checkpoint.checkpoint_type === 'post_step') && checkpoint.metadata.source_tool !== AUTOMATIC_SOURCE_TOOL;
  if (!fence) throw new ValidationError(`checkpoint ${checkpoint.checkpoint_id} is no tool call's ${checkpoint.checkpoint_type === 'manual' ? '(a manual checkpoint)' : '(an automatic one)'}: choose the pre_write or post_step of the tool call whose change to take back`);
}

/**
 * The snapshots that take back just the requested change of a tool call (`call`: before and after
 * it): `after` stays the base, and "before" becomes `after` with only that path (or hunk) as it was.
 * Refuses (ValidationError) a path the call did not change, and a hunk it does not have.
 */
export async function narrowedToolCall(
  snapshotter: Pick<SandboxSnapshotter, 'changes' | 'readFile' | 'pathMode' | 'withPath'>,
  call: ToolCallRefs & { readonly checkpointId: string },
  request: ToolCallChangeRequest,
): Promise<{ refs: ToolCallRefs; change: ToolCallChange }> {
  const path = parseChangePath(request.path);
  const changed = await snapshotter.changes(call.before, call.after);
  if (!changed.some((c) => c.path === path)) {
    const named = changed.slice(0, 5).map((c) => c.path);
    throw new ValidationError(
      `the tool call of checkpoint ${call.checkpointId} did not change ${path}` +
        (named.length === 0 ? ' (it changed no file)' : `; it changed ${named.join(', ')}${changed.length > named.length ? ` and ${changed.length - named.length} more` : ''}`),
    );
  }
  const hunks = await hunksOf(snapshotter, call, path);
  const base = { path, hunks, tool_call_checkpoint_id: call.checkpointId };
  if (request.hunk === undefined) {
    return { refs: { before: await snapshotter.withPath(call.after, path, { ref: call.before }), after: call.after }, change: { ...base, hunk: null } };
  }
  const hunk = hunks.find((h) => h.index === request.hunk);
  if (hunk === undefined) {
    throw new ValidationError(
      hunks.length === 0
        ? `${path} has no hunks to choose from in that tool call (it was created or deleted, or is binary or a link): take its whole change back, without a hunk`
        : `the tool call changed ${hunks.length === 1 ? '1 hunk' : `${hunks.length} hunks`} of ${path}: choose a hunk from 1 to ${hunks.length}, not ${request.hunk}`,
    );
  }
  const [before, after] = await Promise.all([snapshotter.readFile(call.before, path), snapshotter.readFile(call.after, path)]);
  const bytes = withHunkReverted(before!, after!, hunk);
  return { refs: { before: await snapshotter.withPath(call.after, path, { bytes }), after: call.after }, change: { ...base, hunk: hunk.index } };
}

/** The call's hunks of a path that holds text in a regular file on both sides; none otherwise. */
async function hunksOf(snapshotter: Pick<SandboxSnapshotter, 'readFile' | 'pathMode'>, call: ToolCallRefs, path: string): Promise<LineHunk[]> {
  const modes = await Promise.all([snapshotter.pathMode(call.before, path), snapshotter.pathMode(call.after, path)]);
  if (!modes.every((m) => m !== undefined && REGULAR.has(m))) return [];
  const [before, after] = await Promise.all([snapshotter.readFile(call.before, path), snapshotter.readFile(call.after, path)]);
  if (before === undefined || after === undefined || isBinary(before) || isBinary(after)) return [];
  return lineHunks(before, after);
}

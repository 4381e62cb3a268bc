import type { SnapshotFileId } from '../ports';
import { idsAt, keyAt, planBlameRun, readContents, type PlanBlameSources } from './planBlame';
import { planSteps } from './planProvenance';
import type { PlanOverPath } from './provenanceReader';

// Keeping a plan's attribution of one path up to date ahead of the calls that read it (the
// resident process after the hooks' checkpoints, the extension after its own, blameKeeper.ts): one version
// more per step, each step resumed from the attribution the step before kept, so a long history is
// never worked out in one piece, and work stopped between two steps loses nothing but the step
// under way. What a step keeps is what `agents blame` keeps at a plan's last checkpoint (same key,
// same file), so a first call after a session reads it and compares nothing, or just the file now.

/** What keeping a path's attribution came to. */
export type KeepOutcome =
  /** Kept up to the version asked for. */
  | 'kept'
  /** Kept there already: nothing done. */
  | 'up-to-date'
  /** Stopped between two steps (`stop` said so): what the steps before kept stays, and the next call goes on from it. */
  | 'stopped'
  /** No cache to keep it in, or the version asked for is not a readable file. */
  | 'nothing-to-keep';

export interface KeepRequest {
  /** The plan, the path in its sandbox, and its checkpoints (oldest first). */
  /** The plan over the path (what is kept ends at a checkpoint: whether a call is open now does not enter it). */
  readonly over: Omit<PlanOverPath, 'openNow'>;
  /** The checkpoint (an index of `over.checkpoints`) up to which the attribution is wanted. */
  readonly upTo: number;
  /** Asked before each step: true, the work stops there. */
  readonly stop: () => boolean;
  /** Told after each step, the version it kept (tests and the benchmark follow the work with it). */
  readonly onStep?: (at: number) => void;
}

/**
 * Brings the kept attribution of `over.rel` up to checkpoint `upTo`: from the newest version at or
 * before it whose attribution is kept (or from the first checkpoint), one version at a time. A kept
 * attribution that cannot be read, or does not fit its version, is passed over (the steps start from
 * an older one, or from the first checkpoint). Each step's file replaces the one it resumed from,
 * so a path's history costs one file of the cache, whatever its length.
 */
export async function keepAttribution(src: PlanBlameSources, request: KeepRequest): Promise<KeepOutcome> {
  const cache = src.tokens;
  const { over, upTo } = request;
  if (cache === undefined || upTo < 0 || upTo >= over.checkpoints.length) return 'nothing-to-keep';
  const checkpoints = over.checkpoints.slice(0, upTo + 1);
  const ids = await idsAt(src, checkpoints.map((c) => c.sandbox_ref), over.rel);
  if (ids[upTo]!.state !== 'file') return 'nothing-to-keep';
  // Only the steps' authors (restores) enter the keys: no content is needed for them.
  const { steps } = planSteps({ plan_id: over.plan.plan_id, checkpoints, versions: ids.map(idOnly) }, { id: 'now', content: undefined });
  let from = upTo;
  while (from >= 0 && (ids[from]!.state === 'unreadable' || cache.get(keyAt(over.plan.plan_id, over.rel, ids, steps, from)) === undefined)) from--;
  if (from === upTo) return 'up-to-date';
  // The version whose kept file the next step supersedes (that file then goes, whether it served or not).
  let before = from;
  for (let at = from + 1; at <= upTo; at++) {
    const f = ids[at]!;
    // Absent or unreadable there: nothing to keep; the next version's step resumes from before it.
    if (f.state !== 'file') continue;
    await src.pause?.();
    if (request.stop()) return 'stopped';
    const content = (await readContents(src, [f.id])).get(f.id);
    if (content === undefined) return 'nothing-to-keep';
    // The version itself as "now": its stretch to now changes nothing, and its attribution is kept.
    const run = await planBlameRun({ deps: src.deps, tokens: cache, contents: src.contents, ...(src.ids ? { ids: src.ids } : {}) }, { ...over, checkpoints: checkpoints.slice(0, at + 1), openNow: false }, ids.slice(0, at + 1), content);
    if (run.keptAt !== at) return 'nothing-to-keep';
    if (before >= 0) cache.remove(keyAt(over.plan.plan_id, over.rel, ids, steps, before));
    before = at;
    request.onStep?.(at);
  }
  return 'kept';
}

function idOnly(f: SnapshotFileId): { id: string | undefined; content: undefined; unreadable?: true } {
  if (f.state === 'file') return { id: f.id, content: undefined };
  return f.state === 'absent' ? { id: undefined, content: undefined } : { id: undefined, content: undefined, unreadable: true };
}

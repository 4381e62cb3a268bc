import { OperationCancelled } from '../errors';
import type { LineTokenCache, SnapshotFileId } from '../ports';
import type { ServiceDeps } from '../serviceDeps';
import { combineBlames, lineProvenance, lineProvenanceRun, lineProvenanceRunAsync, type FileBlame, type FileVersion, type ProvenanceResume, type ProvenanceStep } from './lineProvenance';
import { planSteps } from './planProvenance';
import type { PlanOverPath, SnapshotFileCache } from './provenanceReader';

// `agents blame` reading as little as it can: the path's content id at each checkpoint (one
// `cat-file --batch-check`), then the attribution of the plan's last checkpoint from the cache
// (LineTokenCache) when an earlier call worked it out, so that only the versions after what the
// cache holds are read and compared; most often none, or just the last checkpoint's against the
// file now. What the cache holds is keyed by everything that decided it (the content ids, in
// order, and which steps were restores of which version), so a hit is the answer a full run gives.

/** Bumped when the attribution changes its rules: older caches then miss. */
const RULES = 'line-tokens 1';
/** How many checkpoints back a cached attribution is looked for (each a file that is there or not). */
const LOOK_BACK = 8;

function versionOf(f: SnapshotFileId, contents: ReadonlyMap<string, Uint8Array>): FileVersion {
  if (f.state === 'file') return { id: f.id, content: contents.get(f.id) };
  return f.state === 'absent' ? { id: undefined, content: undefined } : { id: undefined, content: undefined, unreadable: true };
}

/** The key of the attribution of version `at` (0: the first checkpoint's): the ids up to it, and the steps before it that restore. */
export function keyAt(planId: string, rel: string, ids: readonly SnapshotFileId[], steps: readonly ProvenanceStep[], at: number): string {
  const parts = [RULES, planId, rel];
  for (let i = 0; i <= at; i++) {
    const f = ids[i]!;
    const a = i > 0 ? steps[i - 1]!.author : undefined;
    parts.push(`${f.state === 'file' ? f.id : f.state}${a?.kind === 'restore' ? `<${a.restored_from}` : ''}`);
  }
  return parts.join('\n');
}

export interface PlanBlameSources {
  readonly deps: ServiceDeps;
  readonly tokens: LineTokenCache | undefined;
  /** Contents read before, by content id (a long-lived process). */
  readonly contents: SnapshotFileCache;
  /** Content ids found before, by `<snapshot>\0<path>` (a long-lived process). */
  readonly ids?: Map<string, SnapshotFileId>;
  /** Gives way to other work now and then while a long history is compared (see lineProvenanceRunAsync). */
  readonly pause?: () => Promise<void>;
  /** Aborted: the answer is no longer wanted (an editor that shows another file); the work stops at its next pause. */
  readonly signal?: { readonly aborted: boolean };
  /** Where the time goes, added to as it runs (see ProvenanceService.blame). */
  readonly timings?: { idsMs: number; keptMs: number; compareMs: number };
}

/** Stops work whose answer is no longer wanted: nothing is kept of it. */
function checkWanted(src: PlanBlameSources): void {
  if (src.signal?.aborted) throw new OperationCancelled('Line provenance stopped: its answer is no longer wanted.');
}

/** The path's content id at each snapshot: those found before from `known`, the rest in one read of the store. */
export async function idsAt(src: PlanBlameSources, refs: readonly string[], rel: string): Promise<SnapshotFileId[]> {
  const known = src.ids;
  const missing = [...new Set(refs.filter((r) => known?.get(`${r}\0${rel}`) === undefined))];
  const found = missing.length > 0 ? await src.deps.snapshotter.fileIdsAtSnapshots(missing, rel) : [];
  const fresh = new Map(missing.map((r, i) => [r, found[i]!]));
  if (known !== undefined) {
    if (known.size > 200_000) known.clear();
    // An unreadable snapshot is asked about again: it may be a read that failed this time.
    for (const [r, f] of fresh) if (f.state !== 'unreadable') known.set(`${r}\0${rel}`, f);
  }
  return refs.map((r) => fresh.get(r) ?? known!.get(`${r}\0${rel}`)!);
}

/** The blame of the file now (`now`: its bytes) from every plan over it (see fileProvenance). */
export async function blameFromPlans(src: PlanBlameSources, plans: readonly PlanOverPath[], now: Uint8Array): Promise<FileBlame> {
  if (plans.length === 0) return lineProvenance({ id: 'now', content: now }, { kind: 'before_checkpoints', until: null }, []);
  const byRel = new Map<string, SnapshotFileId[]>();
  for (const rel of new Set(plans.map((p) => p.rel))) {
    const refs = plans.filter((p) => p.rel === rel).flatMap((p) => p.checkpoints.map((c) => c.sandbox_ref));
    const began = performance.now();
    byRel.set(rel, await idsAt(src, refs, rel));
    if (src.timings) src.timings.idsMs += performance.now() - began;
  }
  checkWanted(src);
  const blames: FileBlame[] = [];
  const offsets = new Map<string, number>();
  for (const p of plans) {
    const at = offsets.get(p.rel) ?? 0;
    offsets.set(p.rel, at + p.checkpoints.length);
    blames.push(await planBlame(src, p, byRel.get(p.rel)!.slice(at, at + p.checkpoints.length), now));
  }
  return combineBlames(blames);
}

async function planBlame(src: PlanBlameSources, p: PlanOverPath, ids: readonly SnapshotFileId[], now: Uint8Array): Promise<FileBlame> {
  return (await planBlameRun(src, p, ids, now)).blame;
}

/** A plan's blame, and where its attribution came from: the kept version it resumed from, and the version it kept (if any). */
export interface PlanBlameRun {
  readonly blame: FileBlame;
  readonly resumedFrom: number | undefined;
  readonly keptAt: number | undefined;
}

/**
 * The index from which the file is the same as at the last checkpoint (each version after it the
 * same content, or the same state): an attribution kept there (when that checkpoint changed it)
 * serves, however many checkpoints since left the file alone.
 */
function lastChange(ids: readonly SnapshotFileId[]): number {
  const same = (a: SnapshotFileId, b: SnapshotFileId) => a.state === b.state && (a.state !== 'file' || (b.state === 'file' && a.id === b.id));
  let at = ids.length - 1;
  while (at > 0 && same(ids[at - 1]!, ids[at]!)) at--;
  return at;
}

export async function planBlameRun(src: PlanBlameSources, p: PlanOverPath, ids: readonly SnapshotFileId[], now: Uint8Array): Promise<PlanBlameRun> {
  const like = ids.find((f) => f.state === 'file');
  // The file now takes the id the store would give it: equal to a checkpoint's, it is that version.
  const nowId = like?.state === 'file' ? src.deps.snapshotter.contentId(now, like.id) : 'now';
  const id = (f: SnapshotFileId): FileVersion => versionOf(f, new Map());
  const shape = planSteps({ plan_id: p.plan.plan_id, checkpoints: p.checkpoints, versions: ids.map(id), open_now: p.openNow }, { id: nowId, content: now });
  const last = ids.length - 1;
  const cache = src.tokens;
  // The newest checkpoint whose attribution is kept, and that can be resumed from (readable).
  let resume: ProvenanceResume | undefined;
  const looking = performance.now();
  const since = lastChange(ids);
  const candidates = [...Array.from({ length: Math.min(last, LOOK_BACK) + 1 }, (_, k) => last - k), ...(since < last - LOOK_BACK ? [since] : [])];
  for (const at of candidates) {
    if (cache === undefined || resume !== undefined || at < 0) break;
    if (ids[at]!.state === 'unreadable') continue;
    const tokens = cache.get(keyAt(p.plan.plan_id, p.rel, ids, shape.steps, at));
    if (tokens !== undefined) resume = { at, tokens };
  }
  const comparing = performance.now();
  if (src.timings) src.timings.keptMs += comparing - looking;
  const run = async (from: ProvenanceResume | undefined) => {
    const needed = ids.slice(from?.at ?? 0).flatMap((f) => (f.state === 'file' && f.id !== nowId ? [f.id] : []));
    const contents = await readContents(src, needed);
    checkWanted(src);
    contents.set(nowId, now);
    const { base, baseAuthor, steps } = planSteps({ plan_id: p.plan.plan_id, checkpoints: p.checkpoints, versions: ids.map((f) => versionOf(f, contents)), open_now: p.openNow }, { id: nowId, content: now });
    const options = { keepAt: last, ...(from ? { resume: from } : {}) };
    const { pause, signal } = src;
    if (pause === undefined && signal === undefined) return lineProvenanceRun(base, baseAuthor, steps, options);
    return lineProvenanceRunAsync(base, baseAuthor, steps, options, async () => {
      await pause?.();
      checkWanted(src);
    });
  };
  // A resumed run can fail (a later restore brings back a version before it): then from the start.
  const resumed = resume && (await run(resume));
  const result = resumed || (await run(undefined))!;
  if (src.timings) src.timings.compareMs += performance.now() - comparing;
  const keep = cache !== undefined && last >= 0 && result.kept !== undefined && resume?.at !== last && ids[last]!.state !== 'unreadable';
  if (keep) cache.set(keyAt(p.plan.plan_id, p.rel, ids, shape.steps, last), result.kept!);
  // kept now, or already kept there (what it resumed from was the last checkpoint's)
  return { blame: result.blame, resumedFrom: resumed ? resume!.at : undefined, keptAt: keep || resume?.at === last ? last : undefined };
}

/** The contents of `ids`, those read before from the cache, the rest in one read of the store. */
export async function readContents(src: PlanBlameSources, ids: readonly string[]): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    // Kept by content id (no path): a content id names the same bytes at any path.
    const known = src.contents.get(id, '');
    if (known?.state === 'file') out.set(id, known.content);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const [id, bytes] of await src.deps.snapshotter.readContents(missing)) {
      out.set(id, bytes);
      src.contents.set(id, '', { state: 'file', id, content: bytes });
    }
  }
  return out;
}

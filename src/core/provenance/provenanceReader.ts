import type { Checkpoint } from '../checkpoint';
import { NotFoundError, ValidationError } from '../errors';
import type { Plan } from '../plan';
import type { SnapshotFile } from '../ports';
import type { ServiceDeps } from '../serviceDeps';
import type { FileVersion } from './lineProvenance';
import type { PlanFileHistory } from './planProvenance';

// What line provenance reads through the ports: the plans over a path, the path at each of their
// checkpoints (one batch per path for all plans), and the file as it is now.

/** A plan over the path, and the path relative to the plan's sandbox. */
export interface PlanOverPath {
  readonly plan: Plan;
  readonly checkpoints: readonly Checkpoint[];
  readonly rel: string;
  /** A tool call of the plan is open now (core/openFences.ts): what changed since its last checkpoint is named by no one. */
  readonly openNow: boolean;
}

/** `path` (relative to the workspace) relative to a sandbox folder (relative to the workspace), or undefined when outside it. */
export function pathInSandbox(path: string, sandboxPath: string): string | undefined {
  if (sandboxPath === '.') return path;
  return path.startsWith(`${sandboxPath}/`) ? path.slice(sandboxPath.length + 1) : undefined;
}

/**
 * The plans whose sandbox holds `path` (all of them, or just `planId`), each with its checkpoints.
 * `planId` that names no plan: NotFoundError; a plan whose sandbox does not hold the path: ValidationError.
 * `reading`: called when the store begins the read (after its queue, and loading what others wrote).
 */
export async function plansOverPath(deps: ServiceDeps, path: string, planId: string | undefined, reading?: () => void): Promise<PlanOverPath[]> {
  // Only the plans over the path have their checkpoints read (each row is checked as it is read).
  const { known, over } = await deps.store.read((uow) => {
    reading?.();
    const plans = uow.plans.list();
    return {
      known: planId === undefined || plans.some((p) => p.plan_id === planId),
      over: plans.flatMap((plan) => {
        if (planId !== undefined && plan.plan_id !== planId) return [];
        const rel = pathInSandbox(path, plan.sandbox_path);
        return rel === undefined ? [] : [{ plan, rel, checkpoints: uow.checkpoints.listForPlan(plan.plan_id) }];
      }),
    };
  });
  if (!known) throw new NotFoundError('plan', planId!);
  if (planId !== undefined && over.length === 0) throw new ValidationError(`${JSON.stringify(path)} is not in the sandbox of plan ${planId}`);
  return Promise.all(over.map(async (p) => ({ ...p, openNow: (await deps.snapshotter.openFences(p.plan.plan_id)).length > 0 })));
}

function versionOf(f: SnapshotFile): FileVersion {
  if (f.state === 'file') return { id: f.id, content: f.content };
  return f.state === 'absent' ? { id: undefined, content: undefined } : { id: undefined, content: undefined, unreadable: true };
}

/**
 * What snapshots held, kept between calls by a long-lived process (the resident process, the
 * extension): a snapshot never changes, so a path's content at it is read once. Bounded by bytes;
 * an unreadable snapshot is never kept (it may be a read that failed this time).
 */
export class SnapshotFileCache {
  private readonly entries = new Map<string, SnapshotFile>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(ref: string, path: string): SnapshotFile | undefined {
    return this.entries.get(`${ref}\0${path}`);
  }

  set(ref: string, path: string, file: SnapshotFile): void {
    if (file.state === 'unreadable') return;
    const size = file.state === 'file' ? file.content.length : 0;
    if (size > this.maxBytes / 4) return;
    // Oldest first out (a Map keeps insertion order).
    for (const [key, old] of this.entries) {
      if (this.bytes + size <= this.maxBytes && this.entries.size < 100_000) break;
      this.entries.delete(key);
      this.bytes -= old.state === 'file' ? old.content.length : 0;
    }
    this.entries.set(`${ref}\0${path}`, file);
    this.bytes += size;
  }
}

/** Each plan's history of its path: one read of the store per distinct path (most often one for all plans), of the snapshots `cache` lacks. */
export async function readHistories(deps: ServiceDeps, plans: readonly PlanOverPath[], cache?: SnapshotFileCache): Promise<PlanFileHistory[]> {
  const byRel = new Map<string, PlanOverPath[]>();
  for (const p of plans) byRel.set(p.rel, [...(byRel.get(p.rel) ?? []), p]);
  const out = new Map<string, PlanFileHistory>();
  for (const [rel, group] of byRel) {
    const refs = group.flatMap((p) => p.checkpoints.map((c) => c.sandbox_ref));
    const known = refs.map((r) => cache?.get(r, rel));
    const missing = [...new Set(refs.filter((_, i) => known[i] === undefined))];
    const read = missing.length > 0 ? await deps.snapshotter.fileAtSnapshots(missing, rel) : [];
    const fresh = new Map(missing.map((r, i) => [r, read[i]!]));
    for (const [r, f] of fresh) cache?.set(r, rel, f);
    const files = refs.map((r, i) => known[i] ?? fresh.get(r)!);
    let at = 0;
    for (const p of group) {
      const versions = files.slice(at, at + p.checkpoints.length).map(versionOf);
      at += p.checkpoints.length;
      out.set(p.plan.plan_id, { plan_id: p.plan.plan_id, checkpoints: p.checkpoints, versions, open_now: p.openNow });
    }
  }
  return plans.map((p) => out.get(p.plan.plan_id)!);
}

/**
 * The file now as a version of a plan's history: it takes the id of an equal version, so that a
 * file unchanged since a checkpoint compares equal to it (a binary file above all, which has no
 * lines to compare).
 */
export function nowVersion(content: Uint8Array, history: PlanFileHistory): FileVersion {
  for (let i = history.versions.length - 1; i >= 0; i--) {
    const v = history.versions[i]!;
    if (v.content !== undefined && v.id !== undefined && sameBytes(v.content, content)) return { id: v.id, content };
  }
  return { id: 'now', content };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

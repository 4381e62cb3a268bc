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
}

/** `path` (relative to the workspace) relative to a sandbox folder (relative to the workspace), or undefined when outside it. */
export function pathInSandbox(path: string, sandboxPath: string): string | undefined {
  if (sandboxPath === '.') return path;
  return path.startsWith(`${sandboxPath}/`) ? path.slice(sandboxPath.length + 1) : undefined;
}

/**
 * The plans whose sandbox holds `path` (all of them, or just `planId`), each with its checkpoints.
 * `planId` that names no plan: NotFoundError; a plan whose sandbox does not hold the path: ValidationError.
 */
export async function plansOverPath(deps: ServiceDeps, path: string, planId: string | undefined): Promise<PlanOverPath[]> {
  const plans = await deps.store.read((uow) => uow.plans.list().map((plan) => ({ plan, checkpoints: uow.checkpoints.listForPlan(plan.plan_id) })));
  if (planId !== undefined && !plans.some((p) => p.plan.plan_id === planId)) throw new NotFoundError('plan', planId);
  const over = plans.flatMap((p) => {
    if (planId !== undefined && p.plan.plan_id !== planId) return [];
    const rel = pathInSandbox(path, p.plan.sandbox_path);
    return rel === undefined ? [] : [{ ...p, rel }];
  });
  if (planId !== undefined && over.length === 0) throw new ValidationError(`${JSON.stringify(path)} is not in the sandbox of plan ${planId}`);
  return over;
}

function versionOf(f: SnapshotFile): FileVersion {
  if (f.state === 'file') return { id: f.id, content: f.content };
  return f.state === 'absent' ? { id: undefined, content: undefined } : { id: undefined, content: undefined, unreadable: true };
}

/** Each plan's history of its path: one read of the store per distinct path (most often one for all plans). */
export async function readHistories(deps: ServiceDeps, plans: readonly PlanOverPath[]): Promise<PlanFileHistory[]> {
  const byRel = new Map<string, PlanOverPath[]>();
  for (const p of plans) byRel.set(p.rel, [...(byRel.get(p.rel) ?? []), p]);
  const out = new Map<string, PlanFileHistory>();
  for (const [rel, group] of byRel) {
    const refs = group.flatMap((p) => p.checkpoints.map((c) => c.sandbox_ref));
    const files = refs.length > 0 ? await deps.snapshotter.fileAtSnapshots(refs, rel) : [];
    let at = 0;
    for (const p of group) {
      const versions = files.slice(at, at + p.checkpoints.length).map(versionOf);
      at += p.checkpoints.length;
      out.set(p.plan.plan_id, { plan_id: p.plan.plan_id, checkpoints: p.checkpoints, versions });
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

import * as path from 'node:path';
import type { WorkspaceServices } from '../composition';
import { pinPath, unsafeReason } from '../adapters/shadowStore/storeNames';
import type { Checkpoint } from '../core/checkpoint';
import { WORKSPACE_KEY } from '../core/ports';
import { recordFetchedOrigins, readFetchedOrigins, type FetchedOrigin } from './fetchedOrigins';
import type { Origin, PlanBundle } from './planBundle';
import { readPlanCommit, snapshotTreeIn } from './planCommit';
import { fetchTips, listRemotePlans, planRef, shownUrl, stopIfCancelled, tipRef } from './remoteRefs';
import { gitProgressTo, type RemoteProgressSink } from './remoteProgress';
import { openTransportRepo, type TransportRepo } from './transportRepo';

// `agents remote fetch`: plans from a remote's refs into this workspace's database and shadow
// store, with the same plan and checkpoint ids, marked as fetched (fetchedOrigins.ts). What comes
// from the remote is untrusted: the document is checked field by field, each snapshot must be the
// tree the document names, every path in it must be one a restore may write. Local rows always win:
// an id that is already this workspace's own is refused, never overwritten.

export interface FetchContext {
  readonly services: Pick<WorkspaceServices, 'store' | 'snapshotter' | 'workspace'>;
  /** This workspace's id in origins (its own plans on the remote are not fetched back). */
  readonly workspaceId: string | undefined;
  readonly now: () => Date;
  readonly warn: (message: string) => void;
  /** Cancel: stops git where it is; once the plans are being written into the database, they are written whole. */
  readonly signal?: AbortSignal;
  readonly progress?: RemoteProgressSink;
}

export interface FetchOptions {
  /** Plan ids or unique prefixes of them; every plan on the remote when absent. */
  readonly planIds?: readonly string[];
  /** Only plans with a checkpoint (or a change) at or after this time. */
  readonly since?: Date;
}

export interface PlanFetchOutcome {
  readonly plan_id: string;
  readonly title: string;
  readonly status: 'fetched' | 'up_to_date' | 'skipped' | 'refused';
  readonly reason?: string;
  readonly origin?: Origin;
  readonly checkpoints_added: string[];
  readonly checkpoints: number;
}

export interface FetchOutcome {
  readonly remote: string;
  readonly plans: PlanFetchOutcome[];
}

interface Accepted {
  readonly bundle: PlanBundle;
  readonly isNew: boolean;
  /** A plan fetched before whose row the remote has changed since (its state, its title). */
  readonly changedRow: boolean;
  readonly added: PlanBundle['checkpoints'];
  /** Decisions and corrections new here, or whose state changed on the remote (reverted, undone). */
  readonly decisionRows: { readonly decisions: PlanBundle['decisions']; readonly corrections: PlanBundle['corrections'] };
}

/**
 * The bundle's decisions in an order each can be inserted in (the ones it builds on first), or why
 * not: a decision of another plan, a dependency the plan does not hold, a cycle.
 */
export function decisionInsertOrder(planId: string, decisions: PlanBundle['decisions'], known: (id: string) => string | undefined): PlanBundle['decisions'] | string {
  const ids = new Set(decisions.map((d) => d.decision_id));
  for (const d of decisions) {
    if (d.plan_id !== planId) return `its decision ${d.decision_id} names plan ${d.plan_id}`;
    for (const dep of d.depends_on) if (!ids.has(dep) && known(dep) !== planId) return `its decision ${d.decision_id} builds on ${dep}, which the plan does not hold`;
  }
  const placed = new Set<string>();
  const order: PlanBundle['decisions'] = [];
  let pending = [...decisions];
  while (pending.length > 0) {
    const ready = pending.filter((d) => d.depends_on.every((dep) => placed.has(dep) || !ids.has(dep)));
    if (ready.length === 0) return `its decisions build on each other in a cycle (${pending.map((d) => d.decision_id).join(', ')})`;
    for (const d of ready) {
      placed.add(d.decision_id);
      order.push(d);
    }
    pending = pending.filter((d) => !placed.has(d.decision_id));
  }
  return order;
}

function choose(tips: ReadonlyMap<string, string>, given: readonly string[] | undefined): { ids: string[]; missing: PlanFetchOutcome[] } {
  if (given === undefined) return { ids: [...tips.keys()].sort(), missing: [] };
  const ids: string[] = [];
  const missing: PlanFetchOutcome[] = [];
  for (const g of given) {
    const fits = [...tips.keys()].filter((id) => id.startsWith(g.toUpperCase()));
    if (fits.length === 1) ids.push(fits[0]!);
    else missing.push({ plan_id: g, title: '', status: 'refused', reason: fits.length === 0 ? 'no plan of this id on the remote' : `the id fits ${fits.length} plans on the remote; give more characters`, checkpoints_added: [], checkpoints: 0 });
  }
  return { ids: [...new Set(ids)], missing };
}

/** Why a fetched plan cannot be taken in, checked against the snapshots it brings; undefined when it can. */
async function checkSnapshots(transport: TransportRepo, planId: string, added: PlanBundle['checkpoints']): Promise<string | undefined> {
  for (const c of added) {
    const tree = await snapshotTreeIn(transport.git, tipRef(planId), c.checkpoint_id);
    if (tree !== c.tree) return `checkpoint ${c.checkpoint_id} names snapshot ${c.tree}, which the plan's commit does not hold there`;
    const names = (await transport.git.raw(['ls-tree', '-r', '-z', '--name-only', '--full-tree', c.tree])).split('\0').filter((n) => n !== '');
    for (const name of names) {
      const why = unsafeReason(name);
      if (why !== undefined) return `checkpoint ${c.checkpoint_id} holds a path a restore must never write (${why}): ${JSON.stringify(name)}`;
    }
  }
  return undefined;
}

/** JSON with keys in one order, for comparing two rows whatever order their fields came in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

function latestActivity(bundle: PlanBundle): string {
  return [bundle.plan.updated_at, ...bundle.checkpoints.map((c) => c.created_at)].sort().at(-1)!;
}

/** Fetches plans from `url` into this workspace. */
export async function fetchPlans(ctx: FetchContext, url: string, options: FetchOptions): Promise<FetchOutcome> {
  const { store, snapshotter, workspace } = ctx.services;
  const { signal, progress } = ctx;
  stopIfCancelled(signal, 'nothing was fetched.');
  const objects = await snapshotter.exclusive(WORKSPACE_KEY, () => snapshotter.objectsDir());
  const transport = await openTransportRepo(workspace.root, path.resolve(objects), signal);
  const outcomes: PlanFetchOutcome[] = [];
  try {
    progress?.({ message: "Reading the remote's plans" });
    const tips = await listRemotePlans(transport.git, url, signal);
    const { ids, missing } = choose(tips, options.planIds);
    outcomes.push(...missing);
    progress?.({ message: `Fetching ${ids.length} plan(s)`, done: 0, total: ids.length });
    await fetchTips(transport.git, url, ids, signal, progress ? gitProgressTo(progress, `Fetching ${ids.length} plan(s)`) : undefined);
    const fetchedBefore = readFetchedOrigins(workspace.root, ctx.warn);
    const accepted: Accepted[] = [];
    for (const [index, planId] of ids.entries()) {
      stopIfCancelled(signal, 'nothing was added to this workspace.');
      progress?.({ message: `Checking plan ${index + 1} of ${ids.length}`, done: index, total: ids.length });
      const base = { plan_id: planId, title: '', checkpoints_added: [] as string[], checkpoints: 0 };
      let bundle: PlanBundle;
      try {
        bundle = await readPlanCommit(transport.git, tipRef(planId));
      } catch (error) {
        outcomes.push({ ...base, status: 'refused', reason: `its plan.json is not one this version reads (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})` });
        continue;
      }
      const shown = { ...base, title: bundle.plan.title, origin: bundle.origin, checkpoints: bundle.checkpoints.length };
      if (bundle.plan.plan_id !== planId) {
        outcomes.push({ ...shown, status: 'refused', reason: `its ref names plan ${planId} but it holds plan ${bundle.plan.plan_id}` });
        continue;
      }
      if (ctx.workspaceId !== undefined && bundle.origin.workspace_id === ctx.workspaceId) {
        outcomes.push({ ...shown, status: 'skipped', reason: 'recorded by this workspace: its rows are here already' });
        continue;
      }
      if (options.since !== undefined && latestActivity(bundle) < options.since.toISOString()) {
        outcomes.push({ ...shown, status: 'skipped', reason: `nothing since ${options.since.toISOString()}` });
        continue;
      }
      const collision = await store.read((uow) => {
        const local = uow.plans.get(planId);
        if (local !== undefined && !fetchedBefore.has(planId)) return { reason: 'a plan of this workspace has the same id; local plans are never overwritten' };
        const added: PlanBundle['checkpoints'] = [];
        for (const c of bundle.checkpoints) {
          const existing = uow.checkpoints.get(c.checkpoint_id);
          if (existing === undefined) added.push(c);
          else if (existing.plan_id !== planId) return { reason: `its checkpoint ${c.checkpoint_id} has the id of a checkpoint of plan ${existing.plan_id} here` };
        }
        const changedRow = local !== undefined && canonical(local) !== canonical({ ...bundle.plan, base_ref: null });
        const order = decisionInsertOrder(planId, bundle.decisions, (id) => uow.decisions.get(id)?.plan_id);
        if (typeof order === 'string') return { reason: order };
        const decisions: PlanBundle['decisions'] = [];
        for (const d of order) {
          const existing = uow.decisions.get(d.decision_id);
          if (existing !== undefined && existing.plan_id !== planId) return { reason: `its decision ${d.decision_id} has the id of a decision of plan ${existing.plan_id} here` };
          if (existing === undefined || existing.state !== d.state || existing.reverted_by !== d.reverted_by) decisions.push(d);
        }
        const corrections: PlanBundle['corrections'] = [];
        for (const c of bundle.corrections) {
          if (c.plan_id !== planId) return { reason: `its correction ${c.correction_id} names plan ${c.plan_id}` };
          const existing = uow.corrections.get(c.correction_id);
          if (existing !== undefined && existing.plan_id !== planId) return { reason: `its correction ${c.correction_id} has the id of a correction of plan ${existing.plan_id} here` };
          if (existing === undefined || existing.state !== c.state) corrections.push(c);
        }
        return { added, isNew: local === undefined, changedRow, decisionRows: { decisions, corrections } };
      });
      if ('reason' in collision) {
        outcomes.push({ ...shown, status: 'refused', reason: collision.reason });
        continue;
      }
      const bad = await checkSnapshots(transport, planId, collision.added);
      if (bad !== undefined) {
        outcomes.push({ ...shown, status: 'refused', reason: bad });
        continue;
      }
      const rowsChanged = collision.decisionRows.decisions.length > 0 || collision.decisionRows.corrections.length > 0;
      if (collision.added.length === 0 && !collision.isNew && !collision.changedRow && !rowsChanged) {
        outcomes.push({ ...shown, status: 'up_to_date' });
        continue;
      }
      accepted.push({ bundle, isNew: collision.isNew, changedRow: collision.changedRow, added: collision.added, decisionRows: collision.decisionRows });
      outcomes.push({ ...shown, status: 'fetched', checkpoints_added: collision.added.map((c) => c.checkpoint_id) });
    }
    stopIfCancelled(signal, 'nothing was added to this workspace.');
    if (accepted.length > 0) {
      progress?.({ message: `Adding ${accepted.length} plan(s) to this workspace` });
      await importPlans(ctx, transport, url, accepted);
    }
  } finally {
    await transport.dispose();
  }
  return { remote: shownUrl(url), plans: outcomes };
}

/**
 * Takes the accepted plans in: their origins first (a plan is never taken for a local one), then
 * their snapshots into the store, pinned, then their rows in one write. Killed between two steps,
 * what is left is either unused (origins, pins) or whole; the next fetch finishes it.
 */
async function importPlans(ctx: FetchContext, transport: TransportRepo, url: string, accepted: readonly Accepted[]): Promise<void> {
  const { store, snapshotter, workspace } = ctx.services;
  const at = ctx.now().toISOString();
  const pack = await transport.git.run(['pack-objects', '--stdout', '--revs', '--local', '--quiet'], `${accepted.map((a) => tipRef(a.bundle.plan.plan_id)).join('\n')}\n`);
  const origins = new Map<string, FetchedOrigin>(accepted.map((a) => [a.bundle.plan.plan_id, { origin: a.bundle.origin, remote: shownUrl(url), fetched_at: at }]));
  await snapshotter.exclusive(WORKSPACE_KEY, async () => {
    recordFetchedOrigins(workspace.root, origins);
    const items = accepted.flatMap((a) => a.added.map((c) => ({ pin: `${a.bundle.plan.plan_id}/${c.checkpoint_id}`, tree: c.tree, message: `fetched checkpoint ${c.checkpoint_id} of plan ${a.bundle.plan.plan_id}` })));
    const commits = await snapshotter.importSnapshots(pack, items);
    let i = 0;
    const rows = accepted.map((a) => ({
      a,
      checkpoints: a.added.map(
        (c): Checkpoint => ({
          checkpoint_id: c.checkpoint_id,
          plan_id: a.bundle.plan.plan_id,
          sandbox_ref: commits[i++]!,
          // Aligned to a decision only when the plan brings that decision.
          decision_id: c.decision_id !== null && a.bundle.decisions.some((d) => d.decision_id === c.decision_id) ? c.decision_id : null,
          checkpoint_type: c.checkpoint_type,
          resource_id: c.resource_id,
          filesystem_path: pinPath(`${a.bundle.plan.plan_id}/${c.checkpoint_id}`),
          size_bytes: c.size_bytes,
          created_at: c.created_at,
          metadata: { ...c.metadata, skipped: [...c.metadata.skipped, ...c.withheld.map((w) => ({ path: w.path, reason: 'withheld' as const }))] },
        }),
      ),
    }));
    await store.write((uow) => {
      for (const { a, checkpoints } of rows) {
        if (a.isNew && uow.plans.get(a.bundle.plan.plan_id) === undefined) {
          // The base snapshot of an isolated sandbox stays on the machine that made it.
          uow.plans.insert({ ...a.bundle.plan, base_ref: null });
          for (const change of a.bundle.state_changes) uow.stateChanges.insert({ ...change, plan_id: a.bundle.plan.plan_id });
        } else if (a.changedRow) uow.plans.update({ ...a.bundle.plan, base_ref: null });
        // Decisions first (in an order their dependencies allow), then the checkpoints aligned to them, then corrections.
        for (const d of a.decisionRows.decisions) {
          if (uow.decisions.get(d.decision_id) === undefined) uow.decisions.insert({ ...d, depends_on: [...d.depends_on] });
          else uow.decisions.setState([d.decision_id], d.state, d.reverted_by, d.reverted_at);
        }
        for (const c of checkpoints) if (uow.checkpoints.get(c.checkpoint_id) === undefined) uow.checkpoints.insert(c);
        for (const c of a.decisionRows.corrections) {
          const existing = uow.corrections.get(c.correction_id);
          if (existing === undefined) uow.corrections.insert(c);
          else if (c.state === 'undone') uow.corrections.markUndone(c.correction_id, c.undone_at ?? ctx.now().toISOString());
          else uow.corrections.markApplied(c.correction_id);
        }
      }
    });
  });
}

export { planRef };

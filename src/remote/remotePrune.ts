import * as path from 'node:path';
import { WORKSPACE_KEY } from '../core/ports';
import type { PlanBundle } from './planBundle';
import { commitPlanTree, readPlanCommit, writePlanTree } from './planCommit';
import { localPlans, type PushContext } from './remotePush';
import { fetchTips, listRemotePlans, planRef, remoteFailure, shownUrl, tipRef } from './remoteRefs';
import { openTransportRepo } from './transportRepo';

// `agents remote prune`: what this workspace deleted or pruned goes from the remote too. A plan
// deleted here loses its ref; a plan whose checkpoints were pruned gets a new commit without them
// and without history (a parentless commit), so that nothing reaches their snapshots any more and
// the remote's own garbage collection can reclaim them. Both are pushed with a lease on the tip
// this command read: a push from elsewhere meanwhile makes it refuse, never lose that push.
// Only plans this workspace recorded are touched.

export interface PlanPruneOutcome {
  readonly plan_id: string;
  readonly status: 'deleted' | 'rewritten' | 'kept' | 'refused' | 'would_delete' | 'would_rewrite';
  readonly reason?: string;
  readonly checkpoints_removed: string[];
}

export interface PruneOutcome {
  readonly remote: string;
  readonly dry_run: boolean;
  readonly plans: PlanPruneOutcome[];
}

export async function prunePlans(ctx: Pick<PushContext, 'services' | 'origin' | 'warn'>, url: string, options: { readonly dryRun: boolean }): Promise<PruneOutcome> {
  const { own } = await localPlans(ctx.services, ctx.warn);
  const local = new Map(own.map((p) => [p.plan.plan_id, new Set(p.checkpoints.map((c) => c.checkpoint_id))]));
  const snapshotter = ctx.services.snapshotter;
  const objects = await snapshotter.exclusive(WORKSPACE_KEY, () => snapshotter.objectsDir());
  const transport = await openTransportRepo(ctx.services.workspace.root, path.resolve(objects));
  const outcomes: PlanPruneOutcome[] = [];
  try {
    const git = transport.git;
    const tips = await listRemotePlans(git, url);
    await fetchTips(git, url, [...tips.keys()]);
    const updates: { planId: string; tip: string; commit: string | null; removed: string[] }[] = [];
    for (const [planId, tip] of [...tips].sort()) {
      let bundle: PlanBundle;
      try {
        bundle = await readPlanCommit(git, tipRef(planId));
      } catch {
        // Not a plan we can read, so not one we recorded: left alone.
        continue;
      }
      if (bundle.origin.workspace_id !== ctx.origin.workspace_id) continue;
      const kept = local.get(planId);
      if (kept === undefined) {
        updates.push({ planId, tip, commit: null, removed: bundle.checkpoints.map((c) => c.checkpoint_id) });
        continue;
      }
      const removed = bundle.checkpoints.filter((c) => !kept.has(c.checkpoint_id)).map((c) => c.checkpoint_id);
      if (removed.length === 0) {
        outcomes.push({ plan_id: planId, status: 'kept', checkpoints_removed: [] });
        continue;
      }
      const rest: PlanBundle = { ...bundle, checkpoints: bundle.checkpoints.filter((c) => kept.has(c.checkpoint_id)) };
      const commit = await commitPlanTree(git, await writePlanTree(git, rest), undefined, `CleverAgents plan ${planId}: ${rest.checkpoints.length} checkpoint(s), pruned`);
      updates.push({ planId, tip, commit, removed });
    }
    if (!options.dryRun && updates.length > 0) {
      const leases = updates.map((u) => `--force-with-lease=${planRef(u.planId)}:${u.tip}`);
      try {
        await git.raw(['push', '--porcelain', '--quiet', ...leases, url, ...updates.map((u) => `${u.commit ?? ''}:${planRef(u.planId)}`)]);
      } catch (error) {
        if (!/stale info|rejected|failed to push some refs/i.test((error as { stderr?: string }).stderr ?? '')) throw remoteFailure('prune', url, error);
      }
    }
    const after = options.dryRun ? undefined : await listRemotePlans(git, url);
    for (const u of updates) {
      const done = after === undefined ? undefined : u.commit === null ? !after.has(u.planId) : after.get(u.planId) === u.commit;
      const status = done === undefined ? (u.commit === null ? 'would_delete' : 'would_rewrite') : done ? (u.commit === null ? 'deleted' : 'rewritten') : 'refused';
      outcomes.push({
        plan_id: u.planId,
        status,
        checkpoints_removed: status === 'refused' ? [] : u.removed,
        ...(status === 'refused' ? { reason: 'the remote changed this plan since it was read (another push); run prune again' } : {}),
      });
    }
  } finally {
    await transport.dispose();
  }
  outcomes.sort((a, b) => (a.plan_id < b.plan_id ? -1 : 1));
  return { remote: shownUrl(url), dry_run: options.dryRun, plans: outcomes };
}

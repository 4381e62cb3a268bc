import * as path from 'node:path';
import type { WorkspaceServices } from '../composition';
import { GitCommandError } from '../adapters/shadowStore/gitEnvironment';
import type { Checkpoint } from '../core/checkpoint';
import type { Correction, Decision } from '../core/decision';
import { hookAgentOf, isPromptCheckpoint } from '../core/hookCheckpoints';
import type { Plan } from '../core/plan';
import type { PlanStateChange } from '../core/planLifecycle';
import { WORKSPACE_KEY } from '../core/ports';
import { HOOK_AGENT_NAMES } from '../daemonClient/hookAgents';
import { readFetchedOrigins } from './fetchedOrigins';
import { BUNDLE_FORMAT, bundledDecision, bundledMetadata, bundledTitle, byCreatedAt, type BundledCheckpoint, type Origin, type PlanBundle, type Withheld } from './planBundle';
import { commitPlanTree, readPlanCommit, treeOfCommit, writePlanTree } from './planCommit';
import { PrivacyFilter, type PrivacyRules } from './privacyRules';
import { fetchTips, listRemotePlans, planRef, remoteFailure, shownUrl, stopIfCancelled, tipRef } from './remoteRefs';
import { gitProgressTo, type RemoteProgressSink } from './remoteProgress';
import { SnapshotFilter } from './snapshotFilter';
import { openTransportRepo, type TransportRepo } from './transportRepo';

// `agents remote push`: each chosen plan of this workspace becomes one commit on its own ref of the
// remote, on top of what the remote holds there (fast-forward only). Checkpoints already on the
// remote stay as they are (rows are immutable by id); a push from elsewhere meanwhile is fetched,
// merged and pushed again, a few times, before the plan is refused with the reason.

const ATTEMPTS = 4;

export interface LocalPlan {
  readonly plan: Plan;
  readonly checkpoints: readonly Checkpoint[];
  readonly stateChanges: readonly PlanStateChange[];
  readonly decisions: readonly Decision[];
  readonly corrections: readonly Correction[];
}

export interface PushContext {
  readonly services: Pick<WorkspaceServices, 'store' | 'snapshotter' | 'workspace'>;
  /** Who and where, for the origin of each pushed plan (its agent comes from its checkpoints). */
  readonly origin: Omit<Origin, 'agent'>;
  readonly rules: PrivacyRules;
  readonly warn: (message: string) => void;
  /** Cancel: stops git where it is; the remote keeps what it had or gets the whole new commit (docs/REMOTES.md). */
  readonly signal?: AbortSignal;
  readonly progress?: RemoteProgressSink;
}

export interface PushOptions {
  /** Full plan ids; all of this workspace's plans with checkpoints when absent. */
  readonly planIds?: readonly string[];
  readonly dryRun: boolean;
  readonly includePrompts: boolean;
}

export interface LeavingObject {
  readonly oid: string;
  readonly type: string;
  /** The file's path in its snapshot (`snapshots/<checkpoint>/<path>`), or `plan.json`. */
  readonly path: string;
}

export interface PlanPushOutcome {
  readonly plan_id: string;
  readonly title: string;
  readonly status: 'pushed' | 'up_to_date' | 'would_push' | 'refused';
  /** Why it was refused. */
  readonly reason?: string;
  readonly ref: string;
  /** Checkpoints this push adds to the remote. */
  readonly checkpoints_sent: string[];
  readonly checkpoints_on_remote: number;
  /** Files left out of what is sent (each once, with the checkpoints it was left out of). */
  readonly withheld: (Withheld & { readonly checkpoints: number })[];
  /** With --dry-run: every object that would leave the machine. */
  readonly objects?: LeavingObject[];
}

export interface PushOutcome {
  readonly remote: string;
  readonly dry_run: boolean;
  readonly prompts_included: boolean;
  readonly plans: PlanPushOutcome[];
}

/** This workspace's own plans (not fetched ones), each with its rows. */
export async function localPlans(services: PushContext['services'], warn: (m: string) => void): Promise<{ own: LocalPlan[]; fetched: Set<string> }> {
  const fetched = new Set(readFetchedOrigins(services.workspace.root, warn).keys());
  const all = await services.store.read((uow) =>
    uow.plans.list().map((plan) => ({
      plan,
      checkpoints: uow.checkpoints.listForPlan(plan.plan_id),
      stateChanges: uow.stateChanges.listForPlan(plan.plan_id),
      decisions: uow.decisions.listForPlan(plan.plan_id),
      corrections: uow.corrections.listForPlan(plan.plan_id),
    })),
  );
  return { own: all.filter((p) => !fetched.has(p.plan.plan_id)), fetched };
}

function stateChangeKey(c: PlanStateChange): string {
  return `${c.changed_at}\0${c.from_state ?? ''}\0${c.to_state}`;
}

function byCreation(a: { created_at: string; checkpoint_id: string }, b: { created_at: string; checkpoint_id: string }): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.checkpoint_id < b.checkpoint_id ? -1 : a.checkpoint_id > b.checkpoint_id ? 1 : 0;
}

interface Prepared {
  readonly local: LocalPlan;
  readonly commit?: string;
  readonly tip?: string;
  readonly outcome: PlanPushOutcome;
}

class PlanPusher {
  /** Each checkpoint's filtered snapshot, once per push whatever the attempts. */
  private readonly filtered = new Map<string, { tree: string; withheld: Withheld[] }>();
  private readonly filter: SnapshotFilter;
  /** Who pushed each plan's tip as last read (for a refusal after every try: who got there first). */
  private readonly tipOrigins = new Map<string, string>();

  constructor(
    private readonly ctx: PushContext,
    private readonly transport: TransportRepo,
    private readonly options: PushOptions,
  ) {
    this.filter = new SnapshotFilter(transport.git, new PrivacyFilter(ctx.rules), transport.gitDir);
  }

  private refused(local: LocalPlan, reason: string): Prepared {
    return { local, outcome: { plan_id: local.plan.plan_id, title: local.plan.title, status: 'refused', reason, ref: planRef(local.plan.plan_id), checkpoints_sent: [], checkpoints_on_remote: 0, withheld: [] } };
  }

  /** The plan's commit on top of the remote's `tip`, or why not. Runs under the store's lock. */
  async prepare(local: LocalPlan, tip: string | undefined): Promise<Prepared> {
    const git = this.transport.git;
    const { plan } = local;
    let remote: PlanBundle | undefined;
    if (tip !== undefined) {
      try {
        remote = await readPlanCommit(git, tip);
      } catch (error) {
        return this.refused(local, `the remote's copy of this plan cannot be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); nothing was changed there`);
      }
      if (remote.origin.workspace_id !== this.ctx.origin.workspace_id) return this.refused(local, `the remote holds a plan of this id recorded by another workspace (${remote.origin.user}@${remote.origin.machine}); ids collide, so nothing was pushed`);
      if (remote.plan.plan_id !== plan.plan_id) return this.refused(local, `the remote's ref for this plan holds plan ${remote.plan.plan_id}`);
      this.tipOrigins.set(plan.plan_id, `${remote.origin.user}@${remote.origin.machine}`);
    }
    const onRemote = new Map((remote?.checkpoints ?? []).map((c) => [c.checkpoint_id, c]));
    let promptNumber = 0;
    const sent: BundledCheckpoint[] = [];
    const withheld = new Map<string, Withheld & { checkpoints: number }>();
    for (const checkpoint of local.checkpoints) {
      const number = isPromptCheckpoint(checkpoint) ? ++promptNumber : undefined;
      if (onRemote.has(checkpoint.checkpoint_id)) continue;
      let filtered = this.filtered.get(checkpoint.checkpoint_id);
      if (!filtered) {
        filtered = await this.filter.filterSnapshot(checkpoint.sandbox_ref);
        this.filtered.set(checkpoint.checkpoint_id, filtered);
      }
      for (const w of filtered.withheld) {
        const key = `${w.path}\0${w.reason}`;
        const seen = withheld.get(key);
        withheld.set(key, seen ? { ...seen, checkpoints: seen.checkpoints + 1 } : { ...w, checkpoints: 1 });
      }
      sent.push({
        checkpoint_id: checkpoint.checkpoint_id,
        decision_id: checkpoint.decision_id,
        checkpoint_type: checkpoint.checkpoint_type,
        resource_id: checkpoint.resource_id,
        size_bytes: checkpoint.size_bytes,
        created_at: checkpoint.created_at,
        metadata: bundledMetadata(checkpoint, number, this.options.includePrompts),
        tree: filtered.tree,
        withheld: filtered.withheld,
      });
    }
    // Decisions and corrections change state here (reverted, undone): this workspace's rows win.
    const decisions = new Map((remote?.decisions ?? []).map((d) => [d.decision_id, d]));
    for (const d of local.decisions) decisions.set(d.decision_id, bundledDecision(d));
    const corrections = new Map((remote?.corrections ?? []).map((c) => [c.correction_id, c]));
    for (const c of local.corrections) corrections.set(c.correction_id, c);
    const changes = new Map((remote?.state_changes ?? []).map((c) => [stateChangeKey(c), c]));
    for (const c of local.stateChanges) changes.set(stateChangeKey(c), c);
    const bundle: PlanBundle = {
      format: BUNDLE_FORMAT,
      origin: { ...this.ctx.origin, agent: hookAgentOf(local.checkpoints) ?? remote?.origin.agent ?? null },
      plan: { ...plan, title: bundledTitle(plan, Object.values(HOOK_AGENT_NAMES), this.options.includePrompts) },
      state_changes: [...changes.values()].sort((a, b) => (a.changed_at < b.changed_at ? -1 : a.changed_at > b.changed_at ? 1 : 0)),
      checkpoints: [...(remote?.checkpoints ?? []), ...sent].sort(byCreation),
      decisions: [...decisions.values()].sort(byCreatedAt((d) => d.decision_id)),
      corrections: [...corrections.values()].sort(byCreatedAt((c) => c.correction_id)),
      prompts_included: this.options.includePrompts || remote?.prompts_included === true,
    };
    const tree = await writePlanTree(git, bundle);
    const outcome = {
      plan_id: plan.plan_id,
      title: bundle.plan.title,
      ref: planRef(plan.plan_id),
      checkpoints_sent: sent.map((c) => c.checkpoint_id),
      checkpoints_on_remote: bundle.checkpoints.length,
      withheld: [...withheld.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
    if (tip !== undefined && (await treeOfCommit(git, tip)) === tree) return { local, tip, outcome: { ...outcome, status: 'up_to_date' } };
    const commit = await commitPlanTree(git, tree, tip, `CleverAgents plan ${plan.plan_id}: ${bundle.checkpoints.length} checkpoint(s)`);
    return { local, tip, commit, outcome: { ...outcome, status: this.options.dryRun ? 'would_push' : 'pushed' } };
  }

  /** `, last pushed by user@machine` when a tip of the plan was read, else nothing. */
  lastPusher(planId: string): string {
    const who = this.tipOrigins.get(planId);
    return who === undefined ? '' : `; the remote's copy was last pushed by ${who}`;
  }

  /** Every object the commit brings that the remote does not hold (a dry run's list). */
  async leavingObjects(commit: string, remoteTips: readonly string[]): Promise<LeavingObject[]> {
    const out = await this.transport.git.raw(['rev-list', '--objects', commit, ...(remoteTips.length ? ['--not', ...remoteTips] : [])]);
    const oids = out.split('\n').filter((l) => l !== '');
    const types = (await this.transport.git.raw(['cat-file', '--batch-check=%(objecttype)'], `${oids.map((l) => l.slice(0, l.indexOf(' ') < 0 ? undefined : l.indexOf(' '))).join('\n')}\n`)).split('\n');
    return oids.map((line, i) => {
      const space = line.indexOf(' ');
      return { oid: space < 0 ? line : line.slice(0, space), type: types[i] ?? '', path: space < 0 ? '' : line.slice(space + 1) };
    });
  }
}

function isRejection(error: unknown): boolean {
  return error instanceof GitCommandError && /\[rejected\]|non-fast-forward|fetch first|failed to push some refs|stale info|cannot lock ref/i.test(error.stderr);
}

/** Pushes (or, with dryRun, only works out) the plans' commits to `url`. */
export async function pushPlans(ctx: PushContext, url: string, options: PushOptions): Promise<PushOutcome> {
  const { own, fetched } = await localPlans(ctx.services, ctx.warn);
  const results = new Map<string, PlanPushOutcome>();
  let chosen: LocalPlan[];
  if (options.planIds === undefined) chosen = own.filter((p) => p.checkpoints.length > 0);
  else {
    chosen = [];
    for (const id of options.planIds) {
      const found = own.find((p) => p.plan.plan_id === id);
      if (found) chosen.push(found);
      else
        results.set(id, {
          plan_id: id,
          title: '',
          status: 'refused',
          reason: fetched.has(id) ? 'it was fetched from a remote: only the workspace that recorded a plan pushes it' : 'no plan of this id in this workspace',
          ref: planRef(id),
          checkpoints_sent: [],
          checkpoints_on_remote: 0,
          withheld: [],
        });
    }
  }
  const snapshotter = ctx.services.snapshotter;
  const { signal, progress } = ctx;
  stopIfCancelled(signal, 'nothing was sent.');
  const objects = await snapshotter.exclusive(WORKSPACE_KEY, () => snapshotter.objectsDir());
  const transport = await openTransportRepo(ctx.services.workspace.root, path.resolve(objects), signal);
  try {
    const pusher = new PlanPusher(ctx, transport, options);
    let pending = chosen;
    for (let attempt = 1; pending.length > 0; attempt++) {
      progress?.({ message: `Reading the remote's plans${attempt > 1 ? ` (try ${attempt} of ${ATTEMPTS})` : ''}` });
      const tips = await listRemotePlans(transport.git, url, signal);
      await fetchTips(transport.git, url, pending.map((p) => p.plan.plan_id).filter((id) => tips.has(id)), signal);
      // Under the store's lock: no checkpoint's snapshot is pruned while it is read.
      const prepared = await snapshotter.exclusive(WORKSPACE_KEY, async () => {
        const made: Prepared[] = [];
        for (const local of pending) {
          stopIfCancelled(signal, 'nothing was sent.');
          progress?.({ message: `Preparing plan ${made.length + 1} of ${pending.length}`, done: made.length, total: pending.length });
          made.push(await pusher.prepare(local, tips.has(local.plan.plan_id) ? tipRef(local.plan.plan_id) : undefined));
        }
        return made;
      });
      const toPush = prepared.filter((p) => p.commit !== undefined);
      for (const p of prepared) if (p.commit === undefined) results.set(p.local.plan.plan_id, p.outcome);
      if (options.dryRun) {
        for (const p of toPush) results.set(p.local.plan.plan_id, { ...p.outcome, objects: await pusher.leavingObjects(p.commit!, p.tip === undefined ? [] : [p.tip]) });
        break;
      }
      if (toPush.length === 0) break;
      stopIfCancelled(signal, 'nothing was sent.');
      const refspecs = toPush.map((p) => `${p.commit!}:${planRef(p.local.plan.plan_id)}`);
      try {
        if (progress) await transport.git.rawStreaming(['push', '--porcelain', '--progress', url, ...refspecs], gitProgressTo(progress, `Sending ${toPush.length} plan(s)`));
        else await transport.git.raw(['push', '--porcelain', '--quiet', url, ...refspecs]);
      } catch (error) {
        if (signal?.aborted || !isRejection(error)) throw remoteFailure('push to', url, error, signal);
      }
      progress?.({ message: 'Checking what the remote holds now' });
      const after = await listRemotePlans(transport.git, url, signal);
      pending = [];
      for (const p of toPush) {
        if (after.get(p.local.plan.plan_id) === p.commit) results.set(p.local.plan.plan_id, p.outcome);
        else if (attempt < ATTEMPTS) pending.push(p.local);
        else results.set(p.local.plan.plan_id, { ...p.outcome, status: 'refused', checkpoints_sent: [], reason: `the remote's copy of this plan changed during each of ${ATTEMPTS} tries (another push at the same time${pusher.lastPusher(p.local.plan.plan_id)}); nothing of this plan was changed there, try again` });
      }
    }
  } finally {
    await transport.dispose();
  }
  const order = [...(options.planIds ?? own.map((p) => p.plan.plan_id))];
  return { remote: shownUrl(url), dry_run: options.dryRun, prompts_included: options.includePrompts, plans: order.filter((id) => results.has(id)).map((id) => results.get(id)!) };
}

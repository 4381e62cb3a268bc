import type { Checkpoint } from '../checkpoint';
import type { Plan } from '../plan';
import type { CheckpointStore, SandboxSnapshotter } from '../ports';
import type { ProvenanceService } from './provenanceService';

// Keeping line attribution up to date as checkpoints are taken (see docs/PROVENANCE.md, "What is
// kept, and when"). The resident process runs one (src/daemon/warmServices.ts), the extension one
// per folder for the checkpoints it records itself (src/extension/agentChanges/attributionKeeping.ts).
// After a request (or a recording) that may have made one, once the process is idle, it looks for the checkpoints it has not seen,
// lists the paths each changed against the one before, and brings each path's kept attribution up
// to that checkpoint, one version per step (keptAttribution.ts). It only reads the store (no lock
// is taken: readers of the database and of git hold none), and it gives way between two steps as
// soon as a request comes: the step under way ends (a version's comparison and one small file), the
// rest waits until the process is idle again and goes on from what the steps kept. A hook's answer
// is therefore never behind it. Where no keeper runs, the first call after new checkpoints works
// them out.

/** Paths kept up to date per checkpoint, in the order git lists them; the rest are left to the first call that asks. */
export const MAX_PATHS_PER_CHECKPOINT = 16;
/** Paths waiting to be kept: beyond this, the oldest are dropped (left to the first call). */
const MAX_WAITING = 64;
/** A clock that stores seconds only (another process's) must not hide a checkpoint made just after `since`. */
const SINCE_MARGIN_MS = 1000;

/** What the keeper waits for and gives way to (requestActivity.ts). */
export interface KeeperActivity {
  busy(): boolean;
  whenIdle(): Promise<void>;
}

/** What the keeper uses of a folder's services (composition.ts's WorkspaceServices). */
export interface KeeperServices {
  readonly store: Pick<CheckpointStore, 'read'>;
  readonly snapshotter: Pick<SandboxSnapshotter, 'changes'>;
  readonly provenance: Pick<ProvenanceService, 'keep'>;
  readonly databasePath: string;
}

export interface BlameKeeperOptions {
  readonly activity: KeeperActivity;
  /**
   * Checkpoints made before this time are not the keeper's to keep; those made since are all looked
   * at, a plan's first pass included (without it, a plan first seen gives its newest checkpoint
   * only). The extension sets it to its start, so that its first recording does not work out the
   * newest paths of every plan of the folder, old ones included, and a burst of its checkpoints
   * kept in one pass misses none.
   */
  readonly since?: Date;
  readonly log?: (line: string) => void;
  /** Each step done (tests, the benchmark): the plan, the path in its sandbox, the checkpoint's index. */
  readonly onStep?: (step: { planId: string; rel: string; at: number }) => void;
  /** Each pass that stopped to give way to a request. */
  readonly onStopped?: () => void;
  /** Each pass begun (the process found idle). */
  readonly onPass?: () => void;
}

/** A checkpoint looked at: where it stood in its plan's order (the time it was made, then its id). */
interface Seen {
  readonly id: string;
  readonly createdAt: string;
}

interface Waiting {
  readonly planId: string;
  readonly rel: string;
  /** The checkpoint up to which its attribution is wanted. */
  readonly upTo: string;
}

export class BlameKeeper {
  private services: KeeperServices | undefined;
  /** Per database and plan, the newest checkpoint looked at. */
  private readonly seen = new Map<string, Seen>();
  private readonly waiting = new Map<string, Waiting>();
  private wanted = false;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: BlameKeeperOptions) {}

  /** A request that may have recorded checkpoints is done with `services`: look for them once the process is idle. */
  note(services: KeeperServices): void {
    if (this.closed) return;
    // Another database: what waits is of the one before.
    if (this.services !== undefined && this.services.databasePath !== services.databasePath) this.waiting.clear();
    this.services = services;
    this.wanted = true;
    // (The loop never ends at once: wanted and not closed, it waits for an idle moment first.)
    this.running ??= this.loop();
  }

  /** Resolves when the work noted so far is done (or stopped for good). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The services are going away (the process drops them, or exits): nothing more is done with them. */
  forget(): void {
    this.services = undefined;
    this.waiting.clear();
    this.seen.clear();
    this.wanted = false;
  }

  close(): void {
    this.closed = true;
    this.forget();
  }

  private stop(): boolean {
    return this.closed || this.services === undefined || this.options.activity.busy();
  }

  private async loop(): Promise<void> {
    try {
      while (this.wanted && !this.closed) {
        await this.options.activity.whenIdle();
        // The last answer's write goes out before any of this work runs.
        await new Promise((resolve) => setImmediate(resolve));
        const services = this.services;
        if (this.stop() || services === undefined) continue;
        this.wanted = false;
        this.options.onPass?.();
        try {
          if ((await this.pass(services)) === 'stopped') {
            this.wanted = true;
            this.options.onStopped?.();
          }
        } catch (error) {
          // The services closed under it, a read that failed: what was kept stays; the next request looks again.
          // Services let go of meanwhile (closed on purpose): nothing to say.
          if (this.services === services) this.options.log?.(`keeping line attribution: ${(error as Error).message}`);
        }
      }
    } finally {
      // Cleared in the very turn that found nothing more wanted (a finally of this same function):
      // a note after it starts a new loop, none falls between the two.
      this.running = undefined;
    }
  }

  private async pass(services: KeeperServices): Promise<'done' | 'stopped'> {
    const plans = await services.store.read((uow) => uow.plans.list().map((plan) => ({ plan, checkpoints: uow.checkpoints.listForPlan(plan.plan_id) })));
    for (const { plan, checkpoints } of plans) {
      if ((await this.collect(services, plan, checkpoints)) === 'stopped') return 'stopped';
    }
    const byPlan = new Map(plans.map((p) => [p.plan.plan_id, p]));
    for (const [key, w] of this.waiting) {
      if (this.stop()) return 'stopped';
      const p = byPlan.get(w.planId);
      const upTo = p?.checkpoints.findIndex((c) => c.checkpoint_id === w.upTo) ?? -1;
      if (p === undefined || upTo < 0) {
        this.waiting.delete(key);
        continue;
      }
      const outcome = await services.provenance
        .keep({ over: { plan: p.plan, checkpoints: p.checkpoints, rel: w.rel }, upTo, stop: () => this.stop(), onStep: (at) => this.options.onStep?.({ planId: w.planId, rel: w.rel, at }) })
        .catch((error: unknown) => {
          this.options.log?.(`keeping the line attribution of ${JSON.stringify(w.rel)}: ${(error as Error).message}`);
          return 'nothing-to-keep' as const;
        });
      if (outcome === 'stopped') return 'stopped';
      this.waiting.delete(key);
    }
    return 'done';
  }

  /** Of a plan seen for the first time, the first checkpoint to look at: its newest, or with `since`, the first made since then (none: past the end). */
  private firstToLookAt(checkpoints: readonly Checkpoint[]): number {
    const since = this.options.since;
    if (since === undefined) return checkpoints.length - 1;
    const at = checkpoints.findIndex((c) => Date.parse(c.created_at) >= since.getTime() - SINCE_MARGIN_MS);
    return at < 0 ? checkpoints.length : at;
  }

  /** The paths each checkpoint of `plan` not seen yet changed, added to those waiting. Seen for the first time: its newest checkpoint only (or, with `since`, those made since). */
  private async collect(services: KeeperServices, plan: Plan, checkpoints: readonly Checkpoint[]): Promise<'done' | 'stopped'> {
    const seenKey = `${services.databasePath}\0${plan.plan_id}`;
    const seen = this.seen.get(seenKey);
    // The checkpoint last looked at may be gone (pruned by the plan's retention while a burst of
    // checkpoints went on): then the first made after it.
    const first = Math.max(1, seen === undefined ? this.firstToLookAt(checkpoints) : firstAfter(checkpoints, seen));
    for (let at = first; at < checkpoints.length; at++) {
      if (this.stop()) return 'stopped';
      const before = checkpoints[at - 1]!;
      const after = checkpoints[at]!;
      // A checkpoint whose snapshots cannot be compared (a store damaged under it) is passed over:
      // its paths are left to the first call, and the checkpoints after it are still looked at.
      const changes = before.sandbox_ref === after.sandbox_ref ? [] : await services.snapshotter.changes(before.sandbox_ref, after.sandbox_ref).catch((error: unknown) => {
        this.options.log?.(`keeping line attribution: the paths checkpoint ${after.checkpoint_id} changed: ${(error as Error).message}`);
        return [];
      });
      if (changes.length > 0) {
        const changed = changes.filter((c) => c.change !== 'deleted');
        for (const c of changed.slice(0, MAX_PATHS_PER_CHECKPOINT)) {
          const key = `${plan.plan_id}\0${c.path}`;
          // Moved to the end: the newest wanted go last, the oldest are dropped first.
          this.waiting.delete(key);
          this.waiting.set(key, { planId: plan.plan_id, rel: c.path, upTo: after.checkpoint_id });
        }
        for (const key of [...this.waiting.keys()].slice(0, Math.max(0, this.waiting.size - MAX_WAITING))) this.waiting.delete(key);
      }
      this.seen.set(seenKey, { id: after.checkpoint_id, createdAt: after.created_at });
    }
    const newest = checkpoints[checkpoints.length - 1];
    if (newest !== undefined && first >= checkpoints.length) this.seen.set(seenKey, { id: newest.checkpoint_id, createdAt: newest.created_at });
    return 'done';
  }
}

/** The index of the first checkpoint after `seen` in the plan's order (the time made, then the id), whether `seen` is still there or not; none: past the end. */
function firstAfter(checkpoints: readonly Checkpoint[], seen: Seen): number {
  const at = checkpoints.findIndex((c) => c.created_at > seen.createdAt || (c.created_at === seen.createdAt && c.checkpoint_id > seen.id));
  return at < 0 ? checkpoints.length : at;
}

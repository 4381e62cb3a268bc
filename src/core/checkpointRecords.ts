import { CheckpointSchema, type Checkpoint } from './checkpoint';
import { BusinessRuleViolation, NotFoundError, ValidationError } from './errors';
import { isTerminal, type Plan } from './plan';
import type { Snapshot } from './ports';
import { CheckpointNotWaitedForError, markedLate, type RecordingVerdict } from './lateCheckpoints';
import { resolveSandbox, type ResolvedSandbox } from './lockedSandbox';
import { checkpointsToRetain } from './retainedCheckpoints';
import { mayPrune, selectCheckpointsToPrune } from './retentionPolicy';
import { parseId, pinName, type ServiceDeps } from './serviceDeps';

export interface CreatedCheckpoint {
  readonly checkpoint: Checkpoint;
  /** Ids of the checkpoints the retention policy removed to make room. */
  readonly pruned: string[];
}

/**
 * What taking checkpoints and restoring them share: finding a plan's checkpoint under the spec's
 * guards, making and storing a checkpoint's row, and dropping snapshot pins.
 */
export class CheckpointRecords {
  constructor(private readonly deps: ServiceDeps) {}

  /** The guards every restore and its preview pass first (the spec's order): the checkpoint is the plan's, the plan is not applied, its sandbox is there. */
  async guardRollback(planId: string, checkpointId: string): Promise<{ plan: Plan; checkpoint: Checkpoint; sandbox: ResolvedSandbox }> {
    const { plan, checkpoint } = await this.findCheckpoint(planId, checkpointId);
    if (isTerminal(plan.state)) throw BusinessRuleViolation.planApplied();
    const sandbox = await this.requireSandbox(plan, BusinessRuleViolation.sandboxMissing().message);
    return { plan, checkpoint, sandbox };
  }

  /** The spec's guard order: the checkpoint exists, then it belongs to the plan. */
  async findCheckpoint(planId: string, checkpointId: string): Promise<{ plan: Plan; checkpoint: Checkpoint }> {
    const pid = parseId(planId, 'plan id');
    const cid = parseId(checkpointId, 'checkpoint id');
    return this.deps.store.read((uow) => {
      const checkpoint = uow.checkpoints.get(cid);
      if (!checkpoint) throw new NotFoundError('checkpoint', cid);
      if (checkpoint.plan_id !== pid) {
        throw new ValidationError(`checkpoint ${cid} belongs to plan ${checkpoint.plan_id}, not to plan ${pid}`);
      }
      const plan = uow.plans.get(pid);
      if (!plan) throw new NotFoundError('plan', pid);
      return { plan, checkpoint };
    });
  }

  async requirePlan(planId: string): Promise<Plan> {
    const plan = await this.deps.store.read((uow) => uow.plans.get(planId));
    if (!plan) throw new NotFoundError('plan', planId);
    return plan;
  }

  requireSandbox(plan: Plan, missingMessage: string): Promise<ResolvedSandbox> {
    return resolveSandbox(this.deps.workspace, plan.plan_id, plan.sandbox_path, () => new BusinessRuleViolation(missingMessage));
  }

  toCheckpoint(plan: Plan, checkpointId: string, snap: Snapshot, fields: Pick<Checkpoint, 'checkpoint_type' | 'decision_id' | 'resource_id'> & { metadata: Omit<Checkpoint['metadata'], 'skipped' | 'file_count'> }): Checkpoint {
    return CheckpointSchema.parse({
      checkpoint_id: checkpointId,
      plan_id: plan.plan_id,
      sandbox_ref: snap.ref,
      filesystem_path: snap.filesystemPath,
      size_bytes: snap.sizeBytes,
      created_at: this.deps.clock.now().toISOString(),
      ...fields,
      metadata: { ...fields.metadata, file_count: snap.fileCount, skipped: snap.skipped },
    });
  }

  /**
   * Stores the checkpoint (and prunes, when asked) in one transaction. Its snapshot is pinned
   * already: if the row cannot be made or stored, the pin goes too. Pruning spares what an undo
   * or a correction needs (checkpointsToRetain), read in the same transaction. `verdict`: what the
   * caller's gate said when the files were read (core/lateCheckpoints.ts): the row may be marked
   * late, or dropped (nothing is written).
   */
  async recordCheckpoint(pin: string, make: () => Checkpoint, prune: boolean, verdict: RecordingVerdict = 'record'): Promise<CreatedCheckpoint> {
    try {
      let row = make();
      const pruned = await this.deps.store.write((uow) => {
        const plan = uow.plans.get(row.plan_id);
        if (!plan) throw new NotFoundError('plan', row.plan_id);
        if (verdict === 'drop') throw new CheckpointNotWaitedForError(row.plan_id);
        if (verdict === 'late') row = markedLate(row);
        uow.checkpoints.insert(row);
        // Counted first: below the limit (most checkpoints of a plan) no row is decoded.
        if (!prune || !mayPrune(uow.checkpoints.countForPlan(plan.plan_id), plan.retention)) return [];
        const all = uow.checkpoints.listForPlan(plan.plan_id);
        if (!mayPrune(all.length, plan.retention)) return [];
        const retained = checkpointsToRetain(all, uow.decisions.listForPlan(plan.plan_id), uow.corrections.listForPlan(plan.plan_id));
        const victims = selectCheckpointsToPrune(all.map((c) => c.checkpoint_id), plan.retention, retained);
        for (const v of victims) uow.checkpoints.delete(v);
        return victims;
      });
      return { checkpoint: row, pruned };
    } catch (error) {
      await this.unpinQuietly([pin]);
      throw error;
    }
  }

  unpin(planId: string, checkpointIds: readonly string[]): Promise<void> {
    return this.unpinQuietly(checkpointIds.map((c) => pinName(planId, c)));
  }

  /** Unpinning can fail without harm (an orphan pin only costs disk): log, don't fail the operation. */
  async unpinQuietly(pins: readonly string[]): Promise<void> {
    if (pins.length === 0) return;
    try {
      await this.deps.snapshotter.unpin(pins);
    } catch (error) {
      this.deps.logger.warn(`Could not drop the shadow-store pins ${pins.join(', ')}: ${String(error)}`);
    }
  }
}

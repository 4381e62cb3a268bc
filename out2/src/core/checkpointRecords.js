"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CheckpointRecords = void 0;
const checkpoint_1 = require("./checkpoint");
const errors_1 = require("./errors");
const plan_1 = require("./plan");
const lateCheckpoints_1 = require("./lateCheckpoints");
const lockedSandbox_1 = require("./lockedSandbox");
const retainedCheckpoints_1 = require("./retainedCheckpoints");
const retentionPolicy_1 = require("./retentionPolicy");
const serviceDeps_1 = require("./serviceDeps");
/**
 * What taking checkpoints and restoring them share: finding a plan's checkpoint under the spec's
 * guards, making and storing a checkpoint's row, and dropping snapshot pins.
 */
class CheckpointRecords {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    /** The guards every restore and its preview pass first (the spec's order): the checkpoint is the plan's, the plan is not applied, its sandbox is there. */
    async guardRollback(planId, checkpointId) {
        const { plan, checkpoint } = await this.findCheckpoint(planId, checkpointId);
        if ((0, plan_1.isTerminal)(plan.state))
            throw errors_1.BusinessRuleViolation.planApplied();
        const sandbox = await this.requireSandbox(plan, errors_1.BusinessRuleViolation.sandboxMissing().message);
        return { plan, checkpoint, sandbox };
    }
    /** The spec's guard order: the checkpoint exists, then it belongs to the plan. */
    async findCheckpoint(planId, checkpointId) {
        const pid = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const cid = (0, serviceDeps_1.parseId)(checkpointId, 'checkpoint id');
        return this.deps.store.read((uow) => {
            const checkpoint = uow.checkpoints.get(cid);
            if (!checkpoint)
                throw new errors_1.NotFoundError('checkpoint', cid);
            if (checkpoint.plan_id !== pid) {
                throw new errors_1.ValidationError(`checkpoint ${cid} belongs to plan ${checkpoint.plan_id}, not to plan ${pid}`);
            }
            const plan = uow.plans.get(pid);
            if (!plan)
                throw new errors_1.NotFoundError('plan', pid);
            return { plan, checkpoint };
        });
    }
    async requirePlan(planId) {
        const plan = await this.deps.store.read((uow) => uow.plans.get(planId));
        if (!plan)
            throw new errors_1.NotFoundError('plan', planId);
        return plan;
    }
    requireSandbox(plan, missingMessage) {
        return (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, plan.plan_id, plan.sandbox_path, () => new errors_1.BusinessRuleViolation(missingMessage));
    }
    toCheckpoint(plan, checkpointId, snap, fields) {
        return checkpoint_1.CheckpointSchema.parse({
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
     * or a correction needs (checkpointsToRetain), read in the same transaction. A `gate` is asked
     * last, inside the transaction: it may mark the row late, or drop it (nothing is written).
     */
    async recordCheckpoint(pin, make, prune, gate) {
        try {
            let row = make();
            const pruned = await this.deps.store.write((uow) => {
                const plan = uow.plans.get(row.plan_id);
                if (!plan)
                    throw new errors_1.NotFoundError('plan', row.plan_id);
                const verdict = gate?.claim(row.checkpoint_id) ?? 'record';
                if (verdict === 'drop')
                    throw new lateCheckpoints_1.CheckpointNotWaitedForError(row.plan_id);
                if (verdict === 'late')
                    row = (0, lateCheckpoints_1.markedLate)(row);
                uow.checkpoints.insert(row);
                if (!prune)
                    return [];
                const all = uow.checkpoints.listForPlan(plan.plan_id);
                if (!(0, retentionPolicy_1.mayPrune)(all.length, plan.retention))
                    return [];
                const retained = (0, retainedCheckpoints_1.checkpointsToRetain)(all, uow.decisions.listForPlan(plan.plan_id), uow.corrections.listForPlan(plan.plan_id));
                const victims = (0, retentionPolicy_1.selectCheckpointsToPrune)(all.map((c) => c.checkpoint_id), plan.retention, retained);
                for (const v of victims)
                    uow.checkpoints.delete(v);
                return victims;
            });
            return { checkpoint: row, pruned };
        }
        catch (error) {
            await this.unpinQuietly([pin]);
            throw error;
        }
    }
    unpin(planId, checkpointIds) {
        return this.unpinQuietly(checkpointIds.map((c) => (0, serviceDeps_1.pinName)(planId, c)));
    }
    /** Unpinning can fail without harm (an orphan pin only costs disk): log, don't fail the operation. */
    async unpinQuietly(pins) {
        if (pins.length === 0)
            return;
        try {
            await this.deps.snapshotter.unpin(pins);
        }
        catch (error) {
            this.deps.logger.warn(`Could not drop the shadow-store pins ${pins.join(', ')}: ${String(error)}`);
        }
    }
}
exports.CheckpointRecords = CheckpointRecords;
//# sourceMappingURL=checkpointRecords.js.map
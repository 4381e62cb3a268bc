"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CheckpointService = void 0;
const checkpoint_1 = require("./checkpoint");
const checkpointRecords_1 = require("./checkpointRecords");
const errors_1 = require("./errors");
const ids_1 = require("./ids");
const plan_1 = require("./plan");
const lateCheckpoints_1 = require("./lateCheckpoints");
const lockedSandbox_1 = require("./lockedSandbox");
const operationRecords_1 = require("./operationRecords");
const restoreService_1 = require("./restoreService");
const serviceDeps_1 = require("./serviceDeps");
/**
 * Checkpoints of a plan's sandbox: taking them, listing, comparing; rolling back to one is
 * {@link RestoreService}'s, which the methods below the divider hand on to.
 */
class CheckpointService {
    deps;
    records;
    restores;
    constructor(deps) {
        this.deps = deps;
        this.records = new checkpointRecords_1.CheckpointRecords(deps);
        this.restores = new restoreService_1.RestoreService(deps, this.records);
    }
    /** `gate`: for a caller that may stop waiting (see core/lateCheckpoints.ts). */
    async createCheckpoint(planId, options = {}, gate) {
        return (await this.create(planId, options, false, undefined, gate));
    }
    /**
     * A checkpoint, unless the sandbox's files are exactly its last checkpoint's (then undefined,
     * and nothing is written): what automatic checkpoints take, in one pass over the files.
     */
    /**
     * With `before`, the paths it names once the files are read are shown as captured before the
     * writes that came since (see {@link captureBeforeWrite}), here and in the no-change comparison.
     */
    async createCheckpointIfChanged(planId, options = {}, before, gate) {
        return this.create(planId, options, true, before, gate);
    }
    /**
     * A file of the plan's sandbox as it is now, before a write changes it (`path` relative to the
     * sandbox): for a `pre_write` taken after the write, through `createCheckpointIfChanged`'s
     * `before`. The caller gives the plan's sandbox path as it read it with the plan: a save waits
     * for this, and the database is not read again (the folder is resolved and checked as always).
     */
    async captureBeforeWrite(planId, sandboxPath, path) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const rel = ids_1.RelativePathSchema.safeParse(path);
        if (!rel.success)
            throw new errors_1.ValidationError((0, errors_1.describeIssues)(rel.error.issues));
        const sandbox = await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, id, this.deps.workspace.normalizeSandboxPath(sandboxPath), () => new errors_1.BusinessRuleViolation('Checkpoint blocked: sandbox is missing'));
        return this.deps.snapshotter.captureBeforeWrite(sandbox, rel.data);
    }
    async create(planId, options, onlyIfChanged, before, gate) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const parsed = checkpoint_1.CreateCheckpointOptionsSchema.safeParse(options);
        if (!parsed.success)
            throw new errors_1.ValidationError((0, errors_1.describeIssues)(parsed.error.issues));
        const opts = parsed.data;
        const plan = await this.records.requirePlan(id);
        if ((0, plan_1.isTerminal)(plan.state))
            throw new errors_1.BusinessRuleViolation('Checkpoint blocked: plan is already applied');
        const sandbox = await this.records.requireSandbox(plan, 'Checkpoint blocked: sandbox is missing');
        return (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, id, [sandbox], async () => {
            // A caller answered while this waited for the lock: reading the files now would read what came after.
            if (gate && !gate.stillWaited())
                throw new lateCheckpoints_1.CheckpointNotWaitedForError(id);
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, id, 'Checkpoint');
            let chosenId = opts.checkpointId;
            if (chosenId !== undefined) {
                const made = await this.deps.store.read((uow) => uow.checkpoints.get(chosenId));
                if (made && opts.callToken !== undefined && made.metadata.extra[checkpoint_1.CALL_TOKEN_EXTRA] !== opts.callToken) {
                    // another call's checkpoint under that id: no answer to this call, which takes its own
                    this.deps.logger.debug(`checkpoint id ${chosenId} is another call's checkpoint; this one takes a new id`);
                    chosenId = undefined;
                }
                else {
                    if (made && made.plan_id !== id)
                        throw new errors_1.ValidationError(`checkpoint id ${chosenId} is another plan's checkpoint`);
                    // Made already, by an earlier call of this same request: that one is the answer.
                    if (made)
                        return { checkpoint: made, pruned: [] };
                }
            }
            // Read once: under the store's lock no other process adds or removes this plan's checkpoints.
            const rows = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(id));
            await this.dropOrphanPins(id, rows);
            const checkpointId = chosenId ?? this.deps.ids.next();
            const message = `${opts.type}: ${opts.reason ?? ''}`.trim();
            const latest = onlyIfChanged ? rows.at(-1) : undefined;
            const snap = latest
                ? await this.deps.snapshotter.snapshotIfChanged(sandbox, (0, serviceDeps_1.pinName)(id, checkpointId), message, latest.sandbox_ref, before)
                : await this.deps.snapshotter.snapshot(sandbox, (0, serviceDeps_1.pinName)(id, checkpointId), message, before);
            if (!snap)
                return undefined;
            const recorded = await this.records.recordCheckpoint((0, serviceDeps_1.pinName)(id, checkpointId), () => this.records.toCheckpoint(plan, checkpointId, snap, {
                checkpoint_type: opts.type,
                decision_id: opts.decisionId ?? null,
                resource_id: opts.resourceId ?? null,
                metadata: {
                    reason: opts.reason ?? null,
                    source_tool: opts.sourceTool ?? null,
                    phase: opts.phase ?? null,
                    extra: { ...opts.extra, ...(chosenId !== undefined && opts.callToken !== undefined ? { [checkpoint_1.CALL_TOKEN_EXTRA]: opts.callToken } : {}) },
                },
            }), true, gate);
            await this.records.unpin(id, recorded.pruned);
            if (recorded.pruned.length > 0)
                await this.deps.snapshotter.collectGarbageIfWorthwhile();
            const c = recorded.checkpoint;
            this.deps.logger.info(`Created ${c.checkpoint_type} checkpoint ${c.checkpoint_id} of plan ${id}: ${snap.fileCount} file(s), ${c.size_bytes} bytes` +
                (snap.skipped.length ? `, ${snap.skipped.length} path(s) not captured` : '') +
                (recorded.pruned.length ? `; pruned by the retention policy: ${recorded.pruned.join(', ')}` : ''));
            return recorded;
        });
    }
    /** Whether the plan has a checkpoint (a count: no row is read). */
    async hasCheckpoints(planId) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        return this.deps.store.read((uow) => {
            if (!uow.plans.get(id))
                throw new errors_1.NotFoundError('plan', id);
            return uow.checkpoints.countForPlan(id) > 0;
        });
    }
    /** A plan's checkpoints, oldest first. */
    async listCheckpoints(planId) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        return this.deps.store.read((uow) => {
            if (!uow.plans.get(id))
                throw new errors_1.NotFoundError('plan', id);
            return uow.checkpoints.listForPlan(id);
        });
    }
    async getCheckpoint(planId, checkpointId) {
        const { checkpoint } = await this.records.findCheckpoint(planId, checkpointId);
        return checkpoint;
    }
    /**
     * The safety checkpoint a rollback took, to undo that rollback. Refused with the reason when it
     * is gone (deleted, or pruned before retention kept the latest one): not a bare "Not found".
     */
    async getUndoCheckpoint(planId, checkpointId) {
        try {
            return await this.getCheckpoint(planId, checkpointId);
        }
        catch (error) {
            if (!(error instanceof errors_1.NotFoundError && error.entity === 'checkpoint'))
                throw error;
            throw new errors_1.BusinessRuleViolation(`Undo blocked: the safety checkpoint ${checkpointId} of this rollback is gone (pruned or deleted), so the files from before the rollback cannot be brought back. Nothing was changed.`);
        }
    }
    async deleteCheckpoint(planId, checkpointId) {
        const { plan, checkpoint } = await this.records.findCheckpoint(planId, checkpointId);
        // Under the store's lock, like every other change of its refs.
        await this.deps.snapshotter.exclusive(plan.plan_id, async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Delete');
            await this.deps.store.write((uow) => uow.checkpoints.delete(checkpoint.checkpoint_id));
            await this.records.unpin(plan.plan_id, [checkpoint.checkpoint_id]);
            this.deps.logger.info(`Deleted checkpoint ${checkpoint.checkpoint_id} of plan ${plan.plan_id}`);
        });
    }
    /** Paths changed from one checkpoint to another, or to the sandbox as it is now. */
    async diff(planId, fromCheckpointId, toCheckpointId) {
        const { plan, checkpoint: from } = await this.records.findCheckpoint(planId, fromCheckpointId);
        if (toCheckpointId !== undefined) {
            const { checkpoint: to } = await this.records.findCheckpoint(planId, toCheckpointId);
            return this.deps.snapshotter.changes(from.sandbox_ref, to.sandbox_ref);
        }
        const sandbox = await this.records.requireSandbox(plan, 'Diff blocked: sandbox is missing');
        return (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, plan.plan_id, [sandbox], async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Diff');
            return (await this.deps.snapshotter.changesSince(sandbox, from.sandbox_ref)).changes;
        });
    }
    /**
     * A file's content in a snapshot of the plan's store that no checkpoint names: the files as an
     * agent-only rollback would leave them (AgentOnlyPreview.target). Undefined when it does not hold
     * the file; an error when the snapshot is gone (the store drops unpinned snapshots in time).
     */
    async readFileAtSnapshot(planId, snapshot, path) {
        const rel = ids_1.RelativePathSchema.safeParse(path);
        if (!rel.success)
            throw new errors_1.ValidationError(`path ${JSON.stringify(path)} ${(0, errors_1.describeIssues)(rel.error.issues)}`);
        const oid = ids_1.ObjectIdSchema.safeParse(snapshot);
        if (!oid.success)
            throw new errors_1.ValidationError(`snapshot ${JSON.stringify(snapshot)} ${(0, errors_1.describeIssues)(oid.error.issues)}`);
        await this.records.requirePlan((0, serviceDeps_1.parseId)(planId, 'plan id'));
        return this.deps.snapshotter.readFile(oid.data, rel.data);
    }
    /** A file's content at a checkpoint; undefined when the checkpoint does not hold it. */
    async readFileAt(planId, checkpointId, path) {
        const rel = ids_1.RelativePathSchema.safeParse(path);
        if (!rel.success)
            throw new errors_1.ValidationError(`path ${JSON.stringify(path)} ${(0, errors_1.describeIssues)(rel.error.issues)}`);
        const { checkpoint } = await this.records.findCheckpoint(planId, checkpointId);
        return this.deps.snapshotter.readFile(checkpoint.sandbox_ref, rel.data);
    }
    /**
     * Whether the plan's sandbox folder is gone (an isolated copy deleted by hand, or an in-place
     * folder removed): rollback, checkpoints and Start are refused until it is back.
     */
    async sandboxMissing(planId) {
        const plan = await this.records.requirePlan((0, serviceDeps_1.parseId)(planId, 'plan id'));
        const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
        return (await this.deps.workspace.folderIdentity(dir)) === undefined;
    }
    /** The rollback guard on the sandbox alone: refused (the reference's message) when it is missing. */
    async guardSandbox(planId) {
        await this.records.requireSandbox(await this.records.requirePlan((0, serviceDeps_1.parseId)(planId, 'plan id')), errors_1.BusinessRuleViolation.sandboxMissing().message);
    }
    /**
     * A process killed between pinning a snapshot and recording its row leaves a pin without a row:
     * under the store's lock, every pin of the plan has its row, so any other is such a leftover.
     */
    async dropOrphanPins(planId, checkpoints) {
        const pinned = await this.deps.snapshotter.pinnedCheckpoints(planId);
        const rows = new Set(checkpoints.map((c) => c.checkpoint_id));
        const orphans = pinned.filter((id) => !rows.has(id));
        if (orphans.length === 0)
            return;
        this.deps.logger.warn(`Dropping ${orphans.length} snapshot pin(s) of plan ${planId} that have no checkpoint (left by an interrupted process): ${orphans.join(', ')}`);
        await this.records.unpin(planId, orphans);
    }
    // Restoring: see RestoreService for what each does.
    previewRollback(planId, checkpointId) {
        return this.restores.previewRollback(planId, checkpointId);
    }
    undoneWork(planId, checkpointId, changes, reverting) {
        return this.restores.undoneWork(planId, checkpointId, changes, reverting);
    }
    previewRestorePaths(planId, checkpointId, paths, max) {
        return this.restores.previewRestorePaths(planId, checkpointId, paths, max);
    }
    rollbackToCheckpoint(planId, checkpointId, attached, control) {
        return this.restores.rollbackToCheckpoint(planId, checkpointId, attached, control);
    }
    restorePaths(planId, checkpointId, paths, attached, control) {
        return this.restores.restorePaths(planId, checkpointId, paths, attached, control);
    }
    rollbackAgentOnly(planId, checkpointId, control, scope) {
        return this.restores.rollbackAgentOnly(planId, checkpointId, control, scope);
    }
    revertChanges(planId, checkpointId, calls, paths, attached, control) {
        return this.restores.revertChanges(planId, checkpointId, calls, paths, attached, control);
    }
    previewRevertChanges(planId, checkpointId, calls, paths) {
        return this.restores.previewRevertChanges(planId, checkpointId, calls, paths);
    }
    previewAgentOnlyRollback(planId, checkpointId, scope) {
        return this.restores.previewAgentOnlyRollback(planId, checkpointId, scope);
    }
}
exports.CheckpointService = CheckpointService;
//# sourceMappingURL=checkpointService.js.map
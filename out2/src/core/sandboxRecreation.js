"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SandboxRecreationService = void 0;
const errors_1 = require("./errors");
const plan_1 = require("./plan");
const serviceDeps_1 = require("./serviceDeps");
const lockedSandbox_1 = require("./lockedSandbox");
const operationRecords_1 = require("./operationRecords");
const displayText_1 = require("./displayText");
/** Recreate Sandbox from Checkpoint: a missing isolated sandbox folder made again from a checkpoint. */
class SandboxRecreationService {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    /**
     * The way back for an isolated plan whose sandbox folder was deleted: a new folder holding its
     * newest checkpoint's files (or the given checkpoint's). Guarded like a rollback (not applied,
     * the checkpoint is the plan's, no interrupted operation, the folder resolved inside the
     * workspace and confirmed before the first write) and journaled like one, from the empty folder
     * to the checkpoint, so that `recover` can finish or undo it. Refused when the folder exists:
     * then a rollback is the way.
     */
    async recreateSandbox(planId, checkpointId) {
        const started = this.deps.clock.now().getTime();
        const { id, plan, chosen, missingFolder } = await this.guard(planId, checkpointId);
        return this.deps.snapshotter.exclusive(id, async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, id, 'Recreate');
            // Again under the lock: another process may have recreated it, or a checkpoint may have gone.
            const dir = await missingFolder();
            const checkpoint = await chosen();
            await this.deps.workspace.createEmptyDirectory(dir);
            let begun = false;
            try {
                const sandbox = await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, id, plan.sandbox_path, () => new errors_1.BusinessRuleViolation('Recreate blocked: the new sandbox folder is gone'));
                const empty = await this.deps.snapshotter.snapshot(sandbox, null, `empty sandbox before recreating it from ${checkpoint.checkpoint_id}`);
                const restore = await this.deps.snapshotter.prepareRestore(sandbox, empty.ref, checkpoint.sandbox_ref, []);
                await (0, lockedSandbox_1.confirmSandboxes)(this.deps.workspace, [sandbox]);
                await (0, operationRecords_1.beginOperation)(this.deps, {
                    type: 'rollback',
                    plan_id: id,
                    target_checkpoint_id: checkpoint.checkpoint_id,
                    sandbox_key: sandbox.key,
                    from_ref: empty.ref,
                    to_ref: restore.target,
                });
                begun = true;
                await (0, operationRecords_1.journaledApply)(this.deps, id, () => restore.apply());
                await this.deps.journal.end(id);
                this.deps.logger.info(`Recreated the sandbox ${plan.sandbox_path} of plan ${id} from checkpoint ${checkpoint.checkpoint_id}: ${(0, displayText_1.plural)(restore.changes.length, 'path')}`);
                const elapsed_seconds = (this.deps.clock.now().getTime() - started) / 1000;
                return { plan_id: id, checkpoint, sandbox_path: plan.sandbox_path, restored_files_count: restore.changes.length, elapsed_seconds };
            }
            catch (error) {
                // Before the record, nothing but the empty folder was made: it goes, and all is as it was.
                if (!begun)
                    await this.deps.workspace.removeDirectory(dir).catch(() => undefined);
                throw error;
            }
        });
    }
    /** The plan and the checkpoint a recreation would use, refused as the recreation would be; nothing is changed. */
    async previewRecreate(planId, checkpointId) {
        const { id, plan, chosen } = await this.guard(planId, checkpointId);
        await this.deps.snapshotter.exclusive(id, () => (0, operationRecords_1.refuseWhileInterrupted)(this.deps, id, 'Recreate'));
        return { plan, checkpoint: await chosen() };
    }
    /**
     * The guards that need no lock, in order: the plan exists, is not applied, has an isolated
     * sandbox; the checkpoint (given, or the newest) is there and is the plan's; the folder is missing.
     */
    async guard(planId, checkpointId) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const cid = checkpointId === undefined ? undefined : (0, serviceDeps_1.parseId)(checkpointId, 'checkpoint id');
        const plan = await this.deps.store.read((uow) => uow.plans.get(id));
        if (!plan)
            throw new errors_1.NotFoundError('plan', id);
        if ((0, plan_1.isTerminal)(plan.state))
            throw new errors_1.BusinessRuleViolation('Recreate blocked: plan is already applied');
        if (plan.sandbox_kind !== 'isolated') {
            throw new errors_1.ValidationError(`plan ${id} works in place in "${plan.sandbox_path}"; only an isolated sandbox can be recreated from a checkpoint`);
        }
        const chosen = async () => {
            if (cid === undefined) {
                const newest = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(id).at(-1));
                if (!newest)
                    throw new errors_1.BusinessRuleViolation(`Recreate blocked: plan ${id} has no checkpoint to recreate its sandbox from`);
                return newest;
            }
            const checkpoint = await this.deps.store.read((uow) => uow.checkpoints.get(cid));
            if (!checkpoint)
                throw new errors_1.NotFoundError('checkpoint', cid);
            if (checkpoint.plan_id !== id)
                throw new errors_1.ValidationError(`checkpoint ${cid} belongs to plan ${checkpoint.plan_id}, not to plan ${id}`);
            return checkpoint;
        };
        await chosen();
        const missingFolder = async () => {
            const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
            if ((await this.deps.workspace.folderIdentity(dir)) !== undefined) {
                throw new errors_1.BusinessRuleViolation(`Recreate blocked: the sandbox folder "${plan.sandbox_path}" exists; roll back to a checkpoint instead`);
            }
            return dir;
        };
        await missingFolder();
        return { id, plan, chosen, missingFolder };
    }
}
exports.SandboxRecreationService = SandboxRecreationService;
//# sourceMappingURL=sandboxRecreation.js.map
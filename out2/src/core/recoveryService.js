"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RecoveryService = void 0;
const serviceDeps_1 = require("./serviceDeps");
const correctionService_1 = require("./correctionService");
const errors_1 = require("./errors");
const interruptedOperation_1 = require("./interruptedOperation");
const displayText_1 = require("./displayText");
/** Finds operations a dead process left half done, and finishes or undoes them. */
class RecoveryService {
    deps;
    plans;
    constructor(deps, plans) {
        this.deps = deps;
        this.plans = plans;
    }
    /** The plan's interrupted operation, if its last writer died (or gave up) before it was done. */
    async interrupted(planId) {
        const op = await this.deps.journal.get((0, serviceDeps_1.parseId)(planId, 'plan id'));
        return op && !this.deps.journal.ownerRunning?.(op) ? op : undefined;
    }
    /** The plan's operation that its owner is still running (a rollback under way), if any. */
    async inProgress(planId) {
        const op = await this.deps.journal.get((0, serviceDeps_1.parseId)(planId, 'plan id'));
        return op && this.deps.journal.ownerRunning?.(op) ? op : undefined;
    }
    /**
     * `finish` makes the files what the operation was going to make them (and an apply marks its
     * plan applied); `undo` puts them back as they were before it. A cleanup can only be finished.
     */
    async recover(planId, mode) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const plan = await this.deps.store.read((uow) => uow.plans.get(id));
        if (!plan)
            throw new errors_1.NotFoundError('plan', id);
        return this.deps.snapshotter.exclusive(id, async () => {
            const operation = await this.deps.journal.get(id);
            if (!operation)
                throw new errors_1.BusinessRuleViolation(`Recover blocked: plan ${id} has no interrupted operation`);
            // Its owner is still at work: recovering would write over files it is writing.
            if (this.deps.journal.ownerRunning?.(operation))
                throw new errors_1.BusinessRuleViolation((0, interruptedOperation_1.inProgressMessage)(operation, 'Recover'));
            if (operation.type === 'cleanup') {
                if (mode === 'undo')
                    throw new errors_1.BusinessRuleViolation(`Recover blocked: an interrupted cleanup cannot be undone (the sandbox is partly deleted); finish it with "agents plan recover ${id}"`);
                const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
                await this.deps.workspace.removeDirectory(dir);
                await this.deps.snapshotter.forgetSandbox(id);
                await this.deps.journal.end(id);
                return { operation, mode, left: [], kept: [], keptIn: null };
            }
            const location = await this.locationOf(operation, plan.sandbox_path);
            const { left, kept, keptIn } = await this.deps.snapshotter.settleInterruptedRestore(location, operation.from_ref, operation.to_ref, mode === 'finish' ? 'after' : 'before');
            // The database's side of the operation may be done already (a kill after it, before the
            // record was cleared): finishing does it once, undoing takes it back, so the plan's state
            // always matches its files.
            if (operation.type === 'apply') {
                if (mode === 'finish')
                    await this.plans.markAppliedAfterRecovery(id);
                else
                    await this.plans.unmarkAppliedAfterRecovery(id, operation.plan_state_before);
            }
            // A correction's rollback (or its undo's): finishing it records that too; undoing it leaves the decisions as they were.
            const { correction, undone_correction: undone } = operation;
            if (correction) {
                await this.deps.store.write((uow) => {
                    const recorded = uow.corrections.get(correction.correction_id);
                    if (mode === 'finish' && !recorded)
                        (0, correctionService_1.recordCorrection)(uow, { ...correction, undo_checkpoint_id: operation.undo_checkpoint_id });
                    if (mode === 'undo' && recorded?.state === 'applied')
                        (0, correctionService_1.recordUndoneCorrection)(uow, correction.correction_id, this.deps.clock.now().toISOString());
                });
            }
            if (undone) {
                await this.deps.store.write((uow) => {
                    const recorded = uow.corrections.get(undone.correction_id);
                    if (mode === 'finish' && recorded?.state === 'applied')
                        (0, correctionService_1.recordUndoneCorrection)(uow, undone.correction_id, undone.undone_at);
                    if (mode === 'undo' && recorded?.state === 'undone')
                        (0, correctionService_1.reapplyCorrection)(uow, undone.correction_id);
                });
            }
            await this.deps.journal.end(id);
            this.deps.logger.info(`Recovered plan ${id}: ${mode === 'finish' ? 'finished' : 'undid'} the interrupted ${operation.type}; ${(0, displayText_1.plural)(kept.length, 'path')} kept in ${keptIn}, ${left.length} left as they were`);
            return { operation, mode, left, kept, keptIn: kept.length > 0 ? keptIn : null };
        });
    }
    async locationOf(operation, sandboxPath) {
        const dir = operation.sandbox_key === 'workspace' ? this.deps.workspace.root : await this.deps.workspace.resolveSandbox(sandboxPath);
        if (!(await this.deps.workspace.isDirectory(dir)))
            throw errors_1.BusinessRuleViolation.sandboxMissing();
        return { key: operation.sandbox_key, dir };
    }
}
exports.RecoveryService = RecoveryService;
//# sourceMappingURL=recoveryService.js.map
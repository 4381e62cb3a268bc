"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.PlanService = exports.CreatePlanInputSchema = void 0;
const z = __importStar(require("zod"));
const applyConflicts_1 = require("./applyConflicts");
const errors_1 = require("./errors");
const plan_1 = require("./plan");
const planLifecycle_1 = require("./planLifecycle");
const ports_1 = require("./ports");
const retentionPolicy_1 = require("./retentionPolicy");
const lockedSandbox_1 = require("./lockedSandbox");
const serviceDeps_1 = require("./serviceDeps");
const operationRecords_1 = require("./operationRecords");
const displayText_1 = require("./displayText");
exports.CreatePlanInputSchema = z
    .object({
    title: z.string().trim().min(1, 'title must not be empty').max(200, 'title is longer than 200 characters'),
    sandbox: z.string().min(1).max(4096).optional(),
    isolated: z.boolean().optional(),
})
    .strict()
    .refine((v) => !(v.isolated && v.sandbox !== undefined), 'give either a sandbox folder or isolated, not both');
/** Plans: creating their sandboxes, their lifecycle, applying and cleaning them up. */
class PlanService {
    deps;
    defaults;
    constructor(deps, defaults) {
        this.deps = deps;
        this.defaults = defaults;
    }
    async createPlan(input) {
        const parsed = exports.CreatePlanInputSchema.safeParse(input);
        if (!parsed.success)
            throw new errors_1.ValidationError((0, errors_1.describeIssues)(parsed.error.issues));
        const { title, sandbox = '.', isolated = false } = parsed.data;
        // A database that cannot be used stops us before any folder or snapshot is made.
        await this.deps.store.read((uow) => uow.plans.list().length);
        const planId = this.deps.ids.next();
        const now = this.deps.clock.now().toISOString();
        const base = { plan_id: planId, title, state: 'draft', retention: { ...this.defaults() }, created_at: now, updated_at: now };
        if (!isolated) {
            const relative = this.deps.workspace.normalizeSandboxPath(sandbox);
            const dir = await this.deps.workspace.resolveSandbox(relative);
            if (!(await this.deps.workspace.isDirectory(dir)))
                throw new errors_1.ValidationError(`sandbox folder "${relative}" does not exist in the workspace`);
            const plan = plan_1.PlanSchema.parse({ ...base, sandbox_path: relative, sandbox_kind: 'in_place', base_ref: null });
            await this.deps.store.write((uow) => this.insertPlan(uow, plan));
            this.logCreated(plan);
            return plan;
        }
        const relative = this.deps.workspace.isolatedSandboxPath(planId);
        const dir = await this.deps.workspace.resolveSandbox(relative);
        const workspace = this.workspaceLocation();
        const snapshot = await this.deps.snapshotter.exclusive(ports_1.WORKSPACE_KEY, () => this.deps.snapshotter.snapshot(workspace, `${planId}/base`, `base of plan ${planId}`));
        const plan = plan_1.PlanSchema.parse({ ...base, sandbox_path: relative, sandbox_kind: 'isolated', base_ref: snapshot.ref });
        try {
            await this.deps.workspace.createEmptyDirectory(dir);
            const made = await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, planId, relative, () => new errors_1.BusinessRuleViolation('Create blocked: the new sandbox folder is gone'));
            await (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, planId, [made], () => this.deps.snapshotter.materialize(made, snapshot.ref));
            await this.deps.store.write((uow) => this.insertPlan(uow, plan));
        }
        catch (error) {
            await this.deps.workspace.removeDirectory(dir).catch(() => undefined);
            await this.deps.snapshotter.forgetSandbox(planId).catch(() => undefined);
            await this.deps.snapshotter.unpin([`${planId}/base`]).catch(() => undefined);
            throw error;
        }
        this.logCreated(plan);
        return plan;
    }
    async listPlans() {
        return this.deps.store.read((uow) => uow.plans.list());
    }
    async getPlan(planId) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const plan = await this.deps.store.read((uow) => uow.plans.get(id));
        if (!plan)
            throw new errors_1.NotFoundError('plan', id);
        return plan;
    }
    /**
     * Moves a plan along its lifecycle (planLifecycle.ts); a transition the table does not allow is
     * refused with the ones it does. `applied` is reached only by applying (`applyPlan`).
     */
    async setState(planId, state) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const parsed = plan_1.PlanStateSchema.safeParse(state);
        if (!parsed.success)
            throw new errors_1.ValidationError(`state ${JSON.stringify(state)}: ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
        const to = parsed.data;
        if (to === 'applied')
            throw new errors_1.ValidationError('a plan becomes applied by applying it, not by setting its state');
        if (to === 'executing') {
            // Executing means writes are checkpointed: with no sandbox, every checkpoint would fail.
            const plan = await this.getPlan(id);
            const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
            if ((await this.deps.workspace.folderIdentity(dir)) === undefined) {
                throw new errors_1.BusinessRuleViolation(`Start blocked: the sandbox folder "${plan.sandbox_path}" of plan ${id} is missing` +
                    (plan.sandbox_kind === 'isolated' ? '; recreate it from the newest checkpoint, or cancel the plan' : '; put the folder back, or cancel the plan'));
            }
        }
        return this.update(id, (plan) => {
            (0, planLifecycle_1.assertTransition)(plan.state, to);
            return { ...plan, state: to };
        });
    }
    /** The plan's states over time, oldest first (its creation included). */
    async stateHistory(planId) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        return this.deps.store.read((uow) => {
            if (!uow.plans.get(id))
                throw new errors_1.NotFoundError('plan', id);
            return uow.stateChanges.listForPlan(id);
        });
    }
    /** What deleting the plan would remove, refused as the delete itself would be (an interrupted operation). */
    async previewDelete(planId) {
        const plan = await this.getPlan(planId);
        await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Delete');
        const checkpoints = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(plan.plan_id));
        return { plan, checkpoints };
    }
    /**
     * Deletes the plan with everything it owns: its checkpoints' rows and snapshots, its state
     * history and, for an isolated plan, its sandbox. The rows go first, in one transaction: a
     * process killed after that leaves only files nothing refers to, never a checkpoint without its
     * snapshot. Refused while an operation on the plan is interrupted (`recover` first).
     */
    async deletePlan(planId) {
        const plan = await this.getPlan(planId);
        const id = plan.plan_id;
        const sandbox = plan.sandbox_kind === 'isolated' ? await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, id, plan.sandbox_path) : null;
        const dir = sandbox?.dir ?? null;
        return (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, id, sandbox ? [sandbox] : [], async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, id, 'Delete');
            const checkpointIds = await this.deps.store.write((uow) => {
                if (!uow.plans.get(id))
                    throw new errors_1.NotFoundError('plan', id);
                const ids = uow.checkpoints.listForPlan(id).map((c) => c.checkpoint_id);
                uow.checkpoints.deleteForPlan(id);
                uow.stateChanges.deleteForPlan(id);
                uow.plans.delete(id);
                return ids;
            });
            const pinned = await this.deps.snapshotter.pinnedCheckpoints(id);
            const pins = [...new Set([...checkpointIds, ...pinned])].map((c) => (0, serviceDeps_1.pinName)(id, c));
            await this.deps.snapshotter.unpin([...pins, `${id}/base`, `${id}/before-apply`, `${id}/applied`]);
            if (dir)
                await this.deps.workspace.removeDirectory(dir);
            await this.deps.snapshotter.forgetSandbox(id);
            await this.deps.snapshotter.collectGarbageIfWorthwhile();
            this.deps.logger.info(`Deleted plan ${id} (${plan.state}) with ${(0, displayText_1.plural)(checkpointIds.length, 'checkpoint')}${checkpointIds.length ? `: ${checkpointIds.join(', ')}` : ''}${dir ? `; removed its sandbox ${plan.sandbox_path}` : ''}`);
            return { plan, checkpointIds, removedSandbox: dir ? plan.sandbox_path : null };
        });
    }
    async setRetentionPolicy(planId, changes) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        return this.update(id, (plan) => {
            const next = retentionPolicy_1.RetentionPolicySchema.safeParse({ ...plan.retention, ...changes });
            if (!next.success)
                throw new errors_1.ValidationError((0, errors_1.describeIssues)(next.error.issues));
            return { ...plan, retention: next.data };
        });
    }
    async previewApply(planId) {
        const { plan } = await this.guardApply(planId);
        if (plan.sandbox_kind === 'in_place')
            return { changes: [], conflicts: [] };
        return this.deps.snapshotter.exclusive(ports_1.WORKSPACE_KEY, async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Apply');
            const { changes, conflicts } = await this.compareWithWorkspace(plan, null);
            return { changes, conflicts };
        });
    }
    /**
     * Isolated sandbox: brings its changes into the workspace, refusing when the workspace changed
     * the same paths (or paths inside or above them) differently since the sandbox was made. In
     * place: the work is already there; only marks it. The check, the write and the state change
     * happen under one lock; if the state cannot be recorded, the workspace is put back.
     */
    async applyPlan(planId) {
        const { plan, sandbox } = await this.guardApply(planId);
        if (plan.sandbox_kind === 'in_place') {
            // Nothing is written, but files half written by an interrupted rollback must not become final.
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Apply');
            return { plan: await this.markApplied(plan.plan_id), changes: [] };
        }
        const { snapshotter } = this.deps;
        const workspace = this.workspaceLocation();
        // The isolated sandbox read from, and the workspace folder written to.
        const folders = [sandbox, await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, ports_1.WORKSPACE_KEY, '.', () => new errors_1.BusinessRuleViolation('Apply blocked: the workspace folder is missing'))];
        return (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, ports_1.WORKSPACE_KEY, folders, async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Apply');
            const beforePin = `${plan.plan_id}/before-apply`;
            const compared = await this.compareWithWorkspace(plan, beforePin);
            const before = compared.workspace;
            let written;
            try {
                if (compared.conflicts.length > 0)
                    throw new errors_1.ApplyConflictError(compared.conflicts);
                if (compared.changes.length > 0) {
                    // Paths the workspace changed the same way come out of the overlay as they are.
                    const target = await snapshotter.overlay(before.ref, compared.sandboxRef, compared.changes.map((c) => c.path), `${plan.plan_id}/applied`);
                    const restore = await snapshotter.prepareRestore(workspace, before.ref, target.ref, before.skipped.map((s) => s.path));
                    if (restore.uncaptured.length > 0)
                        throw new errors_1.UncapturedFilesError('Apply', restore.uncaptured);
                    if (restore.changes.length > 0) {
                        // Once more right before the first write: the snapshots took a while.
                        await (0, lockedSandbox_1.confirmSandboxes)(this.deps.workspace, folders);
                        const { state } = await this.getPlan(plan.plan_id);
                        await (0, operationRecords_1.beginOperation)(this.deps, { type: 'apply', plan_id: plan.plan_id, sandbox_key: ports_1.WORKSPACE_KEY, from_ref: before.ref, to_ref: restore.target, plan_state_before: state });
                        await (0, operationRecords_1.journaledApply)(this.deps, plan.plan_id, () => restore.apply());
                        written = { from: before.ref, to: restore.target };
                    }
                }
            }
            catch (error) {
                await snapshotter.unpin([beforePin, `${plan.plan_id}/applied`]).catch(() => undefined);
                throw error;
            }
            let applied;
            try {
                applied = await this.markApplied(plan.plan_id);
            }
            catch (error) {
                if (written)
                    await this.putBackWorkspace(plan.plan_id, written, error);
                throw error;
            }
            if (written)
                await this.deps.journal.end(plan.plan_id);
            return { plan: applied, changes: compared.changes };
        });
    }
    /** Removes an isolated sandbox; the plan stays, and rollback is refused from then on. */
    async cleanupPlan(planId) {
        const plan = await this.getPlan(planId);
        if (plan.sandbox_kind !== 'isolated') {
            throw new errors_1.ValidationError(`plan ${plan.plan_id} works in place in "${plan.sandbox_path}"; it has no isolated sandbox to remove`);
        }
        const sandbox = await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, plan.plan_id, plan.sandbox_path);
        await (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, plan.plan_id, [sandbox], async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Cleanup');
            await (0, operationRecords_1.beginOperation)(this.deps, { type: 'cleanup', plan_id: plan.plan_id, sandbox_key: plan.plan_id });
            try {
                await this.deps.workspace.removeDirectory(sandbox.dir);
                await this.deps.snapshotter.forgetSandbox(plan.plan_id);
            }
            catch (error) {
                // Partly deleted: the record stays for `recover` to finish.
                this.deps.journal.abandon?.(plan.plan_id);
                throw error;
            }
            await this.deps.journal.end(plan.plan_id);
        });
        return this.update(plan.plan_id, (p) => p);
    }
    async guardApply(planId) {
        const plan = await this.getPlan(planId);
        (0, planLifecycle_1.assertTransition)(plan.state, 'applied');
        const sandbox = plan.sandbox_kind === 'isolated' ? await (0, lockedSandbox_1.resolveSandbox)(this.deps.workspace, plan.plan_id, plan.sandbox_path, () => new errors_1.BusinessRuleViolation('Apply blocked: sandbox is missing')) : undefined;
        return { plan, sandbox };
    }
    /**
     * Snapshots the sandbox and the workspace (pinning the latter under `workspacePin` unless null)
     * and compares both with the plan's base. Call it inside `exclusive`.
     */
    async compareWithWorkspace(plan, workspacePin) {
        if (!plan.base_ref)
            throw new errors_1.ValidationError(`isolated plan ${plan.plan_id} has no base snapshot`);
        const { snapshotter } = this.deps;
        const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
        const sandbox = await snapshotter.snapshot({ key: plan.plan_id, dir }, null, 'apply preview');
        const workspace = await snapshotter.snapshot(this.workspaceLocation(), workspacePin, `workspace before applying plan ${plan.plan_id}`);
        const [sandboxChanges, workspaceChanges] = await Promise.all([
            snapshotter.changesWithContent(plan.base_ref, sandbox.ref),
            snapshotter.changesWithContent(plan.base_ref, workspace.ref),
        ]);
        return {
            changes: sandboxChanges.map(({ path, change }) => ({ path, change })),
            conflicts: (0, applyConflicts_1.applyConflicts)(sandboxChanges, workspaceChanges),
            sandboxRef: sandbox.ref,
            workspace,
        };
    }
    /** The workspace was written but the plan could not be marked applied: undo the write. */
    async putBackWorkspace(planId, written, cause) {
        const reason = cause instanceof Error ? cause.message : String(cause);
        try {
            const back = await this.deps.snapshotter.prepareRestore(this.workspaceLocation(), written.to, written.from, []);
            if (back.uncaptured.length > 0)
                throw new errors_1.UncapturedFilesError('Apply', back.uncaptured);
            await back.apply();
        }
        catch (second) {
            // The record stays: `recover` finishes the apply or undoes it.
            this.deps.journal.abandon?.(planId);
            throw new errors_1.StoreError(`${reason} The plan is not marked applied and its changes are in the workspace; run "agents plan recover ${planId}" to finish the apply, or with --undo to take its changes out (${second instanceof Error ? second.message : String(second)}).`, { cause });
        }
        await this.deps.journal.end(planId);
        throw new errors_1.StoreError(`${reason} The plan is not marked applied, and the workspace was put back as it was.`, { cause });
    }
    markApplied(planId) {
        return this.update(planId, (p) => {
            (0, planLifecycle_1.assertTransition)(p.state, 'applied');
            return { ...p, state: 'applied' };
        });
    }
    /** The end of an apply that `recover` finished for a dead process: applied, if it is not yet. */
    async markAppliedAfterRecovery(planId) {
        return this.update((0, serviceDeps_1.parseId)(planId, 'plan id'), (p) => ({ ...p, state: 'applied' }));
    }
    /**
     * An apply that `recover --undo` took out of the workspace: a process killed after marking the
     * plan applied (before clearing its record) leaves it applied, so it goes back to the state it
     * had before (the record's, else the one the state history names before `applied`).
     */
    async unmarkAppliedAfterRecovery(planId, stateBefore) {
        const id = (0, serviceDeps_1.parseId)(planId, 'plan id');
        const history = stateBefore === undefined ? await this.stateHistory(id) : [];
        const fallback = history.filter((c) => c.to_state === 'applied').at(-1)?.from_state ?? 'draft';
        return this.update(id, (p) => (p.state === 'applied' ? { ...p, state: stateBefore ?? fallback } : p));
    }
    /**
     * Retitles a plan, only while its title is still `expected` (no rename for people: an agent
     * session's plan, made at the session's start before its first prompt, takes that prompt's title).
     */
    async retitleIf(planId, expected, title) {
        const parsed = exports.CreatePlanInputSchema.shape.title.safeParse(title);
        if (!parsed.success)
            throw new errors_1.ValidationError((0, errors_1.describeIssues)(parsed.error.issues));
        return this.update((0, serviceDeps_1.parseId)(planId, 'plan id'), (p) => (p.title === expected ? { ...p, title: parsed.data } : p));
    }
    workspaceLocation() {
        return { key: ports_1.WORKSPACE_KEY, dir: this.deps.workspace.root };
    }
    /** Changes the plan in one transaction; a change of its state is recorded with its time, and logged. */
    async update(planId, change) {
        const [before, next] = await this.deps.store.write((uow) => {
            const plan = uow.plans.get(planId);
            if (!plan)
                throw new errors_1.NotFoundError('plan', planId);
            const now = this.deps.clock.now().toISOString();
            const changed = plan_1.PlanSchema.parse({ ...change(plan), updated_at: now });
            uow.plans.update(changed);
            if (changed.state !== plan.state)
                uow.stateChanges.insert({ plan_id: planId, from_state: plan.state, to_state: changed.state, changed_at: now });
            return [plan, changed];
        });
        if (before.state !== next.state)
            this.deps.logger.info(`Plan ${planId} is now ${next.state} (was ${before.state}) at ${next.updated_at}`);
        return next;
    }
    insertPlan(uow, plan) {
        uow.plans.insert(plan);
        uow.stateChanges.insert({ plan_id: plan.plan_id, from_state: null, to_state: plan.state, changed_at: plan.created_at });
    }
    logCreated(plan) {
        this.deps.logger.info(`Created plan ${plan.plan_id} (${plan.sandbox_kind === 'isolated' ? 'isolated' : `in place in ${plan.sandbox_path}`}) at ${plan.created_at}`);
    }
}
exports.PlanService = PlanService;
//# sourceMappingURL=planService.js.map
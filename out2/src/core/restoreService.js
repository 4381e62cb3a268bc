"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RestoreService = void 0;
const lateCheckpoints_1 = require("./lateCheckpoints");
const agentOnlyRollback_1 = require("./agentOnlyRollback");
const agentOnlyScope_1 = require("./agentOnlyScope");
const authorship_1 = require("./authorship");
const authorshipReader_1 = require("./authorshipReader");
const undoneByRecord_1 = require("./undoneByRecord");
const correctionToolCalls_1 = require("./correctionToolCalls");
const errors_1 = require("./errors");
const lockedSandbox_1 = require("./lockedSandbox");
const operationRecords_1 = require("./operationRecords");
const restorePaths_1 = require("./restorePaths");
const rollbackResult_1 = require("./rollbackResult");
const safetyNames_1 = require("./safetyNames");
const serviceDeps_1 = require("./serviceDeps");
const undoneWork_1 = require("./undoneWork");
/**
 * Rolling a plan's sandbox back to a checkpoint (all of it, chosen paths, the agent's changes
 * only, or a correction's tool calls), and previewing each: every restore first records a safety
 * checkpoint of the files as they are, which undoes it.
 */
class RestoreService {
    deps;
    records;
    constructor(deps, records) {
        this.deps = deps;
        this.records = records;
    }
    /** What a rollback to the checkpoint would change, without changing anything. */
    async previewRollback(planId, checkpointId) {
        return this.previewRestore(planId, checkpointId, undefined);
    }
    /**
     * Whose work a rollback to the checkpoint (changing `changes`, as its preview lists them) would
     * undo besides the plan's own: other plans over the same files, and decisions not in `reverting`.
     * What is found is advice for the confirmation: a snapshot that cannot be read is skipped (and logged).
     */
    async undoneWork(planId, checkpointId, changes, reverting = new Set()) {
        const { plan, checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
        if (changes.length === 0)
            return [];
        const { plans, checkpoints, decisions } = await this.deps.store.read((uow) => {
            const all = uow.plans.list();
            return { plans: all, checkpoints: new Map(all.map((p) => [p.plan_id, uow.checkpoints.listForPlan(p.plan_id)])), decisions: uow.decisions.listForPlan(plan.plan_id) };
        });
        const paths = changes.map((c) => c.path);
        // The authorship record names the edits made outside tool calls and other sessions' tool
        // calls; plans no hook fences are still found by what they recorded first.
        let record;
        try {
            const now = await this.deps.snapshotter.exclusive(plan.plan_id, () => this.deps.snapshotter.snapshot(sandbox, null, 'whose work a rollback undoes'));
            record = await (0, authorshipReader_1.readAuthorship)(this.deps, plan, checkpoint, now.ref);
        }
        catch (error) {
            this.deps.logger.warn(`Could not tell whose changes a rollback of plan ${plan.plan_id} undoes: ${error instanceof Error ? error.message : String(error)}`);
        }
        const fenced = (id) => (0, authorship_1.isFenced)(checkpoints.get(id) ?? []);
        const found = await (0, undoneWork_1.findUndoneWork)({
            plan,
            target: checkpoint,
            paths,
            plans: record ? plans.filter((p) => p.plan_id === plan.plan_id || !fenced(p.plan_id)) : plans,
            checkpointsOf: (id) => checkpoints.get(id) ?? [],
            decisions,
            reverting,
            changedBetween: async (from, to) => {
                try {
                    return await this.deps.snapshotter.changesWithContent(from, to);
                }
                catch (error) {
                    this.deps.logger.warn(`Could not compare snapshots ${from} and ${to} to find whose work a rollback undoes: ${error instanceof Error ? error.message : String(error)}`);
                    return [];
                }
            },
        });
        return record ? [...found, ...(0, undoneByRecord_1.undoneByRecord)(record, paths, plans)] : found;
    }
    /**
     * What restoring these paths (files or folders) from the checkpoint would change, without
     * changing anything. `max`: how many paths may be named (a correction's own list has no limit).
     */
    async previewRestorePaths(planId, checkpointId, paths, max = restorePaths_1.MAX_RESTORE_PATHS) {
        return this.previewRestore(planId, checkpointId, (0, restorePaths_1.parseRestorePaths)(paths, max));
    }
    /**
     * Restores the sandbox to the checkpoint after the spec's guards, and first records a safety
     * checkpoint of the current state so that the rollback can itself be rolled back.
     */
    async rollbackToCheckpoint(planId, checkpointId, attached, control) {
        return this.restore(planId, checkpointId, undefined, attached, undefined, control);
    }
    /**
     * Like a rollback, for the chosen paths only (files or folders): they become what the checkpoint
     * holds there (a path it does not hold is removed); every other path stays as it is. Same guards,
     * same safety checkpoint (rolling back to it undoes the restore), same journal.
     */
    async restorePaths(planId, checkpointId, paths, attached, control) {
        // A correction's undo restores the paths the correction worked out: as many as it restored.
        return this.restore(planId, checkpointId, (0, restorePaths_1.parseRestorePaths)(paths, attached ? Number.POSITIVE_INFINITY : restorePaths_1.MAX_RESTORE_PATHS), attached, undefined, control);
    }
    /**
     * Undoes the agent and keeps the rest: of what changed since the checkpoint, only the changes
     * made inside the agent's tool calls (each fenced by a pre_write and a post_step) are taken out,
     * merged three ways onto the files as they are now (see core/agentOnlyRollback.ts). Where the
     * agent and someone else changed the same path in ways that cannot be merged, nothing is written
     * (AgentOnlyConflictError lists them). Same guards, safety checkpoint, journal and undo as a rollback.
     */
    async rollbackAgentOnly(planId, checkpointId, control, scope = 'session') {
        return this.restore(planId, checkpointId, undefined, undefined, { kind: 'agent_only', scope }, control);
    }
    /**
     * A correction's restore that keeps others' work: the changes made in `calls` (stretches of the
     * plan's checkpoints) are taken out of the files as they are now, path by path with the same
     * three-way merge as an agent-only rollback, and only `paths` are written. Where a path cannot be
     * merged, nothing is written (CorrectionMergeConflictError). Same guards, safety checkpoint,
     * journal and undo as {@link restorePaths}.
     */
    async revertChanges(planId, checkpointId, calls, paths, attached, control) {
        return this.restore(planId, checkpointId, (0, restorePaths_1.parseRestorePaths)(paths, Number.POSITIVE_INFINITY), attached, { kind: 'tool_calls', calls }, control);
    }
    /** What {@link revertChanges} would write (the files now against the merge), and the paths it cannot merge; nothing is changed. */
    async previewRevertChanges(planId, checkpointId, calls, paths) {
        const only = (0, restorePaths_1.pathsMatcher)((0, restorePaths_1.parseRestorePaths)(paths, Number.POSITIVE_INFINITY));
        const { checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
        return this.deps.snapshotter.exclusive(checkpoint.plan_id, async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, checkpoint.plan_id, 'Rollback');
            // An unpinned snapshot: the files now, as a tree to merge onto; nothing is recorded.
            const now = await this.deps.snapshotter.snapshot(sandbox, null, 'correction preview');
            const reverted = await this.deps.snapshotter.revertToolCalls(now.ref, toolCallRefs(calls));
            if (reverted.conflicts.length > 0)
                return { changes: [], conflicts: reverted.conflicts };
            const leftAlone = (0, restorePaths_1.pathsMatcher)(skippedPaths(checkpoint, now));
            const changes = (await this.deps.snapshotter.changes(now.ref, reverted.target)).filter((c) => !leftAlone(c.path) && only(c.path));
            const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
            if (uncaptured.length > 0)
                throw new errors_1.UncapturedFilesError('Rollback', uncaptured);
            // The merge's snapshot holds more than `paths` change (only they are written), but for those it is what they become.
            return { changes, conflicts: [], target: reverted.target };
        });
    }
    /** What {@link rollbackAgentOnly} would change, keep and refuse, without changing anything. */
    async previewAgentOnlyRollback(planId, checkpointId, scope = 'session') {
        const { plan, checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
        return this.deps.snapshotter.exclusive(checkpoint.plan_id, async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, checkpoint.plan_id, 'Rollback');
            // An unpinned snapshot: the files now, as a tree to merge onto; nothing is recorded.
            const now = await this.deps.snapshotter.snapshot(sandbox, null, 'agent-only rollback preview');
            const { target, summary } = await this.agentOnlyTarget(plan, checkpoint, now.ref, scope);
            if (summary.conflicts.length > 0)
                return { changes: [], summary };
            const leftAlone = (0, restorePaths_1.pathsMatcher)(skippedPaths(checkpoint, now));
            const changes = (await this.deps.snapshotter.changes(now.ref, target)).filter((c) => !leftAlone(c.path));
            const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
            if (uncaptured.length > 0)
                throw new errors_1.UncapturedFilesError('Rollback', uncaptured);
            return { changes, summary, target };
        });
    }
    /**
     * The snapshot `nowRef` with the agent's tool calls since the checkpoint taken out, and what that
     * keeps and cannot do. Call it under the store's lock, with `nowRef` just taken.
     */
    async agentOnlyTarget(plan, checkpoint, nowRef, scope) {
        // Read after its caller, the agent, had been answered: its files may hold the agent's first
        // changes, so whose work came after it cannot be told (core/lateCheckpoints.ts).
        if ((0, lateCheckpoints_1.isLateCheckpoint)(checkpoint))
            throw new lateCheckpoints_1.LateCheckpointRollbackError(checkpoint.checkpoint_id);
        const list = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(checkpoint.plan_id));
        const start = (0, agentOnlyScope_1.scopeStart)(list, checkpoint, scope);
        const record = await (0, authorshipReader_1.readAuthorship)(this.deps, plan, start, nowRef);
        const takenOut = (0, agentOnlyScope_1.scopedToolCalls)(list, start, record.stretches, scope);
        const taken = (s) => s.author.kind === 'tool_call' && takenOut(s.author);
        // Tool calls in a row (no one else's stretch between them) are taken out as one.
        const calls = [];
        record.stretches.forEach((s, i) => {
            if (!taken(s))
                return;
            const after = s.to?.sandbox_ref ?? nowRef;
            if (i > 0 && taken(record.stretches[i - 1]))
                calls[calls.length - 1].after = after;
            else
                calls.push({ before: s.from.sandbox_ref, after });
        });
        const reverted = await this.deps.snapshotter.revertToolCalls(nowRef, calls.reverse());
        const written = reverted.conflicts.length > 0 ? [] : (await this.deps.snapshotter.changes(nowRef, reverted.target)).map((c) => c.path);
        return { target: reverted.target, summary: (0, agentOnlyRollback_1.agentOnlySummary)(record, scope, takenOut, written, reverted.conflicts) };
    }
    async previewRestore(planId, checkpointId, only) {
        const { checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
        return (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, checkpoint.plan_id, [sandbox], async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, checkpoint.plan_id, 'Rollback');
            const current = await this.deps.snapshotter.changesSince(sandbox, checkpoint.sandbox_ref);
            const leftAlone = (0, restorePaths_1.pathsMatcher)(skippedPaths(checkpoint, current));
            const chosen = only === undefined ? () => true : (0, restorePaths_1.pathsMatcher)(only);
            const changes = (0, rollbackResult_1.reverseChanges)(current.changes).filter((c) => !leftAlone(c.path) && chosen(c.path));
            const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
            if (uncaptured.length > 0)
                throw new errors_1.UncapturedFilesError('Rollback', uncaptured);
            return changes;
        });
    }
    async restore(planId, checkpointId, only, attached, merge, control) {
        const agentOnly = merge?.kind === 'agent_only';
        const started = this.deps.clock.now().getTime();
        const { plan, checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
        return (0, lockedSandbox_1.exclusiveOnSandboxes)(this.deps, plan.plan_id, [sandbox], async () => {
            await (0, operationRecords_1.refuseWhileInterrupted)(this.deps, plan.plan_id, 'Rollback');
            control?.progress?.({ phase: 'safety' });
            const safetyId = this.deps.ids.next();
            const what = only === undefined ? `${agentOnly ? 'agent-only ' : ''}rollback to ${checkpoint.checkpoint_id}` : `restoring ${only.length} path(s) from ${checkpoint.checkpoint_id}`;
            const safety = await this.deps.snapshotter.snapshot(sandbox, (0, serviceDeps_1.pinName)(plan.plan_id, safetyId), `safety: before ${what}`);
            const number = await this.deps.store.read((uow) => (0, safetyNames_1.nextRollbackNumber)(uow.checkpoints.listForPlan(plan.plan_id)));
            // An agent-only rollback, or a correction that keeps others' work, restores a target worked
            // out from the files just captured.
            let target = checkpoint.sandbox_ref;
            let agentSummary;
            if (merge) {
                try {
                    if (merge.kind === 'agent_only') {
                        ({ target, summary: agentSummary } = await this.agentOnlyTarget(plan, checkpoint, safety.ref, merge.scope));
                        if (agentSummary.conflicts.length > 0)
                            throw new agentOnlyRollback_1.AgentOnlyConflictError(agentSummary.conflicts);
                    }
                    else {
                        const reverted = await this.deps.snapshotter.revertToolCalls(safety.ref, toolCallRefs(merge.calls));
                        if (reverted.conflicts.length > 0)
                            throw new correctionToolCalls_1.CorrectionMergeConflictError(reverted.conflicts);
                        target = reverted.target;
                    }
                }
                catch (error) {
                    // Refused before anything was written or recorded: the safety snapshot is not needed.
                    await this.records.unpin(plan.plan_id, [safetyId]);
                    throw error;
                }
            }
            const safetyCheckpoint = () => this.records.toCheckpoint(plan, safetyId, safety, {
                checkpoint_type: 'manual',
                decision_id: null,
                resource_id: null,
                metadata: {
                    reason: (0, safetyNames_1.safetyReason)(number, checkpoint, only, agentOnly),
                    source_tool: 'rollback',
                    phase: 'rollback',
                    // A merged restore's result is no checkpoint's: named, so that the authorship record can
                    // tell the paths it wrote from changes made after it.
                    extra: { rollback_to: checkpoint.checkpoint_id, ...(target === checkpoint.sandbox_ref ? {} : { restored_ref: target }) },
                },
            });
            // The safety checkpoint is recorded while the restore is worked out (which writes nothing);
            // the sandbox is written only once both are done. No pruning here: the target may be an
            // interior checkpoint, and the next checkpoint prunes.
            const [, restore] = await allOrFirstError([
                this.records.recordCheckpoint((0, serviceDeps_1.pinName)(plan.plan_id, safetyId), safetyCheckpoint, false),
                this.deps.snapshotter.prepareRestore(sandbox, safety.ref, target, skippedPaths(checkpoint, safety), only),
            ]);
            if (restore.uncaptured.length > 0) {
                // Refused before anything was written: the safety checkpoint is not needed.
                await this.deps.store.write((uow) => uow.checkpoints.delete(safetyId));
                await this.records.unpin(plan.plan_id, [safetyId]);
                throw new errors_1.UncapturedFilesError('Rollback', restore.uncaptured);
            }
            const settle = async () => attached?.afterFiles(safetyId);
            if (control?.cancelled?.()) {
                // The last moment a stop leaves everything as it was: the safety checkpoint goes too.
                await this.deps.store.write((uow) => uow.checkpoints.delete(safetyId));
                await this.records.unpin(plan.plan_id, [safetyId]);
                throw new errors_1.OperationCancelled(`${control.operation ?? (only === undefined ? 'Rollback' : 'Restore')} cancelled before any file was written: nothing was changed.`);
            }
            if (restore.changes.length > 0) {
                // Once more right before the first write: the safety snapshot took a while.
                await (0, lockedSandbox_1.confirmSandboxes)(this.deps.workspace, [sandbox]);
                // Recorded as a rollback: recovery finishes or undoes it the same way (the target is the
                // safety snapshot with the chosen paths taken from the checkpoint).
                await (0, operationRecords_1.beginOperation)(this.deps, {
                    type: 'rollback',
                    plan_id: plan.plan_id,
                    target_checkpoint_id: checkpoint.checkpoint_id,
                    undo_checkpoint_id: safetyId,
                    sandbox_key: sandbox.key,
                    from_ref: safety.ref,
                    to_ref: restore.target,
                    ...attached?.work,
                });
                const total = restore.changes.length;
                control?.progress?.({ phase: 'writing', written: 0, total });
                await (0, operationRecords_1.journaledApply)(this.deps, plan.plan_id, () => restore.apply(control?.progress && ((written, of) => control.progress({ phase: 'writing', written, total: of }))));
                // What is attached (a correction's decisions) is done before the record goes: a process
                // killed in between leaves the record, and recovery finishes both or undoes the files.
                try {
                    await settle();
                }
                finally {
                    await this.deps.journal.end(plan.plan_id);
                }
            }
            else {
                await settle();
            }
            const { changes } = restore;
            this.deps.logger.info(`${only === undefined ? (agentOnly ? 'Took the agent’s changes out of' : 'Rolled back') : 'Restored paths of'} plan ${plan.plan_id} from ${checkpoint.checkpoint_id}: ${changes.length} path(s)` +
                (agentSummary ? `, ${agentSummary.kept.length} path(s) changed by others kept` : '') +
                `; undo with ${safetyId}`);
            return {
                plan_id: plan.plan_id,
                result: { restored_files_count: changes.length, changed_paths: changes, from_checkpoint_id: checkpoint.checkpoint_id },
                undo_checkpoint_id: safetyId,
                elapsed_seconds: (this.deps.clock.now().getTime() - started) / 1000,
                ...(agentSummary ? { agent_only: agentSummary } : {}),
            };
        });
    }
}
exports.RestoreService = RestoreService;
/** Like Promise.all, but settles only when every task has: nothing still runs after a failure. */
async function allOrFirstError(tasks) {
    const settled = await Promise.allSettled(tasks);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed)
        throw failed.reason;
    return settled.map((r) => r.value);
}
/** Paths either snapshot left out: a rollback never touches them. */
function skippedPaths(checkpoint, current) {
    return [...checkpoint.metadata.skipped.map((s) => s.path), ...current.skipped.map((s) => s.path)];
}
/** The stretches to take out as snapshots, newest first (each is merged onto the result of the one after it). */
function toolCallRefs(calls) {
    return calls.map((c) => ({ before: c.from.sandbox_ref, after: c.to.sandbox_ref })).reverse();
}
//# sourceMappingURL=restoreService.js.map
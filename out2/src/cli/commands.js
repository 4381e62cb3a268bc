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
exports.runCommand = runCommand;
const agentOnlyRollback_1 = require("../core/agentOnlyRollback");
const errors_1 = require("../core/errors");
const confirm_1 = require("./confirm");
const decisionCommands_1 = require("./decisionCommands");
const envelopes_1 = require("../envelopes/envelopes");
const planLifecycle_1 = require("../core/planLifecycle");
const recoveryText_1 = require("./recoveryText");
const idPrefixes_1 = require("./idPrefixes");
const sandboxContents_1 = require("./sandboxContents");
const recreateText_1 = require("./recreateText");
const text = __importStar(require("./textOutput"));
/** Runs one parsed command on the services; every check and rule is the core's. */
async function runCommand(given, ctx) {
    const { plans, checkpoints, workspace, recovery } = ctx.services;
    const command = await (0, idPrefixes_1.resolveIdPrefixes)(given, ctx.services);
    switch (command.name) {
        case 'create': {
            const plan = await plans.createPlan(command.isolated ? { title: command.title, isolated: true } : { title: command.title, ...(command.sandbox === undefined ? {} : { sandbox: command.sandbox }) });
            return { json: { plan: (0, envelopes_1.planJson)(plan) }, text: text.renderPlanCreated(plan) };
        }
        case 'list': {
            const all = await plans.listPlans();
            return { json: { plans: all.map(envelopes_1.planJson) }, text: text.renderPlanList(all, await (0, idPrefixes_1.idShown)(ctx)) };
        }
        case 'show': {
            const plan = await plans.getPlan(command.planId);
            const [list, interrupted, running, history] = await Promise.all([
                checkpoints.listCheckpoints(plan.plan_id),
                recovery.interrupted(plan.plan_id),
                recovery.inProgress(plan.plan_id),
                plans.stateHistory(plan.plan_id),
            ]);
            return {
                json: {
                    plan: (0, envelopes_1.planJson)(plan),
                    interrupted_operation: interrupted ? (0, envelopes_1.interruptedOperationJson)(interrupted) : null,
                    operation_in_progress: running ? (0, envelopes_1.interruptedOperationJson)(running) : null,
                    state_history: history.map(envelopes_1.stateChangeJson),
                },
                text: text.renderPlan(plan, list, ctx.now(), history) + (interrupted ? `\n${(0, recoveryText_1.renderInterrupted)(interrupted)}` : running ? `\n${(0, recoveryText_1.renderInProgress)(running)}` : ''),
            };
        }
        case 'start':
        case 'complete':
        case 'fail':
        case 'cancel': {
            const before = await plans.getPlan(command.planId);
            const plan = await plans.setState(before.plan_id, planLifecycle_1.LIFECYCLE_ACTIONS[command.name]);
            return { json: { plan: (0, envelopes_1.planJson)(plan), previous_state: before.state }, text: text.renderStateChanged(plan, before.state) };
        }
        case 'delete': {
            if (!command.yes) {
                // The preview refuses as the delete would (an interrupted operation), before anything is asked.
                const { plan, checkpoints: list } = await plans.previewDelete(command.planId);
                const contents = plan.sandbox_kind === 'isolated' ? await (0, sandboxContents_1.sandboxContents)(await workspace.resolveSandbox(plan.sandbox_path)) : undefined;
                await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Delete', question: 'Delete the plan?', preview: text.renderDeletePreview(plan, list, contents) });
            }
            const deleted = await plans.deletePlan(command.planId);
            return {
                json: { deleted: { plan: (0, envelopes_1.planJson)(deleted.plan), checkpoint_ids: deleted.checkpointIds, removed_sandbox: deleted.removedSandbox } },
                text: text.renderPlanDeleted(deleted),
            };
        }
        case 'checkpoint': {
            const created = await checkpoints.createCheckpoint(command.planId, {
                type: command.type,
                reason: command.reason,
                sourceTool: command.sourceTool,
                phase: command.phase,
                decisionId: command.decisionId,
                resourceId: command.resourceId,
                extra: command.extra,
                ...(ctx.checkpointCall === undefined ? {} : { checkpointId: ctx.checkpointCall.id, callToken: ctx.checkpointCall.token }),
            });
            return { json: { checkpoint: (0, envelopes_1.checkpointJson)(created.checkpoint), pruned: [...created.pruned] }, text: text.renderCheckpointCreated(created) };
        }
        case 'checkpoints': {
            const list = await checkpoints.listCheckpoints(command.planId);
            return { json: { plan_id: command.planId, checkpoints: list.map(envelopes_1.checkpointJson) }, text: text.renderCheckpointList(command.planId, list, await (0, idPrefixes_1.idShown)(ctx)) };
        }
        case 'diff': {
            const changes = await checkpoints.diff(command.planId, command.fromCheckpointId, command.toCheckpointId);
            return { json: { changes: (0, envelopes_1.changesJson)(changes) }, text: text.renderDiff(changes, command.fromCheckpointId, command.toCheckpointId) };
        }
        case 'rollback': {
            if (command.agentOnly)
                return agentOnlyRollback(command, ctx);
            if (command.preview || !command.yes) {
                // The preview runs the rollback's guards, so a refused rollback says why before anything is asked.
                const preview = await checkpoints.previewRollback(command.planId, command.checkpointId);
                const undone = await checkpoints.undoneWork(command.planId, command.checkpointId, preview);
                const shown = text.renderRollbackPreview(command.planId, command.checkpointId, preview, undone, command.all);
                if (command.preview)
                    return { json: (0, envelopes_1.rollbackPreviewEnvelope)(command.planId, command.checkpointId, preview, undone), text: shown };
                await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Rollback', question: 'Roll back?', preview: shown });
            }
            const outcome = await checkpoints.rollbackToCheckpoint(command.planId, command.checkpointId);
            return { json: (0, envelopes_1.rollbackEnvelope)(outcome), text: text.renderRollback(outcome, command.all) };
        }
        case 'apply': {
            if (!command.yes) {
                const plan = await plans.getPlan(command.planId);
                const preview = await plans.previewApply(plan.plan_id);
                // Applying would refuse anyway: say so now rather than ask first.
                if (preview.conflicts.length > 0)
                    throw new errors_1.ApplyConflictError(preview.conflicts);
                await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Apply', question: 'Apply?', preview: text.renderApplyPreview(plan, preview.changes) });
            }
            const { plan, changes } = await plans.applyPlan(command.planId);
            return { json: { plan: (0, envelopes_1.planJson)(plan), changes: (0, envelopes_1.changesJson)(changes) }, text: text.renderApplied(plan, changes) };
        }
        case 'cleanup': {
            const plan = await plans.getPlan(command.planId);
            // An in-place plan has no sandbox of its own: the core refuses it before touching anything.
            if (!command.yes && plan.sandbox_kind === 'isolated') {
                const contents = await (0, sandboxContents_1.sandboxContents)(await workspace.resolveSandbox(plan.sandbox_path));
                let unapplied = [];
                if (contents.exists && plan.state !== 'applied' && plan.state !== 'cancelled')
                    unapplied = (await plans.previewApply(plan.plan_id)).changes;
                await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Cleanup', question: 'Delete the sandbox?', preview: text.renderCleanupPreview(plan, contents, unapplied) });
            }
            const cleaned = await plans.cleanupPlan(plan.plan_id);
            return { json: { plan: (0, envelopes_1.planJson)(cleaned), removed_sandbox: cleaned.sandbox_path }, text: text.renderCleanedUp(cleaned) };
        }
        case 'recover': {
            const mode = command.undo ? 'undo' : 'finish';
            if (!command.yes) {
                const interrupted = await recovery.interrupted(command.planId);
                await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Recover', question: mode === 'finish' ? 'Finish it?' : 'Undo it?', preview: (0, recoveryText_1.renderRecoverPreview)(command.planId, interrupted, mode) });
            }
            const outcome = await recovery.recover(command.planId, mode);
            return {
                json: { recovered: (0, envelopes_1.recoveredJson)(outcome) },
                text: (0, recoveryText_1.renderRecovered)(outcome),
            };
        }
        case 'recreate-sandbox': {
            const { sandboxes } = ctx.services;
            if (command.preview || !command.yes) {
                // The preview runs the recreation's guards, so a refused one says why before anything is asked.
                const preview = await sandboxes.previewRecreate(command.planId, command.checkpointId);
                const shown = (0, recreateText_1.renderRecreatePreview)(preview, ctx.now());
                if (command.preview)
                    return { json: (0, recreateText_1.recreatePreviewEnvelope)(preview), text: shown };
                await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Recreate', question: 'Recreate the sandbox?', preview: shown });
            }
            const done = await sandboxes.recreateSandbox(command.planId, command.checkpointId);
            return { json: (0, recreateText_1.recreateEnvelope)(done), text: (0, recreateText_1.renderRecreated)(done) };
        }
        case 'policy': {
            const changes = {
                ...(command.maxCheckpoints === undefined ? {} : { max_checkpoints: command.maxCheckpoints }),
                ...(command.autoPrune === undefined ? {} : { auto_prune: command.autoPrune }),
            };
            const changed = Object.keys(changes).length > 0;
            const plan = changed ? await plans.setRetentionPolicy(command.planId, changes) : await plans.getPlan(command.planId);
            const policy = { plan_id: plan.plan_id, max_checkpoints: plan.retention.max_checkpoints, auto_prune: plan.retention.auto_prune };
            return { json: { policy }, text: text.renderPolicy(plan.plan_id, plan.retention, changed) };
        }
        default:
            return (0, decisionCommands_1.runDecisionCommand)(command, ctx);
    }
}
/** `plan rollback --agent-only`: the agent's tool calls since the checkpoint taken out, everyone else's changes kept. */
async function agentOnlyRollback(command, ctx) {
    const { checkpoints } = ctx.services;
    const { planId, checkpointId, scope, all } = command;
    if (!command.yes) {
        // The preview runs the rollback's guards and finds the conflicts before anything is asked.
        const preview = await checkpoints.previewAgentOnlyRollback(planId, checkpointId, scope);
        const shown = text.renderAgentOnlyPreview(planId, checkpointId, preview, all);
        if (command.preview)
            return { json: { rollback_preview: (0, envelopes_1.agentOnlyPreviewJson)(planId, checkpointId, preview) }, text: shown };
        if (preview.summary.conflicts.length > 0)
            throw new agentOnlyRollback_1.AgentOnlyConflictError(preview.summary.conflicts);
        await (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action: 'Rollback', question: 'Take the agent’s changes out?', preview: shown });
    }
    const outcome = await checkpoints.rollbackAgentOnly(planId, checkpointId, undefined, scope);
    return { json: (0, envelopes_1.rollbackEnvelope)(outcome), text: text.renderRollback(outcome, all) };
}
//# sourceMappingURL=commands.js.map
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
exports.createAgentApi = createAgentApi;
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const envelopes_1 = require("../../envelopes/envelopes");
const planLifecycle_1 = require("../../core/planLifecycle");
const checkpoint_1 = require("../../core/checkpoint");
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
const decisionApi_1 = require("./decisionApi");
const Text = z.string().max(1000);
const ToolCallSchema = z
    .object({
    planId: ids_1.UlidSchema,
    scope: checkpoint_1.CheckpointScopeSchema,
    toolName: z.string().trim().min(1, 'must not be empty').max(200),
    reason: Text.optional(),
    phase: Text.optional(),
    decisionId: ids_1.UlidSchema.optional(),
    resourceId: ids_1.UlidSchema.optional(),
})
    .strict();
const RollbackOptionsSchema = z.object({ confirm: z.boolean().optional(), showPanel: z.boolean().optional() }).strict();
const ConfirmOptionsSchema = z.object({ confirm: z.boolean().optional() }).strict();
const ActionSchema = z.enum(Object.keys(planLifecycle_1.LIFECYCLE_ACTIONS));
const RecoveryOptionsSchema = z.object({ undo: z.boolean().optional() }).strict();
function check(schema, value, what) {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw new errors_1.ValidationError(`${what}: ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
/**
 * The API `activate` returns to other extensions (typed in api/cleveragents-checkpoints.d.ts).
 * Everything passes a schema first, as any input from outside does, and uses the same services,
 * guards and dialogs as the commands.
 */
function createAgentApi(deps) {
    const trusted = deps.isTrusted ?? (() => vscode.workspace.isTrusted);
    const requireTrust = (what) => {
        if (!trusted())
            throw new errors_1.BusinessRuleViolation(`${what} blocked: the workspace is not trusted (Restricted Mode)`);
    };
    const plan = async (planId) => deps.folders.findPlan(check(ids_1.UlidSchema, planId, 'plan id'));
    const createCheckpoint = async (planId, options = {}) => {
        requireTrust('Checkpoint');
        const opts = check(checkpoint_1.CreateCheckpointOptionsSchema, options ?? {}, 'checkpoint options');
        const { services, plan: p } = await plan(planId);
        const { checkpoint } = await services.checkpoints.createCheckpoint(p.plan_id, opts);
        return (0, envelopes_1.checkpointJson)(checkpoint);
    };
    return {
        apiVersion: 1,
        createCheckpoint,
        ...(0, decisionApi_1.createDecisionApi)(plan, requireTrust),
        async listCheckpoints(planId) {
            const { services, plan: p } = await plan(planId);
            return (await services.checkpoints.listCheckpoints(p.plan_id)).map(envelopes_1.checkpointJson);
        },
        async preview(planId, checkpointId) {
            requireTrust('Preview');
            const { services, plan: p } = await plan(planId);
            const changes = await services.checkpoints.previewRollback(p.plan_id, check(ids_1.UlidSchema, checkpointId, 'checkpoint id'));
            return changes.map((c) => ({ path: c.path, change: c.change }));
        },
        async rollback(planId, checkpointId, options = {}) {
            requireTrust('Rollback');
            const o = check(RollbackOptionsSchema, options ?? {}, 'rollback options');
            const target = await deps.controller.target(check(ids_1.UlidSchema, planId, 'plan id'), check(ids_1.UlidSchema, checkpointId, 'checkpoint id'));
            const confirm = o.confirm === true;
            const outcome = await deps.controller.rollback(target, { confirm, interactive: confirm, undo: false, showPanel: o.showPanel === true });
            return outcome ? (0, envelopes_1.rollbackEnvelope)(outcome) : undefined;
        },
        async getPlan(planId) {
            return (0, envelopes_1.planJson)((await plan(planId)).plan);
        },
        async changePlanState(planId, action) {
            requireTrust('State change');
            const a = check(ActionSchema, action, 'action');
            return (0, envelopes_1.planJson)(await deps.lifecycle.changeState(await plan(planId), a));
        },
        async applyPlan(planId, options = {}) {
            requireTrust('Apply');
            const o = check(ConfirmOptionsSchema, options ?? {}, 'apply options');
            const result = await deps.lifecycle.apply(await plan(planId), o.confirm === true);
            return result && { plan: (0, envelopes_1.planJson)(result.plan), changes: result.changes.map((c) => ({ path: c.path, change: c.change })) };
        },
        async deletePlan(planId, options = {}) {
            requireTrust('Delete');
            const o = check(ConfirmOptionsSchema, options ?? {}, 'delete options');
            const deleted = await deps.lifecycle.delete(await plan(planId), o.confirm === true);
            return deleted && { plan_id: deleted.plan.plan_id, checkpoint_ids: [...deleted.checkpointIds], removed_sandbox: deleted.removedSandbox };
        },
        async runToolCall(call, fn) {
            const c = check(ToolCallSchema, call, 'tool call');
            if (typeof fn !== 'function')
                throw new errors_1.ValidationError('tool call: fn must be a function');
            const meta = {
                sourceTool: c.toolName,
                phase: c.phase ?? 'execute',
                ...(c.decisionId === undefined ? {} : { decisionId: c.decisionId }),
                ...(c.resourceId === undefined ? {} : { resourceId: c.resourceId }),
            };
            const before = c.scope === 'pre_write' || c.scope === 'both';
            const after = c.scope === 'post_step' || c.scope === 'both';
            if (before || after)
                requireTrust('Checkpoint');
            // A pre_write that cannot be taken stops the call: the agent must not write unprotected.
            const preWrite = before ? await createCheckpoint(c.planId, { ...meta, type: 'pre_write', reason: c.reason ?? `Before ${c.toolName}` }) : undefined;
            let result;
            try {
                result = await fn({ preWrite });
            }
            catch (error) {
                if (after) {
                    await createCheckpoint(c.planId, { ...meta, type: 'post_step', reason: c.reason ?? `After ${c.toolName} (failed)`, extra: { outcome: 'failed' } }).catch((e) => deps.warn(`The post_step checkpoint after the failed tool call ${c.toolName} could not be taken: ${e instanceof Error ? e.message : String(e)}`));
                }
                throw error;
            }
            if (after) {
                try {
                    await createCheckpoint(c.planId, { ...meta, type: 'post_step', reason: c.reason ?? `After ${c.toolName}`, extra: { outcome: 'succeeded' } });
                }
                catch (e) {
                    deps.warn(`The post_step checkpoint after the tool call ${c.toolName} could not be taken: ${e instanceof Error ? e.message : String(e)}`);
                }
            }
            return result;
        },
        async interruptedOperation(planId) {
            const { services, plan: p } = await plan(planId);
            const op = await services.recovery.interrupted(p.plan_id);
            return op ? (0, envelopes_1.interruptedOperationJson)(op) : null;
        },
        async recover(planId, options = {}) {
            requireTrust('Recover');
            const o = check(RecoveryOptionsSchema, options ?? {}, 'recovery options');
            const { services, plan: p } = await plan(planId);
            return (0, envelopes_1.recoveredJson)(await services.recovery.recover(p.plan_id, o.undo === true ? 'undo' : 'finish'));
        },
    };
}
//# sourceMappingURL=agentApi.js.map
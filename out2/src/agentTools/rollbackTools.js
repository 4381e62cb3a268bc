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
exports.recover = exports.undoRollback = exports.rollback = exports.previewRollback = void 0;
const z = __importStar(require("zod"));
const envelopes_1 = require("../envelopes/envelopes");
const agentOnlyRollback_1 = require("../core/agentOnlyRollback");
const errors_1 = require("../core/errors");
const rollbackResult_1 = require("../core/rollbackResult");
const safetyCheckpoints_1 = require("../core/safetyCheckpoints");
const agentTool_1 = require("./agentTool");
const checkpointTools_1 = require("./checkpointTools");
const toolSchemas_1 = require("./toolSchemas");
const displayText_1 = require("../core/displayText");
exports.previewRollback = (0, agentTool_1.defineTool)({
    name: 'preview_rollback',
    title: 'Preview rollback',
    description: 'What a rollback to the checkpoint would add, modify and delete, without changing anything; it runs the rollback’s guards, so a refused rollback says why here. ' +
        'Call it before rollback and tell the user what will change.',
    access: 'inspect',
    input: z.object({ plan_id: toolSchemas_1.PlanId, checkpoint_id: toolSchemas_1.CheckpointId, agent_only: toolSchemas_1.AgentOnly }).strict(),
    output: z.object({
        plan_id: z.string(),
        checkpoint_id: z.string(),
        counts: z.object({ added: z.number().int(), modified: z.number().int(), deleted: z.number().int() }),
        changes: toolSchemas_1.ChangesSchema,
        agent_only: toolSchemas_1.AgentOnlySummarySchema.optional(),
        undoes_work_of: toolSchemas_1.UndoneWorkSchema.optional(),
    }),
    async run({ plan_id, checkpoint_id, agent_only }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        if (agent_only) {
            const preview = await services.checkpoints.previewAgentOnlyRollback(plan.plan_id, checkpoint_id);
            const { changes, summary } = preview;
            const json = (0, envelopes_1.agentOnlyPreviewJson)(plan.plan_id, checkpoint_id, preview);
            return {
                structured: { plan_id: plan.plan_id, checkpoint_id, counts: (0, rollbackResult_1.countChanges)(changes), changes: (0, envelopes_1.changesJson)(changes), agent_only: { mode: json.mode, scope: json.scope, reverted: json.reverted, kept: json.kept, kept_reasons: json.kept_reasons, merged: json.merged, conflicts: json.conflicts, tool_calls: json.tool_calls, unclosed: json.unclosed } },
                text: summary.conflicts.length > 0
                    ? `Taking your changes since ${checkpoint_id} out is refused: ${summary.conflicts.map(agentOnlyRollback_1.conflictText).join('; ')}. Nothing would be written; tell the user (a full rollback or restore_paths can still be chosen).`
                    : `Taking your changes since ${checkpoint_id} out (${(0, displayText_1.plural)(summary.tool_calls, 'tool call')}): ${(0, checkpointTools_1.changeSummary)(changes)}; ${(0, displayText_1.plural)(summary.kept.length, 'path')} changed by others ${summary.kept.length === 1 ? 'is' : 'are'} kept.`,
            };
        }
        const changes = await services.checkpoints.previewRollback(plan.plan_id, checkpoint_id);
        const undone = await services.checkpoints.undoneWork(plan.plan_id, checkpoint_id, changes);
        return {
            structured: { plan_id: plan.plan_id, checkpoint_id, counts: (0, rollbackResult_1.countChanges)(changes), changes: (0, envelopes_1.changesJson)(changes), undoes_work_of: (0, envelopes_1.undoneWorkJson)(undone) },
            text: `Rolling back to ${checkpoint_id}: ${(0, checkpointTools_1.changeSummary)(changes)}.${(0, toolSchemas_1.undoneWorkSentence)(undone)}`,
        };
    },
});
exports.rollback = (0, agentTool_1.defineTool)({
    name: 'rollback',
    title: 'Roll back',
    description: 'Puts the plan’s sandbox back exactly as it was at the checkpoint (usually your pre_write): files changed since are restored, files added since are removed. ' +
        'Call preview_rollback first. A safety checkpoint of the files as they were is taken first: give the user the undo_checkpoint_id ' +
        '(post_rollback_state.undo_checkpoint_id) and use undo_rollback with it to take the rollback back. Refused once a plan is applied. ' +
        'With agent_only: true, only the changes made inside your own tool calls since the checkpoint (between each pre_write and its post_step) are taken out, ' +
        'and what the user or anyone else changed between your tool calls is kept; where both changed the same lines, nothing is written and the paths are listed.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId, checkpoint_id: toolSchemas_1.CheckpointId, agent_only: toolSchemas_1.AgentOnly }).strict(),
    output: toolSchemas_1.RollbackEnvelopeSchema,
    async run({ plan_id, checkpoint_id, agent_only }, ctx) {
        const { plan } = await ctx.plan(plan_id);
        return rolledBack(ctx, plan.plan_id, checkpoint_id, false, agent_only === true);
    },
});
exports.undoRollback = (0, agentTool_1.defineTool)({
    name: 'undo_rollback',
    title: 'Undo rollback',
    description: 'Takes a rollback back: restores the safety checkpoint that rollback returned as undo_checkpoint_id, so the files are as they were just before it. ' +
        'This is itself a rollback, with its own undo_checkpoint_id.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId, undo_checkpoint_id: toolSchemas_1.CheckpointId.describe('post_rollback_state.undo_checkpoint_id of the rollback to undo.') }).strict(),
    output: toolSchemas_1.RollbackEnvelopeSchema,
    async run({ plan_id, undo_checkpoint_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const checkpoint = await services.checkpoints.getUndoCheckpoint(plan.plan_id, undo_checkpoint_id);
        if (!(0, safetyCheckpoints_1.isSafetyCheckpoint)(checkpoint))
            throw new errors_1.ValidationError(`checkpoint ${undo_checkpoint_id} is not the undo checkpoint of a rollback; roll back to it with rollback`);
        return rolledBack(ctx, plan.plan_id, undo_checkpoint_id, true);
    },
});
async function rolledBack(ctx, planId, checkpointId, undo, agentOnly = false) {
    const outcome = agentOnly ? await ctx.rollback(planId, checkpointId, undo, true) : await ctx.rollback(planId, checkpointId, undo);
    const kept = outcome.agent_only ? ` ${(0, displayText_1.plural)(outcome.agent_only.kept.length, 'path')} changed by others since ${outcome.agent_only.kept.length === 1 ? 'was' : 'were'} kept.` : '';
    return {
        structured: (0, envelopes_1.rollbackEnvelope)(outcome),
        text: (outcome.agent_only
            ? `Took your changes since checkpoint ${checkpointId} out of plan ${planId}: ${(0, checkpointTools_1.changeSummary)(outcome.result.changed_paths)}.${kept}`
            : `${undo ? 'Undid the rollback' : 'Rolled back'}: plan ${planId} is at checkpoint ${checkpointId}; ${(0, checkpointTools_1.changeSummary)(outcome.result.changed_paths)}.`) +
            ` To undo: undo_rollback with undo_checkpoint_id ${outcome.undo_checkpoint_id}.`,
    };
}
exports.recover = (0, agentTool_1.defineTool)({
    name: 'recover',
    title: 'Recover interrupted operation',
    description: 'When show_plan reports an interrupted_operation (a rollback, apply or cleanup whose process died half-way), every write to the plan is refused until this resolves it: ' +
        'mode "finish" completes it, "undo" puts the files back as they were before it (a cleanup can only be finished). Ask the user which.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId, mode: z.enum(['finish', 'undo']).describe('finish the operation, or undo it.') }).strict(),
    output: z.object({
        recovered: toolSchemas_1.InterruptedOperationJsonSchema.extend({
            mode: z.enum(['finish', 'undo']),
            kept: z.array(z.string()),
            kept_in: z.string().nullable(),
            left_as_they_were: z.array(z.string()),
        }),
    }),
    async run({ plan_id, mode }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const outcome = await services.recovery.recover(plan.plan_id, mode);
        const recovered = { ...(0, toolSchemas_1.interruptedJson)(outcome.operation), mode: outcome.mode, kept: outcome.kept, kept_in: outcome.keptIn, left_as_they_were: outcome.left };
        return {
            structured: { recovered },
            text: `${mode === 'finish' ? 'Finished' : 'Undid'} the interrupted ${outcome.operation.type} of plan ${plan.plan_id}` + (outcome.kept.length > 0 ? `; ${(0, displayText_1.plural)(outcome.kept.length, 'path')} kept in ${outcome.keptIn}.` : '.'),
        };
    },
});
//# sourceMappingURL=rollbackTools.js.map
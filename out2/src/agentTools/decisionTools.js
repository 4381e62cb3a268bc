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
exports.restorePaths = exports.undoCorrection = exports.correctDecision = exports.previewCorrection = exports.listDecisions = exports.recordDecision = void 0;
const z = __importStar(require("zod"));
const decisionEnvelopes_1 = require("../envelopes/decisionEnvelopes");
const envelopes_1 = require("../envelopes/envelopes");
const displayText_1 = require("../core/displayText");
const decision_1 = require("../core/decision");
const ids_1 = require("../core/ids");
const agentTool_1 = require("./agentTool");
const checkpointTools_1 = require("./checkpointTools");
const toolSchemas_1 = require("./toolSchemas");
// Decisions and their correction (the reference's CorrectionService, made active): an agent records
// the decisions it takes, aligns its checkpoints to them (decision_id), and when one proves wrong,
// reverts it with everything built on it, files included, in one undoable step.
const DecisionId = ids_1.UlidSchema.describe('A decision of that plan (a ULID, as record_decision or list_decisions return it).');
const KeepIndependent = z
    .boolean()
    .optional()
    .describe('true: take out only the changes the reverted decisions made in their tool calls, keeping later work that does not build on them and edits made between their tool calls; default false: the whole sandbox goes back.');
const DecisionJsonSchema = z.object({
    decision_id: z.string(),
    plan_id: z.string(),
    title: z.string(),
    rationale: z.string().nullable(),
    state: decision_1.DecisionSchema.shape.state,
    depends_on: z.array(z.string()),
    checkpoint_ids: z.array(z.string()),
    created_at: z.string(),
    reverted_at: z.string().nullable(),
    reverted_by: z.string().nullable(),
});
const CorrectionSummarySchema = z.object({
    correction_id: z.string(),
    plan_id: z.string(),
    decision_id: z.string(),
    reverted_decisions: z.array(z.string()),
    mode: z.enum(['rollback', 'keep_independent']),
    state: z.enum(['applied', 'undone']),
});
const mode = (keepIndependent) => (keepIndependent ? 'keep_independent' : 'rollback');
exports.recordDecision = (0, agentTool_1.defineTool)({
    name: 'record_decision',
    title: 'Record decision',
    description: 'Records a decision you are taking in the plan (a choice later work builds on), with the earlier decisions it depends on. ' +
        'Pass its decision_id to create_checkpoint for the pre_write and post_step around the edits that carry it out, so that correct_decision can later revert exactly that work.',
    access: 'write',
    input: z
        .object({
        plan_id: toolSchemas_1.PlanId,
        title: decision_1.RecordDecisionInputSchema.shape.title.describe('The decision, in a few words.'),
        rationale: decision_1.RecordDecisionInputSchema.shape.rationale.describe('Why; optional.'),
        depends_on: decision_1.RecordDecisionInputSchema.shape.dependsOn.describe('Earlier decisions of the same plan this one builds on.'),
        decision_id: decision_1.RecordDecisionInputSchema.shape.decisionId.describe('An id you already gave checkpoints; a new one is made when absent.'),
    })
        .strict(),
    output: z.object({ decision: DecisionJsonSchema }),
    async run({ plan_id, title, rationale, depends_on, decision_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const decision = await services.corrections.recordDecision(plan.plan_id, {
            title,
            ...(rationale === undefined ? {} : { rationale }),
            ...(depends_on === undefined ? {} : { dependsOn: depends_on }),
            ...(decision_id === undefined ? {} : { decisionId: decision_id }),
        });
        return { structured: { decision: (0, decisionEnvelopes_1.decisionJson)(decision) }, text: `Recorded decision ${decision.decision_id} “${(0, displayText_1.displayText)(decision.title, 120)}”.` };
    },
});
exports.listDecisions = (0, agentTool_1.defineTool)({
    name: 'list_decisions',
    title: 'List decisions',
    description: 'The plan’s decisions, oldest first: what each depends on, whether it is active or reverted, and the checkpoints aligned to it.',
    access: 'read',
    input: z.object({ plan_id: toolSchemas_1.PlanId }).strict(),
    output: z.object({ plan_id: z.string(), decisions: z.array(DecisionJsonSchema) }),
    async run({ plan_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const list = await services.corrections.listDecisions(plan.plan_id);
        const lines = list.map((d) => `${d.decision.decision_id} ${d.decision.state} “${(0, displayText_1.displayText)(d.decision.title, 120)}”`);
        return { structured: (0, decisionEnvelopes_1.decisionsEnvelope)(plan.plan_id, list), text: list.length === 0 ? 'No decisions yet.' : `${(0, displayText_1.plural)(list.length, 'decision')}:\n${lines.join('\n')}` };
    },
});
exports.previewCorrection = (0, agentTool_1.defineTool)({
    name: 'preview_correction',
    title: 'Preview correction',
    description: 'What correcting a decision would do, changing nothing: the decisions it reverts (the decision and, breadth first, every decision built on it), ' +
        'the checkpoint the files go back to, the changes, and in keep_independent mode the conflicting paths that refuse it. Call it before correct_decision and tell the user.',
    access: 'inspect',
    input: z.object({ plan_id: toolSchemas_1.PlanId, decision_id: DecisionId, keep_independent: KeepIndependent }).strict(),
    output: z.object({
        correction_preview: z.object({
            plan_id: z.string(),
            decision_id: z.string(),
            mode: CorrectionSummarySchema.shape.mode,
            target_checkpoint_id: z.string().nullable(),
            reverted_decisions: z.array(z.object({ decision_id: z.string(), title: z.string(), depth: z.number().int() })),
            restore_paths: z.array(z.string()).nullable(),
            changes: toolSchemas_1.ChangesSchema,
            conflicts: z.array(z.string()),
            kept: z.array(z.string()),
            merge_conflicts: toolSchemas_1.AgentOnlySummarySchema.shape.conflicts,
            undoes_work_of: toolSchemas_1.UndoneWorkSchema,
        }),
    }),
    async run({ plan_id, decision_id, keep_independent }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const impact = await services.corrections.analyzeImpact(plan.plan_id, decision_id, mode(keep_independent));
        const refused = impact.conflicts.length + impact.merge_conflicts.length;
        const conflicts = refused > 0 ? `; refused: ${(0, displayText_1.plural)(refused, 'path')} changed by both sides` : '';
        return {
            structured: (0, decisionEnvelopes_1.correctionPreviewEnvelope)(impact),
            text: `Correcting ${decision_id} reverts ${(0, displayText_1.plural)(impact.reverted.length, 'decision')} and ${(0, checkpointTools_1.changeSummary)(impact.changes)}${conflicts}.${(0, toolSchemas_1.undoneWorkSentence)(impact.undoes_work_of)}`,
        };
    },
});
exports.correctDecision = (0, agentTool_1.defineTool)({
    name: 'correct_decision',
    title: 'Correct decision',
    description: 'Reverts a decision that proved wrong, every decision built on it, and their files, in one step: the sandbox goes back to the pre_write aligned to the decision ' +
        '(or, with keep_independent, only the files those decisions changed). A safety checkpoint is taken first; give the user the correction_id and undo with undo_correction. Call preview_correction first.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId, decision_id: DecisionId, keep_independent: KeepIndependent }).strict(),
    output: toolSchemas_1.RollbackEnvelopeSchema.extend({ correction_summary: CorrectionSummarySchema }),
    async run({ plan_id, decision_id, keep_independent }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        if (ctx.beforeWriting)
            await ctx.beforeWriting(plan.plan_id, (await services.corrections.analyzeImpact(plan.plan_id, decision_id, mode(keep_independent))).changes, 'correction');
        const envelope = (0, decisionEnvelopes_1.correctionEnvelope)(await services.corrections.executeRevert(plan.plan_id, decision_id, mode(keep_independent)));
        const s = envelope.correction_summary;
        return { structured: envelope, text: `Correction ${s.correction_id}: reverted ${(0, displayText_1.plural)(s.reverted_decisions.length, 'decision')}, ${(0, displayText_1.plural)(envelope.impact.files_affected, 'file')} restored.` };
    },
});
exports.undoCorrection = (0, agentTool_1.defineTool)({
    name: 'undo_correction',
    title: 'Undo correction',
    description: 'Takes a correction back in one step: its files as they were just before it, its decisions active again.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId, correction_id: ids_1.UlidSchema.describe('correction_summary.correction_id of the correction to undo.') }).strict(),
    output: toolSchemas_1.RollbackEnvelopeSchema.extend({ correction_summary: CorrectionSummarySchema, reactivated_decisions: z.array(z.string()) }),
    async run({ plan_id, correction_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        if (ctx.beforeWriting) {
            const correction = await services.corrections.findCorrection(plan.plan_id, correction_id);
            if (correction)
                await ctx.beforeWriting(plan.plan_id, await services.corrections.previewUndo(plan.plan_id, correction), 'undo');
        }
        const envelope = (0, decisionEnvelopes_1.undoCorrectionEnvelope)(await services.corrections.undoCorrection(plan.plan_id, correction_id));
        return { structured: envelope, text: `Correction ${correction_id} undone; ${(0, displayText_1.plural)(envelope.reactivated_decisions.length, 'decision')} active again.` };
    },
});
exports.restorePaths = (0, agentTool_1.defineTool)({
    name: 'restore_paths',
    title: 'Restore paths',
    description: 'Restores only these files or folders (relative to the sandbox) as they were at the checkpoint, leaving every other file as it is. ' +
        'Like a rollback of just those paths: a safety checkpoint first, whose id (post_rollback_state.undo_checkpoint_id) undoes it with undo_rollback.',
    access: 'destroy',
    input: z
        .object({
        plan_id: toolSchemas_1.PlanId,
        checkpoint_id: toolSchemas_1.CheckpointId,
        paths: z.array(z.string().min(1).max(4096)).min(1).max(1000).describe('Paths relative to the sandbox, with "/" between folders.'),
    })
        .strict(),
    output: toolSchemas_1.RollbackEnvelopeSchema,
    async run({ plan_id, checkpoint_id, paths }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        if (ctx.beforeWriting)
            await ctx.beforeWriting(plan.plan_id, await services.checkpoints.previewRestorePaths(plan.plan_id, checkpoint_id, paths), 'restore');
        const outcome = await services.checkpoints.restorePaths(plan.plan_id, checkpoint_id, paths);
        return { structured: (0, envelopes_1.rollbackEnvelope)(outcome), text: `Restored ${(0, displayText_1.plural)(outcome.result.changed_paths.length, 'path')} from ${checkpoint_id}; undo with undo_checkpoint_id ${outcome.undo_checkpoint_id}.` };
    },
});
//# sourceMappingURL=decisionTools.js.map
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
exports.RollbackEnvelopeSchema = exports.UndoneWorkSchema = exports.AgentOnlySummarySchema = exports.AgentOnly = exports.InterruptedOperationJsonSchema = exports.ChangesSchema = exports.CheckpointJsonSchema = exports.PlanJsonSchema = exports.CheckpointId = exports.PlanId = void 0;
exports.interruptedJson = interruptedJson;
exports.undoneWorkSentence = undoneWorkSentence;
const z = __importStar(require("zod"));
const agentOnlyScope_1 = require("../core/agentOnlyScope");
const agentOnlyRollback_1 = require("../core/agentOnlyRollback");
const checkpoint_1 = require("../core/checkpoint");
const envelopes_1 = require("../envelopes/envelopes");
const interruptedOperation_1 = require("../core/interruptedOperation");
const plan_1 = require("../core/plan");
const rollbackResult_1 = require("../core/rollbackResult");
const ids_1 = require("../core/ids");
const undoneWork_1 = require("../core/undoneWork");
// The pieces the tools' schemas share. Inputs are strict (an unknown key is a mistake worth
// hearing about); outputs describe the JSON documents `agents --format json` prints (envelopes/envelopes.ts).
exports.PlanId = ids_1.UlidSchema.describe('The plan’s id (a ULID, as list_plans or create_plan return it).');
exports.CheckpointId = ids_1.UlidSchema.describe('A checkpoint of that plan (a ULID, as list_checkpoints or create_checkpoint return it).');
exports.PlanJsonSchema = z.object({
    plan_id: z.string(),
    title: z.string(),
    state: plan_1.PlanStateSchema,
    sandbox_path: z.string(),
    sandbox_kind: plan_1.SandboxKindSchema,
    base_ref: z.string().nullable(),
    retention: z.object({ max_checkpoints: z.number().int(), auto_prune: z.boolean() }),
    created_at: z.string(),
    updated_at: z.string(),
});
exports.CheckpointJsonSchema = z.object({
    checkpoint_id: z.string(),
    plan_id: z.string(),
    sandbox_ref: z.string(),
    decision_id: z.string().nullable(),
    checkpoint_type: checkpoint_1.CheckpointTypeSchema,
    resource_id: z.string().nullable(),
    filesystem_path: z.string(),
    size_bytes: z.number().int(),
    created_at: z.string(),
    metadata: z.object({
        reason: z.string().nullable(),
        source_tool: z.string().nullable(),
        phase: z.string().nullable(),
        extra: z.record(z.string(), z.string()),
        file_count: z.number().int().optional(),
        skipped: z.array(z.object({ path: z.string(), reason: z.string(), size_bytes: z.number().int().optional() })),
    }),
});
exports.ChangesSchema = z.array(z.object({ path: z.string(), change: rollbackResult_1.ChangeKindSchema }));
exports.InterruptedOperationJsonSchema = z.object({
    type: interruptedOperation_1.InterruptedOperationSchema.shape.type,
    plan_id: z.string(),
    target_checkpoint_id: z.string().nullable(),
    undo_checkpoint_id: z.string().nullable(),
    started_at: z.string(),
    process: z.object({ pid: z.number().int(), host: z.string() }),
});
exports.AgentOnly = z
    .boolean()
    .optional()
    .describe('true: take out only the changes made inside your tool calls (pre_write to post_step) since the checkpoint, keeping what others changed between them.');
/** What an agent-only rollback adds to the summary (cli/envelopes.ts AgentOnlySummaryJson). */
exports.AgentOnlySummarySchema = z.object({
    mode: z.literal('agent_only'),
    scope: z.enum(agentOnlyScope_1.AGENT_ONLY_SCOPES),
    reverted: z.array(z.string()),
    kept: z.array(z.string()),
    kept_reasons: z
        .array(z.object({ path: z.string(), reason: z.enum(['outside_tool_calls', 'other_session', 'unknown', 'not_in_scope']), plan_id: z.string().optional(), unknown: z.string().optional() }))
        .describe('Why each kept path stays: the user or another program (outside_tool_calls), another session (other_session), or a missed fence (unknown).'),
    merged: z.array(z.string()),
    conflicts: z.array(z.object({ path: z.string(), reason: z.enum(Object.keys(agentOnlyRollback_1.CONFLICT_REASONS)), message: z.string() })),
    tool_calls: z.number().int(),
    unclosed: z.array(z.object({ pre_write_checkpoint_id: z.string(), until_checkpoint_id: z.string().nullable() })),
});
/** Whose later work a rollback or a correction would also undo: other plans over the same files, decisions not reverted. */
exports.UndoneWorkSchema = z
    .array(z.object({
    kind: z.enum(['plan', 'decision', 'outside_tool_calls']),
    plan_id: z.string(),
    decision_id: z.string().nullable(),
    title: z.string(),
    paths: z.array(z.string()),
    since: z.string().nullable().optional(),
    until: z.string().nullable().optional(),
}))
    .describe('Other plans, decisions, and edits made outside tool calls (by the user or another program) whose later changes to these paths would be undone: tell the user before going on.');
/** The reference's rollback envelope, with the checkpoint that undoes the rollback (and what an agent-only one adds). */
exports.RollbackEnvelopeSchema = z.object({
    rollback_summary: z.object({ plan_id: z.string(), from_checkpoint_id: z.string(), restored_files_count: z.number().int() }).extend(exports.AgentOnlySummarySchema.partial().shape),
    changes_reverted: z.array(z.string()),
    impact: z.object({ files_affected: z.number().int() }),
    post_rollback_state: z.object({ active_checkpoint: z.string(), plan_id: z.string(), undo_checkpoint_id: z.string() }),
    timing: z.object({ elapsed_seconds: z.number() }),
    messages: z.array(z.string()),
});
/** `plan show`'s `interrupted_operation`, typed by its schema. */
function interruptedJson(op) {
    return exports.InterruptedOperationJsonSchema.parse((0, envelopes_1.interruptedOperationJson)(op));
}
/** A sentence for the tool's text naming whose work would be undone; empty when nobody's. */
function undoneWorkSentence(undone) {
    return undone.length === 0 ? '' : ` ${(0, undoneWork_1.undoneWorkHeading)(undone)} ${(0, undoneWork_1.undoneWorkLines)(undone).join('; ')}.`;
}
//# sourceMappingURL=toolSchemas.js.map
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
exports.deleteCheckpoint = exports.diff = exports.listCheckpoints = exports.createCheckpoint = void 0;
exports.changeSummary = changeSummary;
const z = __importStar(require("zod"));
const envelopes_1 = require("../envelopes/envelopes");
const checkpoint_1 = require("../core/checkpoint");
const rollbackResult_1 = require("../core/rollbackResult");
const agentTool_1 = require("./agentTool");
const toolSchemas_1 = require("./toolSchemas");
const displayText_1 = require("../core/displayText");
// The core's own limits, under the names the reference gives the fields.
const opts = checkpoint_1.CreateCheckpointOptionsSchema.shape;
exports.createCheckpoint = (0, agentTool_1.defineTool)({
    name: 'create_checkpoint',
    title: 'Create checkpoint',
    description: 'Snapshots the plan’s sandbox. Around every step that writes files: call it with type "pre_write" just before you write ' +
        '(that is the checkpoint to roll back to), and with type "post_step" right after the step (the result to compare with); ' +
        'name your tool in source_tool and say what the step does in reason. Use "manual" for anything else. ' +
        'Returns the checkpoint_id, and the ids retention pruned to make room.',
    access: 'write',
    input: z
        .object({
        plan_id: toolSchemas_1.PlanId,
        type: checkpoint_1.CheckpointTypeSchema.default('manual').describe('pre_write before writing, post_step after the step, manual otherwise.'),
        reason: opts.reason.describe('Why: the step about to run or just done.'),
        source_tool: opts.sourceTool.describe('The tool that writes (e.g. "edit_file").'),
        phase: opts.phase.describe('The phase of your work (e.g. "implement", "test").'),
        decision_id: opts.decisionId.describe('The decision this step carries out, if you track decisions (a ULID).'),
        resource_id: opts.resourceId.describe('The resource this step works on, if any (a ULID).'),
        extra: opts.extra.describe('More metadata, string to string.'),
    })
        .strict(),
    output: z.object({ checkpoint: toolSchemas_1.CheckpointJsonSchema, pruned: z.array(z.string()) }),
    async run(input, ctx) {
        const { services, plan } = await ctx.plan(input.plan_id);
        const { checkpoint, pruned } = await services.checkpoints.createCheckpoint(plan.plan_id, {
            type: input.type,
            reason: input.reason,
            sourceTool: input.source_tool,
            phase: input.phase,
            decisionId: input.decision_id,
            resourceId: input.resource_id,
            extra: input.extra,
        });
        const files = checkpoint.metadata.file_count === undefined ? '' : `, ${(0, displayText_1.plural)(checkpoint.metadata.file_count, 'file')}`;
        return {
            structured: { checkpoint: (0, envelopes_1.checkpointJson)(checkpoint), pruned: [...pruned] },
            text: `Created ${checkpoint.checkpoint_type} checkpoint ${checkpoint.checkpoint_id} of plan ${plan.plan_id}${files}${pruned.length > 0 ? `; pruned ${(0, displayText_1.formatCount)(pruned.length)}` : ''}.`,
        };
    },
});
exports.listCheckpoints = (0, agentTool_1.defineTool)({
    name: 'list_checkpoints',
    title: 'List checkpoints',
    description: 'The checkpoints of a plan, oldest first, with their type, reason and source tool: find the pre_write to roll back to here.',
    access: 'read',
    input: z.object({ plan_id: toolSchemas_1.PlanId }).strict(),
    output: z.object({ plan_id: z.string(), checkpoints: z.array(toolSchemas_1.CheckpointJsonSchema) }),
    async run({ plan_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const list = await services.checkpoints.listCheckpoints(plan.plan_id);
        return { structured: { plan_id: plan.plan_id, checkpoints: list.map(envelopes_1.checkpointJson) }, text: `Plan ${plan.plan_id} has ${(0, displayText_1.plural)(list.length, 'checkpoint')}.` };
    },
});
exports.diff = (0, agentTool_1.defineTool)({
    name: 'diff',
    title: 'What changed',
    description: 'The paths that changed from one checkpoint (from) to another (to), or to the sandbox as it is now when to is left out: "what did I change since my pre_write?"',
    access: 'inspect',
    input: z.object({ plan_id: toolSchemas_1.PlanId, from: toolSchemas_1.CheckpointId, to: toolSchemas_1.CheckpointId.optional().describe('A later checkpoint; default the sandbox now.') }).strict(),
    output: z.object({ changes: toolSchemas_1.ChangesSchema }),
    async run({ plan_id, from, to }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const changes = await services.checkpoints.diff(plan.plan_id, from, to);
        return { structured: { changes: (0, envelopes_1.changesJson)(changes) }, text: `${changeSummary(changes)} from ${from} to ${to ?? 'the sandbox now'}.` };
    },
});
exports.deleteCheckpoint = (0, agentTool_1.defineTool)({
    name: 'delete_checkpoint',
    title: 'Delete checkpoint',
    description: 'Deletes one checkpoint of a plan; its snapshot can no longer be rolled back to. The sandbox’s files are not touched.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId, checkpoint_id: toolSchemas_1.CheckpointId }).strict(),
    output: z.object({ deleted: z.object({ plan_id: z.string(), checkpoint_id: z.string() }) }),
    async run({ plan_id, checkpoint_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        await services.checkpoints.deleteCheckpoint(plan.plan_id, checkpoint_id);
        return { structured: { deleted: { plan_id: plan.plan_id, checkpoint_id } }, text: `Deleted checkpoint ${checkpoint_id} of plan ${plan.plan_id}.` };
    },
});
/** "3 paths changed (1 added, 2 modified, 0 deleted)". */
function changeSummary(changes) {
    const n = (0, rollbackResult_1.countChanges)(changes);
    return `${(0, displayText_1.plural)(changes.length, 'path')} changed (${(0, displayText_1.formatCount)(n.added)} added, ${(0, displayText_1.formatCount)(n.modified)} modified, ${(0, displayText_1.formatCount)(n.deleted)} deleted)`;
}
//# sourceMappingURL=checkpointTools.js.map
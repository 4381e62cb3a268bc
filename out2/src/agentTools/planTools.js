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
exports.setRetentionPolicy = exports.createPlan = exports.showPlan = exports.listPlans = void 0;
const z = __importStar(require("zod"));
const envelopes_1 = require("../envelopes/envelopes");
const displayText_1 = require("../core/displayText");
const planService_1 = require("../core/planService");
const retentionPolicy_1 = require("../core/retentionPolicy");
const agentTool_1 = require("./agentTool");
const toolSchemas_1 = require("./toolSchemas");
/** A workspace folder, where the window has several (VS Code); `agents mcp` has one. */
const WorkspaceFolderInput = z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe('With several workspace folders open: which one, by its name or path. Default: the folder of the active editor, else the first.');
exports.listPlans = (0, agentTool_1.defineTool)({
    name: 'list_plans',
    title: 'List plans',
    description: 'Lists the plans of this workspace: each one names a sandbox (a folder) whose checkpoints can be rolled back. ' +
        'Find the plan you work in here (or make one with create_plan) before taking checkpoints.',
    access: 'read',
    input: z.object({ folder: WorkspaceFolderInput }).strict(),
    output: z.object({ plans: z.array(toolSchemas_1.PlanJsonSchema), folder: z.string().optional() }),
    async run({ folder }, ctx) {
        const plans = await (await ctx.workspace(folder)).plans.listPlans();
        const used = ctx.workspaceFolder?.(folder);
        const where = used === undefined ? '' : ` in the workspace folder “${(0, displayText_1.displayText)(used, 120)}”`;
        const lines = plans.map((p) => `${p.plan_id} ${p.state} “${(0, displayText_1.displayText)(p.title, 120)}” (${(0, displayText_1.displayText)(p.sandbox_path, 120)})`);
        return {
            structured: { plans: plans.map(envelopes_1.planJson), ...(used === undefined ? {} : { folder: used }) },
            text: plans.length === 0 ? `No plans yet${where}.` : `${(0, displayText_1.plural)(plans.length, 'plan')}${where}:\n${lines.join('\n')}`,
        };
    },
});
exports.showPlan = (0, agentTool_1.defineTool)({
    name: 'show_plan',
    title: 'Show plan',
    description: 'One plan with its checkpoints, oldest first. interrupted_operation is not null when a rollback, apply or cleanup of the plan was cut short: ' +
        'every write is then refused until the recover tool finishes or undoes it.',
    access: 'read',
    input: z.object({ plan_id: toolSchemas_1.PlanId }).strict(),
    output: z.object({
        plan: toolSchemas_1.PlanJsonSchema,
        checkpoints: z.array(toolSchemas_1.CheckpointJsonSchema),
        interrupted_operation: toolSchemas_1.InterruptedOperationJsonSchema.nullable(),
        state_history: z.array(z.object({ from_state: z.string().nullable(), to_state: z.string(), changed_at: z.string() })),
    }),
    async run({ plan_id }, ctx) {
        const { services, plan } = await ctx.plan(plan_id);
        const [list, interrupted, history] = await Promise.all([
            services.checkpoints.listCheckpoints(plan.plan_id),
            services.recovery.interrupted(plan.plan_id),
            services.plans.stateHistory(plan.plan_id),
        ]);
        const text = `Plan ${plan.plan_id} “${(0, displayText_1.displayText)(plan.title, 120)}”: ${plan.state}, ${(0, displayText_1.plural)(list.length, 'checkpoint')}` +
            (interrupted ? `; an interrupted ${interrupted.type} blocks it (call recover)` : '');
        return {
            structured: {
                plan: (0, envelopes_1.planJson)(plan),
                checkpoints: list.map(envelopes_1.checkpointJson),
                interrupted_operation: interrupted ? (0, toolSchemas_1.interruptedJson)(interrupted) : null,
                state_history: history.map(envelopes_1.stateChangeJson),
            },
            text,
        };
    },
});
exports.createPlan = (0, agentTool_1.defineTool)({
    name: 'create_plan',
    title: 'Create plan',
    description: 'Creates a plan: the folder you are about to work in (sandbox, relative to the workspace, default the whole workspace), ' +
        'or with isolated: true a copy of the workspace of its own that you apply later. Returns its plan_id; then take a pre_write checkpoint before your first write.',
    access: 'write',
    // The core checks the rest (sandbox or isolated, not both; the sandbox inside the workspace).
    input: z
        .object({
        title: planService_1.CreatePlanInputSchema.shape.title.describe('What the plan is for, in a few words (at most 200 characters).'),
        sandbox: planService_1.CreatePlanInputSchema.shape.sandbox.describe('The folder to checkpoint, relative to the workspace and inside it; default ".".'),
        isolated: planService_1.CreatePlanInputSchema.shape.isolated.describe('Work in a separate copy of the workspace (not with sandbox).'),
        folder: WorkspaceFolderInput,
    })
        .strict(),
    output: z.object({ plan: toolSchemas_1.PlanJsonSchema, folder: z.string().optional() }),
    async run({ folder, ...input }, ctx) {
        const plan = await (await ctx.workspace(folder)).plans.createPlan(input);
        const used = ctx.workspaceFolder?.(folder);
        const where = used === undefined ? '' : ` in the workspace folder “${(0, displayText_1.displayText)(used, 120)}”`;
        return {
            structured: { plan: (0, envelopes_1.planJson)(plan), ...(used === undefined ? {} : { folder: used }) },
            text: `Created plan ${plan.plan_id} “${(0, displayText_1.displayText)(plan.title, 120)}” on sandbox “${(0, displayText_1.displayText)(plan.sandbox_path, 200)}”${where}.`,
        };
    },
});
exports.setRetentionPolicy = (0, agentTool_1.defineTool)({
    name: 'set_retention_policy',
    title: 'Set retention policy',
    description: 'Changes how many checkpoints a plan keeps (max_checkpoints, 1–100) and whether the oldest are pruned automatically (auto_prune); ' +
        'the first and the newest checkpoint always stay. Give neither to read the policy.',
    access: 'write',
    input: z
        .object({
        plan_id: toolSchemas_1.PlanId,
        max_checkpoints: retentionPolicy_1.RetentionPolicySchema.shape.max_checkpoints.optional(),
        auto_prune: retentionPolicy_1.RetentionPolicySchema.shape.auto_prune.optional(),
    })
        .strict(),
    output: z.object({ policy: z.object({ plan_id: z.string(), max_checkpoints: z.number().int(), auto_prune: z.boolean() }) }),
    async run({ plan_id, max_checkpoints, auto_prune }, ctx) {
        const { services, plan: found } = await ctx.plan(plan_id);
        const changes = { ...(max_checkpoints === undefined ? {} : { max_checkpoints }), ...(auto_prune === undefined ? {} : { auto_prune }) };
        const plan = Object.keys(changes).length > 0 ? await services.plans.setRetentionPolicy(found.plan_id, changes) : found;
        const policy = { plan_id: plan.plan_id, max_checkpoints: plan.retention.max_checkpoints, auto_prune: plan.retention.auto_prune };
        return { structured: { policy }, text: `Plan ${plan.plan_id} keeps ${(0, displayText_1.plural)(policy.max_checkpoints, 'checkpoint')}, auto_prune ${policy.auto_prune}.` };
    },
});
//# sourceMappingURL=planTools.js.map
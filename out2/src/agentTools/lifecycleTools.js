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
exports.deletePlan = exports.applyPlan = exports.changePlanState = void 0;
const z = __importStar(require("zod"));
const envelopes_1 = require("../envelopes/envelopes");
const displayText_1 = require("../core/displayText");
const planLifecycle_1 = require("../core/planLifecycle");
const agentTool_1 = require("./agentTool");
const checkpointTools_1 = require("./checkpointTools");
const toolSchemas_1 = require("./toolSchemas");
// The plan's lifecycle (core/planLifecycle.ts): the same transitions, refusals and records as
// `agents plan start|complete|fail|cancel|apply|delete` and the tree's commands.
const ACTIONS = Object.keys(planLifecycle_1.LIFECYCLE_ACTIONS);
exports.changePlanState = (0, agentTool_1.defineTool)({
    name: 'change_plan_state',
    title: 'Change plan state',
    description: 'Moves the plan along its lifecycle: start (→ executing; automatic checkpoints, where the user turned them on, watch an executing plan), ' +
        'complete, fail, or cancel (final). Start the plan before you work in it and complete it when done; a refused change says which ones are allowed.',
    access: 'write',
    input: z.object({ plan_id: toolSchemas_1.PlanId, action: z.enum(ACTIONS).describe('start, complete, fail or cancel.') }).strict(),
    output: z.object({ plan: toolSchemas_1.PlanJsonSchema, previous_state: toolSchemas_1.PlanJsonSchema.shape.state }),
    async run({ plan_id, action }, ctx) {
        const { services, plan: before } = await ctx.plan(plan_id);
        const plan = await services.plans.setState(before.plan_id, planLifecycle_1.LIFECYCLE_ACTIONS[action]);
        return { structured: { plan: (0, envelopes_1.planJson)(plan), previous_state: before.state }, text: `Plan ${plan.plan_id} “${(0, displayText_1.displayText)(plan.title, 120)}”: ${before.state} → ${plan.state}.` };
    },
});
exports.applyPlan = (0, agentTool_1.defineTool)({
    name: 'apply_plan',
    title: 'Apply plan',
    description: 'Marks the plan applied, which is final: no checkpoint or rollback afterwards. An isolated plan’s changes are first written into the workspace ' +
        '(refused with the list when the workspace changed the same files); an in-place plan’s changes are there already. Only when the user asked for it.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId }).strict(),
    output: z.object({ plan: toolSchemas_1.PlanJsonSchema, changes: toolSchemas_1.ChangesSchema }),
    async run({ plan_id }, ctx) {
        const { services, plan: found } = await ctx.plan(plan_id);
        const { plan, changes } = await services.plans.applyPlan(found.plan_id);
        return { structured: { plan: (0, envelopes_1.planJson)(plan), changes: (0, envelopes_1.changesJson)(changes) }, text: `Applied plan ${plan.plan_id}: ${changes.length > 0 ? (0, checkpointTools_1.changeSummary)(changes) : 'its changes were in place already'}.` };
    },
});
exports.deletePlan = (0, agentTool_1.defineTool)({
    name: 'delete_plan',
    title: 'Delete plan',
    description: 'Deletes the plan with its checkpoints, their snapshots, its history and decisions, and an isolated sandbox folder; the files of an in-place sandbox stay. ' +
        'This cannot be undone: only when the user asked for it.',
    access: 'destroy',
    input: z.object({ plan_id: toolSchemas_1.PlanId }).strict(),
    output: z.object({ deleted: z.object({ plan: toolSchemas_1.PlanJsonSchema, checkpoint_ids: z.array(z.string()), removed_sandbox: z.string().nullable() }) }),
    async run({ plan_id }, ctx) {
        const { services, plan: found } = await ctx.plan(plan_id);
        const deleted = await services.plans.deletePlan(found.plan_id);
        return {
            structured: { deleted: { plan: (0, envelopes_1.planJson)(deleted.plan), checkpoint_ids: deleted.checkpointIds, removed_sandbox: deleted.removedSandbox } },
            text: `Deleted plan ${deleted.plan.plan_id} and ${(0, displayText_1.plural)(deleted.checkpointIds.length, 'checkpoint')}${deleted.removedSandbox ? `; removed ${(0, displayText_1.displayText)(deleted.removedSandbox, 200)}` : ''}.`,
        };
    },
});
//# sourceMappingURL=lifecycleTools.js.map
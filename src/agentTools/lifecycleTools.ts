import * as z from 'zod';
import { changesJson, planJson } from '../envelopes/envelopes';
import { displayText, plural } from '../core/displayText';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../core/planLifecycle';
import { defineTool } from './agentTool';
import { changeSummary } from './checkpointTools';
import { ChangesSchema, PlanId, PlanJsonSchema } from './toolSchemas';

// The plan's lifecycle (core/planLifecycle.ts): the same transitions, refusals and records as
// `agents plan start|complete|fail|cancel|apply|delete` and the tree's commands.

const ACTIONS = Object.keys(LIFECYCLE_ACTIONS) as [LifecycleAction, ...LifecycleAction[]];

export const changePlanState = defineTool({
  name: 'change_plan_state',
  title: 'Change plan state',
  description:
    'Moves the plan along its lifecycle: start (→ executing; automatic checkpoints, where the user turned them on, watch an executing plan), ' +
    'complete, fail, or cancel (final). Start the plan before you work in it and complete it when done; a refused change says which ones are allowed.',
  access: 'write',
  input: z.object({ plan_id: PlanId, action: z.enum(ACTIONS).describe('start, complete, fail or cancel.') }).strict(),
  output: z.object({ plan: PlanJsonSchema, previous_state: PlanJsonSchema.shape.state }),
  async run({ plan_id, action }, ctx) {
    const { services, plan: before } = await ctx.plan(plan_id);
    const plan = await services.plans.setState(before.plan_id, LIFECYCLE_ACTIONS[action]);
    return { structured: { plan: planJson(plan), previous_state: before.state }, text: `Plan ${plan.plan_id} “${displayText(plan.title, 120)}”: ${before.state} → ${plan.state}.` };
  },
});

export const applyPlan = defineTool({
  name: 'apply_plan',
  title: 'Apply plan',
  description:
    'Marks the plan applied, which is final: no checkpoint or rollback afterwards. An isolated plan’s changes are first written into the workspace ' +
    '(refused with the list when the workspace changed the same files); an in-place plan’s changes are there already. Only when the user asked for it.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId }).strict(),
  output: z.object({ plan: PlanJsonSchema, changes: ChangesSchema }),
  async run({ plan_id }, ctx) {
    const { services, plan: found } = await ctx.plan(plan_id);
    const { plan, changes } = await services.plans.applyPlan(found.plan_id);
    return { structured: { plan: planJson(plan), changes: changesJson(changes) }, text: `Applied plan ${plan.plan_id}: ${changes.length > 0 ? changeSummary(changes) : 'its changes were in place already'}.` };
  },
});

export const deletePlan = defineTool({
  name: 'delete_plan',
  title: 'Delete plan',
  description:
    'Deletes the plan with its checkpoints, their snapshots, its history and decisions, and an isolated sandbox folder; the files of an in-place sandbox stay. ' +
    'This cannot be undone: only when the user asked for it.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId }).strict(),
  output: z.object({ deleted: z.object({ plan: PlanJsonSchema, checkpoint_ids: z.array(z.string()), removed_sandbox: z.string().nullable() }) }),
  async run({ plan_id }, ctx) {
    const { services, plan: found } = await ctx.plan(plan_id);
    const deleted = await services.plans.deletePlan(found.plan_id);
    return {
      structured: { deleted: { plan: planJson(deleted.plan), checkpoint_ids: deleted.checkpointIds, removed_sandbox: deleted.removedSandbox } },
      text: `Deleted plan ${deleted.plan.plan_id} and ${plural(deleted.checkpointIds.length, 'checkpoint')}${deleted.removedSandbox ? `; removed ${displayText(deleted.removedSandbox, 200)}` : ''}.`,
    };
  },
});

import * as z from 'zod';
import { changesJson, checkpointJson } from '../envelopes/envelopes';
import { CheckpointTypeSchema, CreateCheckpointOptionsSchema } from '../core/checkpoint';
import { countChanges, type PathChange } from '../core/rollbackResult';
import { defineTool } from './agentTool';
import { ChangesSchema, CheckpointId, CheckpointJsonSchema, PlanId } from './toolSchemas';
import { formatCount, plural } from '../core/displayText';

// The core's own limits, under the names the reference gives the fields.
const opts = CreateCheckpointOptionsSchema.shape;

export const createCheckpoint = defineTool({
  name: 'create_checkpoint',
  title: 'Create checkpoint',
  description:
    'Snapshots the plan’s sandbox. Around every step that writes files: call it with type "pre_write" just before you write ' +
    '(that is the checkpoint to roll back to), and with type "post_step" right after the step (the result to compare with); ' +
    'name your tool in source_tool and say what the step does in reason. Use "manual" for anything else. ' +
    'Returns the checkpoint_id, and the ids retention pruned to make room.',
  access: 'write',
  input: z
    .object({
      plan_id: PlanId,
      type: CheckpointTypeSchema.default('manual').describe('pre_write before writing, post_step after the step, manual otherwise.'),
      reason: opts.reason.describe('Why: the step about to run or just done.'),
      source_tool: opts.sourceTool.describe('The tool that writes (e.g. "edit_file").'),
      phase: opts.phase.describe('The phase of your work (e.g. "implement", "test").'),
      decision_id: opts.decisionId.describe('The decision this step carries out, if you track decisions (a ULID).'),
      resource_id: opts.resourceId.describe('The resource this step works on, if any (a ULID).'),
      extra: opts.extra.describe('More metadata, string to string.'),
    })
    .strict(),
  output: z.object({ checkpoint: CheckpointJsonSchema, pruned: z.array(z.string()) }),
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
    const files = checkpoint.metadata.file_count === undefined ? '' : `, ${plural(checkpoint.metadata.file_count, 'file')}`;
    return {
      structured: { checkpoint: checkpointJson(checkpoint), pruned: [...pruned] },
      text: `Created ${checkpoint.checkpoint_type} checkpoint ${checkpoint.checkpoint_id} of plan ${plan.plan_id}${files}${pruned.length > 0 ? `; pruned ${formatCount(pruned.length)}` : ''}.`,
    };
  },
});

export const listCheckpoints = defineTool({
  name: 'list_checkpoints',
  title: 'List checkpoints',
  description: 'The checkpoints of a plan, oldest first, with their type, reason and source tool: find the pre_write to roll back to here.',
  access: 'read',
  input: z.object({ plan_id: PlanId }).strict(),
  output: z.object({ plan_id: z.string(), checkpoints: z.array(CheckpointJsonSchema) }),
  async run({ plan_id }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const list = await services.checkpoints.listCheckpoints(plan.plan_id);
    return { structured: { plan_id: plan.plan_id, checkpoints: list.map(checkpointJson) }, text: `Plan ${plan.plan_id} has ${plural(list.length, 'checkpoint')}.` };
  },
});

export const diff = defineTool({
  name: 'diff',
  title: 'What changed',
  description: 'The paths that changed from one checkpoint (from) to another (to), or to the sandbox as it is now when to is left out: "what did I change since my pre_write?"',
  access: 'inspect',
  input: z.object({ plan_id: PlanId, from: CheckpointId, to: CheckpointId.optional().describe('A later checkpoint; default the sandbox now.') }).strict(),
  output: z.object({ changes: ChangesSchema }),
  async run({ plan_id, from, to }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const changes = await services.checkpoints.diff(plan.plan_id, from, to);
    return { structured: { changes: changesJson(changes) }, text: `${changeSummary(changes)} from ${from} to ${to ?? 'the sandbox now'}.` };
  },
});

export const deleteCheckpoint = defineTool({
  name: 'delete_checkpoint',
  title: 'Delete checkpoint',
  description: 'Deletes one checkpoint of a plan; its snapshot can no longer be rolled back to. The sandbox’s files are not touched.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, checkpoint_id: CheckpointId }).strict(),
  output: z.object({ deleted: z.object({ plan_id: z.string(), checkpoint_id: z.string() }) }),
  async run({ plan_id, checkpoint_id }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    await services.checkpoints.deleteCheckpoint(plan.plan_id, checkpoint_id);
    return { structured: { deleted: { plan_id: plan.plan_id, checkpoint_id } }, text: `Deleted checkpoint ${checkpoint_id} of plan ${plan.plan_id}.` };
  },
});

/** "3 paths changed (1 added, 2 modified, 0 deleted)". */
export function changeSummary(changes: readonly PathChange[]): string {
  const n = countChanges(changes);
  return `${plural(changes.length, 'path')} changed (${formatCount(n.added)} added, ${formatCount(n.modified)} modified, ${formatCount(n.deleted)} deleted)`;
}

import { z } from 'zod';
import { changesJson, rollbackEnvelope, undoneWorkJson } from '../cli/envelopes';
import { ValidationError } from '../core/errors';
import { countChanges } from '../core/rollbackResult';
import { isSafetyCheckpoint } from '../extension/rollback/safetyCheckpoints';
import { defineTool, type ToolContext } from './agentTool';
import { changeSummary } from './checkpointTools';
import { ChangesSchema, CheckpointId, InterruptedOperationJsonSchema, PlanId, RollbackEnvelopeSchema, UndoneWorkSchema, interruptedJson, undoneWorkSentence } from './toolSchemas';
import { plural } from '../core/displayText';

export const previewRollback = defineTool({
  name: 'preview_rollback',
  title: 'Preview rollback',
  description:
    'What a rollback to the checkpoint would add, modify and delete, without changing anything; it runs the rollback’s guards, so a refused rollback says why here. ' +
    'Call it before rollback and tell the user what will change.',
  access: 'inspect',
  input: z.object({ plan_id: PlanId, checkpoint_id: CheckpointId }).strict(),
  output: z.object({
    plan_id: z.string(),
    checkpoint_id: z.string(),
    counts: z.object({ added: z.number().int(), modified: z.number().int(), deleted: z.number().int() }),
    changes: ChangesSchema,
    undoes_work_of: UndoneWorkSchema,
  }),
  async run({ plan_id, checkpoint_id }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const changes = await services.checkpoints.previewRollback(plan.plan_id, checkpoint_id);
    const undone = await services.checkpoints.undoneWork(plan.plan_id, checkpoint_id, changes);
    return {
      structured: { plan_id: plan.plan_id, checkpoint_id, counts: countChanges(changes), changes: changesJson(changes), undoes_work_of: undoneWorkJson(undone) },
      text: `Rolling back to ${checkpoint_id}: ${changeSummary(changes)}.${undoneWorkSentence(undone)}`,
    };
  },
});

export const rollback = defineTool({
  name: 'rollback',
  title: 'Roll back',
  description:
    'Puts the plan’s sandbox back exactly as it was at the checkpoint (usually your pre_write): files changed since are restored, files added since are removed. ' +
    'Call preview_rollback first. A safety checkpoint of the files as they were is taken first: give the user the undo_checkpoint_id ' +
    '(post_rollback_state.undo_checkpoint_id) and use undo_rollback with it to take the rollback back. Refused once a plan is applied.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, checkpoint_id: CheckpointId }).strict(),
  output: RollbackEnvelopeSchema,
  async run({ plan_id, checkpoint_id }, ctx) {
    const { plan } = await ctx.plan(plan_id);
    return rolledBack(ctx, plan.plan_id, checkpoint_id, false);
  },
});

export const undoRollback = defineTool({
  name: 'undo_rollback',
  title: 'Undo rollback',
  description:
    'Takes a rollback back: restores the safety checkpoint that rollback returned as undo_checkpoint_id, so the files are as they were just before it. ' +
    'This is itself a rollback, with its own undo_checkpoint_id.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, undo_checkpoint_id: CheckpointId.describe('post_rollback_state.undo_checkpoint_id of the rollback to undo.') }).strict(),
  output: RollbackEnvelopeSchema,
  async run({ plan_id, undo_checkpoint_id }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const checkpoint = await services.checkpoints.getCheckpoint(plan.plan_id, undo_checkpoint_id);
    if (!isSafetyCheckpoint(checkpoint)) throw new ValidationError(`checkpoint ${undo_checkpoint_id} is not the undo checkpoint of a rollback; roll back to it with rollback`);
    return rolledBack(ctx, plan.plan_id, undo_checkpoint_id, true);
  },
});

async function rolledBack(ctx: ToolContext, planId: string, checkpointId: string, undo: boolean) {
  const outcome = await ctx.rollback(planId, checkpointId, undo);
  return {
    structured: rollbackEnvelope(outcome),
    text: `${undo ? 'Undid the rollback' : 'Rolled back'}: plan ${planId} is at checkpoint ${checkpointId}; ${changeSummary(outcome.result.changed_paths)}. To undo: undo_rollback with undo_checkpoint_id ${outcome.undo_checkpoint_id}.`,
  };
}

export const recover = defineTool({
  name: 'recover',
  title: 'Recover interrupted operation',
  description:
    'When show_plan reports an interrupted_operation (a rollback, apply or cleanup whose process died half-way), every write to the plan is refused until this resolves it: ' +
    'mode "finish" completes it, "undo" puts the files back as they were before it (a cleanup can only be finished). Ask the user which.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, mode: z.enum(['finish', 'undo']).describe('finish the operation, or undo it.') }).strict(),
  output: z.object({
    recovered: InterruptedOperationJsonSchema.extend({
      mode: z.enum(['finish', 'undo']),
      kept: z.array(z.string()),
      kept_in: z.string().nullable(),
      left_as_they_were: z.array(z.string()),
    }),
  }),
  async run({ plan_id, mode }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const outcome = await services.recovery.recover(plan.plan_id, mode);
    const recovered = { ...interruptedJson(outcome.operation), mode: outcome.mode, kept: outcome.kept, kept_in: outcome.keptIn, left_as_they_were: outcome.left };
    return {
      structured: { recovered },
      text: `${mode === 'finish' ? 'Finished' : 'Undid'} the interrupted ${outcome.operation.type} of plan ${plan.plan_id}` + (outcome.kept.length > 0 ? `; ${plural(outcome.kept.length, 'path')} kept in ${outcome.keptIn}.` : '.'),
    };
  },
});

import * as z from 'zod';
import { agentOnlyPreviewJson, changesJson, rollbackEnvelope, undoneWorkJson } from '../envelopes/envelopes';
import { conflictText } from '../core/agentOnlyRollback';
import { ValidationError } from '../core/errors';
import { countChanges } from '../core/rollbackResult';
import { isSafetyCheckpoint } from '../core/safetyCheckpoints';
import { defineTool, type ToolContext } from './agentTool';
import { changeSummary } from './checkpointTools';
import { AgentOnly, AgentOnlySummarySchema, ChangesSchema, CheckpointId, InterruptedOperationJsonSchema, PlanId, RollbackEnvelopeSchema, UndoneWorkSchema, interruptedJson, undoneWorkSentence } from './toolSchemas';
import { plural } from '../core/displayText';

export const previewRollback = defineTool({
  name: 'preview_rollback',
  title: 'Preview rollback',
  description:
    'What a rollback to the checkpoint would add, modify and delete, without changing anything; it runs the rollback’s guards, so a refused rollback says why here. ' +
    'Call it before rollback and tell the user what will change.',
  access: 'inspect',
  input: z.object({ plan_id: PlanId, checkpoint_id: CheckpointId, agent_only: AgentOnly }).strict(),
  output: z.object({
    plan_id: z.string(),
    checkpoint_id: z.string(),
    counts: z.object({ added: z.number().int(), modified: z.number().int(), deleted: z.number().int() }),
    changes: ChangesSchema,
    agent_only: AgentOnlySummarySchema.optional(),
    undoes_work_of: UndoneWorkSchema.optional(),
  }),
  async run({ plan_id, checkpoint_id, agent_only }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    if (agent_only) {
      const preview = await services.checkpoints.previewAgentOnlyRollback(plan.plan_id, checkpoint_id);
      const { changes, summary } = preview;
      const json = agentOnlyPreviewJson(plan.plan_id, checkpoint_id, preview);
      return {
        structured: { plan_id: plan.plan_id, checkpoint_id, counts: countChanges(changes), changes: changesJson(changes), agent_only: { mode: json.mode, scope: json.scope, reverted: json.reverted, kept: json.kept, kept_reasons: json.kept_reasons, merged: json.merged, conflicts: json.conflicts, tool_calls: json.tool_calls, unclosed: json.unclosed } },
        text:
          summary.conflicts.length > 0
            ? `Taking your changes since ${checkpoint_id} out is refused: ${summary.conflicts.map(conflictText).join('; ')}. Nothing would be written; tell the user (a full rollback or restore_paths can still be chosen).`
            : `Taking your changes since ${checkpoint_id} out (${plural(summary.tool_calls, 'tool call')}): ${changeSummary(changes)}; ${plural(summary.kept.length, 'path')} changed by others ${summary.kept.length === 1 ? 'is' : 'are'} kept.`,
      };
    }
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
    '(post_rollback_state.undo_checkpoint_id) and use undo_rollback with it to take the rollback back. Refused once a plan is applied. ' +
    'With agent_only: true, only the changes made inside your own tool calls since the checkpoint (between each pre_write and its post_step) are taken out, ' +
    'and what the user or anyone else changed between your tool calls is kept; where both changed the same lines, nothing is written and the paths are listed.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, checkpoint_id: CheckpointId, agent_only: AgentOnly }).strict(),
  output: RollbackEnvelopeSchema,
  async run({ plan_id, checkpoint_id, agent_only }, ctx) {
    const { plan } = await ctx.plan(plan_id);
    return rolledBack(ctx, plan.plan_id, checkpoint_id, false, agent_only === true);
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
    const checkpoint = await services.checkpoints.getUndoCheckpoint(plan.plan_id, undo_checkpoint_id);
    if (!isSafetyCheckpoint(checkpoint)) throw new ValidationError(`checkpoint ${undo_checkpoint_id} is not the undo checkpoint of a rollback; roll back to it with rollback`);
    return rolledBack(ctx, plan.plan_id, undo_checkpoint_id, true);
  },
});

async function rolledBack(ctx: ToolContext, planId: string, checkpointId: string, undo: boolean, agentOnly = false) {
  const outcome = agentOnly ? await ctx.rollback(planId, checkpointId, undo, true) : await ctx.rollback(planId, checkpointId, undo);
  const kept = outcome.agent_only ? ` ${plural(outcome.agent_only.kept.length, 'path')} changed by others since ${outcome.agent_only.kept.length === 1 ? 'was' : 'were'} kept.` : '';
  return {
    structured: rollbackEnvelope(outcome),
    text:
      (outcome.agent_only
        ? `Took your changes since checkpoint ${checkpointId} out of plan ${planId}: ${changeSummary(outcome.result.changed_paths)}.${kept}`
        : `${undo ? 'Undid the rollback' : 'Rolled back'}: plan ${planId} is at checkpoint ${checkpointId}; ${changeSummary(outcome.result.changed_paths)}.`) +
      ` To undo: undo_rollback with undo_checkpoint_id ${outcome.undo_checkpoint_id}.`,
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

import * as z from 'zod';
import { conflictText } from '../core/agentOnlyRollback';
import { plural } from '../core/displayText';
import { countChanges } from '../core/rollbackResult';
import type { ToolCallChangeRequest } from '../core/toolCallChange';
import { agentOnlyPreviewJson, changesJson, rollbackEnvelope } from '../envelopes/envelopes';
import { defineTool } from './agentTool';
import { AgentOnlySummarySchema, ChangesSchema, CheckpointId, PlanId, RollbackEnvelopeSchema } from './toolSchemas';

// Undo This Change for an agent: one of its own tool calls taken back from one file (or one hunk
// of it), keeping whatever the user or later calls changed since (core/toolCallChange.ts).

const input = z
  .object({
    plan_id: PlanId,
    checkpoint_id: CheckpointId.describe('The pre_write or post_step checkpoint of the tool call whose change to take back.'),
    path: z.string().min(1).max(4096).describe('The file the tool call changed, relative to the sandbox, with "/" between folders.'),
    hunk: z.number().int().min(1).max(1_000_000).optional().describe('Only this run of changed lines (1-based, as preview_undo_change lists them); absent: the whole change to the file.'),
  })
  .strict();

function request({ path, hunk }: { path: string; hunk?: number | undefined }): ToolCallChangeRequest {
  return { path, ...(hunk === undefined ? {} : { hunk }) };
}

export const previewUndoChange = defineTool({
  name: 'preview_undo_change',
  title: 'Preview Undo This Change',
  description:
    'What taking back one of your tool calls’ change to one file (or one hunk of it) would do, without changing anything: the hunks of that change, ' +
    'and the conflicts when someone changed the same lines since. Call it before undo_change and tell the user.',
  access: 'inspect',
  input,
  output: z.object({ plan_id: z.string(), checkpoint_id: z.string(), counts: z.object({ added: z.number().int(), modified: z.number().int(), deleted: z.number().int() }), changes: ChangesSchema, agent_only: AgentOnlySummarySchema }),
  async run(args, ctx) {
    const { services, plan } = await ctx.plan(args.plan_id);
    const preview = await services.checkpoints.previewAgentOnlyRollback(plan.plan_id, args.checkpoint_id, 'tool_call', request(args));
    const { plan_id, checkpoint_id, changes, ...summary } = agentOnlyPreviewJson(plan.plan_id, args.checkpoint_id, preview);
    const change = preview.summary.change!;
    return {
      structured: { plan_id, checkpoint_id, counts: countChanges(preview.changes), changes, agent_only: summary },
      text:
        preview.summary.conflicts.length > 0
          ? `Taking that change back is refused: ${preview.summary.conflicts.map(conflictText).join('; ')}. Nothing would be written; tell the user.`
          : `Taking back ${change.hunk === null ? 'the change' : `hunk ${change.hunk}`} of that tool call to ${change.path} (${plural(change.hunks.length, 'hunk')} in all) ${preview.changes.length === 0 ? 'changes nothing' : 'rewrites that file only; later edits in it are kept'}.`,
    };
  },
});

export const undoChange = defineTool({
  name: 'undo_change',
  title: 'Undo This Change',
  description:
    'Takes back what one of your tool calls did to one file (or one hunk of it, hunk as preview_undo_change lists them), merged three ways onto the file as it is now: ' +
    'what the user or later tool calls changed since stays. Where they changed the same lines, nothing is written and the conflict is listed. ' +
    'A safety checkpoint comes first: give the user post_rollback_state.undo_checkpoint_id; undo_rollback with it puts the change back.',
  access: 'destroy',
  input,
  output: RollbackEnvelopeSchema,
  async run(args, ctx) {
    const { services, plan } = await ctx.plan(args.plan_id);
    if (ctx.beforeWriting) {
      const preview = await services.checkpoints.previewAgentOnlyRollback(plan.plan_id, args.checkpoint_id, 'tool_call', request(args));
      await ctx.beforeWriting(plan.plan_id, preview.changes, 'undo this change');
    }
    const outcome = await services.checkpoints.rollbackAgentOnly(plan.plan_id, args.checkpoint_id, undefined, 'tool_call', request(args));
    return {
      structured: rollbackEnvelope(outcome),
      text: `Took back ${changesJson(outcome.result.changed_paths).map((c) => c.path).join(', ') || 'nothing (the file already held it)'}; undo with undo_rollback, undo_checkpoint_id ${outcome.undo_checkpoint_id}.`,
    };
  },
});

import * as z from 'zod';
import { correctionEnvelope, correctionPreviewEnvelope, decisionJson, decisionsEnvelope, undoCorrectionEnvelope } from '../envelopes/decisionEnvelopes';
import { rollbackEnvelope } from '../envelopes/envelopes';
import { displayText, plural } from '../core/displayText';
import { DecisionSchema, RecordDecisionInputSchema, type CorrectionMode } from '../core/decision';
import { UlidSchema } from '../core/ids';
import { defineTool } from './agentTool';
import { changeSummary } from './checkpointTools';
import { AgentOnlySummarySchema, ChangesSchema, CheckpointId, PlanId, RollbackEnvelopeSchema, UndoneWorkSchema, undoneWorkSentence } from './toolSchemas';

// Decisions and their correction (the reference's CorrectionService, made active): an agent records
// the decisions it takes, aligns its checkpoints to them (decision_id), and when one proves wrong,
// reverts it with everything built on it, files included, in one undoable step.

const DecisionId = UlidSchema.describe('A decision of that plan (a ULID, as record_decision or list_decisions return it).');
const KeepIndependent = z
  .boolean()
  .optional()
  .describe(
    'true: take out only the changes the reverted decisions made in their tool calls, keeping later work that does not build on them and edits made between their tool calls; default false: the whole sandbox goes back.',
  );

const DecisionJsonSchema = z.object({
  decision_id: z.string(),
  plan_id: z.string(),
  title: z.string(),
  rationale: z.string().nullable(),
  state: DecisionSchema.shape.state,
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

const mode = (keepIndependent: boolean | undefined): CorrectionMode => (keepIndependent ? 'keep_independent' : 'rollback');

export const recordDecision = defineTool({
  name: 'record_decision',
  title: 'Record decision',
  description:
    'Records a decision you are taking in the plan (a choice later work builds on), with the earlier decisions it depends on. ' +
    'Pass its decision_id to create_checkpoint for the pre_write and post_step around the edits that carry it out, so that correct_decision can later revert exactly that work.',
  access: 'write',
  input: z
    .object({
      plan_id: PlanId,
      title: RecordDecisionInputSchema.shape.title.describe('The decision, in a few words.'),
      rationale: RecordDecisionInputSchema.shape.rationale.describe('Why; optional.'),
      depends_on: RecordDecisionInputSchema.shape.dependsOn.describe('Earlier decisions of the same plan this one builds on.'),
      decision_id: RecordDecisionInputSchema.shape.decisionId.describe('An id you already gave checkpoints; a new one is made when absent.'),
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
    return { structured: { decision: decisionJson(decision) }, text: `Recorded decision ${decision.decision_id} “${displayText(decision.title, 120)}”.` };
  },
});

export const listDecisions = defineTool({
  name: 'list_decisions',
  title: 'List decisions',
  description: 'The plan’s decisions, oldest first: what each depends on, whether it is active or reverted, and the checkpoints aligned to it.',
  access: 'read',
  input: z.object({ plan_id: PlanId }).strict(),
  output: z.object({ plan_id: z.string(), decisions: z.array(DecisionJsonSchema) }),
  async run({ plan_id }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const list = await services.corrections.listDecisions(plan.plan_id);
    const lines = list.map((d) => `${d.decision.decision_id} ${d.decision.state} “${displayText(d.decision.title, 120)}”`);
    return { structured: decisionsEnvelope(plan.plan_id, list), text: list.length === 0 ? 'No decisions yet.' : `${plural(list.length, 'decision')}:\n${lines.join('\n')}` };
  },
});

export const previewCorrection = defineTool({
  name: 'preview_correction',
  title: 'Preview correction',
  description:
    'What correcting a decision would do, changing nothing: the decisions it reverts (the decision and, breadth first, every decision built on it), ' +
    'the checkpoint the files go back to, the changes, and in keep_independent mode the conflicting paths that refuse it. Call it before correct_decision and tell the user.',
  access: 'inspect',
  input: z.object({ plan_id: PlanId, decision_id: DecisionId, keep_independent: KeepIndependent }).strict(),
  output: z.object({
    correction_preview: z.object({
      plan_id: z.string(),
      decision_id: z.string(),
      mode: CorrectionSummarySchema.shape.mode,
      target_checkpoint_id: z.string().nullable(),
      reverted_decisions: z.array(z.object({ decision_id: z.string(), title: z.string(), depth: z.number().int() })),
      restore_paths: z.array(z.string()).nullable(),
      changes: ChangesSchema,
      conflicts: z.array(z.string()),
      kept: z.array(z.string()),
      merge_conflicts: AgentOnlySummarySchema.shape.conflicts,
      undoes_work_of: UndoneWorkSchema,
    }),
  }),
  async run({ plan_id, decision_id, keep_independent }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    const impact = await services.corrections.analyzeImpact(plan.plan_id, decision_id, mode(keep_independent));
    const refused = impact.conflicts.length + impact.merge_conflicts.length;
    const conflicts = refused > 0 ? `; refused: ${plural(refused, 'path')} changed by both sides` : '';
    return {
      structured: correctionPreviewEnvelope(impact),
      text: `Correcting ${decision_id} reverts ${plural(impact.reverted.length, 'decision')} and ${changeSummary(impact.changes)}${conflicts}.${undoneWorkSentence(impact.undoes_work_of)}`,
    };
  },
});

export const correctDecision = defineTool({
  name: 'correct_decision',
  title: 'Correct decision',
  description:
    'Reverts a decision that proved wrong, every decision built on it, and their files, in one step: the sandbox goes back to the pre_write aligned to the decision ' +
    '(or, with keep_independent, only the files those decisions changed). A safety checkpoint is taken first; give the user the correction_id and undo with undo_correction. Call preview_correction first.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, decision_id: DecisionId, keep_independent: KeepIndependent }).strict(),
  output: RollbackEnvelopeSchema.extend({ correction_summary: CorrectionSummarySchema }),
  async run({ plan_id, decision_id, keep_independent }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    if (ctx.beforeWriting) await ctx.beforeWriting(plan.plan_id, (await services.corrections.analyzeImpact(plan.plan_id, decision_id, mode(keep_independent))).changes, 'correction');
    const envelope = correctionEnvelope(await services.corrections.executeRevert(plan.plan_id, decision_id, mode(keep_independent)));
    const s = envelope.correction_summary;
    return { structured: envelope, text: `Correction ${s.correction_id}: reverted ${plural(s.reverted_decisions.length, 'decision')}, ${plural(envelope.impact.files_affected, 'file')} restored.` };
  },
});

export const undoCorrection = defineTool({
  name: 'undo_correction',
  title: 'Undo correction',
  description: 'Takes a correction back in one step: its files as they were just before it, its decisions active again.',
  access: 'destroy',
  input: z.object({ plan_id: PlanId, correction_id: UlidSchema.describe('correction_summary.correction_id of the correction to undo.') }).strict(),
  output: RollbackEnvelopeSchema.extend({ correction_summary: CorrectionSummarySchema, reactivated_decisions: z.array(z.string()) }),
  async run({ plan_id, correction_id }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    if (ctx.beforeWriting) {
      const correction = await services.corrections.findCorrection(plan.plan_id, correction_id);
      if (correction) await ctx.beforeWriting(plan.plan_id, await services.corrections.previewUndo(plan.plan_id, correction), 'undo');
    }
    const envelope = undoCorrectionEnvelope(await services.corrections.undoCorrection(plan.plan_id, correction_id));
    return { structured: envelope, text: `Correction ${correction_id} undone; ${plural(envelope.reactivated_decisions.length, 'decision')} active again.` };
  },
});

export const restorePaths = defineTool({
  name: 'restore_paths',
  title: 'Restore paths',
  description:
    'Restores only these files or folders (relative to the sandbox) as they were at the checkpoint, leaving every other file as it is. ' +
    'Like a rollback of just those paths: a safety checkpoint first, whose id (post_rollback_state.undo_checkpoint_id) undoes it with undo_rollback.',
  access: 'destroy',
  input: z
    .object({
      plan_id: PlanId,
      checkpoint_id: CheckpointId,
      paths: z.array(z.string().min(1).max(4096)).min(1).max(1000).describe('Paths relative to the sandbox, with "/" between folders.'),
    })
    .strict(),
  output: RollbackEnvelopeSchema,
  async run({ plan_id, checkpoint_id, paths }, ctx) {
    const { services, plan } = await ctx.plan(plan_id);
    if (ctx.beforeWriting) await ctx.beforeWriting(plan.plan_id, await services.checkpoints.previewRestorePaths(plan.plan_id, checkpoint_id, paths), 'restore');
    const outcome = await services.checkpoints.restorePaths(plan.plan_id, checkpoint_id, paths);
    return { structured: rollbackEnvelope(outcome), text: `Restored ${plural(outcome.result.changed_paths.length, 'path')} from ${checkpoint_id}; undo with undo_checkpoint_id ${outcome.undo_checkpoint_id}.` };
  },
});

import * as z from 'zod';
import type * as Api from '../../../api/cleveragents-checkpoints';
import { correctionEnvelope, correctionPreviewEnvelope, decisionJson, undoCorrectionEnvelope } from '../../envelopes/decisionEnvelopes';
import { rollbackEnvelope } from '../../envelopes/envelopes';
import { RecordDecisionInputSchema, type CorrectionMode } from '../../core/decision';
import { UlidSchema } from '../../core/ids';
import { describeIssues, ValidationError } from '../../core/errors';
import type { FolderPlan } from '../folderServices';
import { refuseUnsavedEditors } from '../rollback/unsavedEditors';

type DecisionApi = Pick<Api.CleverAgentsCheckpointsApi, 'recordDecision' | 'listDecisions' | 'previewCorrection' | 'correctDecision' | 'undoCorrection' | 'restorePaths'>;

const CorrectOptionsSchema = z.object({ keepIndependent: z.boolean().optional() }).strict();
const PathsSchema = z.array(z.string()).min(1).max(1000);

function check<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`${what}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * Decisions, corrections and restoring chosen paths for other extensions and agents; the MCP tools
 * record_decision, list_decisions, correct_decision and restore_paths make the same calls.
 * `plan` finds a plan in whichever folder holds it; `requireTrust` refuses in Restricted Mode.
 */
export function createDecisionApi(plan: (planId: unknown) => Promise<FolderPlan>, requireTrust: (what: string) => void): DecisionApi {
  const mode = (options: unknown): CorrectionMode => (check(CorrectOptionsSchema, options ?? {}, 'correction options').keepIndependent ? 'keep_independent' : 'rollback');
  return {
    async recordDecision(planId, options) {
      requireTrust('Decision');
      const { services, plan: p } = await plan(planId);
      return decisionJson(await services.corrections.recordDecision(p.plan_id, check(RecordDecisionInputSchema, options, 'decision options')));
    },
    async listDecisions(planId) {
      const { services, plan: p } = await plan(planId);
      return (await services.corrections.listDecisions(p.plan_id)).map((d) => decisionJson(d.decision, d.checkpoint_ids));
    },
    async previewCorrection(planId, decisionId, options) {
      requireTrust('Correction');
      const { services, plan: p } = await plan(planId);
      return correctionPreviewEnvelope(await services.corrections.analyzeImpact(p.plan_id, check(UlidSchema, decisionId, 'decision id'), mode(options))) as unknown as Api.CorrectionPreview;
    },
    async correctDecision(planId, decisionId, options) {
      requireTrust('Correction');
      const found = await plan(planId);
      const [id, m] = [check(UlidSchema, decisionId, 'decision id'), mode(options)];
      refuseUnsavedEditors(found, (await found.services.corrections.analyzeImpact(found.plan.plan_id, id, m)).changes, 'correction');
      return correctionEnvelope(await found.services.corrections.executeRevert(found.plan.plan_id, id, m));
    },
    async undoCorrection(planId, correctionId) {
      requireTrust('Undo');
      const found = await plan(planId);
      const id = check(UlidSchema, correctionId, 'correction id');
      const correction = await found.services.corrections.findCorrection(found.plan.plan_id, id);
      if (correction) refuseUnsavedEditors(found, await found.services.corrections.previewUndo(found.plan.plan_id, correction), 'undo');
      return undoCorrectionEnvelope(await found.services.corrections.undoCorrection(found.plan.plan_id, id));
    },
    async restorePaths(planId, checkpointId, paths) {
      requireTrust('Restore');
      const found = await plan(planId);
      const [id, chosen] = [check(UlidSchema, checkpointId, 'checkpoint id'), check(PathsSchema, paths, 'paths')];
      refuseUnsavedEditors(found, await found.services.checkpoints.previewRestorePaths(found.plan.plan_id, id, chosen), 'restore');
      return rollbackEnvelope(await found.services.checkpoints.restorePaths(found.plan.plan_id, id, chosen));
    },
  };
}

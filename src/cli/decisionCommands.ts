import { correctionRefusal } from '../core/correctionService';
import type { CommandContext, CommandOutput } from './commandContext';
import { confirmChange } from './confirm';
import { idShown } from './idPrefixes';
import type { DecisionCommand } from './decisionArgs';
import { correctionEnvelope, correctionPreviewEnvelope, decisionJson, decisionsEnvelope, undoCorrectionEnvelope } from '../envelopes/decisionEnvelopes';
import { renderCorrected, renderCorrectionPreview, renderCorrectionUndone, renderDecisionList, renderDecisionRecorded } from './decisionText';
import { rollbackEnvelope } from '../envelopes/envelopes';
import { renderRollback, renderRollbackPreview } from './textOutput';

/** Runs a command of decisions, corrections or restoring chosen paths; the rules are the core's. */
export async function runDecisionCommand(command: DecisionCommand, ctx: CommandContext): Promise<CommandOutput> {
  const { checkpoints, corrections } = ctx.services;
  const ask = (action: string, question: string, preview: string): Promise<void> =>
    confirmChange({ ...ctx.confirmation, assumeYes: false }, { action, question, preview });
  switch (command.name) {
    case 'restore': {
      if (!command.yes) {
        const preview = await checkpoints.previewRestorePaths(command.planId, command.checkpointId, command.paths);
        await ask('Restore', 'Restore?', renderRollbackPreview(command.planId, command.checkpointId, preview).replace(/^Rolling back/, 'Restoring the chosen paths of'));
      }
      const outcome = await checkpoints.restorePaths(command.planId, command.checkpointId, command.paths);
      return { json: rollbackEnvelope(outcome), text: renderRollback(outcome).replace(/^Rolled back/, 'Restored chosen paths of') };
    }
    case 'decide': {
      const decision = await corrections.recordDecision(command.planId, {
        title: command.title,
        rationale: command.rationale,
        dependsOn: command.dependsOn,
        decisionId: command.decisionId,
      });
      return { json: { decision: decisionJson(decision) }, text: renderDecisionRecorded(decision) };
    }
    case 'decisions': {
      const list = await corrections.listDecisions(command.planId);
      return { json: decisionsEnvelope(command.planId, list), text: renderDecisionList(command.planId, list, await idShown(ctx)) };
    }
    case 'correct': {
      const mode = command.keepIndependent ? 'keep_independent' : 'rollback';
      if (command.preview || !command.yes) {
        const impact = await corrections.analyzeImpact(command.planId, command.decisionId, mode);
        if (command.preview) return { json: correctionPreviewEnvelope(impact), text: renderCorrectionPreview(impact) };
        // Correcting would refuse anyway: say so now rather than ask first.
        const refusal = correctionRefusal(impact);
        if (refusal) throw refusal;
        await ask('Correction', 'Revert these decisions?', renderCorrectionPreview(impact));
      }
      const outcome = await corrections.executeRevert(command.planId, command.decisionId, mode);
      return { json: correctionEnvelope(outcome), text: renderCorrected(outcome) };
    }
    case 'correct-undo': {
      if (!command.yes) {
        await ask('Undo', 'Undo the correction?', `Undoing correction ${command.correctionId} puts the files back as they were before it and makes its decisions active again.`);
      }
      const outcome = await corrections.undoCorrection(command.planId, command.correctionId);
      return { json: undoCorrectionEnvelope(outcome), text: renderCorrectionUndone(outcome) };
    }
  }
}

"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runDecisionCommand = runDecisionCommand;
const correctionService_1 = require("../core/correctionService");
const confirm_1 = require("./confirm");
const idPrefixes_1 = require("./idPrefixes");
const decisionEnvelopes_1 = require("../envelopes/decisionEnvelopes");
const decisionText_1 = require("./decisionText");
const envelopes_1 = require("../envelopes/envelopes");
const textOutput_1 = require("./textOutput");
/** Runs a command of decisions, corrections or restoring chosen paths; the rules are the core's. */
async function runDecisionCommand(command, ctx) {
    const { checkpoints, corrections } = ctx.services;
    const ask = (action, question, preview) => (0, confirm_1.confirmChange)({ ...ctx.confirmation, assumeYes: false }, { action, question, preview });
    switch (command.name) {
        case 'restore': {
            if (!command.yes) {
                const preview = await checkpoints.previewRestorePaths(command.planId, command.checkpointId, command.paths);
                await ask('Restore', 'Restore?', (0, textOutput_1.renderRollbackPreview)(command.planId, command.checkpointId, preview).replace(/^Rolling back/, 'Restoring the chosen paths of'));
            }
            const outcome = await checkpoints.restorePaths(command.planId, command.checkpointId, command.paths);
            return { json: (0, envelopes_1.rollbackEnvelope)(outcome), text: (0, textOutput_1.renderRollback)(outcome).replace(/^Rolled back/, 'Restored chosen paths of') };
        }
        case 'decide': {
            const decision = await corrections.recordDecision(command.planId, {
                title: command.title,
                rationale: command.rationale,
                dependsOn: command.dependsOn,
                decisionId: command.decisionId,
            });
            return { json: { decision: (0, decisionEnvelopes_1.decisionJson)(decision) }, text: (0, decisionText_1.renderDecisionRecorded)(decision) };
        }
        case 'decisions': {
            const list = await corrections.listDecisions(command.planId);
            return { json: (0, decisionEnvelopes_1.decisionsEnvelope)(command.planId, list), text: (0, decisionText_1.renderDecisionList)(command.planId, list, await (0, idPrefixes_1.idShown)(ctx)) };
        }
        case 'correct': {
            const mode = command.keepIndependent ? 'keep_independent' : 'rollback';
            if (command.preview || !command.yes) {
                const impact = await corrections.analyzeImpact(command.planId, command.decisionId, mode);
                if (command.preview)
                    return { json: (0, decisionEnvelopes_1.correctionPreviewEnvelope)(impact), text: (0, decisionText_1.renderCorrectionPreview)(impact) };
                // Correcting would refuse anyway: say so now rather than ask first.
                const refusal = (0, correctionService_1.correctionRefusal)(impact);
                if (refusal)
                    throw refusal;
                await ask('Correction', 'Revert these decisions?', (0, decisionText_1.renderCorrectionPreview)(impact));
            }
            const outcome = await corrections.executeRevert(command.planId, command.decisionId, mode);
            return { json: (0, decisionEnvelopes_1.correctionEnvelope)(outcome), text: (0, decisionText_1.renderCorrected)(outcome) };
        }
        case 'correct-undo': {
            if (!command.yes) {
                await ask('Undo', 'Undo the correction?', `Undoing correction ${command.correctionId} puts the files back as they were before it and makes its decisions active again.`);
            }
            const outcome = await corrections.undoCorrection(command.planId, command.correctionId);
            return { json: (0, decisionEnvelopes_1.undoCorrectionEnvelope)(outcome), text: (0, decisionText_1.renderCorrectionUndone)(outcome) };
        }
    }
}
//# sourceMappingURL=decisionCommands.js.map
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
exports.createDecisionApi = createDecisionApi;
const z = __importStar(require("zod"));
const decisionEnvelopes_1 = require("../../envelopes/decisionEnvelopes");
const envelopes_1 = require("../../envelopes/envelopes");
const decision_1 = require("../../core/decision");
const ids_1 = require("../../core/ids");
const errors_1 = require("../../core/errors");
const unsavedEditors_1 = require("../rollback/unsavedEditors");
const CorrectOptionsSchema = z.object({ keepIndependent: z.boolean().optional() }).strict();
const PathsSchema = z.array(z.string()).min(1).max(1000);
function check(schema, value, what) {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw new errors_1.ValidationError(`${what}: ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
/**
 * Decisions, corrections and restoring chosen paths for other extensions and agents; the MCP tools
 * record_decision, list_decisions, correct_decision and restore_paths make the same calls.
 * `plan` finds a plan in whichever folder holds it; `requireTrust` refuses in Restricted Mode.
 */
function createDecisionApi(plan, requireTrust) {
    const mode = (options) => (check(CorrectOptionsSchema, options ?? {}, 'correction options').keepIndependent ? 'keep_independent' : 'rollback');
    return {
        async recordDecision(planId, options) {
            requireTrust('Decision');
            const { services, plan: p } = await plan(planId);
            return (0, decisionEnvelopes_1.decisionJson)(await services.corrections.recordDecision(p.plan_id, check(decision_1.RecordDecisionInputSchema, options, 'decision options')));
        },
        async listDecisions(planId) {
            const { services, plan: p } = await plan(planId);
            return (await services.corrections.listDecisions(p.plan_id)).map((d) => (0, decisionEnvelopes_1.decisionJson)(d.decision, d.checkpoint_ids));
        },
        async previewCorrection(planId, decisionId, options) {
            requireTrust('Correction');
            const { services, plan: p } = await plan(planId);
            return (0, decisionEnvelopes_1.correctionPreviewEnvelope)(await services.corrections.analyzeImpact(p.plan_id, check(ids_1.UlidSchema, decisionId, 'decision id'), mode(options)));
        },
        async correctDecision(planId, decisionId, options) {
            requireTrust('Correction');
            const found = await plan(planId);
            const [id, m] = [check(ids_1.UlidSchema, decisionId, 'decision id'), mode(options)];
            (0, unsavedEditors_1.refuseUnsavedEditors)(found, (await found.services.corrections.analyzeImpact(found.plan.plan_id, id, m)).changes, 'correction');
            return (0, decisionEnvelopes_1.correctionEnvelope)(await found.services.corrections.executeRevert(found.plan.plan_id, id, m));
        },
        async undoCorrection(planId, correctionId) {
            requireTrust('Undo');
            const found = await plan(planId);
            const id = check(ids_1.UlidSchema, correctionId, 'correction id');
            const correction = await found.services.corrections.findCorrection(found.plan.plan_id, id);
            if (correction)
                (0, unsavedEditors_1.refuseUnsavedEditors)(found, await found.services.corrections.previewUndo(found.plan.plan_id, correction), 'undo');
            return (0, decisionEnvelopes_1.undoCorrectionEnvelope)(await found.services.corrections.undoCorrection(found.plan.plan_id, id));
        },
        async restorePaths(planId, checkpointId, paths) {
            requireTrust('Restore');
            const found = await plan(planId);
            const [id, chosen] = [check(ids_1.UlidSchema, checkpointId, 'checkpoint id'), check(PathsSchema, paths, 'paths')];
            (0, unsavedEditors_1.refuseUnsavedEditors)(found, await found.services.checkpoints.previewRestorePaths(found.plan.plan_id, id, chosen), 'restore');
            return (0, envelopes_1.rollbackEnvelope)(await found.services.checkpoints.restorePaths(found.plan.plan_id, id, chosen));
        },
    };
}
//# sourceMappingURL=decisionApi.js.map
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
exports.registerLanguageModelTools = registerLanguageModelTools;
exports.languageModelTool = languageModelTool;
const vscode = __importStar(require("vscode"));
const agentTool_1 = require("../../agentTools/agentTool");
const agentTools_1 = require("../../agentTools/agentTools");
const toolJsonSchema_1 = require("../../agentTools/toolJsonSchema");
const envelopes_1 = require("../../envelopes/envelopes");
const errors_1 = require("../../core/errors");
const toolFolder_1 = require("./toolFolder");
const unsavedEditors_1 = require("../rollback/unsavedEditors");
const shownText_1 = require("../shownText");
const toolConfirmations_1 = require("./toolConfirmations");
const toolContributions_1 = require("./toolContributions");
/**
 * The agent tools as VS Code language model tools (declared in package.json's
 * `contributes.languageModelTools`): the same services as the tree, rollbacks through the tree's
 * controller, so what an agent does shows in the view at once and meets the same guards. In
 * Restricted Mode only the tools that read the database run.
 */
function registerLanguageModelTools(deps) {
    const trusted = deps.isTrusted ?? (() => vscode.workspace.isTrusted);
    const context = {
        async workspace(folder) {
            return deps.folders.services(toolFolder(deps.folders.folders(), folder));
        },
        workspaceFolder(folder) {
            const folders = deps.folders.folders();
            return folders.length > 1 ? toolFolder(folders, folder).name : undefined;
        },
        plan: (planId) => deps.folders.findPlan(planId),
        async rollback(planId, checkpointId, undo, agentOnly) {
            const target = await deps.controller.target(planId, checkpointId);
            // VS Code asked already (prepareInvocation); unsaved editors on the paths refuse the rollback.
            const outcome = await deps.controller.rollback(target, { confirm: false, interactive: false, undo, showPanel: false, agentOnly: agentOnly === true });
            if (!outcome)
                throw new errors_1.BusinessRuleViolation('Rollback blocked: nothing was rolled back');
            return outcome;
        },
        async beforeWriting(planId, changes, action) {
            (0, unsavedEditors_1.refuseUnsavedEditors)(await deps.folders.findPlan(planId), changes, action);
        },
    };
    const confirmations = {
        rollback: async (i) => {
            if (!i.agent_only)
                return rollbackConfirmationOf(i.plan_id, i.checkpoint_id, false);
            const t = await deps.controller.target(i.plan_id, i.checkpoint_id);
            return (0, toolConfirmations_1.agentOnlyToolConfirmation)(t.plan, t.checkpoint, await t.services.checkpoints.previewAgentOnlyRollback(t.plan.plan_id, t.checkpoint.checkpoint_id));
        },
        undo_rollback: async (i) => rollbackConfirmationOf(i.plan_id, i.undo_checkpoint_id, true),
        delete_checkpoint: async (i) => {
            const t = await deps.controller.target(i.plan_id, i.checkpoint_id);
            return (0, toolConfirmations_1.deleteToolConfirmation)(t.plan, t.checkpoint);
        },
        apply_plan: async (i) => {
            const { services, plan } = await deps.folders.findPlan(i.plan_id);
            const [preview, checkpoints] = await Promise.all([services.plans.previewApply(plan.plan_id), services.checkpoints.listCheckpoints(plan.plan_id)]);
            return (0, toolConfirmations_1.applyToolConfirmation)(plan, preview.changes, checkpoints.length);
        },
        delete_plan: async (i) => {
            const { services, plan } = await deps.folders.findPlan(i.plan_id);
            return (0, toolConfirmations_1.deletePlanToolConfirmation)(plan, (await services.plans.previewDelete(plan.plan_id)).checkpoints, new Date());
        },
        correct_decision: async (i) => {
            const { services, plan } = await deps.folders.findPlan(i.plan_id);
            return (0, toolConfirmations_1.correctionToolConfirmation)(await services.corrections.analyzeImpact(plan.plan_id, i.decision_id, i.keep_independent ? 'keep_independent' : 'rollback'));
        },
        undo_correction: async (i) => {
            const { services, plan } = await deps.folders.findPlan(i.plan_id);
            const correction = await services.corrections.findCorrection(plan.plan_id, i.correction_id);
            if (!correction)
                throw new errors_1.NotFoundError('correction', i.correction_id);
            const decision = (await services.corrections.listDecisions(plan.plan_id)).find((d) => d.decision.decision_id === correction.decision_id);
            return (0, toolConfirmations_1.undoCorrectionToolConfirmation)(correction, decision?.decision.title ?? correction.decision_id, await services.corrections.previewUndo(plan.plan_id, correction));
        },
        restore_paths: async (i) => {
            const t = await deps.controller.target(i.plan_id, i.checkpoint_id);
            return (0, toolConfirmations_1.restoreToolConfirmation)(t.plan, t.checkpoint, await t.services.checkpoints.previewRestorePaths(t.plan.plan_id, t.checkpoint.checkpoint_id, i.paths));
        },
    };
    const rollbackConfirmationOf = async (planId, checkpointId, undo) => {
        const t = await deps.controller.target(planId, checkpointId);
        const changes = await t.services.checkpoints.previewRollback(t.plan.plan_id, t.checkpoint.checkpoint_id);
        return (0, toolConfirmations_1.rollbackToolConfirmation)(t.plan, t.checkpoint, changes, undo, await t.services.checkpoints.undoneWork(t.plan.plan_id, t.checkpoint.checkpoint_id, changes));
    };
    const register = (tool) => vscode.lm.registerTool((0, toolContributions_1.languageModelToolName)(tool), languageModelTool(tool, { context, trusted, confirm: confirmations[tool.name] }));
    return vscode.Disposable.from(...agentTools_1.AGENT_TOOLS.map(register));
}
/** One agent tool as VS Code's language model tool: checked input, Restricted Mode, the confirmation, the reference's messages. */
function languageModelTool(tool, o) {
    return {
        async prepareInvocation(options) {
            const invocationMessage = `${tool.title}…`;
            if (!o.confirm || !mayRun(tool, o.trusted))
                return { invocationMessage };
            // A refused rollback (applied plan, bad id) says why when it runs; nothing to confirm before.
            const text = await o.confirm((0, toolJsonSchema_1.parseToolInput)(tool, options.input)).catch(() => undefined);
            return text ? { invocationMessage, confirmationMessages: { title: text.title, message: (0, shownText_1.shownMarkdown)(text.markdown) } } : { invocationMessage };
        },
        async invoke(options) {
            try {
                if (!mayRun(tool, o.trusted)) {
                    throw new errors_1.BusinessRuleViolation(`${tool.title} blocked: the workspace is not trusted (Restricted Mode); it runs git or writes files. Ask the user to trust the workspace.`);
                }
                const answer = await tool.run((0, toolJsonSchema_1.parseToolInput)(tool, options.input), o.context);
                return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text), new vscode.LanguageModelTextPart(JSON.stringify(answer.structured))]);
            }
            catch (error) {
                // The model reads the message: the reference's words, as the CLI and the MCP server say them.
                throw new Error((0, shownText_1.shownMessage)((0, envelopes_1.errorMessage)(error)));
            }
        },
    };
}
function mayRun(tool, trusted) {
    return (0, agentTool_1.runsInRestrictedMode)(tool) || trusted();
}
/** The folder a tool works in (see chooseToolFolder), the active editor's found here. */
function toolFolder(folders, given) {
    const active = vscode.window.activeTextEditor?.document.uri;
    return (0, toolFolder_1.chooseToolFolder)(folders, given, active ? vscode.workspace.getWorkspaceFolder(active)?.uri.toString() : undefined);
}
//# sourceMappingURL=languageModelTools.js.map
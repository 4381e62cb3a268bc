import * as vscode from 'vscode';
import { runsInRestrictedMode, type AgentTool, type ToolContext } from '../../agentTools/agentTool';
import { AGENT_TOOLS } from '../../agentTools/agentTools';
import { parseToolInput } from '../../agentTools/toolJsonSchema';
import { errorMessage } from '../../envelopes/envelopes';
import { BusinessRuleViolation, NotFoundError } from '../../core/errors';
import type { FolderServices } from '../folderServices';
import { chooseToolFolder } from './toolFolder';
import type { RollbackController } from '../rollback/rollbackCommands';
import { refuseUnsavedEditors } from '../rollback/unsavedEditors';
import { shownMarkdown, shownMessage } from '../shownText';
import {
  applyToolConfirmation,
  correctionToolConfirmation,
  deletePlanToolConfirmation,
  deleteToolConfirmation,
  restoreToolConfirmation,
  rollbackToolConfirmation,
  agentOnlyToolConfirmation,
  undoCorrectionToolConfirmation,
  type ToolConfirmation,
} from './toolConfirmations';
import { languageModelToolName } from './toolContributions';

export interface LanguageModelToolDeps {
  readonly folders: Pick<FolderServices, 'folders' | 'services' | 'findPlan'>;
  readonly controller: Pick<RollbackController, 'rollback' | 'target'>;
  readonly isTrusted?: () => boolean;
}

/**
 * The agent tools as VS Code language model tools, by their names in package.json's
 * `contributes.languageModelTools`: the same services as the tree, rollbacks through the tree's
 * controller, so what an agent does shows in the view at once and meets the same guards. In
 * Restricted Mode only the tools that read the database run. Bundled on its own
 * (dist/extensionTools.js), read when a tool is first asked for (toolRegistration.ts).
 */
export function languageModelTools(deps: LanguageModelToolDeps): Map<string, vscode.LanguageModelTool<unknown>> {
  const trusted = deps.isTrusted ?? (() => vscode.workspace.isTrusted);
  const context: ToolContext = {
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
      if (!outcome) throw new BusinessRuleViolation('Rollback blocked: nothing was rolled back');
      return outcome;
    },
    async beforeWriting(planId, changes, action) {
      refuseUnsavedEditors(await deps.folders.findPlan(planId), changes, action);
    },
  };
  const confirmations: Partial<Record<string, Confirm>> = {
    rollback: async (i) => {
      if (!i.agent_only) return rollbackConfirmationOf(i.plan_id!, i.checkpoint_id!, false);
      const t = await deps.controller.target(i.plan_id!, i.checkpoint_id!);
      return agentOnlyToolConfirmation(t.plan, t.checkpoint, await t.services.checkpoints.previewAgentOnlyRollback(t.plan.plan_id, t.checkpoint.checkpoint_id));
    },
    undo_rollback: async (i) => rollbackConfirmationOf(i.plan_id!, i.undo_checkpoint_id!, true),
    delete_checkpoint: async (i) => {
      const t = await deps.controller.target(i.plan_id!, i.checkpoint_id!);
      return deleteToolConfirmation(t.plan, t.checkpoint);
    },
    apply_plan: async (i) => {
      const { services, plan } = await deps.folders.findPlan(i.plan_id!);
      const [preview, checkpoints] = await Promise.all([services.plans.previewApply(plan.plan_id), services.checkpoints.listCheckpoints(plan.plan_id)]);
      return applyToolConfirmation(plan, preview.changes, checkpoints.length);
    },
    delete_plan: async (i) => {
      const { services, plan } = await deps.folders.findPlan(i.plan_id!);
      return deletePlanToolConfirmation(plan, (await services.plans.previewDelete(plan.plan_id)).checkpoints, new Date());
    },
    correct_decision: async (i) => {
      const { services, plan } = await deps.folders.findPlan(i.plan_id!);
      return correctionToolConfirmation(await services.corrections.analyzeImpact(plan.plan_id, i.decision_id!, i.keep_independent ? 'keep_independent' : 'rollback'));
    },
    undo_correction: async (i) => {
      const { services, plan } = await deps.folders.findPlan(i.plan_id!);
      const correction = await services.corrections.findCorrection(plan.plan_id, i.correction_id!);
      if (!correction) throw new NotFoundError('correction', i.correction_id!);
      const decision = (await services.corrections.listDecisions(plan.plan_id)).find((d) => d.decision.decision_id === correction.decision_id);
      return undoCorrectionToolConfirmation(correction, decision?.decision.title ?? correction.decision_id, await services.corrections.previewUndo(plan.plan_id, correction));
    },
    undo_change: async (i) => {
      const t = await deps.controller.target(i.plan_id!, i.checkpoint_id!);
      const hunk = (i as { hunk?: unknown }).hunk;
      const change = { path: i.path!, ...(typeof hunk === 'number' ? { hunk } : {}) };
      return agentOnlyToolConfirmation(t.plan, t.checkpoint, await t.services.checkpoints.previewAgentOnlyRollback(t.plan.plan_id, t.checkpoint.checkpoint_id, 'tool_call', change));
    },
    restore_paths: async (i) => {
      const t = await deps.controller.target(i.plan_id!, i.checkpoint_id!);
      return restoreToolConfirmation(t.plan, t.checkpoint, await t.services.checkpoints.previewRestorePaths(t.plan.plan_id, t.checkpoint.checkpoint_id, i.paths!));
    },
  };
  const rollbackConfirmationOf = async (planId: string, checkpointId: string, undo: boolean) => {
    const t = await deps.controller.target(planId, checkpointId);
    const changes = await t.services.checkpoints.previewRollback(t.plan.plan_id, t.checkpoint.checkpoint_id);
    return rollbackToolConfirmation(t.plan, t.checkpoint, changes, undo, await t.services.checkpoints.undoneWork(t.plan.plan_id, t.checkpoint.checkpoint_id, changes));
  };

  return new Map(AGENT_TOOLS.map((tool) => [languageModelToolName(tool), languageModelTool(tool, { context, trusted, confirm: confirmations[tool.name] })]));
}

/** What VS Code shows before the tool runs, from its (checked) input. */
type Confirm = (input: ToolInput) => Promise<ToolConfirmation>;
/** A checked input of one of the tools that ask first. */
type ToolInput = Partial<Record<string, string>> & { keep_independent?: boolean; agent_only?: boolean; paths?: string[] };

/** One agent tool as VS Code's language model tool: checked input, Restricted Mode, the confirmation, the reference's messages. */
export function languageModelTool(tool: AgentTool, o: { readonly context: ToolContext; readonly trusted: () => boolean; readonly confirm?: Confirm }): vscode.LanguageModelTool<unknown> {
  return {
    async prepareInvocation(options) {
      const invocationMessage = `${tool.title}…`;
      if (!o.confirm || !mayRun(tool, o.trusted)) return { invocationMessage };
      // A refused rollback (applied plan, bad id) says why when it runs; nothing to confirm before.
      const text = await o.confirm(parseToolInput(tool, options.input) as ToolInput).catch(() => undefined);
      return text ? { invocationMessage, confirmationMessages: { title: text.title, message: shownMarkdown(text.markdown) } } : { invocationMessage };
    },
    async invoke(options) {
      try {
        if (!mayRun(tool, o.trusted)) {
          throw new BusinessRuleViolation(`${tool.title} blocked: the workspace is not trusted (Restricted Mode); it runs git or writes files. Ask the user to trust the workspace.`);
        }
        const answer = await tool.run(parseToolInput(tool, options.input), o.context);
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text), new vscode.LanguageModelTextPart(JSON.stringify(answer.structured))]);
      } catch (error) {
        // The model reads the message: the reference's words, as the CLI and the MCP server say them.
        throw new Error(shownMessage(errorMessage(error)));
      }
    },
  };
}

function mayRun(tool: Pick<AgentTool, 'access'>, trusted: () => boolean): boolean {
  return runsInRestrictedMode(tool) || trusted();
}

/** The folder a tool works in (see chooseToolFolder), the active editor's found here. */
function toolFolder(folders: readonly vscode.WorkspaceFolder[], given: string | undefined): vscode.WorkspaceFolder {
  const active = vscode.window.activeTextEditor?.document.uri;
  return chooseToolFolder(folders, given, active ? vscode.workspace.getWorkspaceFolder(active)?.uri.toString() : undefined);
}

// The `contributes.languageModelTools` entries of package.json, made from the agent tools. No
// `vscode` import: the unit tests check package.json against this, and
// `node out/scripts/languageModelTools.js --write` rewrites package.json from it.
import type { AgentTool } from '../../agentTools/agentTool';
import { isReadOnly } from '../../agentTools/agentTool';
import { toolJsonSchema, type JsonSchema } from '../../agentTools/toolJsonSchema';

/** What a person types in chat (`#checkpoint`) and the icon of each tool. */
const PRESENTATION: Record<string, { readonly reference: string; readonly icon: string }> = {
  list_plans: { reference: 'checkpointPlans', icon: '$(list-tree)' },
  show_plan: { reference: 'checkpointPlan', icon: '$(info)' },
  create_plan: { reference: 'createPlan', icon: '$(add)' },
  change_plan_state: { reference: 'planState', icon: '$(play)' },
  apply_plan: { reference: 'applyPlan', icon: '$(check-all)' },
  delete_plan: { reference: 'deletePlan', icon: '$(trash)' },
  create_checkpoint: { reference: 'checkpoint', icon: '$(device-camera)' },
  list_checkpoints: { reference: 'checkpoints', icon: '$(history)' },
  diff: { reference: 'checkpointDiff', icon: '$(diff)' },
  preview_rollback: { reference: 'previewRollback', icon: '$(eye)' },
  rollback: { reference: 'rollback', icon: '$(discard)' },
  undo_rollback: { reference: 'undoRollback', icon: '$(redo)' },
  delete_checkpoint: { reference: 'deleteCheckpoint', icon: '$(trash)' },
  set_retention_policy: { reference: 'checkpointRetention', icon: '$(settings)' },
  recover: { reference: 'recoverPlan', icon: '$(debug-restart)' },
  record_decision: { reference: 'recordDecision', icon: '$(milestone)' },
  list_decisions: { reference: 'decisions', icon: '$(list-tree)' },
  preview_correction: { reference: 'previewCorrection', icon: '$(eye)' },
  correct_decision: { reference: 'correctDecision', icon: '$(discard)' },
  undo_correction: { reference: 'undoCorrection', icon: '$(redo)' },
  restore_paths: { reference: 'restorePaths', icon: '$(file-symlink-file)' },
  preview_undo_change: { reference: 'previewUndoChange', icon: '$(eye)' },
  undo_change: { reference: 'undoChange', icon: '$(discard)' },
};

/** The language model tool's name: ours, so that it cannot clash with another extension's. */
export function languageModelToolName(tool: Pick<AgentTool, 'name'>): string {
  return `cleveragents_${tool.name}`;
}

export interface LanguageModelToolContribution {
  name: string;
  toolReferenceName: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  tags: string[];
  inputSchema: JsonSchema;
}

export function languageModelToolContributions(tools: readonly AgentTool[]): LanguageModelToolContribution[] {
  return tools.map((tool) => {
    const presentation = PRESENTATION[tool.name];
    if (!presentation) throw new Error(`no chat reference name for the tool ${tool.name} (languageModelTools/toolContributions.ts)`);
    return {
      name: languageModelToolName(tool),
      toolReferenceName: presentation.reference,
      displayName: `Checkpoints: ${tool.title}`,
      userDescription: userDescription(tool),
      modelDescription: tool.description,
      canBeReferencedInPrompt: true,
      icon: presentation.icon,
      tags: ['checkpoints', isReadOnly(tool) ? 'read' : 'write'],
      inputSchema: toolJsonSchema(tool.input, 'input'),
    };
  });
}

/** The description's first sentence, for people. */
function userDescription(tool: AgentTool): string {
  const first = /^.*?[.:](?=\s|$)/.exec(tool.description)?.[0] ?? tool.description;
  return first.replace(/:$/, '.');
}

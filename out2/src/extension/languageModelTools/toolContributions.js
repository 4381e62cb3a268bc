"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.languageModelToolName = languageModelToolName;
exports.languageModelToolContributions = languageModelToolContributions;
const agentTool_1 = require("../../agentTools/agentTool");
const toolJsonSchema_1 = require("../../agentTools/toolJsonSchema");
/** What a person types in chat (`#checkpoint`) and the icon of each tool. */
const PRESENTATION = {
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
};
/** The language model tool's name: ours, so that it cannot clash with another extension's. */
function languageModelToolName(tool) {
    return `cleveragents_${tool.name}`;
}
function languageModelToolContributions(tools) {
    return tools.map((tool) => {
        const presentation = PRESENTATION[tool.name];
        if (!presentation)
            throw new Error(`no chat reference name for the tool ${tool.name} (languageModelTools/toolContributions.ts)`);
        return {
            name: languageModelToolName(tool),
            toolReferenceName: presentation.reference,
            displayName: `Checkpoints: ${tool.title}`,
            userDescription: userDescription(tool),
            modelDescription: tool.description,
            canBeReferencedInPrompt: true,
            icon: presentation.icon,
            tags: ['checkpoints', (0, agentTool_1.isReadOnly)(tool) ? 'read' : 'write'],
            inputSchema: (0, toolJsonSchema_1.toolJsonSchema)(tool.input, 'input'),
        };
    });
}
/** The description's first sentence, for people. */
function userDescription(tool) {
    const first = /^.*?[.:](?=\s|$)/.exec(tool.description)?.[0] ?? tool.description;
    return first.replace(/:$/, '.');
}
//# sourceMappingURL=toolContributions.js.map
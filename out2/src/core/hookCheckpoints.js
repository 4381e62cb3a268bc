"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PROMPT_PHASE = void 0;
exports.promptReason = promptReason;
exports.hookAgentOfCheckpoint = hookAgentOfCheckpoint;
exports.hookAgentOf = hookAgentOf;
exports.isPromptCheckpoint = isPromptCheckpoint;
exports.promptLineOf = promptLineOf;
exports.groupByPrompt = groupByPrompt;
// How the checkpoints of a plan fed by an agent's hooks (`agents hook run`) are told apart, for the
// tree and the extension's own automatic checkpoints: each carries the agent in metadata `extra`;
// a prompt's is a `manual` checkpoint with phase `prompt` and the reason `Before: "<first line>"`.
/** The phase of a prompt's checkpoint. */
exports.PROMPT_PHASE = 'prompt';
const PROMPT_REASON_PREFIX = 'Before: "';
/** The reason of a prompt's checkpoint; `line` is the prompt's first line, already escaped and shortened. */
function promptReason(line) {
    return `${PROMPT_REASON_PREFIX}${line}"`;
}
/** The agent whose hooks took this checkpoint, if any. */
function hookAgentOfCheckpoint(checkpoint) {
    const agent = checkpoint.metadata.extra.agent;
    return typeof agent === 'string' && agent !== '' ? agent : undefined;
}
/** The agent that feeds the plan, if its checkpoints say one does (the newest one that names one). */
function hookAgentOf(checkpoints) {
    for (let i = checkpoints.length - 1; i >= 0; i--) {
        const agent = hookAgentOfCheckpoint(checkpoints[i]);
        if (agent !== undefined)
            return agent;
    }
    return undefined;
}
/** A prompt's checkpoint: what "restore to before this prompt" restores. */
function isPromptCheckpoint(checkpoint) {
    return checkpoint.checkpoint_type === 'manual' && checkpoint.metadata.phase === exports.PROMPT_PHASE && hookAgentOfCheckpoint(checkpoint) !== undefined;
}
/** A prompt checkpoint's first line of the prompt (the reason without its `Before: "…"`). */
function promptLineOf(checkpoint) {
    const reason = checkpoint.metadata.reason ?? '';
    return reason.startsWith(PROMPT_REASON_PREFIX) && reason.endsWith('"') && reason.length > PROMPT_REASON_PREFIX.length ? reason.slice(PROMPT_REASON_PREFIX.length, -1) : reason;
}
/**
 * Splits checkpoints (oldest first) into those before the first prompt and a group per prompt:
 * its checkpoint and the ones that followed it until the next prompt.
 */
function groupByPrompt(checkpoints) {
    const before = [];
    const groups = [];
    for (const checkpoint of checkpoints) {
        if (isPromptCheckpoint(checkpoint))
            groups.push({ prompt: checkpoint, steps: [] });
        else if (groups.length > 0)
            groups[groups.length - 1].steps.push(checkpoint);
        else
            before.push(checkpoint);
    }
    return { before, groups };
}
//# sourceMappingURL=hookCheckpoints.js.map
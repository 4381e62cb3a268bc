"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.hookAgentName = void 0;
exports.promptRowLabel = promptRowLabel;
exports.promptRowDescription = promptRowDescription;
const displayText_1 = require("../../core/displayText");
const hookCheckpoints_1 = require("../../core/hookCheckpoints");
const treePresentation_1 = require("./treePresentation");
// The rows of a plan fed by an agent's hooks: the plan says which agent, each prompt has a row
// labelled by its first line, with the checkpoints of the tool calls that followed it below.
/** The agent as people name it ("Claude Code"); an unknown one as recorded. */
exports.hookAgentName = treePresentation_1.agentName;
/** A prompt's row: the prompt's first line, quoted (it is the user's words). */
function promptRowLabel(prompt) {
    const line = (0, hookCheckpoints_1.promptLineOf)(prompt);
    return `“${[...line].length > 80 ? `${[...line].slice(0, 79).join('')}…` : line}”`;
}
/**
 * When, and how many checkpoints the agent's tool calls took after the prompt, with the time of the
 * newest when it reads differently: a row saying "1 min ago" above children saying "just now"
 * otherwise looks wrong.
 */
function promptRowDescription(prompt, steps, now) {
    const when = (0, treePresentation_1.checkpointDescription)(prompt, now);
    if (steps.length === 0)
        return `${when} · no change yet`;
    const latest = (0, treePresentation_1.formatRelativeTime)(steps[steps.length - 1].created_at, now);
    return `${when} · ${(0, displayText_1.plural)(steps.length, 'checkpoint')}${latest === (0, treePresentation_1.formatRelativeTime)(prompt.created_at, now) ? '' : `, latest ${latest}`}`;
}
//# sourceMappingURL=promptPresentation.js.map
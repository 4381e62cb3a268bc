"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HOOK_AGENT_NAMES = exports.HOOK_AGENTS = void 0;
exports.isHookAgent = isHookAgent;
/**
 * The agents whose hooks `agents hook install` writes and `agents hook run` answers. The installed
 * command is `"<node>" "<absolute dist/cli.js>" hook run <agent>`: the agent's PATH need not hold
 * `agents`.
 */
exports.HOOK_AGENTS = ['copilot', 'claude-code', 'cursor', 'gemini', 'cline', 'codex', 'opencode'];
/** How each agent is named to people: in plan titles, the README and the installer's messages. */
exports.HOOK_AGENT_NAMES = {
    copilot: 'GitHub Copilot',
    'claude-code': 'Claude Code',
    cursor: 'Cursor',
    gemini: 'Gemini CLI',
    cline: 'Cline',
    codex: 'Codex CLI',
    opencode: 'OpenCode',
};
function isHookAgent(name) {
    return exports.HOOK_AGENTS.includes(name);
}
//# sourceMappingURL=hookAgents.js.map
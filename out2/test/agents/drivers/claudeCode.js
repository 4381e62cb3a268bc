"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.claudeCodeDriver = void 0;
const anthropic_1 = require("../modelServer/anthropic");
exports.claudeCodeDriver = {
    agent: 'claude-code',
    title: 'Claude Code',
    hookAgent: 'claude-code',
    tools: {
        names: { write: 'Write', edit: 'Edit', shell: 'Bash' },
        write: (file, content) => [{ name: 'Write', args: { file_path: file, content } }],
        edit: (file, before, after) => [
            { name: 'Read', args: { file_path: file } },
            { name: 'Edit', args: { file_path: file, old_string: before, new_string: after } },
        ],
        shell: (command) => [{ name: 'Bash', args: { command, description: 'A scripted command' } }],
        // Its Agent tool runs in the background unless told not to; in the foreground the prompt's
        // turn waits for the subagent, whose own Write the hooks must fence.
        subagent: (task) => [{ name: 'Agent', args: { description: 'Write a file', prompt: task, subagent_type: 'general-purpose', run_in_background: false } }],
    },
    adapters: [anthropic_1.answerAnthropic],
    prepare() {
        // Everything is in the environment; CLAUDE_CONFIG_DIR starts empty.
    },
    env: ({ home, serverUrl }) => ({
        CLAUDE_CONFIG_DIR: `${home}/.claude`,
        ANTHROPIC_BASE_URL: serverUrl,
        ANTHROPIC_API_KEY: 'scripted-model-key',
        IS_SANDBOX: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    }),
    promptArgs: (prompt, n) => ['-p', prompt, '--output-format', 'json', '--permission-mode', 'bypassPermissions', ...(n > 1 ? ['--continue'] : [])],
};
//# sourceMappingURL=claudeCode.js.map
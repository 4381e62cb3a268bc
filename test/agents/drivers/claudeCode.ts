// Claude Code in the contract suite: its native program, headless (`-p`, `--output-format json`),
// every tool allowed (`--permission-mode bypassPermissions`, which as root it grants only with
// IS_SANDBOX=1), its model at our server through ANTHROPIC_BASE_URL with an API key, its settings
// and history in our home folder (CLAUDE_CONFIG_DIR), and no auto-updater, telemetry, error
// reports or other traffic besides the model's (the variables its program reads for that).
// Prompt 2 continues the session (`--continue`), so both prompts feed one plan. Its Edit tool
// refuses a file it has not read in the session, so an edit is a Read and then an Edit.
import type { AgentDriver } from '../contractSuite';
import { answerAnthropic } from '../modelServer/anthropic';

export const claudeCodeDriver: AgentDriver = {
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
  adapters: [answerAnthropic],
  failedCalls: { reported: true, how: 'PostToolUseFailure instead of PostToolUse' },
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

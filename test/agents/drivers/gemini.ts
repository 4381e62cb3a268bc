// Gemini CLI in the contract suite: headless (`-p`, `--approval-mode yolo`), its model at our
// server through GOOGLE_GEMINI_BASE_URL with an API key (the "gemini-api-key" auth type chosen in
// its user settings: with the base URL alone it picks a gateway auth type that headless mode
// refuses), the workspace trusted by GEMINI_CLI_TRUST_WORKSPACE (folder trust is on by default, and
// an untrusted folder's .gemini/settings.json, where the hooks are, is not read), its home folder
// ours (GEMINI_CLI_HOME), no auto-update and no usage statistics. Prompt 2 resumes the session
// (`-r latest`), so both prompts feed one plan.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { AgentDriver } from '../contractSuite';
import { answerGemini } from '../modelServer/gemini';

export const geminiDriver: AgentDriver = {
  agent: 'gemini',
  title: 'Gemini CLI',
  hookAgent: 'gemini',
  tools: {
    names: { write: 'write_file', edit: 'replace', shell: 'run_shell_command' },
    write: (file, content) => [{ name: 'write_file', args: { file_path: file, content } }],
    edit: (file, before, after) => [{ name: 'replace', args: { file_path: file, instruction: 'Apply the scripted edit.', old_string: before, new_string: after } }],
    shell: (command) => [{ name: 'run_shell_command', args: { command, description: 'A scripted command.' } }],
    // Its generalist subagent has every tool; the main agent waits for its answer.
    subagent: (task) => [{ name: 'invoke_agent', args: { agent_name: 'generalist', prompt: task } }],
  },
  adapters: [answerGemini],
  // Its shell tool sets tool_response.error only when a command cannot be run; a failing edit's
  // error is read (events/gemini.ts), but the scenario's failing call is a shell command.
  failedCalls: { reported: false, why: 'a command that exits non-zero is a success to Gemini CLI: AfterTool has no error for it, only the words "Exit Code: 3" in the text for the model' },
  prepare({ home }) {
    mkdirSync(path.join(home, '.gemini'), { recursive: true });
    const settings = {
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      privacy: { usageStatisticsEnabled: false },
    };
    writeFileSync(path.join(home, '.gemini', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  },
  env: ({ home, serverUrl }) => ({
    GEMINI_CLI_HOME: home,
    GOOGLE_GEMINI_BASE_URL: serverUrl,
    GEMINI_API_KEY: 'scripted-model-key',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
  }),
  promptArgs: (prompt, n) => ['-p', prompt, '--approval-mode', 'yolo', '--output-format', 'json', ...(n > 1 ? ['-r', 'latest'] : [])],
};

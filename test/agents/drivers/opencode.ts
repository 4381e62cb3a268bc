// OpenCode (npm `opencode-ai`, a compiled Bun program in the package of each platform) in the
// contract suite: headless (`opencode run`), prompt 2 continuing prompt 1's session (`--continue`),
// so both feed one plan. Its model is our server as a provider of the configuration
// (OPENCODE_CONFIG_CONTENT, opencode.ai/docs/config): `@ai-sdk/openai-compatible` with a
// `baseURL`, which streams Chat Completions. Every permission is allowed; its model list, updates,
// sharing, LSP downloads and default plugins are off (the OPENCODE_DISABLE_* flags of
// opencode.ai/docs/cli), and its folders are under our home folder (XDG_*). The hooks are the
// plugin `agents hook install opencode` writes into `.opencode/plugins/`.
import * as path from 'node:path';
import type { AgentDriver } from '../contractSuite';
import { answerOpenAi } from '../modelServer/openai';

/**
 * What OpenCode writes into any `.opencode/` folder at its start, for itself: it installs its
 * plugin package there (`package.json`, `node_modules/`, a lock file) and writes a `.gitignore`
 * that lists them. Git ignores them, so no checkpoint holds them and no rollback touches them:
 * the comparisons leave them out.
 */
const OPENCODE_OWN = /^\.opencode\/(?:node_modules\/|package\.json$|package-lock\.json$|bun\.lockb?$|\.gitignore$)/;

export const opencodeDriver: AgentDriver = {
  agent: 'opencode',
  title: 'OpenCode',
  hookAgent: 'opencode',
  tools: {
    names: { write: 'write', edit: 'edit', shell: 'bash' },
    write: (file, content) => [{ name: 'write', args: { filePath: file, content } }],
    edit: (file, before, after) => [{ name: 'edit', args: { filePath: file, oldString: before, newString: after } }],
    shell: (command) => [{ name: 'bash', args: { command, description: 'A scripted command.' } }],
  },
  adapters: [answerOpenAi],
  failedCalls: { reported: true, how: "the bash tool's exit code, which our plugin hands on" },
  agentsOwnFiles: (rel) => OPENCODE_OWN.test(rel),
  prepare() {
    // everything is in the environment (env below)
  },
  env: ({ home, serverUrl }) => ({
    OPENCODE_CONFIG_CONTENT: JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      provider: {
        scripted: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Scripted',
          options: { baseURL: `${serverUrl}/v1`, apiKey: 'scripted-model-key' },
          models: { m: { name: 'scripted model', tool_call: true } },
        },
      },
      model: 'scripted/m',
      small_model: 'scripted/m',
      permission: { edit: 'allow', bash: 'allow', read: 'allow', external_directory: 'allow' },
      autoupdate: false,
      share: 'disabled',
    }),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
  }),
  promptArgs: (prompt, n) => ['run', '--model', 'scripted/m', ...(n > 1 ? ['--continue'] : []), prompt],
};

// OpenAI's Codex CLI (npm `@openai/codex`, a Rust program in the package of each platform) in the
// contract suite: headless (`codex exec`), prompt 2 resuming prompt 1's session (`codex exec resume
// --last`), so both feed one plan. Its model is our server as a provider of its own on the
// Responses API (`[model_providers.scripted]` with `base_url` and `wire_api = "responses"` in
// $CODEX_HOME/config.toml; github.com/openai/codex docs/config.md), with a model of Codex's bundled
// catalog (gpt-5.5) so that it offers `apply_patch` as a freeform tool and `exec_command` for the
// shell. The workspace is a trusted project (`[projects."<folder>"] trust_level = "trusted"`):
// Codex reads a project's `.codex/hooks.json` only in a project it trusts. The hooks themselves
// are not reviewed in this fresh CODEX_HOME (the review records a hash per hook in config.toml, from
// Codex's /hooks view: codex-rs/hooks/src/engine/discovery.rs), so each run passes
// `--dangerously-bypass-hook-trust`, which its help says is for automation that vets its hooks.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { AgentDriver } from '../contractSuite';
import { answerResponses } from '../modelServer/responses';
import { lines, patch } from './applyPatch';

export const codexDriver: AgentDriver = {
  agent: 'codex',
  title: 'Codex CLI',
  hookAgent: 'codex',
  tools: {
    // Its shell tools are all named `Bash` in hook events (codex-rs/hooks/src/events/pre_tool_use.rs).
    names: { write: 'apply_patch', edit: 'apply_patch', shell: 'Bash' },
    write: (file, content) => [{ name: 'apply_patch', args: { input: patch(`*** Add File: ${file}\n${lines('+', content)}`) } }],
    edit: (file, before, after) => [{ name: 'apply_patch', args: { input: patch(`*** Update File: ${file}\n@@\n${lines('-', before)}${lines('+', after)}`) } }],
    shell: (command) => [{ name: 'exec_command', args: { cmd: command } }],
  },
  adapters: [answerResponses],
  // PostToolUse's tool_response for a shell is the command's output text alone, no exit code
  // (codex-rs ExecCommandToolOutput::post_tool_use_response); an apply_patch that fails fires none.
  failedCalls: { reported: false, why: "Codex tells its hooks no exit code: a shell's PostToolUse holds only the command's output" },
  prepare({ home, serverUrl, workspace }) {
    const codexHome = path.join(home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    const config = [
      'model = "gpt-5.5"',
      'model_provider = "scripted"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      'check_for_update_on_startup = false',
      '[analytics]',
      'enabled = false',
      '[model_providers.scripted]',
      'name = "scripted"',
      `base_url = "${serverUrl}/v1"`,
      'wire_api = "responses"',
      'env_key = "SCRIPTED_MODEL_KEY"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      `[projects.${JSON.stringify(workspace)}]`,
      'trust_level = "trusted"',
      '',
    ];
    writeFileSync(path.join(codexHome, 'config.toml'), config.join('\n'));
  },
  env: ({ home }) => ({ CODEX_HOME: path.join(home, '.codex'), SCRIPTED_MODEL_KEY: 'scripted-model-key' }),
  promptArgs: (prompt, n) => ['exec', ...(n > 1 ? ['resume', '--last'] : []), '--skip-git-repo-check', '--dangerously-bypass-hook-trust', prompt],
};

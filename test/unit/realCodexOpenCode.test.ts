import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { startScriptedModelServer, type ScriptStep } from './helpers/scriptedModelServer';
import { useTempDirs } from './helpers/tempDir';

// The real programs, unmodified, offline against our scripted model server, under what `agents
// hook install codex|opencode` writes: every writing tool call is fenced and a rollback to before
// the prompt is byte-exact. They are large downloads (Codex's npm package for linux-x64 is 172 MB,
// OpenCode's 60 MB), so this suite runs only when given their binaries:
//   CLEVERAGENTS_CODEX_BIN     …/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex (checked: 0.171.0)
//   CLEVERAGENTS_OPENCODE_BIN  …/opencode-linux-x64/bin/opencode (checked: 1.18.33)
// (`node scripts/agents/install.mjs codex opencode` installs them into .agents-cache/, where the
// agents' contract suite, test/agents/codex.test.ts and opencode.test.ts, runs them in a longer
// session of two prompts with the user's edits between them).

const CODEX_BIN = process.env.CLEVERAGENTS_CODEX_BIN;
const OPENCODE_BIN = process.env.CLEVERAGENTS_OPENCODE_BIN;

interface AgentRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program without blocking this process (the model server answers from it). */
function runAsync(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 180_000): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A git repository with a few files, committed, as a project the agent opens. */
function project(dir: string): string {
  write(dir, 'notes.txt', 'one\n');
  write(dir, 'old/a.txt', 'old a\n');
  const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'start');
  return dir;
}

/** The environment without our own knobs or a developer's agent settings. */
function cleanEnv(home: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'LANG', 'TERM', 'TMPDIR']) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, HOME: home, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', ...extra };
}

function checkpointsOf(ws: string): { plan: PlanJson; checkpoints: CheckpointJson[] } {
  const plans = runCli(ws, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans;
  assert.equal(plans.length, 1, `one plan: ${plans.map((p) => p.title).join(', ')}`);
  const checkpoints = runCli(ws, ['--format', 'json', 'plan', 'checkpoints', plans[0]!.plan_id]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
  return { plan: plans[0]!, checkpoints };
}

/**
 * What the comparison leaves out: our store, git's, and what OpenCode itself puts in any `.opencode/`
 * folder at its start (it installs `@opencode-ai/plugin` there and writes a `.gitignore` that
 * ignores all of it, itself included): ignored files are not part of a checkpoint.
 */
function notCompared(rel: string): boolean {
  return rel.startsWith('.cleveragents') || rel === '.git' || rel.startsWith('.git/') || /^\.opencode\/(node_modules|package\.json|package-lock\.json|bun\.lock|\.gitignore)/.test(rel);
}

function assertRollbackToPromptIsExact(ws: string, plan: PlanJson, prompt: CheckpointJson, before: Record<string, string>): void {
  const r = runCli(ws, ['plan', 'rollback', '--yes', plan.plan_id, prompt.checkpoint_id]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(hashTree(ws, notCompared), before);
}

const hooksLog = (ws: string) => readFileSync(path.join(ws, '.cleveragents/logs/hooks.log'), 'utf8');

describe('real Codex CLI and OpenCode, offline, under the installed hooks', function () {
  this.timeout(300_000);
  const tempDir = useTempDirs('real-agent-');
  before(() => ensureCliBuilt());

  (CODEX_BIN ? it : it.skip)('Codex CLI: the prompt, an apply_patch edit and a failing shell command are fenced; the rollback to before the prompt is byte-exact', async () => {
    const ws = project(realpathSync(tempDir()));
    const home = realpathSync(tempDir());
    const codexHome = path.join(home, '.codex');
    assert.equal(runCli(ws, ['hook', 'install', 'codex'], { env: { HOME: home } }).code, 0);
    const before = hashTree(ws, notCompared);
    const script: ScriptStep[] = [
      { customTool: 'apply_patch', input: '*** Begin Patch\n*** Update File: notes.txt\n@@\n-one\n+two\n*** End Patch\n' },
      { tool: 'exec_command', args: { cmd: 'echo partial > partial.txt; exit 3' } },
      { text: 'done' },
    ];
    const server = await startScriptedModelServer(script);
    try {
      mkdirSync(codexHome, { recursive: true });
      // a provider of our own on the Responses API; a model of Codex's bundled catalog, so that it offers apply_patch
      writeFileSync(
        path.join(codexHome, 'config.toml'),
        [
          'model = "gpt-5.5"',
          'model_provider = "scripted"',
          'approval_policy = "never"',
          'sandbox_mode = "danger-full-access"',
          '[model_providers.scripted]',
          'name = "scripted"',
          `base_url = "${server.baseUrl}"`,
          'wire_api = "responses"',
          'env_key = "SCRIPTED_KEY"',
          `[projects."${ws}"]`,
          'trust_level = "trusted"',
          '',
        ].join('\n'),
      );
      // the hooks are not reviewed in this fresh CODEX_HOME: Codex would skip them, so this run says it vets them
      const run = await runAsync(CODEX_BIN!, ['exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', 'change notes.txt, then make partial.txt'], ws, cleanEnv(home, { CODEX_HOME: codexHome, SCRIPTED_KEY: 'x' }));
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /hook: PreToolUse Completed/);
    } finally {
      await server.close();
    }
    assert.equal(readFileSync(path.join(ws, 'notes.txt'), 'utf8'), 'two\n', 'the patch was applied');
    assert.equal(readFileSync(path.join(ws, 'partial.txt'), 'utf8'), 'partial\n', 'the failing command wrote its file');
    const { plan, checkpoints } = checkpointsOf(ws);
    assert.equal(plan.title, 'Codex CLI: change notes.txt, then make partial.txt');
    assert.deepEqual(
      checkpoints.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.reason]),
      [
        ['manual', null, 'Before: "change notes.txt, then make partial.txt"'],
        ['post_step', 'apply_patch', 'After apply_patch notes.txt'],
        ['post_step', 'Bash', 'After Bash: echo partial > partial.txt; exit 3'],
      ],
    );
    assert.match(hooksLog(ws), /codex PreToolUse apply_patch: pre_write skipped, nothing changed/);
    assertRollbackToPromptIsExact(ws, plan, checkpoints[0]!, before);
  });

  (OPENCODE_BIN ? it : it.skip)('OpenCode: the prompt, an edit and a failing shell command are fenced through the plugin; the rollback to before the prompt is byte-exact', async () => {
    const ws = project(realpathSync(tempDir()));
    const home = realpathSync(tempDir());
    assert.equal(runCli(ws, ['hook', 'install', 'opencode'], { env: { HOME: home } }).code, 0);
    spawnSync('git', ['add', '.'], { cwd: ws });
    const before = hashTree(ws, notCompared);
    const script: ScriptStep[] = [
      { tool: 'edit', args: { filePath: path.join(ws, 'notes.txt'), oldString: 'one', newString: 'two' } },
      { tool: 'bash', args: { command: 'echo partial > partial.txt; exit 3', description: 'make partial.txt' } },
      { text: 'done' },
    ];
    const server = await startScriptedModelServer(script);
    try {
      const config = {
        $schema: 'https://opencode.ai/config.json',
        provider: { scripted: { npm: '@ai-sdk/openai-compatible', name: 'Scripted', options: { baseURL: server.baseUrl, apiKey: 'x' }, models: { m: { name: 'm', tool_call: true } } } },
        model: 'scripted/m',
        permission: { edit: 'allow', bash: 'allow' },
        autoupdate: false,
        share: 'disabled',
      };
      const env = cleanEnv(home, {
        OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
        XDG_CONFIG_HOME: path.join(home, '.config'),
        XDG_DATA_HOME: path.join(home, '.local/share'),
        XDG_CACHE_HOME: path.join(home, '.cache'),
        XDG_STATE_HOME: path.join(home, '.local/state'),
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        OPENCODE_DISABLE_SHARE: '1',
      });
      const run = await runAsync(OPENCODE_BIN!, ['run', '--model', 'scripted/m', 'change notes.txt, then make partial.txt'], ws, env);
      assert.equal(run.code, 0, run.stderr);
    } finally {
      await server.close();
    }
    assert.equal(readFileSync(path.join(ws, 'notes.txt'), 'utf8'), 'two\n', 'the edit was made');
    assert.equal(readFileSync(path.join(ws, 'partial.txt'), 'utf8'), 'partial\n', 'the failing command wrote its file');
    const { plan, checkpoints } = checkpointsOf(ws);
    assert.match(plan.title, /^OpenCode: .*change notes\.txt, then make partial\.txt/);
    assert.deepEqual(
      checkpoints.map((c) => [c.checkpoint_type, c.metadata.source_tool, (c.metadata.reason ?? '').replace(/"+/g, '"')]),
      [
        ['manual', null, 'Before: "change notes.txt, then make partial.txt"'],
        ['post_step', 'edit', 'After edit notes.txt'],
        ['post_step', 'bash', 'After bash: echo partial > partial.txt; exit 3'],
      ],
    );
    assert.match(hooksLog(ws), /opencode tool\.execute\.before edit: pre_write skipped, nothing changed/);
    assertRollbackToPromptIsExact(ws, plan, checkpoints[0]!, before);
  });
});

"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const scriptedModelServer_1 = require("./helpers/scriptedModelServer");
const tempDir_1 = require("./helpers/tempDir");
// The real programs, unmodified, offline against our scripted model server, under what `agents
// hook install codex|opencode` writes: every writing tool call is fenced and a rollback to before
// the prompt is byte-exact. They are large downloads (Codex's npm package for linux-x64 is 172 MB,
// OpenCode's 60 MB), so this suite runs only when given their binaries:
//   CLEVERAGENTS_CODEX_BIN     …/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex (checked: 0.171.0)
//   CLEVERAGENTS_OPENCODE_BIN  …/opencode-linux-x64/bin/opencode (checked: 1.18.33)
// (`npm pack @openai/codex@0.171.0-linux-x64` and `npm pack opencode-linux-x64@1.18.33` give them).
const CODEX_BIN = process.env.CLEVERAGENTS_CODEX_BIN;
const OPENCODE_BIN = process.env.CLEVERAGENTS_OPENCODE_BIN;
/** Runs a program without blocking this process (the model server answers from it). */
function runAsync(command, args, cwd, env, timeoutMs = 180_000) {
    return new Promise((resolve, reject) => {
        const child = (0, node_child_process_1.spawn)(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.stdout.on('data', (d) => (stdout += d.toString()));
        child.stderr.on('data', (d) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => {
            clearTimeout(timer);
            resolve({ code, stdout, stderr });
        });
    });
}
/** A git repository with a few files, committed, as a project the agent opens. */
function project(dir) {
    (0, sandboxFixtures_1.write)(dir, 'notes.txt', 'one\n');
    (0, sandboxFixtures_1.write)(dir, 'old/a.txt', 'old a\n');
    const git = (...args) => (0, node_child_process_1.spawnSync)('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'start');
    return dir;
}
/** The environment without our own knobs or a developer's agent settings. */
function cleanEnv(home, extra) {
    const env = {};
    for (const key of ['PATH', 'LANG', 'TERM', 'TMPDIR'])
        if (process.env[key] !== undefined)
            env[key] = process.env[key];
    return { ...env, HOME: home, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', ...extra };
}
function checkpointsOf(ws) {
    const plans = (0, cliHarness_1.runCli)(ws, ['--format', 'json', 'plan', 'list']).json().plans;
    assert.equal(plans.length, 1, `one plan: ${plans.map((p) => p.title).join(', ')}`);
    const checkpoints = (0, cliHarness_1.runCli)(ws, ['--format', 'json', 'plan', 'checkpoints', plans[0].plan_id]).json().checkpoints;
    return { plan: plans[0], checkpoints };
}
/**
 * What the comparison leaves out: our store, git's, and what OpenCode itself puts in any `.opencode/`
 * folder at its start (it installs `@opencode-ai/plugin` there and writes a `.gitignore` that
 * ignores all of it, itself included): ignored files are not part of a checkpoint.
 */
function notCompared(rel) {
    return rel.startsWith('.cleveragents') || rel === '.git' || rel.startsWith('.git/') || /^\.opencode\/(node_modules|package\.json|package-lock\.json|bun\.lock|\.gitignore)/.test(rel);
}
function assertRollbackToPromptIsExact(ws, plan, prompt, before) {
    const r = (0, cliHarness_1.runCli)(ws, ['plan', 'rollback', '--yes', plan.plan_id, prompt.checkpoint_id]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((0, sandboxFixtures_1.hashTree)(ws, notCompared), before);
}
const hooksLog = (ws) => (0, node_fs_1.readFileSync)(path.join(ws, '.cleveragents/logs/hooks.log'), 'utf8');
describe('real Codex CLI and OpenCode, offline, under the installed hooks', function () {
    this.timeout(300_000);
    const tempDir = (0, tempDir_1.useTempDirs)('real-agent-');
    before(() => (0, cliHarness_1.ensureCliBuilt)());
    (CODEX_BIN ? it : it.skip)('Codex CLI: the prompt, an apply_patch edit and a failing shell command are fenced; the rollback to before the prompt is byte-exact', async () => {
        const ws = project((0, node_fs_1.realpathSync)(tempDir()));
        const home = (0, node_fs_1.realpathSync)(tempDir());
        const codexHome = path.join(home, '.codex');
        assert.equal((0, cliHarness_1.runCli)(ws, ['hook', 'install', 'codex'], { env: { HOME: home } }).code, 0);
        const before = (0, sandboxFixtures_1.hashTree)(ws, notCompared);
        const script = [
            { customTool: 'apply_patch', input: '*** Begin Patch\n*** Update File: notes.txt\n@@\n-one\n+two\n*** End Patch\n' },
            { tool: 'exec_command', args: { cmd: 'echo partial > partial.txt; exit 3' } },
            { text: 'done' },
        ];
        const server = await (0, scriptedModelServer_1.startScriptedModelServer)(script);
        try {
            (0, node_fs_1.mkdirSync)(codexHome, { recursive: true });
            // a provider of our own on the Responses API; a model of Codex's bundled catalog, so that it offers apply_patch
            (0, node_fs_1.writeFileSync)(path.join(codexHome, 'config.toml'), [
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
            ].join('\n'));
            // the hooks are not reviewed in this fresh CODEX_HOME: Codex would skip them, so this run says it vets them
            const run = await runAsync(CODEX_BIN, ['exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', 'change notes.txt, then make partial.txt'], ws, cleanEnv(home, { CODEX_HOME: codexHome, SCRIPTED_KEY: 'x' }));
            assert.equal(run.code, 0, run.stderr);
            assert.match(run.stderr, /hook: PreToolUse Completed/);
        }
        finally {
            await server.close();
        }
        assert.equal((0, node_fs_1.readFileSync)(path.join(ws, 'notes.txt'), 'utf8'), 'two\n', 'the patch was applied');
        assert.equal((0, node_fs_1.readFileSync)(path.join(ws, 'partial.txt'), 'utf8'), 'partial\n', 'the failing command wrote its file');
        const { plan, checkpoints } = checkpointsOf(ws);
        assert.equal(plan.title, 'Codex CLI: change notes.txt, then make partial.txt');
        assert.deepEqual(checkpoints.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.reason]), [
            ['manual', null, 'Before: "change notes.txt, then make partial.txt"'],
            ['post_step', 'apply_patch', 'After apply_patch notes.txt'],
            ['post_step', 'Bash', 'After Bash'],
        ]);
        assert.match(hooksLog(ws), /codex PreToolUse apply_patch: pre_write skipped, nothing changed/);
        assertRollbackToPromptIsExact(ws, plan, checkpoints[0], before);
    });
    (OPENCODE_BIN ? it : it.skip)('OpenCode: the prompt, an edit and a failing shell command are fenced through the plugin; the rollback to before the prompt is byte-exact', async () => {
        const ws = project((0, node_fs_1.realpathSync)(tempDir()));
        const home = (0, node_fs_1.realpathSync)(tempDir());
        assert.equal((0, cliHarness_1.runCli)(ws, ['hook', 'install', 'opencode'], { env: { HOME: home } }).code, 0);
        (0, node_child_process_1.spawnSync)('git', ['add', '.'], { cwd: ws });
        const before = (0, sandboxFixtures_1.hashTree)(ws, notCompared);
        const script = [
            { tool: 'edit', args: { filePath: path.join(ws, 'notes.txt'), oldString: 'one', newString: 'two' } },
            { tool: 'bash', args: { command: 'echo partial > partial.txt; exit 3', description: 'make partial.txt' } },
            { text: 'done' },
        ];
        const server = await (0, scriptedModelServer_1.startScriptedModelServer)(script);
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
            const run = await runAsync(OPENCODE_BIN, ['run', '--model', 'scripted/m', 'change notes.txt, then make partial.txt'], ws, env);
            assert.equal(run.code, 0, run.stderr);
        }
        finally {
            await server.close();
        }
        assert.equal((0, node_fs_1.readFileSync)(path.join(ws, 'notes.txt'), 'utf8'), 'two\n', 'the edit was made');
        assert.equal((0, node_fs_1.readFileSync)(path.join(ws, 'partial.txt'), 'utf8'), 'partial\n', 'the failing command wrote its file');
        const { plan, checkpoints } = checkpointsOf(ws);
        assert.match(plan.title, /^OpenCode: .*change notes\.txt, then make partial\.txt/);
        assert.deepEqual(checkpoints.map((c) => [c.checkpoint_type, c.metadata.source_tool, (c.metadata.reason ?? '').replace(/"+/g, '"')]), [
            ['manual', null, 'Before: "change notes.txt, then make partial.txt"'],
            ['post_step', 'edit', 'After edit notes.txt'],
            ['post_step', 'bash', 'After bash'],
        ]);
        assert.match(hooksLog(ws), /opencode tool\.execute\.before edit: pre_write skipped, nothing changed/);
        assertRollbackToPromptIsExact(ws, plan, checkpoints[0], before);
    });
});
//# sourceMappingURL=realCodexOpenCode.test.js.map
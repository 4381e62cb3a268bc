import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { isOurCommand } from '../../src/hooks/install/hookCommandLine';
import { OPENCODE_PLUGIN_MARK, opencodePluginText } from '../../src/hooks/install/opencodePlugin';
import { CLI_PATH, ensureCliBuilt, runCli, type CliRun, ok } from './helpers/cliHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// `agents hook install|status|uninstall codex|opencode` through the built CLI on real folders, and
// the OpenCode plugin it writes run as OpenCode runs it (an ES module whose handlers are awaited),
// in a Node.js process of its own, against the real `hook run opencode` on a real workspace.

/** Every entry under `dir`: file bytes and modes, folders, links; to say "nothing else changed". */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, r);
      const info = lstatSync(full);
      if (info.isSymbolicLink()) out[r] = `link ${readlinkSync(full)}`;
      else if (info.isDirectory()) {
        out[r] = 'dir';
        walk(r);
      } else out[r] = `${(info.mode & 0o777).toString(8)} ${readFileSync(full, 'base64')}`;
    }
  };
  walk('');
  return out;
}

function hook(ws: string, home: string, args: readonly string[], env: Record<string, string> = {}): CliRun {
  // the CLI's hook launcher beside the home folder: these tests look at what install writes in it
  return runCli(ws, ['hook', ...args], { env: { HOME: home, CODEX_HOME: '', XDG_STATE_HOME: `${home}-state`, ...env } });
}

interface StatusRow {
  agent: string;
  scope: string;
  path: string;
  installed: boolean;
  events: string[];
  command_resolves: boolean | null;
  problems: string[];
}

function status(ws: string, home: string, agent: string, scope: string, env: Record<string, string> = {}): StatusRow {
  const rows = ok(hook(ws, home, ['status', '--format', 'json'], env)).json<{ hooks: StatusRow[] }>().hooks;
  return rows.find((r) => r.agent === agent && r.scope === scope)!;
}

/**
 * A project's `.codex/hooks.json` as a Codex user may have it: a description, a Stop hook and a
 * PreToolUse guard of their own, two-space indentation. The shape is Codex's HooksFile
 * (github.com/openai/codex codex-rs/config/src/hook_config.rs; https://developers.openai.com/codex/hooks).
 */
const CODEX_HOOKS_JSON = `{
  "description": "team hooks",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "python3 .codex/hooks/stop.py", "timeout": 10 }] }],
    "PreToolUse": [
      { "matcher": "^Bash$", "hooks": [{ "type": "command", "command": "./scripts/guard.sh", "statusMessage": "Checking" }] }
    ]
  }
}
`;

/** Codex's config.toml beside it, with comments: install never touches it (hooks.json is the file). */
const CODEX_CONFIG_TOML = `# the team's Codex settings
model = "gpt-5.5" # keep
[features]
hooks = true
`;

describe('agents hook install codex', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('hook-codex-');
  before(() => ensureCliBuilt());

  it('adds its four hooks to .codex/hooks.json beside the user\'s, leaves config.toml alone, says that Codex must trust them; uninstall gives back the bytes', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    write(ws, '.codex/hooks.json', CODEX_HOOKS_JSON);
    write(ws, '.codex/config.toml', CODEX_CONFIG_TOML);
    const untouched = tree(ws);

    const run = ok(hook(ws, home, ['install', 'codex']));
    assert.match(run.stdout, /Codex CLI: wrote \.codex\/hooks\.json \(events PreToolUse, PostToolUse, UserPromptSubmit, SessionEnd\)/);
    assert.match(run.stderr, /warning: Codex runs these hooks only once you trust them: .*\/hooks.*--dangerously-bypass-hook-trust/);
    const value = JSON.parse(readFileSync(path.join(ws, '.codex/hooks.json'), 'utf8')) as { description: string; hooks: Record<string, Array<{ matcher?: string; hooks: Array<Record<string, unknown>> }>> };
    assert.equal(value.description, 'team hooks');
    assert.deepEqual(Object.keys(value).sort(), ['description', 'hooks'], 'Codex refuses other root keys');
    assert.deepEqual(Object.keys(value.hooks), ['Stop', 'PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionEnd']);
    assert.equal(value.hooks.PreToolUse![0]!.hooks[0]!.command, './scripts/guard.sh', "the user's guard stays first");
    const ours = value.hooks.PreToolUse![1]!;
    assert.equal(ours.matcher, '^(Bash|apply_patch)$');
    assert.deepEqual(Object.keys(ours.hooks[0]!), ['type', 'command', 'timeout']);
    assert.ok(isOurCommand(ours.hooks[0]!.command, 'codex'));
    assert.equal(ours.hooks[0]!.timeout, 30);
    assert.equal(value.hooks.UserPromptSubmit![0]!.matcher, undefined);
    // Codex cuts a SessionEnd hook's timeout at 3 s (and warns at each start about a longer one)
    assert.deepEqual([value.hooks.SessionEnd![0]!.matcher, value.hooks.SessionEnd![0]!.hooks[0]!.timeout], [undefined, 3]);
    assert.ok(isOurCommand(value.hooks.SessionEnd![0]!.hooks[0]!.command as string, 'codex'));
    assert.equal(readFileSync(path.join(ws, '.codex/config.toml'), 'utf8'), CODEX_CONFIG_TOML, 'config.toml byte for byte');

    const installed = readFileSync(path.join(ws, '.codex/hooks.json'), 'utf8');
    assert.match(ok(hook(ws, home, ['install', 'codex'])).stdout, /already in .*nothing changed/);
    assert.equal(readFileSync(path.join(ws, '.codex/hooks.json'), 'utf8'), installed);

    ok(hook(ws, home, ['uninstall', 'codex']));
    assert.deepEqual(tree(ws), untouched, 'uninstall gives back the workspace byte for byte');
  });

  it('status: installed, and not yet trusted until Codex\'s config.toml records a review of that hooks.json', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    ok(hook(ws, home, ['install', 'codex']));
    const hooksFile = path.join(ws, '.codex', 'hooks.json');
    const before = status(ws, home, 'codex', 'project');
    assert.equal(before.installed, true);
    assert.deepEqual(before.events, ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionEnd']);
    assert.equal(before.command_resolves, true);
    assert.equal(before.problems.length, 1);
    assert.match(before.problems[0]!, /records no review of the hooks in .*\.codex\/hooks\.json: Codex skips them until you trust them/);
    // what Codex's /hooks view writes when the user trusts a hook (codex-rs/hooks/src/engine/discovery.rs, hook_key)
    write(home, '.codex/config.toml', `[hooks.state."${hooksFile}:pre_tool_use:0:0"]\ntrusted_hash = "sha256:0"\n`);
    assert.deepEqual(status(ws, home, 'codex', 'project').problems, []);
    // $CODEX_HOME moves Codex's config.toml
    const codexHome = realpathSync(tempDir());
    assert.equal(status(ws, home, 'codex', 'project', { CODEX_HOME: codexHome }).problems.length, 1);
    assert.equal(status(ws, home, 'codex', 'user').installed, false);
  });

  it('in an empty workspace, install and uninstall leave it empty', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    ok(hook(ws, home, ['install', 'codex']));
    assert.ok(existsSync(path.join(ws, '.codex/hooks.json')));
    ok(hook(ws, home, ['uninstall', 'codex']));
    assert.deepEqual(tree(ws), {});
    assert.deepEqual(tree(home), {});
  });
});

const PLUGIN = '.opencode/plugins/cleveragents-checkpoints.js';

describe('agents hook install opencode', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('hook-opencode-');
  before(() => ensureCliBuilt());

  it('writes a plugin of its own beside the user\'s plugins and opencode.json; a second install changes nothing; status finds it; uninstall gives back the bytes', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    write(ws, 'opencode.json', '{\n  "$schema": "https://opencode.ai/config.json",\n  "plugin": ["opencode-wakatime"]\n}\n');
    write(ws, '.opencode/plugins/mine.ts', 'export const Mine = async () => ({})\n');
    const untouched = tree(ws);

    const run = ok(hook(ws, home, ['install', 'opencode']));
    assert.match(run.stdout, /OpenCode: wrote \.opencode\/plugins\/cleveragents-checkpoints\.js \(events chat\.message, tool\.execute\.before, tool\.execute\.after, dispose\)/);
    const text = readFileSync(path.join(ws, PLUGIN), 'utf8');
    assert.equal(text.split('\n')[0], OPENCODE_PLUGIN_MARK);
    assert.ok(text.includes(`const ARGS = [${JSON.stringify(CLI_PATH)}, "hook", "run", "opencode"];`), 'it starts this CLI');
    assert.match(ok(hook(ws, home, ['install', 'opencode'])).stdout, /already in .*nothing changed/);

    const row = status(ws, home, 'opencode', 'project');
    assert.deepEqual([row.installed, row.events, row.command_resolves, row.problems], [true, ['chat.message', 'tool.execute.before', 'tool.execute.after', 'dispose'], true, []]);

    ok(hook(ws, home, ['uninstall', 'opencode']));
    assert.deepEqual(tree(ws), untouched);
    assert.equal(status(ws, home, 'opencode', 'project').installed, false);
  });

  it('a plugin of that name that is not ours is refused and left as it is', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    write(ws, PLUGIN, 'export const Theirs = async () => ({})\n');
    const untouched = tree(ws);
    const run = hook(ws, home, ['install', 'opencode']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.opencode\/plugins\/cleveragents-checkpoints\.js exists and is not ours; nothing was written/);
    ok(hook(ws, home, ['uninstall', 'opencode']));
    assert.deepEqual(tree(ws), untouched, 'uninstall leaves a file that is not ours');
  });

  it('--user writes ~/.config/opencode/plugins/, and status says when the CLI it names has gone', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    ok(hook(ws, home, ['install', 'opencode', '--user']));
    assert.ok(existsSync(path.join(home, '.config/opencode/plugins/cleveragents-checkpoints.js')));
    assert.equal(status(ws, home, 'opencode', 'user').installed, true);
    // a plugin naming a cli.js that moved away (an older install)
    const file = path.join(home, '.config/opencode/plugins/cleveragents-checkpoints.js');
    writeFileSync(file, opencodePluginText({ node: process.execPath, cli: path.join(ws, 'gone', 'dist', 'cli.js') }));
    const row = status(ws, home, 'opencode', 'user');
    assert.equal(row.command_resolves, false);
    assert.match(row.problems[0]!, /the hook command no longer runs .*gone\/dist\/cli\.js is missing.*agents hook install opencode --user/);
    // install replaces it with this CLI's
    ok(hook(ws, home, ['install', 'opencode', '--user']));
    assert.equal(status(ws, home, 'opencode', 'user').command_resolves, true);
    ok(hook(ws, home, ['uninstall', 'opencode', '--user']));
    assert.deepEqual(tree(home), {});
  });
});

/** One handler call: the hook's name, its input and output as OpenCode passes them. */
type PluginStep = [string, unknown, unknown];

/**
 * Loads `pluginText` as OpenCode does (an ES module; it calls the exported function with
 * `{directory, …}` and awaits each handler), in a node process of its own, and runs `steps`.
 * Prints, per step, whether the handler resolved (and with what) or threw.
 */
function runPlugin(dir: string, pluginText: string, directory: string, steps: readonly PluginStep[]): Array<{ name: string; threw?: string; result?: unknown }> {
  const file = path.join(dir, 'plugin.mjs');
  writeFileSync(file, pluginText);
  const driver = `
    const mod = await import(${JSON.stringify(pathToFileURL(file).href)});
    const exported = Object.values(mod);
    if (exported.length !== 1 || typeof exported[0] !== 'function') throw new Error('one exported function expected');
    const hooks = await exported[0]({ directory: ${JSON.stringify(directory)}, worktree: ${JSON.stringify(directory)} });
    const out = [];
    for (const [name, input, output] of ${JSON.stringify(steps)}) {
      try { out.push({ name, result: (await hooks[name](input, output)) ?? null }); } catch (e) { out.push({ name, threw: String(e) }); }
    }
    process.stdout.write(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8', timeout: 110_000, env: { ...process.env, CLEVERAGENTS_NO_DAEMON: '1' } });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Array<{ name: string; threw?: string; result?: unknown }>;
}

describe('the OpenCode plugin, loaded and called as OpenCode does', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('opencode-plugin-');
  before(() => ensureCliBuilt());

  it('hands each prompt and writing tool call to the real `hook run opencode`, awaited: a checkpoint per prompt, pre_write and post_step around the edit, a rollback to before the prompt that is byte-exact', () => {
    const ws = realpathSync(tempDir());
    write(ws, 'notes.txt', 'one\n');
    write(ws, 'old/a.txt', 'old a\n');
    const beforePrompt = hashTree(ws);
    const text = opencodePluginText({ node: process.execPath, cli: CLI_PATH });
    const edit = { filePath: path.join(ws, 'notes.txt'), oldString: 'one', newString: 'two' };
    // the parts of a user message (@opencode-ai/sdk's TextPart); a synthetic part is OpenCode's, not the user's
    const parts = [
      { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text: 'add due dates\nto the todos' },
      { id: 'prt_2', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text: 'Called the Read tool', synthetic: true },
    ];
    const results = runPlugin(tempDir(), text, ws, [
      ['chat.message', { sessionID: 'ses_1', agent: 'build', messageID: 'msg_1' }, { message: {}, parts }],
      ['tool.execute.before', { tool: 'read', sessionID: 'ses_1', callID: 'call_0' }, { args: { filePath: edit.filePath } }],
      ['tool.execute.before', { tool: 'edit', sessionID: 'ses_1', callID: 'call_1' }, { args: edit }],
    ]);
    assert.deepEqual(results.map((r) => [r.name, r.threw, r.result]), [
      ['chat.message', undefined, null],
      ['tool.execute.before', undefined, null],
      ['tool.execute.before', undefined, null],
    ]);
    write(ws, 'notes.txt', 'two\n');
    write(ws, 'old/a.txt', 'changed by hand before the after event\n');
    runPlugin(tempDir(), text, ws, [['tool.execute.after', { tool: 'edit', sessionID: 'ses_1', callID: 'call_1', args: edit }, { title: 'notes.txt', output: '', metadata: {} }]]);

    const plans = runCli(ws, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans;
    assert.equal(plans.length, 1);
    assert.equal(plans[0]!.title, 'OpenCode: add due dates');
    const checkpoints = runCli(ws, ['--format', 'json', 'plan', 'checkpoints', plans[0]!.plan_id]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
    // the read started nothing; the edit's pre_write is skipped (nothing changed since the prompt's checkpoint)
    assert.deepEqual(
      checkpoints.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.reason]),
      [
        ['manual', null, 'Before: "add due dates"'],
        ['post_step', 'edit', 'After edit notes.txt'],
      ],
    );
    assert.match(readFileSync(path.join(ws, '.cleveragents/logs/hooks.log'), 'utf8'), /opencode tool\.execute\.before edit: pre_write skipped, nothing changed/);
    ok(runCli(ws, ['plan', 'rollback', '--yes', plans[0]!.plan_id, checkpoints[0]!.checkpoint_id]));
    assert.deepEqual(hashTree(ws, (rel) => rel.startsWith('.cleveragents')), beforePrompt);
  });

  it('a shell command that exits non-zero: its exit code reaches `hook run`, and the post_step says the call failed; one that exits 0 is not marked', () => {
    const ws = realpathSync(tempDir());
    write(ws, 'notes.txt', 'one\n');
    const text = opencodePluginText({ node: process.execPath, cli: CLI_PATH });
    const failing = { command: "printf 'partial\\n' > partial.txt; exit 3", description: 'fail' };
    const passing = { command: "printf 'ok\\n' > ok.txt", description: 'ok' };
    // tool.execute.after's output as OpenCode 1.18.33 passes it for these commands (its ShellTool.run)
    const output = (exit: number | null, out: string) => ({ title: 'cmd', metadata: { output: out, exit, truncated: false }, output: out });
    runPlugin(tempDir(), text, ws, [
      ['chat.message', { sessionID: 'ses_1', agent: 'build', messageID: 'msg_1' }, { message: {}, parts: [{ type: 'text', text: 'run the scripts' }] }],
      ['tool.execute.before', { tool: 'bash', sessionID: 'ses_1', callID: 'call_1' }, { args: failing }],
    ]);
    write(ws, 'partial.txt', 'partial\n');
    runPlugin(tempDir(), text, ws, [
      ['tool.execute.after', { tool: 'bash', sessionID: 'ses_1', callID: 'call_1', args: failing }, output(3, 'scripted failure\n')],
      ['tool.execute.before', { tool: 'bash', sessionID: 'ses_1', callID: 'call_2' }, { args: passing }],
    ]);
    write(ws, 'ok.txt', 'ok\n');
    runPlugin(tempDir(), text, ws, [['tool.execute.after', { tool: 'bash', sessionID: 'ses_1', callID: 'call_2', args: passing }, output(0, '(no output)')]]);
    write(ws, 'killed.txt', 'killed\n');
    // a command killed at its timeout has no exit code (null): not marked, not guessed
    runPlugin(tempDir(), text, ws, [['tool.execute.after', { tool: 'bash', sessionID: 'ses_1', callID: 'call_3', args: { command: 'sleep 999' } }, output(null, '')]]);

    const plans = runCli(ws, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans;
    assert.equal(plans.length, 1);
    const checkpoints = runCli(ws, ['--format', 'json', 'plan', 'checkpoints', plans[0]!.plan_id]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
    assert.deepEqual(
      checkpoints.filter((c) => c.checkpoint_type === 'post_step').map((c) => [c.metadata.reason, c.metadata.extra.outcome]),
      [
        ["After bash: printf 'partial\\n' > partial.txt; exit 3 (failed)", 'failed'],
        ["After bash: printf 'ok\\n' > ok.txt", undefined],
        ['After bash: sleep 999', undefined],
      ],
    );
  });

  it('never throws into OpenCode and never holds it past its wait: a missing program, a failing one, a hanging one, junk input', () => {
    const dir = realpathSync(tempDir());
    const ws = realpathSync(tempDir());
    const record = path.join(dir, 'stdin.json');
    // a stand-in for the CLI that records its stdin and fails (the real one always exits 0)
    const failing = path.join(dir, 'failing.js');
    writeFileSync(failing, `require('fs').writeFileSync(${JSON.stringify(record)}, require('fs').readFileSync(0)); process.exit(3);\n`);
    const hanging = path.join(dir, 'hanging.js');
    writeFileSync(hanging, 'setInterval(() => {}, 1000);\n');
    const steps: PluginStep[] = [
      ['tool.execute.before', { tool: 'bash', sessionID: 'ses_1', callID: 'call_1' }, { args: { command: 'ls' } }],
      ['tool.execute.after', undefined, undefined],
      ['chat.message', null, null],
    ];
    const missing = runPlugin(dir, opencodePluginText({ node: path.join(dir, 'no-such-node'), cli: CLI_PATH }), ws, steps);
    assert.deepEqual(missing.map((r) => r.threw), [undefined, undefined, undefined]);

    const failed = runPlugin(dir, opencodePluginText({ node: process.execPath, cli: failing }), ws, steps.slice(0, 1));
    assert.deepEqual(failed.map((r) => r.threw), [undefined]);
    // what the command got on stdin: the event as events/opencode.ts reads it
    assert.deepEqual(JSON.parse(readFileSync(record, 'utf8')), { hook_event_name: 'tool.execute.before', session_id: 'ses_1', tool: 'bash', call_id: 'call_1', args: { command: 'ls' }, directory: ws });

    // the wait, shortened in the file the way it is written (30 s in what install writes)
    const hangingText = opencodePluginText({ node: process.execPath, cli: hanging }).replace('const WAIT_MS = 30000;', 'const WAIT_MS = 500;');
    assert.ok(hangingText.includes('const WAIT_MS = 500;'));
    const hung = runPlugin(dir, hangingText, ws, steps.slice(0, 1));
    assert.deepEqual(hung.map((r) => r.threw), [undefined], 'resolved after the wait, the command killed');
  });
});

describe('the hook command for Codex, as Codex runs it', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('hook-codex-run-');
  before(() => ensureCliBuilt());

  it('the command install wrote, started by sh with a Codex PreToolUse on stdin, exits 0 with nothing on stdout and takes the prompt\'s checkpoint first', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    write(ws, 'notes.txt', 'one\n');
    ok(hook(ws, home, ['install', 'codex']));
    const value = JSON.parse(readFileSync(path.join(ws, '.codex/hooks.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
    const command = value.hooks.UserPromptSubmit![0]!.hooks[0]!.command;
    // a payload as codex-rs/hooks/schema/generated/user-prompt-submit.command.input.schema.json has it
    const prompt = { session_id: '01a23be7-81eb-7c33-89bd-4095592d6b2a', turn_id: 't1', transcript_path: null, cwd: ws, hook_event_name: 'UserPromptSubmit', model: 'gpt-5.5', permission_mode: 'default', prompt: 'add hello.txt' };
    const env = { ...process.env, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', CLEVERAGENTS_NO_DAEMON: '1' };
    const r = spawnSync('sh', ['-c', command], { cwd: ws, input: JSON.stringify(prompt), encoding: 'utf8', env });
    assert.deepEqual([r.status, r.stdout, r.stderr], [0, '', '']);
    const plans = runCli(ws, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans;
    assert.deepEqual(plans.map((p) => p.title), ['Codex CLI: add hello.txt']);
  });
});

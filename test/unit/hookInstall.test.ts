import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import type { HookAgent } from '../../src/daemonClient/hookAgents';
import { runHookAdminCommand } from '../../src/hooks/install/hookAdminCommand';
import { bashCommand, isOurCommand, powershellCommand, programOfCommand, shellExecLine, type HookProgram } from '../../src/hooks/install/hookCommandLine';
import {
  CLAUDE_SETTINGS,
  CLAUDE_SETTINGS_WITH_COMMENT,
  claudePreToolUseEvent,
  CLINE_USER_SCRIPT,
  clinePreToolUseEvent,
  COPILOT_OTHER_HOOKS,
  copilotPreToolUseEvent,
  CURSOR_HOOKS_JSON,
  cursorBeforeShellEvent,
  GEMINI_SETTINGS,
  GEMINI_SETTINGS_BROKEN,
  geminiBeforeToolEvent,
} from './fixtures/hookConfigFixtures';
import { cliLauncherPlace } from '../../src/daemonClient/cliLauncher';
import { CLI_PATH, ensureCliBuilt, runCli, type CliRun, ok } from './helpers/cliHarness';

// `agents hook install|uninstall|status` (issue 23, Deliver 1) on real folders, through the built CLI
// and in process.

const temps: string[] = [];
function tempDir(name: string): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), `hook-${name}-`)));
  temps.push(dir);
  return dir;
}

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

function put(root: string, rel: string, text: string, mode = 0o644): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
  chmodSync(path.join(root, rel), mode);
}

/**
 * The state folder the CLI's hook launcher goes in (src/daemonClient/cliLauncher.ts), beside `home`:
 * these tests look at what install writes in the home folder for the agents.
 */
function stateOf(home: string): string {
  return `${home}-state`;
}

function hook(ws: string, home: string, args: readonly string[], env: Record<string, string> = {}): CliRun {
  return runCli(ws, ['hook', ...args], { env: { HOME: home, XDG_STATE_HOME: stateOf(home), ...env } });
}

/** The value with every hook of ours removed and the lists that leaves empty dropped. */
function withoutOurs(value: Record<string, unknown>, agent: HookAgent): Record<string, unknown> {
  const hooks = value.hooks as Record<string, unknown[]>;
  const kept: Record<string, unknown[]> = {};
  for (const [event, list] of Object.entries(hooks)) {
    const rest = list.filter((e) => !JSON.stringify(e).includes(`hook run ${agent}`));
    if (rest.length > 0) kept[event] = rest;
  }
  return { ...value, hooks: kept };
}

/** The events under which a hook of ours is configured. */
function ourEvents(value: Record<string, unknown>, agent: HookAgent): string[] {
  return Object.entries(value.hooks as Record<string, unknown[]>)
    .filter(([, list]) => list.some((e) => JSON.stringify(e).includes(`hook run ${agent}`)))
    .map(([event]) => event);
}

/** A sink for the in-process command. */
function sink(): { write(text: string): void; text: string } {
  return {
    text: '',
    write(t: string) {
      this.text += t;
    },
  };
}

async function inProcess(ws: string, home: string, argv: readonly string[], program?: HookProgram): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = sink();
  const stderr = sink();
  const code = await runHookAdminCommand(argv, { cwd: ws, env: {}, stdout, stderr, homeDir: home, program });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

before(() => ensureCliBuilt());
after(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

interface JsonCase {
  readonly agent: HookAgent;
  readonly file: string;
  readonly original: string;
  readonly events: readonly string[];
}

const JSON_CASES: readonly JsonCase[] = [
  { agent: 'claude-code', file: '.claude/settings.local.json', original: CLAUDE_SETTINGS, events: ['Stop', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'UserPromptSubmit', 'SessionStart', 'SessionEnd'] },
  { agent: 'cursor', file: '.cursor/hooks.json', original: CURSOR_HOOKS_JSON, events: ['afterFileEdit', 'beforeSubmitPrompt', 'beforeShellExecution', 'afterShellExecution', 'sessionEnd'] },
  { agent: 'gemini', file: '.gemini/settings.json', original: GEMINI_SETTINGS, events: ['BeforeTool', 'AfterTool', 'BeforeAgent', 'SessionStart', 'SessionEnd'] },
];

describe('agents hook install/uninstall: round trips on configurations that hold other hooks and settings', () => {
  for (const c of JSON_CASES) {
    it(`${c.agent}: install keeps every other key and hook, a second install rewrites nothing, uninstall restores the bytes`, () => {
      const ws = tempDir(c.agent);
      const home = tempDir('home');
      put(ws, c.file, c.original);
      const untouched = tree(ws);

      ok(hook(ws, home, ['install', c.agent]));
      const installed = readFileSync(path.join(ws, c.file), 'utf8');
      const value = parseJsonc(installed) as Record<string, unknown>;
      assert.deepEqual(withoutOurs(value, c.agent), parseJsonc(c.original), 'every other key and hook is still there');
      assert.deepEqual(Object.keys(value.hooks as object), c.events);
      assert.ok(ourEvents(value, c.agent).length >= 3, 'our events are configured');
      if (c.agent === 'claude-code') {
        JSON.parse(installed); // Claude reads strict JSON
        assert.ok(installed.includes('\n            {\n                "matcher": "Write|Edit|MultiEdit|NotebookEdit|Bash",'), 'indented with the file\'s four spaces');
      }
      if (c.agent === 'cursor') assert.ok(!/[^\r]\n/.test(installed) && installed.includes('\r\n\t\t"beforeShellExecution": [\r\n\t\t\t{'), 'tabs and CR LF, like the file');
      if (c.agent === 'gemini') assert.ok(installed.startsWith('// my Gemini settings\n') && installed.includes('/* keep this */'), 'comments kept');

      const stamp = statSync(path.join(ws, c.file));
      const again = ok(hook(ws, home, ['install', c.agent]));
      assert.match(again.stdout, /already in .*nothing changed/);
      assert.equal(readFileSync(path.join(ws, c.file), 'utf8'), installed);
      const restamp = statSync(path.join(ws, c.file));
      assert.equal(restamp.ino, stamp.ino, 'the file was not rewritten');
      assert.equal(restamp.mtimeMs, stamp.mtimeMs, 'the file was not rewritten');

      ok(hook(ws, home, ['uninstall', c.agent]));
      assert.deepEqual(tree(ws), untouched, 'uninstall gives back the workspace byte for byte');
    });
  }

  it('copilot: its own file beside another team\'s, which stays byte for byte; uninstall removes only ours', () => {
    const ws = tempDir('copilot');
    const home = tempDir('home');
    put(ws, '.github/hooks/team.json', COPILOT_OTHER_HOOKS);
    const untouched = tree(ws);
    ok(hook(ws, home, ['install', 'copilot']));
    const ours = JSON.parse(readFileSync(path.join(ws, '.github/hooks/cleveragents-checkpoints.json'), 'utf8')) as { version: number; hooks: Record<string, Array<Record<string, unknown>>> };
    assert.equal(ours.version, 1);
    assert.deepEqual(Object.keys(ours.hooks), ['userPromptSubmitted', 'preToolUse', 'postToolUse', 'sessionEnd']);
    for (const [entry] of Object.values(ours.hooks)) {
      assert.equal(entry!.type, 'command');
      assert.ok(isOurCommand(entry!.bash, 'copilot') && isOurCommand(entry!.powershell, 'copilot'));
      assert.equal(entry!.timeoutSec, 30);
    }
    assert.equal(readFileSync(path.join(ws, '.github/hooks/team.json'), 'utf8'), COPILOT_OTHER_HOOKS);
    assert.match(ok(hook(ws, home, ['install', 'copilot'])).stdout, /nothing changed/);
    ok(hook(ws, home, ['uninstall', 'copilot']));
    assert.deepEqual(tree(ws), untouched);
  });

  it('cline: its executables beside the user\'s own TaskComplete script, which is left alone and said; uninstall removes only ours', () => {
    const ws = tempDir('cline');
    const home = tempDir('home');
    put(ws, '.clinerules/rules.md', '# rules\n');
    put(ws, '.clinerules/hooks/TaskComplete', CLINE_USER_SCRIPT, 0o755);
    const untouched = tree(ws);
    const installed = ok(hook(ws, home, ['install', 'cline']));
    // TaskComplete only starts the push at a session's end: the user's script stays, and install says what it misses
    assert.match(installed.stderr, /warning: \.clinerules\/hooks\/TaskComplete is not ours and was left as it is: a session ending there starts no push to a remote/);
    assert.match(installed.stdout, /events TaskStart, UserPromptSubmit, PreToolUse, PostToolUse, TaskCancel, SessionShutdown\)/);
    for (const event of ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskCancel', 'SessionShutdown']) {
      const file = path.join(ws, '.clinerules/hooks', event);
      assert.equal(statSync(file).mode & 0o777, 0o755, `${event} is executable`);
      const text = readFileSync(file, 'utf8');
      assert.ok(text.startsWith('#!/bin/sh\n# cleveragents-checkpoints:') && isOurCommand(text, 'cline'));
    }
    assert.equal(readFileSync(path.join(ws, '.clinerules/hooks/TaskComplete'), 'utf8'), CLINE_USER_SCRIPT);
    assert.match(ok(hook(ws, home, ['install', 'cline'])).stdout, /nothing changed/);
    ok(hook(ws, home, ['uninstall', 'cline']));
    assert.deepEqual(tree(ws), untouched);
  });

  it('in an empty workspace, all five installed and uninstalled leave it empty (files and folders install made are removed)', () => {
    const ws = tempDir('empty');
    const home = tempDir('home');
    for (const agent of ['copilot', 'claude-code', 'cursor', 'gemini', 'cline']) ok(hook(ws, home, ['install', agent]));
    for (const made of ['.github/hooks/cleveragents-checkpoints.json', '.claude/settings.local.json', '.cursor/hooks.json', '.gemini/settings.json', '.clinerules/hooks/PreToolUse']) {
      assert.ok(tree(ws)[made], `${made} written`);
    }
    for (const agent of ['cline', 'claude-code', 'copilot', 'gemini', 'cursor']) ok(hook(ws, home, ['uninstall', agent]));
    assert.deepEqual(tree(ws), {});
    assert.deepEqual(tree(home), {}, 'the home folder is not touched in project scope');
  });

  it('a folder that was there before install stays after uninstall, even when uninstall leaves it empty', () => {
    const ws = tempDir('kept');
    const home = tempDir('home');
    mkdirSync(path.join(ws, '.claude'));
    ok(hook(ws, home, ['install', 'claude-code']));
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.deepEqual(tree(ws), { '.claude': 'dir' });
  });

  it('a file install created but the user added settings to since is kept, with only our hooks taken out', () => {
    const ws = tempDir('shared');
    const home = tempDir('home');
    ok(hook(ws, home, ['install', 'claude-code']));
    const file = path.join(ws, '.claude/settings.local.json');
    const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ model: 'opus', ...value }, null, 2)}\n`);
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { model: 'opus' });
  });

  it('a settings file only its owner may read keeps its mode (0600) through install and uninstall', () => {
    const ws = tempDir('mode');
    const home = tempDir('home');
    put(ws, '.claude/settings.local.json', CLAUDE_SETTINGS, 0o600);
    ok(hook(ws, home, ['install', 'claude-code']));
    assert.equal(statSync(path.join(ws, '.claude/settings.local.json')).mode & 0o777, 0o600);
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.equal(statSync(path.join(ws, '.claude/settings.local.json')).mode & 0o777, 0o600);
  });

  it('a second install leaves our entry where it is when the user has added hooks after it', () => {
    const ws = tempDir('order');
    const home = tempDir('home');
    ok(hook(ws, home, ['install', 'cursor']));
    const file = path.join(ws, '.cursor/hooks.json');
    const value = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, unknown[]> };
    value.hooks.afterFileEdit!.push({ command: './format.sh' });
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
    const edited = readFileSync(file, 'utf8');
    assert.match(ok(hook(ws, home, ['install', 'cursor'])).stdout, /nothing changed/);
    assert.equal(readFileSync(file, 'utf8'), edited);
  });

  it('an entry of ours naming another CLI (an older install) is replaced, not doubled', async () => {
    const ws = tempDir('stale');
    const home = tempDir('home');
    const tools = tempDir('tools');
    const older = { node: process.execPath, cli: path.join(tools, 'old', 'cli.js') };
    const newer = { node: process.execPath, cli: path.join(tools, 'new', 'cli.js') };
    for (const p of [older, newer]) put(tools, path.relative(tools, p.cli), '// cli\n');
    put(ws, '.claude/settings.local.json', CLAUDE_SETTINGS);
    assert.equal((await inProcess(ws, home, ['install', 'claude-code'], older)).code, 0);
    assert.equal((await inProcess(ws, home, ['install', 'claude-code'], newer)).code, 0);
    const text = readFileSync(path.join(ws, '.claude/settings.local.json'), 'utf8');
    assert.ok(!text.includes(older.cli) && text.includes(newer.cli));
    const hooks = (JSON.parse(text) as { hooks: Record<string, unknown[]> }).hooks;
    assert.equal(hooks.PreToolUse!.filter((e) => JSON.stringify(e).includes('hook run claude-code')).length, 1);
    assert.equal((await inProcess(ws, home, ['uninstall', 'claude-code'], newer)).code, 0);
    assert.equal(readFileSync(path.join(ws, '.claude/settings.local.json'), 'utf8'), CLAUDE_SETTINGS);
  });

  it('our hook put by hand into a group of the user\'s is taken out of that group alone', () => {
    const ws = tempDir('group');
    const home = tempDir('home');
    ok(hook(ws, home, ['install', 'claude-code']));
    const file = path.join(ws, '.claude/settings.local.json');
    const value = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, Array<{ matcher?: string; hooks: unknown[] }>> };
    const ours = value.hooks.PreToolUse![0]!.hooks[0];
    const mixed = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }, ours] }] } };
    writeFileSync(file, `${JSON.stringify(mixed, null, 2)}\n`);
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] } });
  });
});

describe('agents hook install: configurations it must not touch', () => {
  it('Claude settings with a comment: refused with file:line:column, the file left as it was', () => {
    const ws = tempDir('comment');
    const home = tempDir('home');
    put(ws, '.claude/settings.local.json', CLAUDE_SETTINGS_WITH_COMMENT);
    const untouched = tree(ws);
    const run = hook(ws, home, ['install', 'claude-code']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.claude\/settings\.local\.json:2:5: cannot parse the file: InvalidCommentToken \(this agent reads strict JSON/);
    assert.deepEqual(tree(ws), untouched);
  });

  it('Gemini settings that do not parse: refused with file:line:column, left as they were', () => {
    const ws = tempDir('broken');
    const home = tempDir('home');
    put(ws, '.gemini/settings.json', GEMINI_SETTINGS_BROKEN);
    const untouched = tree(ws);
    for (const action of ['install', 'uninstall']) {
      const run = hook(ws, home, [action, 'gemini']);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /\.gemini\/settings\.json:3:3: cannot parse the file: CommaExpected; it was left as it is/);
    }
    assert.deepEqual(tree(ws), untouched);
  });

  it('a "hooks" that is not an object: refused, naming where it is', () => {
    const ws = tempDir('shape');
    const home = tempDir('home');
    put(ws, '.claude/settings.local.json', '{\n  "hooks": []\n}\n');
    const run = hook(ws, home, ['install', 'claude-code', '--format', 'json']);
    assert.equal(run.code, 1);
    assert.deepEqual(run.json(), { error: { type: 'ConfigError', message: '.claude/settings.local.json:2:12: "hooks" is not an object; the file was left as it is' } });
    assert.equal(readFileSync(path.join(ws, '.claude/settings.local.json'), 'utf8'), '{\n  "hooks": []\n}\n');
  });

  it('a config folder that is a symbolic link out of the workspace is not written through', () => {
    const ws = tempDir('link-out');
    const home = tempDir('home');
    const outside = tempDir('outside');
    symlinkSync(outside, path.join(ws, '.claude'));
    const run = hook(ws, home, ['install', 'claude-code']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.claude is a symbolic link that leads outside the workspace/);
    assert.deepEqual(tree(outside), {});
    assert.deepEqual(tree(ws), { '.claude': `link ${outside}` });
  });

  it('a .cleveragents folder linking out of the workspace (where install keeps its record) stops install before it writes', () => {
    const ws = tempDir('record-out');
    const home = tempDir('home');
    const outside = tempDir('outside');
    symlinkSync(outside, path.join(ws, '.cleveragents'));
    const run = hook(ws, home, ['install', 'cursor']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.cleveragents is a symbolic link that leads outside the workspace/);
    assert.deepEqual(tree(ws), { '.cleveragents': `link ${outside}` });
    assert.deepEqual(tree(outside), {});
  });

  it('a config file that links to a file inside the workspace is written where it leads, and stays a link', () => {
    const ws = tempDir('link-in');
    const home = tempDir('home');
    put(ws, 'config/claude.json', CLAUDE_SETTINGS);
    mkdirSync(path.join(ws, '.claude'));
    symlinkSync('../config/claude.json', path.join(ws, '.claude/settings.local.json'));
    ok(hook(ws, home, ['install', 'claude-code']));
    assert.ok(lstatSync(path.join(ws, '.claude/settings.local.json')).isSymbolicLink());
    assert.ok(readFileSync(path.join(ws, 'config/claude.json'), 'utf8').includes('hook run claude-code'));
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.equal(readFileSync(path.join(ws, 'config/claude.json'), 'utf8'), CLAUDE_SETTINGS);
  });

  it('Cline: a hook script of the user\'s own under an event we need is refused, and nothing is written', () => {
    const ws = tempDir('cline-theirs');
    const home = tempDir('home');
    put(ws, '.clinerules/hooks/PreToolUse', CLINE_USER_SCRIPT, 0o755);
    const untouched = tree(ws);
    const run = hook(ws, home, ['install', 'cline']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.clinerules\/hooks\/PreToolUse exists and is not ours: .*hook run cline/);
    assert.deepEqual(tree(ws), untouched);
    ok(hook(ws, home, ['uninstall', 'cline']));
    assert.deepEqual(tree(ws), untouched, 'uninstall leaves a script that is not ours');
  });

  it('Cline: a .clinerules file (rules kept as one file) is refused with what to do', () => {
    const ws = tempDir('cline-file');
    const home = tempDir('home');
    put(ws, '.clinerules', 'be nice\n');
    const run = hook(ws, home, ['install', 'cline']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.clinerules is a file: Cline reads hooks only from a \.clinerules\/hooks\/ folder/);
    assert.deepEqual(tree(ws), { '.clinerules': `644 ${Buffer.from('be nice\n').toString('base64')}` });
  });

  it('an install record from a clone naming paths outside the agent\'s own is ignored', () => {
    const ws = tempDir('record');
    const home = tempDir('home');
    mkdirSync(path.join(ws, 'src'));
    put(ws, '.cleveragents/hook-install.json', JSON.stringify({ version: 1, data_folder_created: false, created: { 'claude-code': ['src', '.claude', '.claude/settings.json'] } }));
    put(ws, '.claude/settings.json', CLAUDE_SETTINGS);
    ok(hook(ws, home, ['install', 'claude-code']));
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.equal(tree(ws).src, 'dir', 'a folder the record names but install cannot create is not removed');
    assert.equal(readFileSync(path.join(ws, '.claude/settings.json'), 'utf8'), CLAUDE_SETTINGS, 'the settings the record claims were not created by us stay');
  });

  it('command-line mistakes exit 2 with the usage', () => {
    const ws = tempDir('usage');
    const home = tempDir('home');
    for (const args of [['install'], ['install', 'vim'], ['install', 'cursor', '--frobnicate'], ['status', 'cursor'], ['install', 'cursor', '--format', 'xml']]) {
      const run = hook(ws, home, args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /agents hook install <agent>/);
    }
    assert.deepEqual(tree(ws), {});
  });

  it('`agents hook --help`, `hook help` and a bare `hook` show every hook command, run included (the built CLI)', () => {
    const ws = tempDir('help');
    for (const args of [['hook', '--help'], ['hook', '-h'], ['hook', 'help'], ['--format', 'json', 'hook', '--help']]) {
      const run = runCli(ws, args);
      assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stdout, /^usage: agents hook run <agent>.*\n {7}agents hook install <agent>.*\n {7}agents hook uninstall <agent>.*\n {7}agents hook status/);
    }
    const bare = runCli(ws, ['hook']);
    assert.equal(bare.code, 2);
    assert.match(bare.stderr, /hook needs a command[\s\S]*agents hook run <agent>/);
    assert.deepEqual(tree(ws), {});
  });
});

describe('agents hook --dry-run', () => {
  it('install prints the change as a unified diff and writes nothing', () => {
    const ws = tempDir('dry');
    const home = tempDir('home');
    put(ws, '.claude/settings.local.json', CLAUDE_SETTINGS);
    const untouched = tree(ws);
    const run = ok(hook(ws, home, ['install', 'claude-code', '--dry-run']));
    assert.match(run.stdout, /^--- a\/\.claude\/settings\.local\.json\n\+\+\+ b\/\.claude\/settings\.local\.json\n@@ -\d+,\d+ \+\d+,\d+ @@\n/m);
    assert.match(run.stdout, /^ {17}"hooks": \[\{"type": "command", "command": "\.\/scripts\/guard\.sh", "timeout": 5\}\]$/m, 'the user\'s hook is context');
    assert.deepEqual(run.stdout.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---')), [], 'install only adds lines');
    assert.match(run.stdout, /^\+                "matcher": "Write\|Edit\|MultiEdit\|NotebookEdit\|Bash",$/m);
    assert.match(run.stdout, /Dry run: nothing was written\./);
    assert.deepEqual(tree(ws), untouched);
  });

  it('a new file is shown against /dev/null; uninstall --dry-run shows the removal and removes nothing', () => {
    const ws = tempDir('dry-new');
    const home = tempDir('home');
    const created = ok(hook(ws, home, ['install', 'copilot', '--dry-run']));
    assert.match(created.stdout, /^--- \/dev\/null\n\+\+\+ b\/\.github\/hooks\/cleveragents-checkpoints\.json\n@@ -0,0 \+1,\d+ @@\n\+\{\n\+  "version": 1,/m);
    assert.deepEqual(tree(ws), {});
    ok(hook(ws, home, ['install', 'copilot']));
    const installed = tree(ws);
    const removal = ok(hook(ws, home, ['uninstall', 'copilot', '--dry-run', '--format', 'json'])).json<{ hook: { dry_run: boolean; changes: Array<{ path: string; action: string; diff: string }> } }>();
    assert.equal(removal.hook.dry_run, true);
    assert.deepEqual(removal.hook.changes.map((c) => [c.path, c.action]), [['.github/hooks/cleveragents-checkpoints.json', 'delete']]);
    assert.match(removal.hook.changes[0]!.diff, /^--- a\/\.github\/hooks\/cleveragents-checkpoints\.json\n\+\+\+ \/dev\/null\n/m);
    assert.deepEqual(tree(ws), installed);
  });
});

describe('agents hook --user', () => {
  it('writes the configuration in the home folder, not the workspace; status tells the scopes apart', () => {
    const ws = tempDir('user-ws');
    const home = tempDir('home');
    put(home, '.claude/settings.json', CLAUDE_SETTINGS);
    const before = tree(home);
    ok(hook(ws, home, ['install', 'claude-code', '--user']));
    ok(hook(ws, home, ['install', 'cline', '--user']));
    assert.deepEqual(tree(ws), {});
    assert.deepEqual(ourEvents(JSON.parse(readFileSync(path.join(home, '.claude/settings.json'), 'utf8')) as Record<string, unknown>, 'claude-code'), ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'UserPromptSubmit', 'SessionStart', 'SessionEnd']);
    assert.equal(statSync(path.join(home, 'Documents/Cline/Hooks/PostToolUse')).mode & 0o777, 0o755);
    const status = ok(hook(ws, home, ['status', '--format', 'json'])).json<{ hooks: Array<{ agent: string; scope: string; installed: boolean; events: string[]; command_resolves: boolean | null }> }>();
    const of = (agent: string, scope: string) => status.hooks.find((s) => s.agent === agent && s.scope === scope)!;
    assert.deepEqual([of('claude-code', 'user').installed, of('claude-code', 'user').command_resolves, of('claude-code', 'project').installed], [true, true, false]);
    assert.deepEqual(of('cline', 'user').events, ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskComplete', 'TaskCancel', 'SessionShutdown']);
    assert.equal(status.hooks.length, 14, 'seven agents, two scopes each');
    ok(hook(ws, home, ['uninstall', 'claude-code', '--user']));
    ok(hook(ws, home, ['uninstall', 'cline', '--user']));
    assert.deepEqual(tree(home), before);
  });
});

describe('Cline hook scripts are executable', () => {
  it('mode 0755 whatever the umask, and a script that lost its x bit gets it back', () => {
    const ws = tempDir('umask');
    const home = tempDir('home');
    const r = spawnSync('bash', ['-c', `umask 077; exec "${process.execPath}" "${CLI_PATH}" hook install cline`], { cwd: ws, env: { ...process.env, HOME: home }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    for (const event of ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse']) assert.equal(statSync(path.join(ws, '.clinerules/hooks', event)).mode & 0o777, 0o755, event);
    chmodSync(path.join(ws, '.clinerules/hooks/PreToolUse'), 0o644);
    const again = ok(hook(ws, home, ['install', 'cline']));
    assert.match(again.stdout, /modify \.clinerules\/hooks\/PreToolUse/);
    assert.equal(statSync(path.join(ws, '.clinerules/hooks/PreToolUse')).mode & 0o777, 0o755);
  });
});

describe('agents hook status', () => {
  it('takes the global options before "hook" as other commands do: `agents --format json hook status` prints the JSON and exits 0', () => {
    const ws = tempDir('status-global');
    const home = tempDir('home');
    const other = tempDir('status-other');
    ok(runCli(other, ['hook', 'install', 'cursor'], { env: { HOME: home } }));
    const run = ok(runCli(ws, ['--format', 'json', '--workspace', other, 'hook', 'status'], { env: { HOME: home } }));
    const status = run.json<{ hooks: Array<{ agent: string; scope: string; installed: boolean }> }>();
    assert.equal(status.hooks.length, 14, 'seven agents, two scopes each');
    assert.equal(status.hooks.find((s) => s.agent === 'cursor' && s.scope === 'project')?.installed, true, '--workspace before "hook" names the workspace');
    const install = ok(runCli(ws, ['--format=json', 'hook', 'install', 'gemini', '--dry-run'], { env: { HOME: home } })).json<{ hook: { agent: string; dry_run: boolean } }>();
    assert.deepEqual([install.hook.agent, install.hook.dry_run], ['gemini', true]);
    const mistake = runCli(ws, ['--format', 'json', 'hook', 'status', 'cursor'], { env: { HOME: home } });
    assert.equal(mistake.code, 2);
    assert.equal(mistake.json<{ error: { type: string } }>().error.type, 'UsageError');
  });

  it('warns when the configured node or cli.js no longer exists', async () => {
    const ws = tempDir('status');
    const home = tempDir('home');
    const tools = tempDir('tools');
    const program = { node: process.execPath, cli: path.join(tools, 'cli.js') };
    put(tools, 'cli.js', '// cli\n');
    assert.equal((await inProcess(ws, home, ['install', 'gemini'], program)).code, 0);
    const fine = await inProcess(ws, home, ['status']);
    assert.match(fine.stdout, /^ {2}project \.gemini\/settings\.json: installed \(BeforeTool, AfterTool, BeforeAgent, SessionStart, SessionEnd\), node client$/m);
    // a project file a team shares names this machine's paths: said, whatever else is right
    assert.equal(fine.stderr, "warning: .gemini/settings.json is a project file that is usually committed, and the hook command in it names this machine's paths (its node and cli.js): a teammate's machine cannot run it. Keep it out of your commits (or install with --user instead).\n");
    unlinkSync(program.cli);
    const gone = await inProcess(ws, home, ['status']);
    assert.equal(gone.code, 0);
    assert.match(gone.stdout, /installed \(BeforeTool, AfterTool, BeforeAgent, SessionStart, SessionEnd\), node client, but its command no longer runs/);
    assert.match(gone.stderr, new RegExp(`warning: \\.gemini/settings\\.json: the hook command no longer runs \\(.*${path.basename(tools)}/cli\\.js is missing\\); run \`agents hook install gemini\` again`));
  });

  it('reports a configuration it cannot read, and still lists the rest', () => {
    const ws = tempDir('status-bad');
    const home = tempDir('home');
    put(ws, '.claude/settings.local.json', CLAUDE_SETTINGS_WITH_COMMENT);
    const run = ok(hook(ws, home, ['status']));
    assert.match(run.stdout, /project \.claude\/settings\.local\.json: unreadable/);
    assert.match(run.stdout, /Cline \(cline\)/);
    assert.match(run.stderr, /warning: \.claude\/settings\.local\.json:2:5: cannot parse the file/);
  });

  it('Gemini: a settings file that switches hooks off is reported at install, not overridden', () => {
    const ws = tempDir('gemini-off');
    const home = tempDir('home');
    put(ws, '.gemini/settings.json', '{\n  "hooksConfig": { "enabled": false }\n}\n');
    const run = ok(hook(ws, home, ['install', 'gemini']));
    assert.match(run.stderr, /warning: \.gemini\/settings\.json sets hooksConfig\.enabled to false: Gemini CLI runs no hook until it is true/);
    assert.equal((parseJsonc(readFileSync(path.join(ws, '.gemini/settings.json'), 'utf8')) as { hooksConfig: { enabled: boolean } }).hooksConfig.enabled, false);
  });
});

/** How each agent starts the configured command: the command (or Cline's script), the env it sets, the event on stdin. */
interface AgentRun {
  readonly agent: HookAgent;
  command(ws: string): { file: string; args: string[] };
  env(ws: string): Record<string, string>;
  event(ws: string): string;
  /** What the agent must read on stdout for that event, spelled out (its documentation, src/hooks/hookAnswer.ts). */
  readonly answer: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
function configured(ws: string, file: string, pick: (value: Record<string, any>) => string): { file: string; args: string[] } {
  const value = parseJsonc(readFileSync(path.join(ws, file), 'utf8')) as Record<string, any>;
  return { file: 'bash', args: ['-c', pick(value)] };
}

const AGENT_RUNS: readonly AgentRun[] = [
  // Claude Code runs the command with bash in the project, CLAUDE_PROJECT_DIR set (https://code.claude.com/docs/en/hooks)
  {
    agent: 'claude-code',
    command: (ws) => configured(ws, '.claude/settings.local.json', (v) => v.hooks.PreToolUse.find((g: any) => g.matcher === 'Write|Edit|MultiEdit|NotebookEdit|Bash').hooks[0].command),
    env: (ws) => ({ CLAUDE_PROJECT_DIR: ws }),
    event: claudePreToolUseEvent,
    answer: '',
  },
  // Copilot runs `bash` on Linux and macOS, from the repository root (https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference)
  { agent: 'copilot', command: (ws) => configured(ws, '.github/hooks/cleveragents-checkpoints.json', (v) => v.hooks.preToolUse[0].bash), env: () => ({}), event: copilotPreToolUseEvent, answer: '' },
  // Cursor runs the command from the project (https://cursor.com/docs/agent/hooks)
  { agent: 'cursor', command: (ws) => configured(ws, '.cursor/hooks.json', (v) => v.hooks.beforeShellExecution[0].command), env: () => ({}), event: cursorBeforeShellEvent, answer: '{}\n' },
  // Gemini CLI runs it in a shell with GEMINI_PROJECT_DIR (https://geminicli.com/docs/hooks/reference)
  {
    agent: 'gemini',
    command: (ws) => configured(ws, '.gemini/settings.json', (v) => v.hooks.BeforeTool[0].hooks[0].command),
    env: (ws) => ({ GEMINI_PROJECT_DIR: ws, GEMINI_SESSION_ID: 'g-s-1' }),
    event: geminiBeforeToolEvent,
    answer: '{}\n',
  },
  // Cline executes the file named after the event (https://docs.cline.bot/customization/hooks)
  { agent: 'cline', command: (ws) => ({ file: path.join(ws, '.clinerules/hooks/PreToolUse'), args: [] }), env: () => ({}), event: clinePreToolUseEvent, answer: '{"cancel":false}\n' },
];
/* eslint-enable @typescript-eslint/no-explicit-any */

function runAsAgent(ws: string, home: string, run: AgentRun): { status: number | null; stdout: string; stderr: string } {
  const { file, args } = run.command(ws);
  // the agent's environment: no `agents` or node on PATH
  const r = spawnSync(file, args, { cwd: ws, input: run.event(ws), env: { PATH: '/usr/bin:/bin', HOME: home, ...run.env(ws) }, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the configured command, run exactly as each agent runs it', () => {
  it('reaches the CLI named in it with `hook run <agent>` and the event on stdin, from a path full of shell characters', async () => {
    const home = tempDir('home');
    // a node and a cli.js under a folder whose name bash and PowerShell would both mangle unquoted
    const tools = path.join(tempDir('tools'), `we ird $HOME \`id\` "q" 'p' !x`);
    mkdirSync(tools);
    const node = path.join(tools, 'node');
    symlinkSync(process.execPath, node);
    const cli = path.join(tools, 'cli.js');
    writeFileSync(cli, "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(JSON.stringify({argv:process.argv.slice(2),stdin:s,cwd:process.cwd()})));\n");
    for (const run of AGENT_RUNS) {
      const ws = tempDir(`run-${run.agent}`);
      assert.equal((await inProcess(ws, home, ['install', run.agent], { node, cli })).code, 0);
      const r = runAsAgent(ws, home, run);
      assert.equal(r.status, 0, `${run.agent}: ${r.stderr}`);
      assert.deepEqual(JSON.parse(r.stdout), { argv: ['hook', 'run', run.agent], stdin: run.event(ws), cwd: ws }, run.agent);
    }
  });

  it('run on VS Code\'s Electron (the integrated terminal\'s `agents`), the command sets ELECTRON_RUN_AS_NODE=1, or the agent would open a window', () => {
    const tools = tempDir('electron');
    // A stand-in for VS Code's executable: it says whether it was asked to run as Node.js.
    const electron = path.join(tools, 'code');
    writeFileSync(electron, '#!/bin/sh\nprintf "%s %s" "${ELECTRON_RUN_AS_NODE:-unset}" "$*"\n', { mode: 0o755 });
    const program = { node: electron, cli: path.join(tools, 'cli.js'), electron: true };
    const bash = bashCommand(program, 'claude-code');
    const r = spawnSync('bash', ['-c', bash], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
    assert.equal(r.stdout, `1 ${program.cli} hook run claude-code`);
    const line = shellExecLine(program, 'cline');
    const script = path.join(tools, 'PreToolUse');
    writeFileSync(script, `#!/bin/sh\n${line}\n`, { mode: 0o755 });
    assert.equal(spawnSync(script, [], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' }).stdout, `1 ${program.cli} hook run cline`);
    for (const command of [bash, line]) assert.deepEqual(programOfCommand(command), program, command);
    assert.ok(isOurCommand(bash, 'claude-code'));
    assert.equal(powershellCommand(program, 'copilot'), `$env:ELECTRON_RUN_AS_NODE='1'; & '${electron}' '${program.cli}' hook run copilot`);
    // On plain Node.js nothing is added.
    assert.equal(bashCommand({ node: '/n', cli: '/c.js' }, 'cursor'), '"/n" "/c.js" hook run cursor');
  });

  it('with the resident process turned off, the commands set CLEVERAGENTS_NO_DAEMON=1 for the hook', () => {
    const tools = tempDir('no-daemon');
    // A stand-in for node: it says whether the variable reached it.
    const node = path.join(tools, 'node');
    writeFileSync(node, '#!/bin/sh\nprintf "%s %s" "${CLEVERAGENTS_NO_DAEMON:-unset}" "$*"\n', { mode: 0o755 });
    const program = { node, cli: path.join(tools, 'cli.js'), noDaemon: true };
    const bash = bashCommand(program, 'claude-code');
    assert.equal(spawnSync('bash', ['-c', bash], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' }).stdout, `1 ${program.cli} hook run claude-code`);
    const script = path.join(tools, 'PreToolUse');
    writeFileSync(script, `#!/bin/sh\n${shellExecLine({ ...program, electron: true }, 'cline')}\n`, { mode: 0o755 });
    assert.equal(spawnSync(script, [], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' }).stdout, `1 ${program.cli} hook run cline`);
    for (const command of [bash, shellExecLine(program, 'cline')]) assert.deepEqual(programOfCommand(command), program, command);
    assert.deepEqual(programOfCommand(bashCommand({ ...program, electron: true }, 'cursor')), { ...program, electron: true });
    assert.equal(powershellCommand(program, 'copilot'), `$env:CLEVERAGENTS_NO_DAEMON='1'; & '${node}' '${program.cli}' hook run copilot`);
    // `agents hook install` run with the variable writes it into the hooks
    const home = tempDir('home-no-daemon');
    const ws = tempDir('ws-no-daemon');
    ok(hook(ws, home, ['install', 'claude-code'], { CLEVERAGENTS_NO_DAEMON: '1' }));
    const installed = AGENT_RUNS.find((r) => r.agent === 'claude-code')!.command(ws).args[1]!;
    assert.match(installed, /^CLEVERAGENTS_NO_DAEMON=1 "/);
  });

  it('PowerShell\'s form quotes with single quotes and doubles the ones inside', () => {
    assert.equal(powershellCommand({ node: "C:\\Program Files\\node's\\node.exe", cli: 'C:\\x\\$env:y\\cli.js' }, 'copilot'), "& 'C:\\Program Files\\node''s\\node.exe' 'C:\\x\\$env:y\\cli.js' hook run copilot");
  });

  it('installed by the real CLI, names this node and dist/cli.js, and runs `agents hook run <agent>`', () => {
    const home = tempDir('home');
    for (const run of AGENT_RUNS) {
      const ws = tempDir(`real-${run.agent}`);
      ok(hook(ws, home, ['install', run.agent]));
      const { file, args } = run.command(ws);
      const command = run.agent === 'cline' ? readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith('exec '))! : args[1]!;
      // the launcher with the fast client, on Linux and macOS (terminalLauncher.test.ts runs it)
      const node = process.platform === 'win32' ? process.execPath : cliLauncherPlace(CLI_PATH, { XDG_STATE_HOME: stateOf(home) }, home)!.file;
      assert.deepEqual(programOfCommand(command), { node, cli: CLI_PATH }, run.agent);
      assert.ok(isOurCommand(command, run.agent));
      const r = runAsAgent(ws, home, run);
      assert.equal(r.status, 0, `${run.agent}: exit ${r.status}\n${r.stderr}`);
      assert.equal(r.stderr, '', run.agent);
      assert.equal(r.stdout, run.answer, `${run.agent}: the protocol's answer`);
    }
  });
});


// `agents hook install` from a plain terminal (no VS Code variables) writes a launcher of its own
// with the fast client (src/daemonClient/cliLauncher.ts) and names it in the hooks: the built CLI, the
// real launcher run by sh as the agent runs its command, the real resident process. That no
// Node.js starts is shown by NODE_OPTIONS requiring a script that leaves a mark: only node reads it.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cliLauncherText } from '../../src/daemonClient/cliLauncher';
import { launcherVersion } from '../../src/daemonClient/launcherText';
import { CLI_PATH } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, VERSION, agents, event, hook, hooksLog, json, newWorkspace, running, status, toolsOnly, useFastClientSuite } from './helpers/residentProcessFixtures';

const uid = typeof process.getuid === 'function' ? process.getuid() : -1;

interface Installed {
  readonly hook: { readonly client: 'fast' | 'node'; readonly launcher: string | null; readonly warnings: readonly string[] };
}

for (const client of ['perl', 'curl'] as const)
describe(`agents hook install from a terminal: its own launcher, with ${client}`, function () {
  this.timeout(180_000);
  const { pids, tempDir } = useFastClientSuite(client, 'ca-termlaunch-');

  /** A plain terminal's environment: no VS Code variable, no XDG_STATE_HOME unless given. */
  const terminal = (home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...extra });

  function install(root: string, home: string, extra: Record<string, string> = {}): Installed {
    const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'install', 'claude-code', '--format', 'json'], { cwd: root, env: terminal(home, extra), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    return JSON.parse(r.stdout) as Installed;
  }

  /** The command the install wrote for PreToolUse. */
  function preToolUseCommand(root: string): string {
    const settings = JSON.parse(readFileSync(path.join(root, '.claude', 'settings.local.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    return settings.hooks.PreToolUse![0]!.hooks[0]!.command;
  }

  /** A workspace with a plan and its resident process running, and a home of its own. */
  async function served(dir: string): Promise<{ root: string; home: string }> {
    const root = newWorkspace(dir);
    const home = path.join(dir, 'home');
    mkdirSync(home);
    json(root, ['plan', 'create', '--title', 'first'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    pids.push((await running(root)).pid);
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'add b' }));
    return { root, home };
  }

  /** Runs `command` as Claude Code does (sh -c, the event on stdin); `marks` counts the node processes it started. */
  function runHook(dir: string, root: string, home: string, command: string, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string; nodes: number } {
    const marker = path.join(dir, 'node-started.js');
    const marks = path.join(dir, 'node-marks');
    writeFileSync(marker, `require('fs').appendFileSync(${JSON.stringify(marks)}, 'node\\n');\n`);
    rmSync(marks, { force: true });
    const input = event(root, 'PreToolUse', { tool_name: 'Write', tool_use_id: `t-${Date.now()}`, tool_input: { file_path: path.join(root, 'src/b.ts') } });
    const tools = toolsOnly(dir, client === 'perl' ? ['perl'] : []);
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: root, input, env: { ...BASE_ENV, PATH: tools, HOME: home, CLAUDE_PROJECT_DIR: root, NODE_OPTIONS: `--require ${marker}`, ...env }, encoding: 'utf8', timeout: 60_000 });
    const nodes = existsSync(marks) ? readFileSync(marks, 'utf8').split('\n').filter(Boolean).length : 0;
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, nodes };
  }

  it('names a launcher in the user’s state folder, whose hooked call the resident process answers without starting Node.js', async () => {
    const dir = tempDir();
    const { root, home } = await served(dir);
    const installed = install(root, home);
    const launcher = path.join(home, '.local', 'state', 'cleveragents-checkpoints', 'hook-runtime', path.basename(installed.hook.launcher ?? 'none'));
    assert.deepEqual([installed.hook.client, installed.hook.launcher, installed.hook.warnings.filter((w) => !w.includes('.gitignore'))], ['fast', launcher, []]);
    assert.equal(preToolUseCommand(root), `"${launcher}" "${CLI_PATH}" hook run claude-code`);
    assert.equal(launcherVersion(readFileSync(launcher, 'utf8')), VERSION);

    const before = status(root).requests;
    const fast = runHook(dir, root, home, preToolUseCommand(root));
    assert.deepEqual(fast, { code: 0, stdout: '', stderr: '', nodes: 0 }, 'answered, and no node started');
    assert.equal(status(root).requests, before + 2, 'the hook (and this status) went to the resident process');
    assert.equal(hooksLog(root).split('\n').filter((l) => l.includes(': pre_write ')).length, 1, 'the checkpoint was taken');
    // The mark is node's: with the resident process turned off, node does the call and leaves it.
    const byNode = runHook(dir, root, home, preToolUseCommand(root), NO_DAEMON);
    assert.deepEqual([byNode.code, byNode.stdout, byNode.nodes > 0], [0, '', true], byNode.stderr);

    const statusRun = spawnSync(process.execPath, [CLI_PATH, 'hook', 'status', '--format', 'json'], { cwd: root, env: terminal(home), encoding: 'utf8' });
    const rows = (JSON.parse(statusRun.stdout) as { hooks: { agent: string; scope: string; client: string | null }[] }).hooks.filter((h) => h.agent === 'claude-code');
    assert.deepEqual(rows.map((h) => [h.scope, h.client]), [['project', 'fast'], ['user', null]]);
  });

  it('a launcher of an older version (the CLI was updated) is rewritten by the next hooked call, and by an install', async () => {
    const dir = tempDir();
    const { root, home } = await served(dir);
    const launcher = install(root, home).hook.launcher!;
    const current = readFileSync(launcher, 'utf8');
    const old = cliLauncherText(process.execPath, false, '0.0.1-old', uid);
    writeFileSync(launcher, old, { mode: 0o700 });
    // The process refuses the old launcher's fast client: node does the call, then rewrites the launcher.
    const first = runHook(dir, root, home, preToolUseCommand(root));
    assert.deepEqual([first.code, first.stdout, first.nodes > 0], [0, '', true], first.stderr);
    assert.equal(readFileSync(launcher, 'utf8'), current, 'rewritten for this version');
    const next = runHook(dir, root, home, preToolUseCommand(root));
    assert.deepEqual(next, { code: 0, stdout: '', stderr: '', nodes: 0 }, 'the next call takes the fast client');
    // An install finds it old too.
    writeFileSync(launcher, old, { mode: 0o700 });
    install(root, home);
    assert.equal(readFileSync(launcher, 'utf8'), current);
  });

  it('an install refused for its configuration leaves no launcher behind', () => {
    const dir = tempDir();
    const root = newWorkspace(dir);
    const home = path.join(dir, 'home');
    mkdirSync(home);
    mkdirSync(path.join(root, '.claude'));
    writeFileSync(path.join(root, '.claude', 'settings.local.json'), '{"hooks": {}, "hooks": {}}\n');
    const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'install', 'claude-code'], { cwd: root, env: terminal(home), encoding: 'utf8' });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /is there twice/);
    assert.equal(existsSync(path.join(home, '.local', 'state', 'cleveragents-checkpoints')), false);
  });

  it('refuses a launcher where someone else, or the workspace, could change it: the hooks name node, and nothing is written there', async () => {
    const dir = tempDir();
    const { root, home } = await served(dir);
    const refused = (why: string, extra: Record<string, string>, said: RegExp) => {
      const installed = install(root, home, extra);
      assert.deepEqual([installed.hook.client, installed.hook.launcher], ['node', null], why);
      assert.match(installed.hook.warnings.join('\n'), said, why);
      assert.equal(preToolUseCommand(root), `"${process.execPath}" "${CLI_PATH}" hook run claude-code`, why);
    };
    const inWorkspace = path.join(root, 'state');
    // XDG_STATE_HOME inside the workspace (a clone's .envrc could set it)
    refused('in the workspace', { XDG_STATE_HOME: inWorkspace }, /inside the workspace/);
    assert.equal(existsSync(inWorkspace), false, 'nothing made in the workspace');
    // our folder a link to elsewhere
    const elsewhere = path.join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    const state = path.join(dir, 'state-link');
    mkdirSync(state);
    symlinkSync(elsewhere, path.join(state, 'cleveragents-checkpoints'));
    refused('our folder a link', { XDG_STATE_HOME: state }, /symbolic link/);
    // the launcher itself a link to a file of the user's
    const state2 = path.join(dir, 'state-file-link');
    const named = install(root, home, { XDG_STATE_HOME: state2 }).hook.launcher!;
    rmSync(named);
    const bashrc = path.join(dir, 'bashrc');
    writeFileSync(bashrc, 'export EDITOR=vi\n');
    symlinkSync(bashrc, named);
    refused('the launcher a link', { XDG_STATE_HOME: state2 }, /symbolic link/);
    assert.equal(readFileSync(bashrc, 'utf8'), 'export EDITOR=vi\n', 'nothing written through the link');
    assert.deepEqual(readdirSync(elsewhere), [], 'nothing written through the folder link');
    // a state folder others may write in
    const open = path.join(dir, 'state-open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    refused('others may write', { XDG_STATE_HOME: open }, /others may write/);
    assert.equal(existsSync(path.join(open, 'cleveragents-checkpoints')), false);
  });
});

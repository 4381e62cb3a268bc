import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { opencodePluginText } from '../../src/hooks/install/opencodePlugin';
import { CLI_PATH, ensureCliBuilt, ok, runCli, type CliRun } from './helpers/cliHarness';
import { gitIn } from './helpers/remoteFixtures';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// The session's end in what `agents hook install` writes for each agent (the push at a session's
// end, docs/REMOTES.md): the event is installed; an install made before it (without that event)
// is reported by `hook status` and completed by running install again; OpenCode's plugin ends, at
// its `dispose`, each session it saw, once; and the event, with pushing off, takes no checkpoint.

function hook(ws: string, home: string, args: readonly string[]): CliRun {
  return runCli(ws, ['hook', ...args], { env: { HOME: home, CODEX_HOME: '', XDG_STATE_HOME: `${home}-state`, XDG_CONFIG_HOME: `${home}/.config` } });
}

interface StatusRow {
  agent: string;
  scope: string;
  installed: boolean;
  events: string[];
  problems: string[];
  missing_events: string[];
}

function status(ws: string, home: string, agent: string): StatusRow {
  const rows = ok(hook(ws, home, ['status', '--format', 'json'])).json<{ hooks: StatusRow[] }>().hooks;
  return rows.find((r) => r.agent === agent && r.scope === 'project')!;
}

/** The problems status names about events an install lacks (others, such as a shared file's, are not these tests'). */
function missingOf(row: StatusRow): string[] {
  return row.problems.filter((p) => p.includes('our hooks are installed without'));
}

/** The JSON agents, their file and the session-end event install adds there. */
const JSON_AGENTS = [
  { agent: 'claude-code', file: '.claude/settings.local.json', event: 'SessionEnd' },
  { agent: 'gemini', file: '.gemini/settings.json', event: 'SessionEnd' },
  { agent: 'copilot', file: '.github/hooks/cleveragents-checkpoints.json', event: 'sessionEnd' },
  { agent: 'cursor', file: '.cursor/hooks.json', event: 'sessionEnd' },
  { agent: 'codex', file: '.codex/hooks.json', event: 'SessionEnd' },
] as const;

const CLINE_END_EVENTS = ['TaskComplete', 'TaskCancel', 'SessionShutdown'];

describe('agents hook install: the session-end event, and installs made before it', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('hook-session-end-');
  before(() => ensureCliBuilt());

  for (const { agent, file, event } of JSON_AGENTS) {
    it(`${agent}: ${event} is installed; an install without it is reported by status and completed by a second install`, () => {
      const ws = realpathSync(tempDir());
      const home = realpathSync(tempDir());
      ok(hook(ws, home, ['install', agent]));
      const full = path.join(ws, file);
      const value = JSON.parse(readFileSync(full, 'utf8')) as { hooks: Record<string, unknown> };
      assert.ok(JSON.stringify(value.hooks[event]).includes(`hook run ${agent}`), `${event} runs our hook`);
      assert.deepEqual(missingOf(status(ws, home, agent)), []);

      // what an earlier version wrote: the same hooks without the session's end
      delete value.hooks[event];
      writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
      const old = status(ws, home, agent);
      assert.equal(old.installed, true);
      assert.ok(!old.events.includes(event));
      assert.deepEqual(old.missing_events, [event]);
      assert.ok(
        old.problems.some((p) => p.includes(`our hooks are installed without ${event} (an earlier version's install); run \`agents hook install ${agent}\` again to add it`)),
        JSON.stringify(old.problems),
      );
      const again = ok(hook(ws, home, ['install', agent]));
      assert.match(again.stdout, new RegExp(`wrote .*${event}`));
      const now = status(ws, home, agent);
      assert.ok(now.events.includes(event));
      assert.deepEqual([missingOf(now), now.missing_events], [[], []]);
      ok(hook(ws, home, ['uninstall', agent]));
      assert.equal(status(ws, home, agent).installed, false);
    });
  }

  it('cline: TaskComplete, TaskCancel and SessionShutdown are installed; scripts of an earlier install are completed; a user\'s own one is not counted missing', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    ok(hook(ws, home, ['install', 'cline']));
    assert.deepEqual(status(ws, home, 'cline').events, ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', ...CLINE_END_EVENTS]);
    for (const event of CLINE_END_EVENTS) rmSync(path.join(ws, '.clinerules/hooks', event));
    const old = status(ws, home, 'cline');
    assert.ok(old.problems.some((p) => p.includes('installed without TaskComplete, TaskCancel, SessionShutdown') && p.includes('again to add them')), JSON.stringify(old.problems));
    assert.deepEqual(old.missing_events, CLINE_END_EVENTS);
    // the user's own script under one of them: theirs, and not what install must add
    write(ws, '.clinerules/hooks/TaskCancel', '#!/bin/sh\necho \'{"cancel":false}\'\n');
    const again = ok(hook(ws, home, ['install', 'cline']));
    assert.match(again.stderr, /TaskCancel is not ours and was left as it is/);
    const now = status(ws, home, 'cline');
    assert.deepEqual(now.events, ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskComplete', 'SessionShutdown']);
    assert.deepEqual([missingOf(now), now.missing_events], [[], []]);
    ok(hook(ws, home, ['uninstall', 'cline']));
    assert.equal(readFileSync(path.join(ws, '.clinerules/hooks/TaskCancel'), 'utf8'), '#!/bin/sh\necho \'{"cancel":false}\'\n', 'uninstall leaves the user\'s script');
  });

  it('opencode: an earlier plugin (no dispose) is reported by status and rewritten by install', () => {
    const ws = realpathSync(tempDir());
    const home = realpathSync(tempDir());
    ok(hook(ws, home, ['install', 'opencode']));
    const file = path.join(ws, '.opencode/plugins/cleveragents-checkpoints.js');
    const current = readFileSync(file, 'utf8');
    // the handler an earlier version did not have
    const earlier = current.replace(/ {4}"dispose": async \(\) => \{\n(?:.*\n)*? {4}\},\n/, '');
    assert.notEqual(earlier, current);
    writeFileSync(file, earlier);
    const old = status(ws, home, 'opencode');
    assert.deepEqual(old.events, ['chat.message', 'tool.execute.before', 'tool.execute.after']);
    assert.ok(old.problems.some((p) => p.includes('installed without dispose')), JSON.stringify(old.problems));
    assert.deepEqual(old.missing_events, ['dispose']);
    ok(hook(ws, home, ['install', 'opencode']));
    assert.equal(readFileSync(file, 'utf8'), current);
    assert.deepEqual(missingOf(status(ws, home, 'opencode')), []);
  });
});

/**
 * Loads `pluginText` as OpenCode does (an ES module; the exported function called with
 * `{directory}`; each handler awaited) in a Node.js process of its own, and calls `steps`.
 */
function runPlugin(dir: string, pluginText: string, directory: string, steps: ReadonlyArray<[string, unknown, unknown]>): void {
  const file = path.join(dir, 'plugin.mjs');
  writeFileSync(file, pluginText);
  const driver = `
    const mod = await import(${JSON.stringify(pathToFileURL(file).href)});
    const hooks = await Object.values(mod)[0]({ directory: ${JSON.stringify(directory)} });
    for (const [name, input, output] of ${JSON.stringify(steps)}) await hooks[name](input, output);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8', timeout: 110_000, env: { ...process.env, CLEVERAGENTS_NO_DAEMON: '1', XDG_CONFIG_HOME: path.join(dir, 'config') } });
  assert.equal(r.status, 0, r.stderr);
}

describe('the OpenCode plugin at OpenCode\'s dispose', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('opencode-dispose-');
  before(() => ensureCliBuilt());

  it('hands `dispose` to the command once for each session it saw a prompt or a writing call of, and never twice', () => {
    const dir = realpathSync(tempDir());
    const ws = realpathSync(tempDir());
    const record = path.join(dir, 'calls.jsonl');
    // a stand-in for the CLI that records each stdin it gets, one line each
    const recorder = path.join(dir, 'recorder.js');
    writeFileSync(recorder, `require('fs').appendFileSync(${JSON.stringify(record)}, require('fs').readFileSync(0, 'utf8') + '\\n');\n`);
    appendFileSync(record, '');
    runPlugin(dir, opencodePluginText({ node: process.execPath, cli: recorder }), ws, [
      ['chat.message', { sessionID: 'ses_prompt' }, { parts: [{ type: 'text', text: 'hello' }] }],
      ['tool.execute.before', { tool: 'edit', sessionID: 'ses_write', callID: 'c1' }, { args: { filePath: `${ws}/a.txt` } }],
      // a read-only call starts nothing and makes no session of its own
      ['tool.execute.before', { tool: 'read', sessionID: 'ses_read', callID: 'c2' }, { args: {} }],
      ['dispose', undefined, undefined],
      ['dispose', undefined, undefined],
    ]);
    const ends = readFileSync(record, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.hook_event_name === 'dispose');
    assert.deepEqual(ends.map((e) => e.session_id).sort(), ['ses_prompt', 'ses_write']);
    assert.deepEqual(ends.map((e) => e.directory), [ws, ws]);
  });

  it('through the real `hook run opencode`: the session\'s end takes no checkpoint; with pushing off it does nothing else, with it on it starts the push', async () => {
    const dir = realpathSync(tempDir());
    const ws = realpathSync(tempDir());
    write(ws, 'notes.txt', 'one\n');
    gitIn(ws, 'init', '--quiet', '--initial-branch=main');
    const plugin = opencodePluginText({ node: process.execPath, cli: CLI_PATH });
    runPlugin(dir, plugin, ws, [['chat.message', { sessionID: 'ses_1' }, { parts: [{ type: 'text', text: 'tidy up' }] }]]);
    const plans = runCli(ws, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans;
    assert.equal(plans.length, 1);
    const count = () => runCli(ws, ['--format', 'json', 'plan', 'checkpoints', plans[0]!.plan_id]).json<{ checkpoints: CheckpointJson[] }>().checkpoints.length;
    const logFile = path.join(ws, '.cleveragents/logs/hooks.log');
    const before = count();
    const logBefore = readFileSync(logFile, 'utf8');
    // a changed file: a checkpoint taken at the session's end would not be skipped as "nothing changed"
    write(ws, 'notes.txt', 'two\n');
    // a new instance of the plugin (another OpenCode run continuing the session) sees it, then closes
    const seeAndEnd: Array<[string, unknown, unknown]> = [
      ['tool.execute.before', { tool: 'read', sessionID: 'ses_1', callID: 'c0' }, { args: {} }],
      ['chat.message', { sessionID: 'ses_1' }, { parts: [{ type: 'text', text: 'go on' }] }],
      ['dispose', undefined, undefined],
    ];
    runPlugin(dir, plugin, ws, seeAndEnd);
    const afterOff = count();
    assert.equal(afterOff, before + 1, 'the prompt took its checkpoint, the end none');
    assert.doesNotMatch(readFileSync(logFile, 'utf8').slice(logBefore.length), /session end/, 'pushing off: nothing but the settings read');

    // pushing on, to a bare repository: the same end now starts the push, and still takes no checkpoint
    const bare = path.join(dir, 'sessions.git');
    gitIn(dir, 'init', '--bare', '--quiet', bare);
    const enabled = runCli(ws, ['remote', 'enable', '--push-at-session-end', bare], { env: { XDG_CONFIG_HOME: path.join(dir, 'config') } });
    assert.equal(enabled.code, 0, enabled.stderr);
    write(ws, 'notes.txt', 'three\n');
    runPlugin(dir, plugin, ws, seeAndEnd);
    assert.equal(count(), afterOff + 1, 'the prompt took its checkpoint, the end none');
    assert.match(readFileSync(logFile, 'utf8'), new RegExp(`opencode dispose: session end: pushing plan ${plans[0]!.plan_id} in the background`));
    // the push itself runs detached: its outcome is waited for so that the folder is not removed under it
    const end = Date.now() + 120_000;
    while (!readFileSync(logFile, 'utf8').includes('session-end push plan') && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    assert.match(readFileSync(logFile, 'utf8'), /session-end push plan .*: pushed/);
  });
});

// `npm run bench -- --hooks`: its options are read strictly, the events it feeds the hooks are ones
// `hook run` takes for what they stand for (each agent's schema, its writing tools, the events its
// installed configuration listens to), and its report carries per-call medians, p95 and profiles.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agentEvent, daemonRuns, parseHookBenchArgs, sessionCalls, sessionCommits, type HookMoment } from '../../scripts/benchHookEvents';
import { medianOf, p95Of, summarizeCpuProfile } from '../../scripts/benchHookReport';
import { idleHook, installedHooks, withNode } from '../../scripts/benchHooks';
import { cliLauncherPlace } from '../../src/daemonClient/cliLauncher';
import { CLI_PATH, REPO_ROOT } from './helpers/cliHarness';
import { benchSection, HOOKS_END, HOOKS_MARKERS, HOOKS_START, hookMarkdownTable, profileMarkdown, withBenchSection } from '../../scripts/benchMarkdown';
import { AGENT_EVENTS } from '../../src/hooks/events/agentEvents';
import { HOOK_AGENTS } from '../../src/daemonClient/hookAgents';
import { AGENT_HOOK_CONFIGS } from '../../src/hooks/install/agentHookConfigs';

const WORKSPACE = '/tmp/bench-workspace';
const PROGRAM = { node: '/usr/bin/node', cli: '/opt/agents/dist/cli.js' };

function installedEvents(agent: (typeof HOOK_AGENTS)[number]): string[] {
  const config = AGENT_HOOK_CONFIGS[agent];
  return config.kind === 'json' ? config.entries(PROGRAM).map((e) => e.event) : [...config.events];
}

describe('The hooked-path benchmark’s options', () => {
  it('defaults to Claude Code, 10 steps, 5 runs, a prompt every 5 calls, the resident process on and off, no profile', () => {
    assert.deepEqual(parseHookBenchArgs({}), { ok: true, args: { agent: 'claude-code', steps: 10, runs: 5, promptEvery: 5, daemon: 'all', profile: false } });
  });

  it('takes every option as given', () => {
    assert.deepEqual(parseHookBenchArgs({ agent: 'gemini', steps: '40', runs: '3', 'prompt-every': '2', daemon: 'off', profile: true }), {
      ok: true,
      args: { agent: 'gemini', steps: 40, runs: 3, promptEvery: 2, daemon: 'off', profile: true },
    });
  });

  it('takes the CLI\'s count of checkpoints, when given', () => {
    const parsed = parseHookBenchArgs({ 'cli-checkpoints': '6' });
    assert.equal(parsed.ok && parsed.args.cliCheckpoints, 6);
  });

  for (const [values, message] of [
    [{ 'cli-checkpoints': '0' }, /--cli-checkpoints must be at least 1/],
    [{ agent: 'vim' }, /--agent must be one of copilot, claude-code, cursor, gemini, cline, codex, opencode, not "vim"/],
    [{ steps: '1' }, /--steps must be at least 2/],
    [{ steps: '12x' }, /--steps must be a whole number/],
    [{ runs: '0' }, /--runs must be at least 1/],
    [{ 'prompt-every': '-3' }, /--prompt-every must be a whole number/],
    [{ daemon: 'maybe' }, /--daemon must be one of all, both, fast, on, off, not "maybe"/],
  ] as const) {
    it(`refuses ${JSON.stringify(values)} with a message naming the option`, () => {
      const parsed = parseHookBenchArgs(values);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.match(parsed.message, message);
    });
  }

  it('runs through the launcher\'s fast client, and with node\'s client with the resident process on (no CLEVERAGENTS_NO_DAEMON) and off (=1), each labelled', () => {
    assert.deepEqual(daemonRuns('all'), [
      { label: 'fast client, resident process on', launcher: true, env: { CLEVERAGENTS_NO_DAEMON: undefined } },
      { label: 'resident process on', launcher: false, env: { CLEVERAGENTS_NO_DAEMON: undefined } },
      { label: 'resident process off', launcher: false, env: { CLEVERAGENTS_NO_DAEMON: '1' } },
    ]);
    assert.deepEqual(daemonRuns('both').map((r) => r.label), ['resident process on', 'resident process off']);
    assert.deepEqual(daemonRuns('fast').map((r) => r.label), ['fast client, resident process on']);
    assert.deepEqual(daemonRuns('off').map((r) => r.label), ['resident process off']);
    assert.deepEqual(daemonRuns('on').map((r) => r.label), ['resident process on']);
  });

  it('makes --steps less a quarter hooked calls (one fewer with the profile), then as many CLI checkpoints unless told', () => {
    assert.deepEqual(sessionCommits(12, false), { hooked: 9, profiled: 0, cli: 9, total: 18 });
    assert.deepEqual(sessionCommits(12, true), { hooked: 8, profiled: 1, cli: 8, total: 17 });
    assert.deepEqual(sessionCommits(12, false, 3), { hooked: 9, profiled: 0, cli: 3, total: 12 });
    assert.deepEqual(sessionCommits(2, false), { hooked: 1, profiled: 0, cli: 1, total: 2 });
  });

  it('refuses a --steps that leaves no hooked call', () => {
    assert.equal(sessionCommits(2, true), undefined);
  });

  it('puts a prompt before the first tool call and then before every Nth', () => {
    assert.deepEqual(sessionCalls(7, 3), ['prompt', 'tool', 'tool', 'tool', 'prompt', 'tool', 'tool', 'tool', 'prompt', 'tool']);
    assert.deepEqual(sessionCalls(2, 1), ['prompt', 'tool', 'prompt', 'tool']);
  });
});

describe('The events the hooked-path benchmark sends', () => {
  const kinds: Record<HookMoment, string> = { prompt: 'prompt', pre: 'preTool', post: 'postTool' };
  for (const agent of HOOK_AGENTS) {
    for (const moment of ['prompt', 'pre', 'post'] as const) {
      for (const call of [
        { workspace: WORKSPACE, session: 'bench-session-1', index: 7, file: 'src/a file.ts' },
        { workspace: WORKSPACE, session: 'bench-session-1', index: 8, command: 'git apply 0123abcd.patch' },
      ]) {
        const what = 'file' in call ? 'an edit' : 'a shell command';
        it(`${agent}: the ${moment} event of ${what} is read by hook run as a ${kinds[moment]} event of the session, in the workspace`, () => {
          const event = agentEvent(agent, moment, call);
          const normalized = AGENT_EVENTS[agent].normalize(JSON.parse(JSON.stringify(event.json)), event.env);
          assert.equal(normalized.kind, kinds[moment]);
          assert.equal(normalized.sessionId, 'bench-session-1');
          assert.equal(normalized.workspaceDir, WORKSPACE);
          assert.ok(installedEvents(agent).includes(event.eventName), `${event.eventName} is not an event ${agent}'s installed hooks listen to`);
          if (moment === 'prompt') {
            assert.equal(normalized.prompt, 'Replay step 7'.replace('7', String(call.index)));
            return;
          }
          assert.ok(normalized.toolName && AGENT_EVENTS[agent].isWritingTool(normalized.toolName), `${normalized.toolName} must count as a writing tool, or no checkpoint is taken`);
          // Cursor's installed events for a tool are its shell events: they name no file
          if ('file' in call && agent !== 'cursor') assert.ok(normalized.filePath === 'src/a file.ts' || normalized.filePath === `${WORKSPACE}/src/a file.ts`, String(normalized.filePath));
        });
      }
    }
  }
});

describe('The hooked-path benchmark’s report', () => {
  it('takes medians and the nearest-rank p95 of the samples', () => {
    assert.equal(medianOf([5, 1, 3]), 3);
    assert.equal(medianOf([4, 1, 3, 2]), 2.5);
    assert.equal(p95Of([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 10);
    assert.equal(p95Of(Array.from({ length: 40 }, (_, i) => i + 1)), 38);
    assert.ok(Number.isNaN(p95Of([])));
  });

  it('prints per-call medians and p95 of ours and plain git, and the ratio of the medians', () => {
    const table = hookMarkdownTable([{ workspace: 'prettier', mode: 'resident process off', step: 'hooked tool call: pre + post', ours: [300, 500, 400], plain: [200, 250, 100] }]);
    assert.deepEqual(table.split('\n').slice(2), ['| prettier | off | hooked tool call: pre + post | 3 | 400 ms | 500 ms | 200 ms | 250 ms | 2.00 |']);
  });

  it('sums a CPU profile’s self-time by function, most first', () => {
    const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
    const top = summarizeCpuProfile({
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('compile', 'file:///x/dist/agentsHookStore.js', 9) },
        { id: 3, callFrame: frame('(idle)') },
      ],
      samples: [2, 3, 2, 3, 3],
      timeDeltas: [1000, 4000, 2000, 5000, 1000],
    });
    assert.deepEqual(top, [
      ['(idle)', 10],
      ['compile agentsHookStore.js:10', 3],
    ]);
  });

  it('writes its section between markers of its own, leaving the other benchmark’s figures in place', () => {
    const page = '# P\n<!-- bench:start -->\nother figures\n<!-- bench:end -->\n\n<!-- bench-hooks:start -->\nold\n<!-- bench-hooks:end -->\n';
    const section = benchSection(
      {
        date: new Date('2026-12-01T18:00:00Z'),
        os: 'Linux',
        cpu: 'cpu',
        cores: 2,
        git: 'git version 2.39.5',
        node: 'v20',
        command: 'npm run bench -- --repo /tmp/prettier --hooks',
        runs: 5,
        rows: [],
        load: [3.5, 4],
        hookRows: [{ workspace: 'prettier', mode: 'resident process on', step: 'prompt', ours: [10], plain: [5] }],
        profiles: [{ workspace: 'prettier', mode: 'resident process on', what: 'post_step', wallMs: 300, top: [['(idle)', 100]], phases: [['stdin read', 4]], notes: ['snapshot x: prepare 1 ms'] }],
      },
      HOOKS_MARKERS,
    );
    assert.ok(section.startsWith(`${HOOKS_START}\n`) && section.endsWith(`\n${HOOKS_END}`));
    assert.match(section, /per-call medians and p95; 5 runs of the no-change pre_write/);
    assert.match(section, /- load average \(1 min\) at the start and the end: 3\.5, 4\.0\n/);
    assert.match(section, /\| prettier \| on \| prompt \| 1 \| 10 ms \| 10 ms \| 5 ms \| 5 ms \| 2\.00 \|/);
    assert.doesNotMatch(section, /\| workspace \| step \| ours \|/, 'no empty table of the other benchmark');
    const next = withBenchSection(page, section, HOOKS_MARKERS);
    assert.ok(next.includes('<!-- bench:start -->\nother figures\n<!-- bench:end -->'));
    assert.ok(!next.includes('\nold\n'));
    const profiles = profileMarkdown([
      { workspace: 'w', mode: 'm', what: 'pre_write', wallMs: 90, top: [['(idle)', 40]], phases: [['a', 1.25], ['b', 2]], notes: ['Loaded x', 'snapshot 01ABC: 1 changed path(s); status 3 ms'] },
      { workspace: 'w', mode: 'm', what: 'post_step', wallMs: Number.NaN, top: [], phases: [['a', 4], ['c', 1]], notes: [] },
    ]);
    assert.match(profiles, /\| phase \(ms, median over the run's calls\) \| pre_write \| post_step \|\n\|---\|---:\|---:\|\n\| a \| 1\.3 \| 4\.0 \|\n\| b \| 2\.0 \| - \|\n\| c \| - \| 1\.0 \|\n\| total \| 3\.3 \| 5\.0 \|/);
    assert.match(profiles, /- pre_write, the snapshot's own phases: `1 changed path\(s\); status 3 ms`/);
    assert.match(profiles, /- pre_write, top self-time with node's profiler on \(90 ms\): `\(idle\)` 40\.0/);
  });
});

describe('The hooked-path benchmark’s floor', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

  for (const agent of ['claude-code', 'cline'] as const) {
    it(`${agent}: runs the command line the installer wrote, answering --version instead of the event`, () => {
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
      dirs.push(scratch, `${scratch}-state`);
      const hooks = installedHooks(agent, scratch, CLI_PATH);
      assert.ok(hooks.size > 0);
      for (const installed of hooks.values()) {
        const idle = idleHook(installed);
        assert.equal(idle[0], 'sh');
        assert.match(idle[2]!, / --version$/);
        const r = spawnSync(idle[0]!, idle.slice(1), { encoding: 'utf8', input: '' });
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stdout.trim(), version);
      }
    });
  }

  for (const agent of ['claude-code', 'cline'] as const) {
    it(`${agent}: the installed hooks name the terminal's launcher; the same hooks naming node (as on Windows) run the same command`, function () {
      if (process.platform === 'win32') this.skip();
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-launcher-'));
      dirs.push(scratch, `${scratch}-state`);
      const installed = installedHooks(agent, scratch, CLI_PATH);
      const launcher = cliLauncherPlace(CLI_PATH, { XDG_STATE_HOME: `${scratch}-state` }, os.homedir())!.file;
      const hooks = withNode(installed);
      assert.deepEqual([...hooks.keys()], [...installed.keys()]);
      for (const [event, argv] of hooks) {
        const before = installed.get(event)!;
        const was = before[0] === 'sh' ? before[2]! : readFileSync(before[0]!, 'utf8');
        assert.ok(was.includes(`"${launcher}" "${CLI_PATH}" hook run ${agent}`), was);
        const line = argv[0] === 'sh' ? argv[2]! : readFileSync(argv[0]!, 'utf8');
        assert.ok(line.includes(`"${process.execPath}" "${CLI_PATH}" hook run ${agent}`), line);
        assert.ok(!line.includes(launcher), line);
        const idle = idleHook(argv);
        const r = spawnSync(idle[0]!, idle.slice(1), { encoding: 'utf8', input: '' });
        assert.equal(r.stdout.trim(), version, r.stderr);
      }
    });
  }

  it('refuses a command that does not end in "hook run <agent>", rather than time something else', () => {
    assert.throws(() => idleHook(['sh', '-c', '"/usr/bin/node" "/opt/cli.js" hook run claude-code --extra']), /cannot find "hook run"/);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
    dirs.push(scratch);
    writeFileSync(path.join(scratch, 'PreToolUse'), '#!/bin/sh\nexec true\n');
    assert.throws(() => idleHook([path.join(scratch, 'PreToolUse')]), /cannot find "hook run"/);
  });
});

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
// `npm run bench -- --hooks`: its options are read strictly, the events it feeds the hooks are ones
// `hook run` takes for what they stand for (each agent's schema, its writing tools, the events its
// installed configuration listens to), and its report carries per-call medians, p95 and profiles.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const benchHookEvents_1 = require("../../scripts/benchHookEvents");
const benchHookReport_1 = require("../../scripts/benchHookReport");
const benchHooks_1 = require("../../scripts/benchHooks");
const cliHarness_1 = require("./helpers/cliHarness");
const benchMarkdown_1 = require("../../scripts/benchMarkdown");
const agentEvents_1 = require("../../src/hooks/events/agentEvents");
const hookAgents_1 = require("../../src/hooks/hookAgents");
const agentHookConfigs_1 = require("../../src/hooks/install/agentHookConfigs");
const WORKSPACE = '/tmp/bench-workspace';
const PROGRAM = { node: '/usr/bin/node', cli: '/opt/agents/dist/cli.js' };
function installedEvents(agent) {
    const config = agentHookConfigs_1.AGENT_HOOK_CONFIGS[agent];
    return config.kind === 'json' ? config.entries(PROGRAM).map((e) => e.event) : [...config.events];
}
describe('The hooked-path benchmark’s options', () => {
    it('defaults to Claude Code, 10 steps, 5 runs, a prompt every 5 calls, the resident process on and off, no profile', () => {
        assert.deepEqual((0, benchHookEvents_1.parseHookBenchArgs)({}), { ok: true, args: { agent: 'claude-code', steps: 10, runs: 5, promptEvery: 5, daemon: 'all', profile: false } });
    });
    it('takes every option as given', () => {
        assert.deepEqual((0, benchHookEvents_1.parseHookBenchArgs)({ agent: 'gemini', steps: '40', runs: '3', 'prompt-every': '2', daemon: 'off', profile: true }), {
            ok: true,
            args: { agent: 'gemini', steps: 40, runs: 3, promptEvery: 2, daemon: 'off', profile: true },
        });
    });
    it('takes the CLI\'s count of checkpoints, when given', () => {
        const parsed = (0, benchHookEvents_1.parseHookBenchArgs)({ 'cli-checkpoints': '6' });
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
    ]) {
        it(`refuses ${JSON.stringify(values)} with a message naming the option`, () => {
            const parsed = (0, benchHookEvents_1.parseHookBenchArgs)(values);
            assert.equal(parsed.ok, false);
            if (!parsed.ok)
                assert.match(parsed.message, message);
        });
    }
    it('runs through the launcher\'s fast client, and with node\'s client with the resident process on (no CLEVERAGENTS_NO_DAEMON) and off (=1), each labelled', () => {
        assert.deepEqual((0, benchHookEvents_1.daemonRuns)('all'), [
            { label: 'fast client, resident process on', launcher: true, env: { CLEVERAGENTS_NO_DAEMON: undefined } },
            { label: 'resident process on', launcher: false, env: { CLEVERAGENTS_NO_DAEMON: undefined } },
            { label: 'resident process off', launcher: false, env: { CLEVERAGENTS_NO_DAEMON: '1' } },
        ]);
        assert.deepEqual((0, benchHookEvents_1.daemonRuns)('both').map((r) => r.label), ['resident process on', 'resident process off']);
        assert.deepEqual((0, benchHookEvents_1.daemonRuns)('fast').map((r) => r.label), ['fast client, resident process on']);
        assert.deepEqual((0, benchHookEvents_1.daemonRuns)('off').map((r) => r.label), ['resident process off']);
        assert.deepEqual((0, benchHookEvents_1.daemonRuns)('on').map((r) => r.label), ['resident process on']);
    });
    it('makes --steps less a quarter hooked calls (one fewer with the profile), then as many CLI checkpoints unless told', () => {
        assert.deepEqual((0, benchHookEvents_1.sessionCommits)(12, false), { hooked: 9, profiled: 0, cli: 9, total: 18 });
        assert.deepEqual((0, benchHookEvents_1.sessionCommits)(12, true), { hooked: 8, profiled: 1, cli: 8, total: 17 });
        assert.deepEqual((0, benchHookEvents_1.sessionCommits)(12, false, 3), { hooked: 9, profiled: 0, cli: 3, total: 12 });
        assert.deepEqual((0, benchHookEvents_1.sessionCommits)(2, false), { hooked: 1, profiled: 0, cli: 1, total: 2 });
    });
    it('refuses a --steps that leaves no hooked call', () => {
        assert.equal((0, benchHookEvents_1.sessionCommits)(2, true), undefined);
    });
    it('puts a prompt before the first tool call and then before every Nth', () => {
        assert.deepEqual((0, benchHookEvents_1.sessionCalls)(7, 3), ['prompt', 'tool', 'tool', 'tool', 'prompt', 'tool', 'tool', 'tool', 'prompt', 'tool']);
        assert.deepEqual((0, benchHookEvents_1.sessionCalls)(2, 1), ['prompt', 'tool', 'prompt', 'tool']);
    });
});
describe('The events the hooked-path benchmark sends', () => {
    const kinds = { prompt: 'prompt', pre: 'preTool', post: 'postTool' };
    for (const agent of hookAgents_1.HOOK_AGENTS) {
        for (const moment of ['prompt', 'pre', 'post']) {
            for (const call of [
                { workspace: WORKSPACE, session: 'bench-session-1', index: 7, file: 'src/a file.ts' },
                { workspace: WORKSPACE, session: 'bench-session-1', index: 8, command: 'git apply 0123abcd.patch' },
            ]) {
                const what = 'file' in call ? 'an edit' : 'a shell command';
                it(`${agent}: the ${moment} event of ${what} is read by hook run as a ${kinds[moment]} event of the session, in the workspace`, () => {
                    const event = (0, benchHookEvents_1.agentEvent)(agent, moment, call);
                    const normalized = agentEvents_1.AGENT_EVENTS[agent].normalize(JSON.parse(JSON.stringify(event.json)), event.env);
                    assert.equal(normalized.kind, kinds[moment]);
                    assert.equal(normalized.sessionId, 'bench-session-1');
                    assert.equal(normalized.workspaceDir, WORKSPACE);
                    assert.ok(installedEvents(agent).includes(event.eventName), `${event.eventName} is not an event ${agent}'s installed hooks listen to`);
                    if (moment === 'prompt') {
                        assert.equal(normalized.prompt, 'Replay step 7'.replace('7', String(call.index)));
                        return;
                    }
                    assert.ok(normalized.toolName && agentEvents_1.AGENT_EVENTS[agent].isWritingTool(normalized.toolName), `${normalized.toolName} must count as a writing tool, or no checkpoint is taken`);
                    // Cursor's installed events for a tool are its shell events: they name no file
                    if ('file' in call && agent !== 'cursor')
                        assert.ok(normalized.filePath === 'src/a file.ts' || normalized.filePath === `${WORKSPACE}/src/a file.ts`, String(normalized.filePath));
                });
            }
        }
    }
});
describe('The hooked-path benchmark’s report', () => {
    it('takes medians and the nearest-rank p95 of the samples', () => {
        assert.equal((0, benchHookReport_1.medianOf)([5, 1, 3]), 3);
        assert.equal((0, benchHookReport_1.medianOf)([4, 1, 3, 2]), 2.5);
        assert.equal((0, benchHookReport_1.p95Of)([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 10);
        assert.equal((0, benchHookReport_1.p95Of)(Array.from({ length: 40 }, (_, i) => i + 1)), 38);
        assert.ok(Number.isNaN((0, benchHookReport_1.p95Of)([])));
    });
    it('prints per-call medians and p95 of ours and plain git, and the ratio of the medians', () => {
        const table = (0, benchMarkdown_1.hookMarkdownTable)([{ workspace: 'prettier', mode: 'resident process off', step: 'hooked tool call: pre + post', ours: [300, 500, 400], plain: [200, 250, 100] }]);
        assert.deepEqual(table.split('\n').slice(2), ['| prettier | off | hooked tool call: pre + post | 3 | 400 ms | 500 ms | 200 ms | 250 ms | 2.00 |']);
    });
    it('sums a CPU profile’s self-time by function, most first', () => {
        const frame = (functionName, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
        const top = (0, benchHookReport_1.summarizeCpuProfile)({
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
        const section = (0, benchMarkdown_1.benchSection)({
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
        }, benchMarkdown_1.HOOKS_MARKERS);
        assert.ok(section.startsWith(`${benchMarkdown_1.HOOKS_START}\n`) && section.endsWith(`\n${benchMarkdown_1.HOOKS_END}`));
        assert.match(section, /per-call medians and p95; 5 runs of the no-change pre_write/);
        assert.match(section, /- load average \(1 min\) at the start and the end: 3\.5, 4\.0\n/);
        assert.match(section, /\| prettier \| on \| prompt \| 1 \| 10 ms \| 10 ms \| 5 ms \| 5 ms \| 2\.00 \|/);
        assert.doesNotMatch(section, /\| workspace \| step \| ours \|/, 'no empty table of the other benchmark');
        const next = (0, benchMarkdown_1.withBenchSection)(page, section, benchMarkdown_1.HOOKS_MARKERS);
        assert.ok(next.includes('<!-- bench:start -->\nother figures\n<!-- bench:end -->'));
        assert.ok(!next.includes('\nold\n'));
        const profiles = (0, benchMarkdown_1.profileMarkdown)([
            { workspace: 'w', mode: 'm', what: 'pre_write', wallMs: 90, top: [['(idle)', 40]], phases: [['a', 1.25], ['b', 2]], notes: ['Loaded x', 'snapshot 01ABC: 1 changed path(s); status 3 ms'] },
            { workspace: 'w', mode: 'm', what: 'post_step', wallMs: Number.NaN, top: [], phases: [['a', 4], ['c', 1]], notes: [] },
        ]);
        assert.match(profiles, /\| phase \(ms, median over the run's calls\) \| pre_write \| post_step \|\n\|---\|---:\|---:\|\n\| a \| 1\.3 \| 4\.0 \|\n\| b \| 2\.0 \| - \|\n\| c \| - \| 1\.0 \|\n\| total \| 3\.3 \| 5\.0 \|/);
        assert.match(profiles, /- pre_write, the snapshot's own phases: `1 changed path\(s\); status 3 ms`/);
        assert.match(profiles, /- pre_write, top self-time with node's profiler on \(90 ms\): `\(idle\)` 40\.0/);
    });
});
describe('The hooked-path benchmark’s floor', () => {
    const dirs = [];
    after(() => dirs.forEach((d) => (0, node_fs_1.rmSync)(d, { recursive: true, force: true })));
    const version = JSON.parse((0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, 'package.json'), 'utf8')).version;
    for (const agent of ['claude-code', 'cline']) {
        it(`${agent}: runs the command line the installer wrote, answering --version instead of the event`, () => {
            const scratch = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'bench-floor-'));
            dirs.push(scratch);
            const hooks = (0, benchHooks_1.installedHooks)(agent, scratch, cliHarness_1.CLI_PATH);
            assert.ok(hooks.size > 0);
            for (const installed of hooks.values()) {
                const idle = (0, benchHooks_1.idleHook)(installed);
                assert.equal(idle[0], 'sh');
                assert.match(idle[2], / --version$/);
                const r = (0, node_child_process_1.spawnSync)(idle[0], idle.slice(1), { encoding: 'utf8', input: '' });
                assert.equal(r.status, 0, r.stderr);
                assert.equal(r.stdout.trim(), version);
            }
        });
    }
    for (const agent of ['claude-code', 'cline']) {
        it(`${agent}: the same hooks through the extension's launcher, as Connect an Agent writes them, run the same command`, function () {
            if (process.platform === 'win32')
                this.skip();
            const scratch = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'bench-launcher-'));
            dirs.push(scratch);
            const installed = (0, benchHooks_1.installedHooks)(agent, scratch, cliHarness_1.CLI_PATH);
            const hooks = (0, benchHooks_1.withLauncher)(installed, scratch, cliHarness_1.CLI_PATH);
            const launcher = path.join(scratch, 'hook-runtime', 'node');
            assert.deepEqual([...hooks.keys()], [...installed.keys()]);
            for (const argv of hooks.values()) {
                const line = argv[0] === 'sh' ? argv[2] : (0, node_fs_1.readFileSync)(argv[0], 'utf8');
                assert.ok(line.includes(`"${launcher}" "${cliHarness_1.CLI_PATH}" hook run ${agent}`), line);
                assert.ok(!line.includes(`"${process.execPath}"`), line);
                const idle = (0, benchHooks_1.idleHook)(argv);
                const r = (0, node_child_process_1.spawnSync)(idle[0], idle.slice(1), { encoding: 'utf8', input: '' });
                assert.equal(r.stdout.trim(), version, r.stderr);
            }
        });
    }
    it('refuses a command that does not end in "hook run <agent>", rather than time something else', () => {
        assert.throws(() => (0, benchHooks_1.idleHook)(['sh', '-c', '"/usr/bin/node" "/opt/cli.js" hook run claude-code --extra']), /cannot find "hook run"/);
        const scratch = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'bench-floor-'));
        dirs.push(scratch);
        (0, node_fs_1.writeFileSync)(path.join(scratch, 'PreToolUse'), '#!/bin/sh\nexec true\n');
        assert.throws(() => (0, benchHooks_1.idleHook)([path.join(scratch, 'PreToolUse')]), /cannot find "hook run"/);
    });
});
//# sourceMappingURL=benchHooks.test.js.map
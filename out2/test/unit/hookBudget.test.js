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
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// A hook's answer never waits on its bookkeeping, and nothing is recorded after it (issue 34,
// defects 3, 4 and 9), with real processes: the built CLI as the agents run it and the resident
// process it starts. No timing is asserted: each wait is for something to happen, and a hang
// ends in the harness's 60 s limit of a call.
/** A Claude Code tool call event on `file`. */
function toolEvent(root, name, file) {
    return (0, residentProcessFixtures_1.event)(root, name, { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, file) } });
}
function daemonLog(root) {
    const file = path.join(root, '.cleveragents', 'logs', 'daemon.log');
    return (0, node_fs_1.existsSync)(file) ? (0, node_fs_1.readFileSync)(file, 'utf8') : '';
}
function checkpoints(root) {
    const [plan] = (0, residentProcessFixtures_1.json)(root, ['plan', 'list'], residentProcessFixtures_1.NO_DAEMON).plans;
    return (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', plan.plan_id], residentProcessFixtures_1.NO_DAEMON).checkpoints;
}
/** Holds the store's lock as another live process would (this one, by its pid). */
function holdStoreLock(root) {
    const lock = path.join(root, '.cleveragents', 'checkpoints.lock');
    (0, node_fs_1.writeFileSync)(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), acquired_at: new Date().toISOString(), token: 'held-by-test' }));
    return () => (0, node_fs_1.unlinkSync)(lock);
}
/** hooks.log made a FIFO that nobody reads: opening it to write waits for good (a stuck disk). */
function stuckHooksLog(root) {
    const file = path.join(root, '.cleveragents', 'logs', 'hooks.log');
    (0, node_fs_1.rmSync)(file, { force: true });
    const made = (0, node_child_process_1.spawnSync)('mkfifo', [file]);
    assert.equal(made.status, 0, 'mkfifo');
}
describe('a hook answers within its budget, and records nothing after it', function () {
    this.timeout(180_000);
    const pids = [];
    afterEach(() => (0, residentProcessFixtures_1.killAll)(pids));
    const tempDir = (0, tempDir_1.useTempDirs)('ca-hook-budget-');
    before(function () {
        if (process.platform === 'win32')
            this.skip();
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    /** A workspace with a hook-fed plan (its first prompt taken) and its resident process running. */
    async function servedWorkspace() {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'first' }));
        assert.equal((0, residentProcessFixtures_1.agents)(root, ['plan', 'list']).code, 0);
        const { pid } = await (0, residentProcessFixtures_1.running)(root);
        pids.push(pid);
        return { root, pid };
    }
    it('through the resident process, a store locked past the budget: answered in time, logged missed, and no pre_write recorded once the lock goes', async () => {
        const { root } = await servedWorkspace();
        const release = holdStoreLock(root);
        (0, sandboxFixtures_1.write)(root, 'notes.txt', 'the user\n');
        const before = (0, residentProcessFixtures_1.status)(root).requests;
        (0, residentProcessFixtures_1.hook)(root, toolEvent(root, 'PreToolUse', 'src/app.ts'), { AGENTS_HOOK_BUDGET_MS: '4000' });
        assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 2, 'the hook went to the resident process');
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /PreToolUse: checkpoint missed: /);
        // Answered, the agent writes; then the other process lets the lock go.
        (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'export const a = 2; // the agent\n');
        release();
        // The call's work ends: left at the answer (said in daemon.log), or its lock wait ended within the budget.
        await (0, residentProcessFixtures_1.until)('the hook call’s work has ended', () => /a hook's work left at its answer \(its budget ran out\) ended/.test(daemonLog(root)) || /PreToolUse: checkpoint missed: Timed out/.test((0, residentProcessFixtures_1.hooksLog)(root)) || undefined);
        assert.deepEqual(checkpoints(root).map((c) => c.checkpoint_type), ['manual'], 'no pre_write holding the agent’s write');
        assert.doesNotMatch((0, residentProcessFixtures_1.hooksLog)(root), /PreToolUse Write: pre_write/, 'the log’s "missed" stays true');
        // the next call is served as usual
        (0, residentProcessFixtures_1.hook)(root, toolEvent(root, 'PostToolUse', 'src/app.ts'));
        assert.deepEqual(checkpoints(root).map((c) => c.checkpoint_type), ['manual', 'post_step']);
    });
    it('a hooks.log write that hangs holds neither the answers of the resident process nor its status, stop or SIGTERM', async () => {
        const { root, pid } = await servedWorkspace();
        stuckHooksLog(root);
        const before = (0, residentProcessFixtures_1.status)(root).requests;
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'second' }), { AGENTS_HOOK_BUDGET_MS: '4000' });
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'third' }), { AGENTS_HOOK_BUDGET_MS: '4000' });
        const after = (0, residentProcessFixtures_1.status)(root);
        assert.equal(after.pid, pid);
        assert.equal(after.requests, before + 3, 'both hooks went to the resident process, and its status answers');
        assert.deepEqual(checkpoints(root).map((c) => c.metadata.reason), ['Before: "first"', 'Before: "second"', 'Before: "third"']);
        const stop = (0, residentProcessFixtures_1.agents)(root, ['daemon', 'stop']);
        assert.equal(stop.code, 0, stop.stdout + stop.stderr);
        await (0, residentProcessFixtures_1.until)('the stopped process has gone', () => !(0, residentProcessFixtures_1.alive)(pid) || undefined);
        // A new one, stuck the same way, ends on SIGTERM.
        assert.equal((0, residentProcessFixtures_1.agents)(root, ['plan', 'list']).code, 0);
        const next = await (0, residentProcessFixtures_1.running)(root);
        pids.push(next.pid);
        assert.notEqual(next.pid, pid);
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'fourth' }), { AGENTS_HOOK_BUDGET_MS: '4000' });
        assert.equal((0, residentProcessFixtures_1.status)(root).pid, next.pid);
        process.kill(next.pid, 'SIGTERM');
        await (0, residentProcessFixtures_1.until)('the process has gone after SIGTERM', () => !(0, residentProcessFixtures_1.alive)(next.pid) || undefined);
    });
    it('a request that waits long (a command waiting for the store lock) holds neither status nor stop', async () => {
        const { root, pid } = await servedWorkspace();
        const [plan] = (0, residentProcessFixtures_1.json)(root, ['plan', 'list'], residentProcessFixtures_1.NO_DAEMON).plans;
        const release = holdStoreLock(root);
        const base = (0, residentProcessFixtures_1.status)(root).requests;
        const waiting = (0, residentProcessFixtures_1.runDetached)(process.execPath, [cliHarness_1.CLI_PATH, 'plan', 'checkpoint', plan.plan_id], { cwd: root, env: (0, cliHarness_1.cliEnv)(residentProcessFixtures_1.BASE_ENV), input: '' });
        // Each status answers while the command is served: the count shows when it came.
        let polls = 0;
        await (0, residentProcessFixtures_1.until)('the command is being served', () => (0, residentProcessFixtures_1.status)(root).requests > base + ++polls || undefined);
        assert.equal((0, residentProcessFixtures_1.status)(root).pid, pid);
        const stop = (0, residentProcessFixtures_1.agents)(root, ['daemon', 'stop']);
        assert.equal(stop.code, 0, stop.stdout + stop.stderr);
        await (0, residentProcessFixtures_1.until)('the stopped process has gone', () => !(0, residentProcessFixtures_1.alive)(pid) || undefined);
        // Its client, left unanswered, does the command itself once the lock is free.
        release();
        const done = await waiting;
        assert.equal(done.code, 0, done.stdout + done.stderr);
        assert.deepEqual(checkpoints(root).map((c) => c.checkpoint_type), ['manual', 'manual']);
    });
    it('in the hook’s own process, a hooks.log write that hangs does not hold the answer, nor the process’s end', () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'first' }), residentProcessFixtures_1.NO_DAEMON);
        stuckHooksLog(root);
        const r = (0, node_child_process_1.spawnSync)(process.execPath, [cliHarness_1.CLI_PATH, 'hook', 'run', 'claude-code'], {
            cwd: root,
            input: (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'second' }),
            env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, ...residentProcessFixtures_1.NO_DAEMON, CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_BUDGET_MS: '4000' }),
            encoding: 'utf8',
            timeout: 60_000,
        });
        assert.equal(r.error, undefined, 'it ended');
        assert.equal(r.stdout, '', 'Claude Code is answered with nothing');
        // A thread stuck on the write would hold process.exit(): the process ends itself (SIGKILL)
        // after a grace period. (With the state files opened non-blocking, the write fails at once
        // and the exit is 0.)
        assert.ok(r.status === 0 || r.signal === 'SIGKILL', `exit ${r.status} ${r.signal}: ${r.stderr}`);
        assert.deepEqual(checkpoints(root).map((c) => c.metadata.reason), ['Before: "first"', 'Before: "second"']);
    });
    it('a first snapshot that ends after the hook stopped waiting is recorded late, and no agent-only rollback starts from it', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'go' }), { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '0' });
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /continues in the background: if it ends after this answer it is recorded marked late/);
        const [first] = await (0, residentProcessFixtures_1.until)('the first snapshot is recorded', () => ((0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'cleveragents.db')) && checkpoints(root).length > 0 ? checkpoints(root) : undefined));
        assert.equal(first.metadata.extra.late, '1');
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /background manual \w+ in plan \w+ \(the plan's first snapshot, in process \d+, recorded late: /);
        const planId = first.plan_id;
        const refused = (0, residentProcessFixtures_1.agents)(root, ['--format', 'json', 'plan', 'rollback', planId, first.checkpoint_id, '--agent-only', '--yes'], { env: residentProcessFixtures_1.NO_DAEMON });
        assert.notEqual(refused.code, 0);
        assert.match(refused.stdout + refused.stderr, /recorded late, after the agent had been answered/);
        // A prompt answered in time is not late.
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'next' }), residentProcessFixtures_1.NO_DAEMON);
        assert.deepEqual(checkpoints(root).map((c) => c.metadata.extra.late ?? 'on time'), ['1', 'on time']);
    });
});
//# sourceMappingURL=hookBudget.test.js.map
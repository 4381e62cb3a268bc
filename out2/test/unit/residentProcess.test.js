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
const net = __importStar(require("node:net"));
const path = __importStar(require("node:path"));
const composition_1 = require("../../src/composition");
const cliHarness_1 = require("./helpers/cliHarness");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const storeFixtures_1 = require("./helpers/storeFixtures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// The resident process (src/daemon, docs/AGENTS.md "The resident process"), with real processes:
// the built CLI as the agents run it, the daemon it starts, kills and stops of both. No timing is
// asserted: a wait below is only ever for something to happen.
/** Every plan's checkpoints as the user sees them: what, why, and the files (the tree), ids aside. */
function history(root, env = residentProcessFixtures_1.NO_DAEMON) {
    const plans = (0, residentProcessFixtures_1.json)(root, ['plan', 'list'], env).plans;
    return plans.flatMap((plan) => (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', plan.plan_id], env).checkpoints.map((c) => {
        const tree = (0, sandboxFixtures_1.git)(root, `--git-dir=${path.join(root, '.cleveragents', 'checkpoints', 'shadow.git')}`, 'rev-parse', `${c.sandbox_ref}^{tree}`).trim();
        return `${plan.title} | ${c.checkpoint_type} | ${c.metadata.reason} | ${c.metadata.phase} | ${JSON.stringify(c.metadata.extra)} | ${tree}`;
    }));
}
/** A prompt, then tool calls that write, write nothing, and write again: each through `call`. */
async function session(root, call) {
    await call((0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'add b' }));
    const tool = (name, toolName, file) => (0, residentProcessFixtures_1.event)(root, name, { tool_name: toolName, tool_use_id: `t-${toolName}`, tool_input: file ? { file_path: path.join(root, file) } : { command: 'ls' } });
    await call(tool('PreToolUse', 'Write', 'src/b.ts'));
    (0, sandboxFixtures_1.write)(root, 'src/b.ts', 'export const b = 2;\n');
    await call(tool('PostToolUse', 'Write', 'src/b.ts'));
    await call(tool('PreToolUse', 'Bash'));
    await call(tool('PostToolUse', 'Bash'));
    await call((0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'change a' }));
    await call(tool('PreToolUse', 'Edit', 'src/app.ts'));
    (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'export const a = 3;\n');
    await call(tool('PostToolUse', 'Edit', 'src/app.ts'));
}
/**
 * Starts `dist/agentsDaemon.js` (or a wrapper of it) for `root` by hand, as a client does: through a
 * shell that leaves at once, so that the daemon is no child of this test (a child of ours that
 * dies stays a zombie while spawnSync blocks us, and would look alive to the lock's owner check).
 * Resolves to its pid, from its log.
 */
async function startDaemonBy(script, root, env = {}) {
    const log = path.join(root, '.cleveragents', 'logs', 'daemon.log');
    (0, node_fs_1.mkdirSync)(path.dirname(log), { recursive: true });
    const seen = (0, node_fs_1.existsSync)(log) ? (0, node_fs_1.readFileSync)(log, 'utf8').length : 0;
    (0, node_child_process_1.spawnSync)('/bin/sh', ['-c', '"$0" "$1" "$2" >>"$3" 2>&1 &', process.execPath, script, root, log], { cwd: root, env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, ...env }) });
    return (0, residentProcessFixtures_1.until)(`${path.basename(script)} listens`, () => {
        const match = /listening: pid (\d+)/.exec((0, node_fs_1.readFileSync)(log, 'utf8').slice(seen));
        return match ? Number(match[1]) : undefined;
    });
}
const socketOf = (root) => path.join(root, '.cleveragents', 'run', 'agents.sock');
/** A wrapper around the real daemon that SIGKILLs it when it is about to write a reply starting with `prefix`. */
function killingDaemon(dir, prefix) {
    const script = path.join(dir, 'killing-daemon.js');
    (0, node_fs_1.writeFileSync)(script, `const net = require('node:net');
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (data, ...rest) {
  if (typeof data === 'string' && data.startsWith(${JSON.stringify(prefix)})) process.kill(process.pid, 'SIGKILL');
  return write.call(this, data, ...rest);
};
require(${JSON.stringify(path.join(residentProcessFixtures_1.DIST, 'agentsDaemon.js'))});
`);
    return script;
}
describe('the resident process', function () {
    this.timeout(180_000);
    const started = [];
    // Registered before the temporary folders' removal, so that it runs first.
    afterEach(() => {
        for (const pid of started.splice(0)) {
            try {
                process.kill(pid, 'SIGCONT');
                process.kill(pid, 'SIGKILL');
            }
            catch {
                // gone already
            }
        }
    });
    const tempDir = (0, tempDir_1.useTempDirs)('ca-daemon-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    /** Remembers the pid of the daemon of `root` (to be killed after the test, whatever happens). */
    async function daemonOf(root) {
        const s = await (0, residentProcessFixtures_1.running)(root);
        started.push(s.pid);
        return s;
    }
    it('is started by the first call that finds a store, and serves the next ones', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        // No store yet: nothing to keep warm, and nothing is started.
        assert.equal((0, residentProcessFixtures_1.agents)(root, ['plan', 'list']).code, 0);
        assert.equal((0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'run')), false, 'no store, no process');
        // An event that takes no checkpoint leaves a log line in .cleveragents, and no database: still nothing to keep warm.
        (0, residentProcessFixtures_1.hook)(root, 'not json');
        (0, residentProcessFixtures_1.hook)(root, 'not json either');
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /stdin is not JSON/);
        assert.equal((0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'run')), false, 'no database, no process');
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'first'], residentProcessFixtures_1.NO_DAEMON);
        const first = (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        assert.match(first.stdout, /first/);
        const daemon = await daemonOf(root);
        assert.equal(daemon.version, residentProcessFixtures_1.VERSION);
        assert.ok(daemon.rss_bytes > 0, 'it reports its memory');
        // Its start loaded the database for hooks and for the CLI; the default database named (as VS
        // Code's terminal names it) is the same one, not a third.
        await (0, residentProcessFixtures_1.until)('both databases loaded', () => (0, residentProcessFixtures_1.status)(root).warm_databases === 2 || undefined, 10_000);
        const before = (0, residentProcessFixtures_1.status)(root).requests;
        const second = (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: { AGENTS_DATABASE: '.cleveragents/cleveragents.db' } });
        assert.equal(second.stdout, first.stdout, 'the same answer as in-process');
        assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 2, 'the list (and this status) went to it');
        assert.equal((0, residentProcessFixtures_1.status)(root).warm_databases, 2);
        assert.equal((0, residentProcessFixtures_1.status)(root).pid, daemon.pid, 'the same process');
        // the global options may come first, as with every command; its output is JSON, so text is refused
        const elsewhere = (0, residentProcessFixtures_1.agents)(path.dirname(root), ['--format', 'json', '--workspace', root, 'daemon', 'status']);
        assert.equal(elsewhere.code, 0, elsewhere.stdout + elsewhere.stderr);
        assert.equal(JSON.parse(elsewhere.stdout).pid, daemon.pid);
        const text = (0, residentProcessFixtures_1.agents)(root, ['--format', 'text', 'daemon', 'status']);
        assert.equal(text.code, 2);
        assert.match(text.stderr, /usage: agents daemon status\|stop/);
        const log = (0, node_fs_1.readFileSync)(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8');
        assert.match(log, new RegExp(`listening: pid ${daemon.pid}`));
        assert.match(log, /warm: rss \d/);
        // It starts git through the perl relay where there is perl (gitRelay.test.ts tests the relay).
        assert.match(log, residentProcessFixtures_1.PERL ? /git starts through a perl relay/ : /git starts from this process/);
    });
    it('keeps the database loaded between requests, and answers with what other processes wrote meanwhile: a whole save, a write-log entry, a fold', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'first'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        const daemon = await daemonOf(root);
        // Its titles, and whether the process read the database file for it (the store says so with --debug).
        const served = () => {
            const r = (0, residentProcessFixtures_1.agents)(root, ['--format', 'json', '--debug', 'plan', 'list']);
            assert.equal(r.code, 0, r.stderr);
            return { titles: JSON.parse(r.stdout).plans.map((p) => p.title).sort(), fileRead: /Loaded .*cleveragents\.db/.test(r.stderr) };
        };
        served();
        assert.deepEqual(served(), { titles: ['first'], fileRead: false }, 'unchanged: answered from the database it holds');
        // Another process saves the file whole (a small database).
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'saved whole'], residentProcessFixtures_1.NO_DAEMON);
        assert.deepEqual(served(), { titles: ['first', 'saved whole'], fileRead: true });
        assert.deepEqual(served(), { titles: ['first', 'saved whole'], fileRead: false });
        // Another process appends to the write log (the file itself unchanged).
        const logged = async (title) => {
            const other = (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir: residentProcessFixtures_1.DIST, logger: new storeFixtures_1.RecordingLogger(), writeLog: { minDatabaseBytes: 0, foldBytes: 1 << 30, foldEntries: 1 << 30 } });
            try {
                await other.plans.createPlan({ title });
            }
            finally {
                other.dispose();
            }
        };
        const dbFile = path.join(root, '.cleveragents', 'cleveragents.db');
        const fileBefore = (0, node_fs_1.readFileSync)(dbFile);
        await logged('logged');
        assert.ok((0, node_fs_1.existsSync)(`${dbFile}.log`) && (0, node_fs_1.readFileSync)(dbFile).equals(fileBefore), 'the change is in the log alone');
        // a new log is checked against the file it was written on: read with it once…
        assert.deepEqual(served(), { titles: ['first', 'logged', 'saved whole'], fileRead: true });
        // …and what is appended to it later is applied to the database held, the file not read again
        await logged('logged again');
        assert.deepEqual(served(), { titles: ['first', 'logged', 'logged again', 'saved whole'], fileRead: false });
        // Another process folds the log into the file, then logs again.
        assert.equal((0, residentProcessFixtures_1.agents)(root, ['db', 'fold'], { env: residentProcessFixtures_1.NO_DAEMON }).code, 0);
        await logged('after the fold');
        assert.deepEqual(served(), { titles: ['after the fold', 'first', 'logged', 'logged again', 'saved whole'], fileRead: true });
        const now = (0, residentProcessFixtures_1.status)(root);
        assert.equal(now.pid, daemon.pid, 'one process served them all');
        assert.ok(now.requests >= daemon.requests + 7, `the lists went to it (${daemon.requests} → ${now.requests} requests)`);
    });
    it('takes exactly the checkpoints, with the same trees, as the hooks take without it', async () => {
        const plain = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        const served = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        await session(plain, (input) => (0, residentProcessFixtures_1.hook)(plain, input, residentProcessFixtures_1.NO_DAEMON));
        // The first call makes the store and the plan, and starts the process, which serves all the others.
        let calls = 0;
        await session(served, async (input) => {
            (0, residentProcessFixtures_1.hook)(served, input);
            // the first made the store, the second (finding one) started the process
            if (++calls === 2)
                await daemonOf(served);
        });
        const same = () => {
            const expected = history(plain);
            assert.deepEqual(history(served).map((l) => l.replace(served, '<root>')), expected.map((l) => l.replace(plain, '<root>')));
            return expected;
        };
        // two prompts and two writes; the pre_writes and the Bash calls found nothing changed
        const session1 = same();
        assert.equal(session1.length, 4, `prompts and writes:\n${session1.join('\n')}`);
        // The user deletes the session's plan: the next prompt makes a new one (the warm process sees the deletion).
        for (const [root, env] of [[plain, residentProcessFixtures_1.NO_DAEMON], [served, {}]]) {
            const planId = (0, residentProcessFixtures_1.json)(root, ['plan', 'list'], residentProcessFixtures_1.NO_DAEMON).plans[0].plan_id;
            (0, residentProcessFixtures_1.json)(root, ['plan', 'delete', '--yes', planId], residentProcessFixtures_1.NO_DAEMON);
            (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'after the delete' }), env);
        }
        const afterDelete = same();
        assert.equal(afterDelete.length, 1, `the new plan's prompt:\n${afterDelete.join('\n')}`);
        assert.match(afterDelete[0], /Before: "after the delete"/);
        const daemon = await daemonOf(served);
        assert.ok(daemon.requests >= 8, `the process served the session's calls (${daemon.requests} requests)`);
        assert.doesNotMatch((0, residentProcessFixtures_1.hooksLog)(served), /resident process not used/);
    });
    it('a client of another version does the work itself and restarts the process in its own version', async () => {
        const dir = tempDir();
        const root = (0, residentProcessFixtures_1.newWorkspace)(dir);
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'versions'], residentProcessFixtures_1.NO_DAEMON);
        // A real daemon build of another version: dist/ copied, its version string replaced.
        const other = path.join(dir, 'other-dist');
        (0, node_fs_1.mkdirSync)(other);
        for (const name of (0, node_fs_1.readdirSync)(residentProcessFixtures_1.DIST))
            if (name.endsWith('.js') || name.endsWith('.wasm'))
                (0, node_fs_1.copyFileSync)(path.join(residentProcessFixtures_1.DIST, name), path.join(other, name));
        const daemonFile = path.join(other, 'agentsDaemon.js');
        const source = (0, node_fs_1.readFileSync)(daemonFile, 'utf8');
        assert.ok(source.includes(JSON.stringify(residentProcessFixtures_1.VERSION)), 'the bundle carries its version');
        (0, node_fs_1.writeFileSync)(daemonFile, source.split(JSON.stringify(residentProcessFixtures_1.VERSION)).join(JSON.stringify(`${residentProcessFixtures_1.VERSION}-other`)));
        const oldPid = await startDaemonBy(daemonFile, root);
        started.push(oldPid);
        const list = (0, residentProcessFixtures_1.agents)(root, ['--format', 'json', 'plan', 'list']);
        assert.equal(list.code, 0, list.stderr);
        assert.equal(JSON.parse(list.stdout).plans[0].title, 'versions', 'done in-process');
        await (0, residentProcessFixtures_1.until)('the other version exits', () => !(0, residentProcessFixtures_1.alive)(oldPid));
        const fresh = await daemonOf(root);
        assert.equal(fresh.version, residentProcessFixtures_1.VERSION);
        assert.notEqual(fresh.pid, oldPid);
    });
    for (const [moment, prefix] of [
        ['in the middle of its work', '{"t":"beat"}'],
        ['after its work, before its answer', '{"t":"done"'],
    ]) {
        it(`a process SIGKILLed ${moment}: the call completes in-process, with one prompt checkpoint`, async () => {
            const dir = tempDir();
            const root = (0, residentProcessFixtures_1.newWorkspace)(dir);
            (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'first' }), residentProcessFixtures_1.NO_DAEMON);
            const pid = await startDaemonBy(killingDaemon(dir, prefix), root);
            started.push(pid);
            // Enough changed files that the checkpoint outlasts the first heartbeat (every 200 ms).
            for (let i = 0; i < 4000; i++)
                (0, sandboxFixtures_1.write)(root, `gen/d${i % 50}/f${i}.ts`, `export const v${i} = ${i};\n`);
            (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'second' }), { AGENTS_HOOK_BUDGET_MS: '20000' });
            await (0, residentProcessFixtures_1.until)('the daemon was killed', () => !(0, residentProcessFixtures_1.alive)(pid));
            const prompts = history(root).filter((l) => l.includes('| Before: "second" |'));
            assert.equal(prompts.length, 1, `one checkpoint for the prompt:\n${history(root).join("\n")}\n${(0, residentProcessFixtures_1.hooksLog)(root)}`);
            assert.match((0, residentProcessFixtures_1.hooksLog)(root), /resident process not used: (the process closed the connection before answering|no acknowledgement)/);
        });
    }
    it('a process SIGKILLed after it took a `plan checkpoint`, before its answer: the call answers with that checkpoint and takes no second', async () => {
        const dir = tempDir();
        const root = (0, residentProcessFixtures_1.newWorkspace)(dir);
        const planId = (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'once'], residentProcessFixtures_1.NO_DAEMON).plan.plan_id;
        const pid = await startDaemonBy(killingDaemon(dir, '{"t":"done"'), root);
        started.push(pid);
        (0, sandboxFixtures_1.write)(root, 'src/c.ts', 'export const c = 1;\n');
        const made = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId, '--reason', 'once']);
        await (0, residentProcessFixtures_1.until)('the daemon was killed', () => !(0, residentProcessFixtures_1.alive)(pid));
        const taken = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', planId], residentProcessFixtures_1.NO_DAEMON).checkpoints;
        assert.deepEqual(taken.map((c) => `${c.checkpoint_id} ${c.metadata.reason}`), [`${made.checkpoint.checkpoint_id} once`], 'the process took it; the call answered with it and took none itself');
        assert.match(made.checkpoint.metadata.extra.checkpoint_call ?? '', /^[0-9A-HJKMNP-TV-Z]{26}$/, 'recorded with the token of the call that took it');
        // The same id in the environment of another call (inherited, not chosen for it): ignored, so
        // that call takes a checkpoint of its own (issue 34: it used to answer with this one).
        (0, sandboxFixtures_1.write)(root, 'src/c.ts', 'export const c = 2;\n');
        const again = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId, '--reason', 'again'], { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: made.checkpoint.checkpoint_id });
        assert.notEqual(again.checkpoint.checkpoint_id, made.checkpoint.checkpoint_id);
        assert.equal((0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', planId], residentProcessFixtures_1.NO_DAEMON).checkpoints.length, 2);
        // Nor is it another plan's answer: that plan takes its own too.
        const other = (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'other'], residentProcessFixtures_1.NO_DAEMON).plan.plan_id;
        const own = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', other], { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: made.checkpoint.checkpoint_id });
        assert.equal(own.checkpoint.plan_id, other);
    });
    it('a stopped process (SIGSTOP): hook calls and CLI commands complete in-process', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'first' }), residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        const daemon = await daemonOf(root);
        process.kill(daemon.pid, 'SIGSTOP');
        (0, sandboxFixtures_1.write)(root, 'src/d.ts', 'export const d = 1;\n');
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'PreToolUse', { tool_name: 'Write', tool_input: { file_path: path.join(root, 'src/d.ts') } }));
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /PreToolUse Write: pre_write \w+ in plan/, 'the checkpoint was taken in-process');
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /resident process not used: no acknowledgement/);
        const planId = (0, residentProcessFixtures_1.json)(root, ['plan', 'list']).plans[0].plan_id;
        (0, sandboxFixtures_1.write)(root, 'src/e.ts', 'export const e = 1;\n');
        const made = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId, '--reason', 'while stopped']);
        assert.equal(made.checkpoint.metadata.reason, 'while stopped');
        assert.equal((0, residentProcessFixtures_1.alive)(daemon.pid), true, 'it was stopped, not dead');
        process.kill(daemon.pid, 'SIGCONT');
    });
    it('exits when idle', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'idle'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: { CLEVERAGENTS_DAEMON_IDLE_MS: '1500' } });
        const daemon = await daemonOf(root);
        await (0, residentProcessFixtures_1.until)('the idle process exits', () => !(0, residentProcessFixtures_1.alive)(daemon.pid));
        assert.equal((0, node_fs_1.existsSync)(socketOf(root)), false, 'it removed its socket');
        assert.match((0, node_fs_1.readFileSync)(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8'), /exiting: idle for 1500 ms, rss [\d.]+ MB/);
    });
    it('collects the store\'s garbage once no request came for a while, never inside the call that made it due', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        const planId = (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'gc'], residentProcessFixtures_1.NO_DAEMON).plan.plan_id;
        (0, residentProcessFixtures_1.json)(root, ['plan', 'policy', planId, '--max-checkpoints', '3'], residentProcessFixtures_1.NO_DAEMON);
        const counter = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git', 'unpinned-since-gc');
        const unpinned = () => ((0, node_fs_1.existsSync)(counter) ? Number((0, node_fs_1.readFileSync)(counter, 'utf8')) : 0);
        // A process that waits ten minutes before its maintenance: whatever is collected, a call did it.
        const patient = { CLEVERAGENTS_DAEMON_MAINTENANCE_MS: '600000' };
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: patient });
        const first = await daemonOf(root);
        const before = (0, residentProcessFixtures_1.status)(root).requests;
        // From the fourth checkpoint on, each drops a pin; the 25th dropped makes a collection due.
        for (let i = 0; unpinned() < 26; i++) {
            (0, sandboxFixtures_1.write)(root, 'src/app.ts', `export const a = ${i};\n`);
            (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId], patient);
            if (i > 40)
                assert.fail(`no collection became due: ${unpinned()} pins dropped`);
        }
        assert.equal((0, residentProcessFixtures_1.status)(root).pid, first.pid);
        assert.ok((0, residentProcessFixtures_1.status)(root).requests >= before + 26, 'the process took the checkpoints');
        assert.equal(unpinned(), 26, 'no call collected (it would have reset the count)');
        // A process with a short quiet time collects after the next request it serves.
        (0, residentProcessFixtures_1.agents)(root, ['daemon', 'stop']);
        await (0, residentProcessFixtures_1.until)('the process has stopped', () => !(0, residentProcessFixtures_1.status)(root).running);
        const quick = { CLEVERAGENTS_DAEMON_MAINTENANCE_MS: '200' };
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: quick });
        await daemonOf(root);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: quick });
        await (0, residentProcessFixtures_1.until)('the idle process collected', () => unpinned() === 0);
        assert.match((0, node_fs_1.readFileSync)(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8'), /collected the store's garbage in \d+ ms/);
        assert.equal((0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', planId], residentProcessFixtures_1.NO_DAEMON).checkpoints.length, 3, 'the kept checkpoints are still there');
    });
    it('exits when its .cleveragents folder is deleted, or replaced', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'gone'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        const first = await daemonOf(root);
        (0, node_fs_1.rmSync)(path.join(root, '.cleveragents'), { recursive: true, force: true, maxRetries: 5 });
        await (0, residentProcessFixtures_1.until)('the process of a deleted store exits', () => !(0, residentProcessFixtures_1.alive)(first.pid));
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'again'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        const second = await daemonOf(root);
        // replaced by a copy (another folder at the same path): the process no longer serves it
        (0, node_fs_1.renameSync)(path.join(root, '.cleveragents'), path.join(root, 'old-store'));
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents'));
        await (0, residentProcessFixtures_1.until)('the process of a replaced store exits', () => !(0, residentProcessFixtures_1.alive)(second.pid));
    });
    it('its folder is 0700 and its socket 0600; a folder open to others is not used', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'modes'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        const daemon = await daemonOf(root);
        assert.equal((0, node_fs_1.lstatSync)(path.join(root, '.cleveragents', 'run')).mode & 0o777, 0o700);
        assert.equal((0, node_fs_1.lstatSync)(socketOf(root)).mode & 0o777, 0o600);
        (0, node_fs_1.chmodSync)(path.join(root, '.cleveragents', 'run'), 0o755);
        const before = daemon.requests;
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'open folder' }));
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /resident process not used: .*run is open to other users \(mode 755\)/);
        (0, node_fs_1.chmodSync)(path.join(root, '.cleveragents', 'run'), 0o700);
        assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 1, 'only this status reached it');
    });
    it('a run folder that is a symbolic link is not used, even to a live process', async () => {
        const dir = tempDir();
        const other = (0, residentProcessFixtures_1.newWorkspace)(path.join(dir));
        (0, residentProcessFixtures_1.json)(other, ['plan', 'create', '--title', 'other'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(other, ['plan', 'list']);
        const otherDaemon = await daemonOf(other);
        const root = path.join(dir, 'second');
        (0, node_fs_1.mkdirSync)(root);
        (0, sandboxFixtures_1.git)(root, 'init', '-q');
        (0, sandboxFixtures_1.write)(root, 'x.txt', 'x\n');
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'linked'], residentProcessFixtures_1.NO_DAEMON);
        (0, node_fs_1.symlinkSync)(path.join(other, '.cleveragents', 'run'), path.join(root, '.cleveragents', 'run'));
        const before = (0, residentProcessFixtures_1.status)(other).requests;
        const list = (0, residentProcessFixtures_1.agents)(root, ['--format', 'json', 'plan', 'list']);
        assert.equal(JSON.parse(list.stdout).plans[0].title, 'linked', 'done in-process, in its own store');
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'linked run' }));
        assert.match((0, residentProcessFixtures_1.hooksLog)(root), /resident process not used: .*run is a symbolic link/);
        assert.equal((0, residentProcessFixtures_1.status)(other).requests, before + 1, 'the other workspace\'s process got nothing but its own status');
        assert.equal((0, residentProcessFixtures_1.alive)(otherDaemon.pid), true);
    });
    it('refuses a request for another workspace, and a malformed one', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'mine'], residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        await daemonOf(root);
        const ask = (line) => new Promise((resolve, reject) => {
            const here = process.cwd();
            process.chdir(path.dirname(socketOf(root)));
            const socket = net.createConnection('agents.sock');
            process.chdir(here);
            let text = '';
            socket.setEncoding('utf8');
            socket.on('data', (d) => (text += d));
            socket.on('close', () => resolve(text));
            socket.on('error', reject);
            socket.write(`${line}\n`);
        });
        const elsewhere = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        const refused = await ask(JSON.stringify({ version: residentProcessFixtures_1.VERSION, kind: 'cli', argv: ['plan', 'list'], cwd: elsewhere, env: {} }));
        assert.match(refused, /"t":"refused".*another workspace/);
        const malformed = await ask(JSON.stringify({ version: residentProcessFixtures_1.VERSION, kind: 'cli', argv: ['plan', 'delete', 'x'], cwd: root, env: {} }));
        assert.match(malformed, /"t":"refused".*bad request/);
    });
    it('CLEVERAGENTS_NO_DAEMON=1: no process is started, and a running one is not asked', async () => {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        await session(root, (input) => (0, residentProcessFixtures_1.hook)(root, input, residentProcessFixtures_1.NO_DAEMON));
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: residentProcessFixtures_1.NO_DAEMON });
        assert.equal((0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'run')), false, 'nothing started');
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        const daemon = await daemonOf(root);
        (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'off' }), residentProcessFixtures_1.NO_DAEMON);
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env: residentProcessFixtures_1.NO_DAEMON });
        assert.equal((0, residentProcessFixtures_1.status)(root).requests, daemon.requests + 1, 'only the status reached it');
    });
});
//# sourceMappingURL=residentProcess.test.js.map
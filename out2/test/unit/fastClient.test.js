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
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const fastHook_1 = require("../../src/daemon/fastHook");
const protocol_1 = require("../../src/daemon/protocol");
const hookRuntime_1 = require("../../src/extension/agentHooks/hookRuntime");
const cliHarness_1 = require("./helpers/cliHarness");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const hookConfigFixtures_1 = require("./fixtures/hookConfigFixtures");
// The launcher's fast client (src/daemon/fastClientScript.ts, fastHook.ts): the real launcher run
// by /bin/sh with the real curl, against the real resident process, or against a socket of this
// test where the process must misbehave (answer and go, go silent). No timing is asserted.
const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
/**
 * Runs `launcher "<cli.js>" hook run <agent>` with `input` on stdin (or a stdin left open when
 * undefined), asynchronously: a socket of this test must go on answering meanwhile.
 */
function runLauncher(launcher, root, agent, input, env) {
    return (0, residentProcessFixtures_1.runDetached)(launcher, [path.join(cliHarness_1.REPO_ROOT, 'dist', 'cli.js'), 'hook', 'run', agent], { cwd: root, env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, ...env }), input });
}
for (const client of ['perl', 'curl'])
    describe(`the launcher's fast client, with ${client}`, function () {
        this.timeout(180_000);
        const { pids, impostors, tempDir } = (0, residentProcessFixtures_1.useFastClientSuite)(client, 'ca-fast-');
        /** The PATH of every call: the fast client's tools, perl only in its run, no node. */
        const tools = (dir) => (0, residentProcessFixtures_1.toolsOnly)(dir, client === 'perl' ? ['perl'] : []);
        const call = (file, root, agent, input, env) => runLauncher(file, root, agent, input, { PATH: tools(path.dirname(root)), ...env });
        /** A launcher as the extension writes it; `runtime` may be a path that does not exist. */
        function launcher(dir, runtime = process.execPath, version = residentProcessFixtures_1.VERSION) {
            const file = path.join(dir, `launcher-${version}-${path.basename(runtime)}`);
            (0, node_fs_1.writeFileSync)(file, (0, hookRuntime_1.launcherText)(runtime, false, { version, uid }), { mode: 0o755 });
            return file;
        }
        /** A workspace with a plan for the session and its resident process running. */
        async function served(dir) {
            const root = (0, residentProcessFixtures_1.newWorkspace)(dir);
            (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'first'], residentProcessFixtures_1.NO_DAEMON);
            (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
            const { pid } = await (0, residentProcessFixtures_1.running)(root);
            pids.push(pid);
            (0, residentProcessFixtures_1.hook)(root, (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { prompt: 'add b' }));
            return { root, pid };
        }
        const writeEvent = (root, name) => (0, residentProcessFixtures_1.event)(root, name, { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, 'src/b.ts') } });
        /** The checkpoints the hooks took, as hooks.log tells them. */
        const taken = (root, phase) => (0, residentProcessFixtures_1.hooksLog)(root).split('\n').filter((l) => l.includes(`: ${phase} `)).length;
        it('a hooks.log that is a link out of the workspace (issue 34): the call is answered, and nothing is written through the link', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const outside = path.join(dir, 'bashrc');
            (0, node_fs_1.writeFileSync)(outside, 'export EDITOR=vi\n');
            (0, node_fs_1.rmSync)(path.join(root, '.cleveragents', 'logs', 'hooks.log'), { force: true });
            (0, node_fs_1.symlinkSync)(outside, path.join(root, '.cleveragents', 'logs', 'hooks.log'));
            const gone = launcher(dir, path.join(dir, 'no-such-node'));
            const before = (0, residentProcessFixtures_1.status)(root).requests;
            const run = await call(gone, root, 'claude-code', (0, residentProcessFixtures_1.event)(root, 'UserPromptSubmit', { session_id: '$(touch${IFS}PWNED)', prompt: 'x' }), { PATH: tools(dir), CLAUDE_PROJECT_DIR: root });
            assert.deepEqual(run, { code: 0, stdout: '', stderr: '' });
            assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 2, 'the call went to the resident process');
            assert.equal((0, node_fs_1.readFileSync)(outside, 'utf8'), 'export EDITOR=vi\n');
        });
        it('hands the hook to the resident process: no Node.js is started, and the answer is the one node would print', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const gone = launcher(dir, path.join(dir, 'no-such-node'));
            const env = { PATH: tools(dir), CLAUDE_PROJECT_DIR: root };
            const before = (0, residentProcessFixtures_1.status)(root).requests;
            const pre = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
            assert.deepEqual(pre, { code: 0, stdout: '', stderr: '' });
            (0, sandboxFixtures_1.write)(root, 'src/b.ts', 'export const b = 2;\n');
            const post = await call(gone, root, 'claude-code', writeEvent(root, 'PostToolUse'), env);
            assert.deepEqual(post, { code: 0, stdout: '', stderr: '' });
            assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 3, 'both hooks (and this status) went to the process');
            assert.equal(taken(root, 'pre_write'), 1);
            assert.equal(taken(root, 'post_step'), 1);
            // An agent whose answer is not empty (Cline fails closed on anything but its JSON), byte for byte.
            const cline = await call(gone, root, 'cline', (0, hookConfigFixtures_1.clinePreToolUseEvent)(root), { ...env, CLAUDE_PROJECT_DIR: '' });
            const byNode = (0, residentProcessFixtures_1.agents)(root, ['hook', 'run', 'cline'], { input: (0, hookConfigFixtures_1.clinePreToolUseEvent)(root), env: residentProcessFixtures_1.NO_DAEMON });
            assert.deepEqual(cline, { code: 0, stdout: byNode.stdout, stderr: '' });
            assert.equal(byNode.stdout, '{"cancel":false}\n');
            assert.deepEqual((0, node_fs_1.readdirSync)(path.join(root, '.cleveragents', 'run')).filter((n) => n !== 'agents.sock'), [], 'no temporary file is left');
        });
        it('leaves the call to node, on the same stdin, whenever it cannot be answered: no process, CLEVERAGENTS_NO_DAEMON, a launcher of another version', async () => {
            const dir = tempDir();
            const { root, pid } = await served(dir);
            const gone = launcher(dir, path.join(dir, 'no-such-node'));
            const env = { PATH: tools(dir), CLAUDE_PROJECT_DIR: root };
            const notServed = async (why, file, extra = {}) => {
                const r = await call(file, root, 'claude-code', writeEvent(root, 'PreToolUse'), { ...env, ...extra });
                assert.equal(r.code, 1, `${why}: node was wanted (${r.stdout}${r.stderr})`);
                assert.match(r.stderr, /no-such-node is gone/, why);
            };
            const before = (0, residentProcessFixtures_1.status)(root).requests;
            await notServed('turned off', gone, residentProcessFixtures_1.NO_DAEMON);
            const other = launcher(dir, path.join(dir, 'no-such-node'), '0.0.1-other');
            await notServed('another version', other);
            assert.equal((0, residentProcessFixtures_1.status)(root).pid, pid, 'a launcher of another version does not stop the process');
            assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 2, 'nothing was served but the status calls');
            // With a runtime, node does the call on the stdin the fast client read (here: after the refusal).
            const real = launcher(dir, process.execPath, '0.0.1-other');
            const r = await call(real, root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root });
            assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
            assert.equal(taken(root, 'pre_write'), 1, 'the checkpoint was taken, from the same event');
            // No process at all: node does the call, and starts one.
            (0, residentProcessFixtures_1.agents)(root, ['daemon', 'stop']);
            await (0, residentProcessFixtures_1.until)('the process has stopped', () => !(0, residentProcessFixtures_1.status)(root).running);
            const again = await call(launcher(dir), root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root });
            assert.deepEqual(again, { code: 0, stdout: '', stderr: '' });
            assert.equal(taken(root, 'pre_write'), 2);
            pids.push((await (0, residentProcessFixtures_1.running)(root)).pid);
        });
        it('never talks to a run folder or a socket anyone else could have made: open to others, another owner, a symbolic link', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const gone = launcher(dir, path.join(dir, 'no-such-node'));
            const env = { PATH: tools(dir), CLAUDE_PROJECT_DIR: root };
            const run = path.join(root, '.cleveragents', 'run');
            const socket = path.join(run, 'agents.sock');
            /** `open` makes the fast client's way unsafe; `close` undoes it, for the node client to read the count again. */
            const refused = async (why, open, close) => {
                const before = (0, residentProcessFixtures_1.status)(root).requests;
                open();
                const r = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
                close();
                assert.equal(r.code, 1, `${why}: the fast client must not connect (${r.stdout}${r.stderr})`);
                assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 1, `${why}: only the status call reached the process`);
            };
            await refused('a run folder open to its group', () => (0, node_fs_1.chmodSync)(run, 0o750), () => (0, node_fs_1.chmodSync)(run, 0o700));
            await refused('a socket open to its group', () => (0, node_fs_1.chmodSync)(socket, 0o660), () => (0, node_fs_1.chmodSync)(socket, 0o600));
            if (uid === 0) {
                // Only root can give a file away: the test of another owner runs where it can.
                await refused('a socket of another user', () => (0, node_fs_1.chownSync)(socket, 65534, 65534), () => (0, node_fs_1.chownSync)(socket, 0, 0));
                await refused('a run folder of another user', () => (0, node_fs_1.chownSync)(run, 65534, 65534), () => (0, node_fs_1.chownSync)(run, 0, 0));
            }
            // A link to a folder of ours with the live socket in it: not used either, as by the node client.
            (0, node_fs_1.renameSync)(run, `${run}-elsewhere`);
            (0, node_fs_1.symlinkSync)(`${run}-elsewhere`, run);
            const linked = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
            assert.equal(linked.code, 1, `a run folder that is a symbolic link: ${linked.stdout}${linked.stderr}`);
            (0, node_fs_1.rmSync)(run);
            (0, node_fs_1.renameSync)(`${run}-elsewhere`, run);
            const ok = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
            assert.equal(ok.code, 0, `served again once everything is private: ${ok.stderr}`);
        });
        if (client === 'perl')
            it('perl is steered by none of its variables in the agent\'s environment (PERL5OPT, PERL5LIB, PERLIO, PERL_UNICODE)', async () => {
                const dir = tempDir();
                const { root } = await served(dir);
                const gone = launcher(dir, path.join(dir, 'no-such-node'));
                const env = { CLAUDE_PROJECT_DIR: root, PERL5OPT: '-Mno_such_module', PERL5LIB: dir, PERLLIB: dir, PERLIO: ':crlf', PERL_UNICODE: 'SDA' };
                const r = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
                assert.deepEqual(r, { code: 0, stdout: '', stderr: '' }, 'answered by perl (with PERL5OPT it would not start, and node is gone)');
            });
        it('a process that takes the call and goes away: node takes the checkpoint itself, told that part may be done', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            let requests = 0;
            await impostors.listen(root, (socket) => {
                socket.once('data', (request) => {
                    requests++;
                    (0, residentProcessFixtures_1.httpAnswer)(socket, request).write('.');
                    socket.destroy();
                });
            });
            const r = await call(launcher(dir), root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root, CLEVERAGENTS_NO_DAEMON: '' });
            assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
            assert.equal(requests, 1, 'the node client did not ask the process again');
            assert.equal(taken(root, 'pre_write'), 1, 'the checkpoint was taken in-process');
            assert.match((0, residentProcessFixtures_1.hooksLog)(root), /took the call from the launcher and went away unanswering/);
            assert.equal(process.env[protocol_1.RESIDENT_LOST_ENV], undefined);
        });
        it('a process that never acknowledges the call: the fast client gives up, and node does the call', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            // It trickles an answer's first line and never ends it, with a budget that would allow ten
            // minutes. (The fast client's one-second wait for the acknowledgement makes this end sooner
            // than curl's own speed check would; only a timing could show that, so it is not asserted.)
            await impostors.listen(root, (socket) => {
                const head = 'HTTP/1.1 200 OK\r\n';
                let sent = 0;
                const timer = setInterval(() => socket.write(sent < head.length ? head[sent++] : 'x'), 200);
                socket.on('close', () => clearInterval(timer));
                socket.on('error', () => clearInterval(timer));
            });
            const r = await call(launcher(dir), root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root, CLEVERAGENTS_DAEMON_ACK_MS: '300', AGENTS_HOOK_BUDGET_MS: '600000' });
            assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
            assert.equal(taken(root, 'pre_write'), 1);
        });
        it('a call that takes a while is waited for while the process says it works', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            await impostors.listen(root, (socket) => {
                socket.once('data', (request) => {
                    const answer = (0, residentProcessFixtures_1.httpAnswer)(socket, request);
                    answer.write('.');
                    const beat = setInterval(() => answer.write('.'), 200);
                    setTimeout(() => {
                        clearInterval(beat);
                        answer.end('\ndone\n{"answer":"from the process"}\n  \\n\ttabbed \\\\ \r\nno newline at the end');
                    }, 2500);
                });
            });
            const r = await call(launcher(dir, path.join(dir, 'no-such-node')), root, 'claude-code', writeEvent(root, 'PreToolUse'), { PATH: tools(dir), CLAUDE_PROJECT_DIR: root });
            assert.deepEqual(r, { code: 0, stdout: '{"answer":"from the process"}\n  \\n\ttabbed \\\\ \r\nno newline at the end', stderr: '' }, 'the answer byte for byte');
        });
        it('an agent that never closes stdin: the call ends after the wait a node client gives it', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const r = await call(launcher(dir, path.join(dir, 'no-such-node')), root, 'claude-code', undefined, { PATH: tools(dir), CLAUDE_PROJECT_DIR: root });
            assert.deepEqual(r, { code: 0, stdout: '', stderr: '' }, 'answered by the process');
            assert.match((0, residentProcessFixtures_1.hooksLog)(root), /stdin did not end within 5000 ms/);
        });
        it('sends the working folder and every variable a hook reads, exactly', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            let body;
            await impostors.listen(root, (socket) => {
                const chunks = [];
                socket.on('data', (c) => {
                    chunks.push(c);
                    const all = Buffer.concat(chunks);
                    const head = all.indexOf('\r\n\r\n');
                    const length = Number(/content-length: (\d+)/i.exec(all.subarray(0, head).toString())?.[1]);
                    if (head < 0 || all.length < head + 4 + length)
                        return;
                    body = all.subarray(head + 4);
                    socket.end('HTTP/1.1 409 Conflict\r\nContent-Length: 0\r\n\r\n');
                });
            });
            const values = Object.fromEntries(protocol_1.FORWARDED_ENV_NAMES.map((name, i) => [name, i === 0 ? root : `value ${i} with 'quotes', "these", $HOME and\nlines`]));
            values.AGENTS_HOOK_BUDGET_MS = '9000';
            const input = writeEvent(root, 'PreToolUse');
            await call(launcher(dir, path.join(dir, 'no-such-node')), root, 'claude-code', input, { PATH: tools(dir), ...values });
            assert.ok(body, 'the request came');
            const parsed = (0, fastHook_1.parseFastHook)(`/v1/hook/claude-code?version=${residentProcessFixtures_1.VERSION}`, body, 1000);
            assert.ok(parsed.ok, parsed.ok ? '' : parsed.why);
            assert.deepEqual(parsed.request, { version: residentProcessFixtures_1.VERSION, kind: 'hook', agent: 'claude-code', input: { ok: true, text: input }, cwd: root, env: values, started: 1000, answerBy: 7000 });
        });
        it('the files a killed hook left behind are removed by the process once older than any budget, and nothing else', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const run = path.join(root, '.cleveragents', 'run');
            const old = new Date(Date.now() - 20 * 60 * 1000);
            for (const name of ['hook-101.in', 'hook-101.meta', 'hook-101.out', 'hook-102.in', 'notes.txt'])
                (0, node_fs_1.writeFileSync)(path.join(run, name), 'x');
            for (const name of ['hook-101.in', 'hook-101.meta', 'hook-101.out', 'notes.txt'])
                (0, node_fs_1.utimesSync)(path.join(run, name), old, old);
            await (0, residentProcessFixtures_1.until)('the old files are removed', () => !(0, node_fs_1.existsSync)(path.join(run, 'hook-101.in')) && !(0, node_fs_1.existsSync)(path.join(run, 'hook-101.out')));
            assert.deepEqual((0, node_fs_1.readdirSync)(run).sort(), ['agents.sock', 'hook-102.in', 'notes.txt'], 'a recent one (a call under way) and other names stay');
        });
        it('forwards every AGENTS_HOOK_ variable the code reads', () => {
            const read = new Set();
            const walk = (dir) => {
                for (const name of (0, node_fs_1.readdirSync)(dir, { withFileTypes: true })) {
                    const file = path.join(dir, name.name);
                    if (name.isDirectory())
                        walk(file);
                    else if (file.endsWith('.ts'))
                        for (const m of (0, node_fs_1.readFileSync)(file, 'utf8').matchAll(/\bAGENTS_HOOK_[A-Z_]+/g))
                            read.add(m[0]);
                }
            };
            walk(path.join(cliHarness_1.REPO_ROOT, 'src'));
            read.delete(protocol_1.RESIDENT_LOST_ENV);
            assert.ok(read.size >= 3, [...read].join());
            for (const name of read)
                assert.ok(protocol_1.FORWARDED_ENV_NAMES.includes(name), `${name} is read by the code but not forwarded`);
        });
    });
describe('the fast client\'s request, as the resident process reads it', () => {
    const fields = (...list) => Buffer.from(`${list.map((f) => `${f}\0`).join('')}\0&`);
    const url = '/v1/hook/cursor?version=1.2.3';
    it('reads the fields and the event', () => {
        const parsed = (0, fastHook_1.parseFastHook)(url, Buffer.concat([fields('cwd=/w', 'stdin=ended', 'AGENTS_DEBUG=1'), Buffer.from('{"a":"é\0"}')]), 50);
        assert.ok(parsed.ok);
        assert.deepEqual(parsed.request, { version: '1.2.3', kind: 'hook', agent: 'cursor', input: { ok: true, text: '{"a":"é\0"}' }, cwd: '/w', env: { AGENTS_DEBUG: '1' }, started: 50, answerBy: 7050 });
    });
    it('an event that did not end, or too large, is the hook\'s to report, as a node client would', () => {
        const late = (0, fastHook_1.parseFastHook)(url, fields('cwd=/w', 'stdin=timeout'), 0);
        assert.ok(late.ok && late.request.kind === 'hook');
        assert.deepEqual(late.request.input, { ok: false, why: 'stdin did not end within 5000 ms' });
        const big = (0, fastHook_1.parseFastHook)(url, Buffer.concat([fields('cwd=/w', 'stdin=ended'), Buffer.alloc(8 * 1024 * 1024 + 1, 0x20)]), 0);
        assert.ok(big.ok && big.request.kind === 'hook');
        assert.deepEqual(big.request.input, { ok: false, why: `stdin holds more than ${8 * 1024 * 1024} bytes` });
    });
    it('refuses anything else', () => {
        const body = Buffer.concat([fields('cwd=/w', 'stdin=ended'), Buffer.from('{}')]);
        const refusals = [
            ['/v1/hook/cursor', body, /not a hook request/],
            ['/v1/hook/nobody?version=1', body, /agent/],
            ['/v2/hook/cursor?version=1', body, /not a hook request/],
            [url, Buffer.from('cwd=/w\0stdin=ended\0{}'), /do not end/],
            [url, Buffer.concat([fields('cwd=relative', 'stdin=ended'), Buffer.from('{}')]), /absolute path/],
            [url, Buffer.concat([fields('cwd=/w'), Buffer.from('{}')]), /no stdin field/],
            [url, Buffer.concat([fields('cwd=/w', 'stdin=ended', 'PATH=/bin'), Buffer.from('{}')]), /unexpected field "PATH"/],
            [url, Buffer.concat([fields('cwd=/w', 'cwd=/x', 'stdin=ended'), Buffer.from('{}')]), /unexpected field "cwd"/],
        ];
        for (const [u, b, why] of refusals) {
            const parsed = (0, fastHook_1.parseFastHook)(u, b, 0);
            assert.equal(parsed.ok, false, u);
            assert.match(parsed.ok ? '' : parsed.why, why, u);
        }
    });
});
//# sourceMappingURL=fastClient.test.js.map
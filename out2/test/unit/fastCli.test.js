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
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const fastCli_1 = require("../../src/daemon/fastCli");
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
// `agents` in VS Code's terminal (bin/agents) and its fast client (src/daemon/fastClientScript.ts,
// fastCliLines; fastCli.ts): the real script run by /bin/sh with the real curl, against the real
// resident process, or against a socket of this test where the process must misbehave. No
// timing is asserted.
const AGENTS = path.join(cliHarness_1.REPO_ROOT, 'bin', 'agents');
/**
 * `sh bin/agents <args>` in `root`, asynchronously: a socket of this test must go on answering
 * meanwhile. What the fast client does not answer runs on AGENTS_RUNTIME (this node) unless the
 * test empties it: then on the PATH's node, which the fast client's tools (toolsOnly) do not hold.
 */
function runAgents(root, args, env = {}) {
    return (0, residentProcessFixtures_1.runDetached)('/bin/sh', [AGENTS, ...args], { cwd: root, env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, AGENTS_RUNTIME: process.execPath, CLEVERAGENTS_NO_DAEMON: '', ...env }), input: '' });
}
/** What node prints for the same command line, without the resident process. */
function byNode(root, args) {
    const r = (0, residentProcessFixtures_1.agents)(root, args, { env: residentProcessFixtures_1.NO_DAEMON });
    return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}
for (const client of ['perl', 'curl'])
    describe(`agents in VS Code's terminal: the fast client, with ${client}`, function () {
        this.timeout(180_000);
        const { pids, impostors, tempDir } = (0, residentProcessFixtures_1.useFastClientSuite)(client, 'ca-fastcli-');
        /** The PATH of every call: the fast client's tools, perl only in its run, git, no node. */
        let tools = '';
        before(() => {
            tools = (0, residentProcessFixtures_1.toolsOnly)((0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'ca-fastcli-tools-')), client === 'perl' ? ['perl'] : []);
        });
        after(() => (0, node_fs_1.rmSync)(path.dirname(tools), { recursive: true, force: true }));
        /**
         * `agents` with no runtime to fall back to (AGENTS_RUNTIME empty, no node on the PATH): only the
         * fast client answers. With variables that would stop perl at its start were they not cleared.
         */
        const fast = (cwd, args, env = {}) => runAgents(cwd, args, { PATH: tools, AGENTS_RUNTIME: '', PERL5OPT: '-Mno_such_module', PERLIO: ':crlf', ...env });
        /** `agents` with this node to fall back to. */
        const withNode = (cwd, args, env = {}) => runAgents(cwd, args, { PATH: tools, ...env });
        /** A workspace with a plan (and a checkpoint) and its resident process running. */
        async function served(dir) {
            const root = (0, residentProcessFixtures_1.newWorkspace)(dir);
            const planId = (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'first'], residentProcessFixtures_1.NO_DAEMON).plan.plan_id;
            (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId], residentProcessFixtures_1.NO_DAEMON);
            (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
            pids.push((await (0, residentProcessFixtures_1.running)(root)).pid);
            return { root, planId };
        }
        /** The ids of a plan's checkpoints, read without the resident process. */
        const checkpointIds = (root, planId) => (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', planId], residentProcessFixtures_1.NO_DAEMON).checkpoints.map((c) => c.checkpoint_id);
        it('answers plan list, checkpoints, show and checkpoint through the resident process, with no runtime started, as node prints them', async () => {
            const dir = tempDir();
            const { root, planId } = await served(dir);
            const before = (0, residentProcessFixtures_1.status)(root).requests;
            for (const args of [['plan', 'list'], ['plan', 'checkpoints', planId], ['--format', 'json', 'plan', 'show', planId], ['plan', 'show', '01ARZ3NDEKTSV4RRFFQ69G5FAV']]) {
                assert.deepEqual(await fast(root, args), byNode(root, args), `agents ${args.join(' ')}`);
            }
            const taken = await fast(root, ['--format', 'json', 'plan', 'checkpoint', planId]);
            assert.equal(taken.code, 0, taken.stderr);
            const id = JSON.parse(taken.stdout).checkpoint.checkpoint_id;
            assert.deepEqual(checkpointIds(root, planId).slice(-1), [id]);
            // --workspace given, from another folder.
            const elsewhere = await fast(dir, ['--workspace', root, 'plan', 'list']);
            assert.deepEqual(elsewhere, byNode(root, ['plan', 'list']));
            assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 7, 'each command was served by the process (and this status call)');
            assert.deepEqual((0, node_fs_1.readdirSync)(path.join(root, '.cleveragents', 'run')), ['agents.sock'], 'no file left behind');
        });
        it('leaves to node what it must not send: other commands, help, CLEVERAGENTS_NO_DAEMON', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const before = (0, residentProcessFixtures_1.status)(root).requests;
            for (const [args, extra] of [
                [['plan', 'create', '--title', 'x'], {}],
                [['plan', 'list', '--help'], {}],
                [['plan', 'list'], residentProcessFixtures_1.NO_DAEMON],
            ]) {
                const r = await fast(root, args, extra);
                assert.equal(r.code, 127, `agents ${args.join(' ')}: node was wanted (${r.stdout}${r.stderr})`);
                assert.match(r.stderr, /node: not found/);
            }
            assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 1, 'only the status call reached the process');
        });
        it('never talks to a run folder or a socket anyone else could have made: open to others, a symbolic link', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const run = path.join(root, '.cleveragents', 'run');
            const socket = path.join(run, 'agents.sock');
            const refused = async (why, open, close) => {
                const before = (0, residentProcessFixtures_1.status)(root).requests;
                open();
                const r = await fast(root, ['plan', 'list']);
                close();
                assert.equal(r.code, 127, `${why}: the fast client must not connect (${r.stdout}${r.stderr})`);
                assert.equal((0, residentProcessFixtures_1.status)(root).requests, before + 1, `${why}: only the status call reached the process`);
            };
            await refused('a run folder open to its group', () => (0, node_fs_1.chmodSync)(run, 0o750), () => (0, node_fs_1.chmodSync)(run, 0o700));
            await refused('a socket open to others', () => (0, node_fs_1.chmodSync)(socket, 0o606), () => (0, node_fs_1.chmodSync)(socket, 0o600));
            await refused('a run folder that is a symbolic link', () => {
                (0, node_fs_1.renameSync)(run, `${run}-elsewhere`);
                (0, node_fs_1.symlinkSync)(`${run}-elsewhere`, run);
            }, () => {
                (0, node_fs_1.rmSync)(run);
                (0, node_fs_1.renameSync)(`${run}-elsewhere`, run);
            });
            assert.equal((await fast(root, ['plan', 'list'])).code, 0, 'served again once everything is private');
        });
        it('prints the answer byte for byte: stderr, an unended last line, stdout, and the exit code', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const stdout = '{"answer":"from the process"}\n  \\n\ttabbed \\\\ \r\n-e\nno newline at the end';
            const stderr = 'agents: first\n\n  -n second\\c\nunended';
            await impostors.listen(root, (socket) => {
                socket.once('data', () => {
                    const rest = `${(0, fastCli_1.fastCliAck)(undefined)}..${(0, fastCli_1.fastCliAnswer)({ t: 'done', stdout, stderr, code: 2 })}`;
                    socket.end(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(rest)}\r\n\r\n${rest}`);
                });
            });
            assert.deepEqual(await fast(root, ['plan', 'list']), { code: 2, stdout, stderr });
        });
        it('a process that acknowledges a checkpoint and goes away: node takes it with the id the process named, so that none is taken twice', async () => {
            const dir = tempDir();
            const { root, planId } = await served(dir);
            const named = { id: '01M8TNR8KK2J8WR6CV5SV70J9Y', token: 'ZX0B1C2D3E4F5G6H7J8K9M0NPQ' };
            let requests = 0;
            await impostors.listen(root, (socket) => {
                socket.once('data', (first) => {
                    requests++;
                    // The fast client's request is acknowledged and dropped; the node client's, dropped.
                    if (first[0] !== 0x7b)
                        (0, residentProcessFixtures_1.httpAnswer)(socket, first).write(`${(0, fastCli_1.fastCliAck)(named)}.`);
                    setTimeout(() => socket.destroy(), 100);
                });
            });
            const before = checkpointIds(root, planId);
            const r = await withNode(root, ['--format', 'json', 'plan', 'checkpoint', planId]);
            assert.equal(r.code, 0, `${r.stdout}${r.stderr}`);
            assert.equal(JSON.parse(r.stdout).checkpoint.checkpoint_id, named.id);
            assert.deepEqual(checkpointIds(root, planId), [...before, named.id]);
            const taken = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', planId], residentProcessFixtures_1.NO_DAEMON).checkpoints.at(-1);
            assert.equal(taken.metadata.extra.checkpoint_call, named.token, 'the script bound the token to the node it became, which recorded it');
            assert.ok(requests >= 2, 'the fast client asked, then the node client');
        });
        it('an AGENTS_CHECKPOINT_ID in the environment names no checkpoint: each call takes one of its own, holding the files written before it', async () => {
            const dir = tempDir();
            const { root, planId } = await served(dir);
            const existing = checkpointIds(root, planId).at(-1);
            const inherited = { AGENTS_CHECKPOINT_ID: existing, AGENTS_CHECKPOINT_CALL: `${process.pid}:ZX0B1C2D3E4F5G6H7J8K9M0NPQ` };
            const taken = [];
            for (const name of ['one', 'two']) {
                (0, sandboxFixtures_1.write)(root, `src/${name}.ts`, `export const ${name} = 1;\n`);
                const r = await fast(root, ['--format', 'json', 'plan', 'checkpoint', planId], inherited);
                assert.equal(r.code, 0, `${r.stdout}${r.stderr}`);
                taken.push(JSON.parse(r.stdout).checkpoint.checkpoint_id);
            }
            assert.ok(!taken.includes(existing) && taken[0] !== taken[1], taken.join(' '));
            assert.deepEqual(checkpointIds(root, planId), [existing, ...taken]);
            const diff = (0, residentProcessFixtures_1.json)(root, ['plan', 'diff', planId, taken[0], taken[1]], residentProcessFixtures_1.NO_DAEMON).changes.map((c) => c.path);
            assert.deepEqual(diff, ['src/two.ts']);
        });
        it('a process that never acknowledges: node does the command', async () => {
            const dir = tempDir();
            const { root } = await served(dir);
            const expected = byNode(root, ['plan', 'list']);
            await impostors.listen(root, (socket) => {
                // A first line trickled and never ended, to the fast client and to the node client alike.
                const head = 'HTTP/1.1 200 OK\r\n';
                let sent = 0;
                const timer = setInterval(() => socket.write(sent < head.length ? head[sent++] : 'x'), 200);
                socket.on('close', () => clearInterval(timer));
                socket.on('error', () => clearInterval(timer));
            });
            assert.deepEqual(await withNode(root, ['plan', 'list'], { CLEVERAGENTS_DAEMON_ACK_MS: '300' }), expected);
        });
    });
describe('the fast client\'s command request, as the resident process reads it', () => {
    const fields = (...list) => Buffer.from(`${list.map((f) => `${f}\0`).join('')}\0`);
    const call = { id: '01M8TNR8KK2J8WR6CV5SV70J9Y', token: 'ZX0B1C2D3E4F5G6H7J8K9M0NPQ' };
    const id = () => call;
    it('reads the working folder, the variables and the words in order; a checkpoint gets its id before the work', () => {
        const list = (0, fastCli_1.parseFastCli)(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=/w', 'AGENTS_WORKSPACE=/w', 'arg=--format', 'arg=json', 'arg=plan', 'arg=list'), id);
        assert.deepEqual(list, { ok: true, checkpoint: undefined, request: { version: residentProcessFixtures_1.VERSION, kind: 'cli', argv: ['--format', 'json', 'plan', 'list'], cwd: '/w', env: { AGENTS_WORKSPACE: '/w' } } });
        const taken = (0, fastCli_1.parseFastCli)(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=/w', 'arg=plan', 'arg=checkpoint', 'arg=P', 'arg=a\nb=c'), id);
        assert.ok(taken.ok);
        assert.deepEqual(taken.request.argv, ['plan', 'checkpoint', 'P', 'a\nb=c']);
        assert.deepEqual(taken.request.checkpoint, call);
        assert.deepEqual(taken.checkpoint, call);
        assert.equal((0, fastCli_1.fastCliAck)(taken.checkpoint), `ack ${call.id} ${call.token}\n`);
        // An id in the script's environment is none of the process's business: it is refused as a
        // field, and the process chooses the call's id itself.
        assert.equal((0, fastCli_1.parseFastCli)(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=/w', 'AGENTS_CHECKPOINT_ID=01M8TNR8KK2J8WR6CV5SV70J9Y', 'arg=plan', 'arg=checkpoint', 'arg=P'), id).ok, false);
        assert.equal((0, fastCli_1.fastCliAck)(undefined), 'ack -\n');
    });
    it('refuses anything else', () => {
        const refused = (url, body) => {
            const r = (0, fastCli_1.parseFastCli)(url, body, id);
            assert.equal(r.ok, false, `${url} ${JSON.stringify(body.toString())}`);
        };
        refused('/v1/cli', fields('cwd=/w', 'arg=plan', 'arg=list'));
        refused(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=/w', 'arg=plan', 'arg=create'));
        refused(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=/w', 'arg=plan', 'arg=list', 'arg=--help'));
        refused(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=w', 'arg=plan', 'arg=list'));
        refused(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('arg=plan', 'arg=list'));
        refused(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, fields('cwd=/w', 'HOME=/x', 'arg=plan', 'arg=list'));
        refused(`/v1/cli?version=${residentProcessFixtures_1.VERSION}`, Buffer.from('cwd=/w\0arg=plan\0arg=list'));
    });
    it('frames the answer: the exit code, stderr\'s newlines and whether it ends unended', () => {
        assert.equal((0, fastCli_1.fastCliAnswer)({ t: 'done', stdout: 'out', stderr: '', code: 0 }), '\ndone 0 0 0\nout');
        assert.equal((0, fastCli_1.fastCliAnswer)({ t: 'done', stdout: '', stderr: 'a\nb\n', code: 2 }), '\ndone 2 2 0\na\nb\n');
        assert.equal((0, fastCli_1.fastCliAnswer)({ t: 'done', stdout: 'o', stderr: 'a\nb', code: 1 }), '\ndone 1 1 1\na\nb\no');
    });
});
//# sourceMappingURL=fastCli.test.js.map
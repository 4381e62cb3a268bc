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
exports.PERL = exports.Impostors = exports.NO_DAEMON = exports.BASE_ENV = exports.VERSION = exports.DIST = void 0;
exports.agents = agents;
exports.json = json;
exports.event = event;
exports.hook = hook;
exports.status = status;
exports.until = until;
exports.alive = alive;
exports.running = running;
exports.newWorkspace = newWorkspace;
exports.hooksLog = hooksLog;
exports.toolsOnly = toolsOnly;
exports.httpAnswer = httpAnswer;
exports.runDetached = runDetached;
exports.killAll = killAll;
exports.useFastClientSuite = useFastClientSuite;
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const net = __importStar(require("node:net"));
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./cliHarness");
const sandboxFixtures_1 = require("./sandboxFixtures");
const tempDir_1 = require("./tempDir");
// What the tests of the resident process share (residentProcess.test.ts, fastClient.test.ts):
// the built CLI run as the agents run it, the daemon's status, and waits that only ever wait for
// something to happen (no timing is asserted).
exports.DIST = path.join(cliHarness_1.REPO_ROOT, 'dist');
exports.VERSION = JSON.parse((0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, 'package.json'), 'utf8')).version;
/** Daemons of these tests check their folder often and leave within a minute. */
exports.BASE_ENV = { CLEVERAGENTS_DAEMON_IDLE_MS: '60000', CLEVERAGENTS_DAEMON_CHECK_MS: '200', AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' };
function agents(root, args, options = {}) {
    const r = (0, node_child_process_1.spawnSync)(process.execPath, [cliHarness_1.CLI_PATH, ...args], { cwd: root, input: options.input ?? '', env: (0, cliHarness_1.cliEnv)({ ...exports.BASE_ENV, ...options.env }), encoding: 'utf8', timeout: 60_000 });
    if (r.error)
        throw r.error;
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
function json(root, args, env = {}) {
    const r = agents(root, ['--format', 'json', ...args], { env });
    assert.equal(r.code, 0, `agents ${args.join(' ')}: ${r.stdout}${r.stderr}`);
    return JSON.parse(r.stdout);
}
exports.NO_DAEMON = { CLEVERAGENTS_NO_DAEMON: '1' };
/** A Claude Code event for `root`, as its hooks send them. */
function event(root, name, extra = {}) {
    return JSON.stringify({ session_id: 'session-1', hook_event_name: name, cwd: root, ...extra });
}
function hook(root, input, env = {}) {
    const r = agents(root, ['hook', 'run', 'claude-code'], { input, env: { CLAUDE_PROJECT_DIR: root, ...env } });
    assert.equal(r.code, 0, `hook run: ${r.stdout}${r.stderr}`);
    assert.equal(r.stdout, '', 'Claude Code is answered with nothing');
    return r;
}
function status(root, env = {}) {
    return JSON.parse(agents(root, ['daemon', 'status'], { env }).stdout);
}
async function until(what, probe, ms = 30_000) {
    const end = Date.now() + ms;
    for (;;) {
        const value = probe();
        if (value !== undefined && value !== false)
            return value;
        if (Date.now() > end)
            throw new Error(`gave up waiting: ${what}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch {
        return false;
    }
}
/** The daemon serving `root`, once one does. */
function running(root) {
    return until(`a resident process for ${root}`, () => {
        const s = status(root);
        return s.running ? s : undefined;
    });
}
function newWorkspace(dir) {
    const root = path.join(dir, 'ws');
    (0, node_fs_1.mkdirSync)(root);
    (0, sandboxFixtures_1.git)(root, 'init', '-q');
    (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'export const a = 1;\n');
    (0, sandboxFixtures_1.write)(root, 'README.md', '# w\n');
    return root;
}
function hooksLog(root) {
    const file = path.join(root, '.cleveragents', 'logs', 'hooks.log');
    return (0, node_fs_1.existsSync)(file) ? (0, node_fs_1.readFileSync)(file, 'utf8') : '';
}
/**
 * A PATH (dir/bin) holding only what the fast client runs with curl (curl, find, cat, sleep, rm),
 * git for the hooks node runs when it falls back, and `extra` (perl): no node, so that whatever
 * falls back to a runtime on the PATH fails, and an answer can only have come through the fast
 * client. Made once per folder.
 */
function toolsOnly(dir, extra = []) {
    const bin = path.join(dir, 'bin');
    if ((0, node_fs_1.existsSync)(bin))
        return bin;
    (0, node_fs_1.mkdirSync)(bin);
    for (const tool of ['curl', 'find', 'cat', 'sleep', 'rm', 'git', ...extra]) {
        const found = ['/usr/bin', '/bin', '/usr/local/bin'].map((d) => path.join(d, tool)).find((p) => (0, node_fs_1.existsSync)(p));
        assert.ok(found, `${tool} is needed by this test`);
        (0, node_fs_1.symlinkSync)(found, path.join(bin, tool));
    }
    return bin;
}
/** Sockets of a test, each where a workspace's resident process listens, for a process that must misbehave. */
class Impostors {
    servers = [];
    sockets = [];
    /** Stops the workspace's process and listens in its place; each connection goes to `onConnection`. */
    async listen(root, onConnection) {
        agents(root, ['daemon', 'stop']);
        await until('the process has stopped', () => !status(root).running);
        const run = path.join(root, '.cleveragents', 'run');
        const server = net.createServer((socket) => {
            this.sockets.push(socket);
            onConnection(socket);
        });
        this.servers.push(server);
        await new Promise((resolve) => server.listen(path.join(run, 'agents.sock'), resolve));
        (0, node_fs_1.chmodSync)(path.join(run, 'agents.sock'), 0o600);
    }
    closeAll() {
        for (const socket of this.sockets.splice(0))
            socket.destroy();
        for (const server of this.servers.splice(0))
            server.close();
    }
}
exports.Impostors = Impostors;
/**
 * An answer written to `socket` as the resident process's http server writes it for `request`:
 * chunked to an HTTP/1.1 request (curl's), as it comes to an HTTP/1.0 one (perl's), which then
 * ends with the connection. The head goes with the first write.
 */
function httpAnswer(socket, request) {
    const chunked = !request.toString('latin1', 0, Math.min(request.length, 300)).split('\r\n')[0].endsWith('HTTP/1.0');
    let head = `HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n${chunked ? 'Transfer-Encoding: chunked' : 'Connection: close'}\r\n\r\n`;
    const framed = (text) => {
        const out = head + (chunked ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` : text);
        head = '';
        return out;
    };
    return {
        write: (text) => socket.write(framed(text)),
        end: (text) => socket.end(framed(text) + (chunked ? '0\r\n\r\n' : '')),
    };
}
/** perl, where the machine has one: the fast client's first way to the process. */
exports.PERL = ['/usr/bin/perl', '/bin/perl', '/usr/local/bin/perl'].find((p) => (0, node_fs_1.existsSync)(p));
/**
 * Runs `file args` with `input` on stdin (a stdin left open when undefined), asynchronously: a
 * socket of the test must go on answering meanwhile. In a process group of its own, so that what
 * it started goes with it when it is stopped after a minute.
 */
function runDetached(file, args, options) {
    return new Promise((resolve, reject) => {
        const child = (0, node_child_process_1.spawn)(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => (stdout += c.toString()));
        child.stderr.on('data', (c) => (stderr += c.toString()));
        const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 60_000);
        child.on('error', reject);
        child.on('close', (code) => {
            clearTimeout(timer);
            resolve({ code, stdout, stderr });
        });
        // A program that fails at once may exit before it reads its stdin.
        child.stdin.on('error', () => undefined);
        if (options.input !== undefined)
            child.stdin.end(options.input);
    });
}
/** Kills the processes (resident processes a test started) and empties the list. */
function killAll(pids) {
    for (const pid of pids.splice(0)) {
        try {
            process.kill(pid, 'SIGKILL');
        }
        catch {
            // gone already
        }
    }
}
/**
 * Inside a mocha `describe` of the fast client with `client`: the resident processes to kill and
 * the test sockets to close after each test (before the temporary folders go), temporary folders,
 * and the suite skipped where that client cannot run (Windows, or no perl).
 */
function useFastClientSuite(client, prefix) {
    const pids = [];
    const impostors = new Impostors();
    afterEach(() => {
        impostors.closeAll();
        killAll(pids);
    });
    const tempDir = (0, tempDir_1.useTempDirs)(prefix);
    before(function () {
        if (process.platform === 'win32' || (client === 'perl' && !exports.PERL))
            this.skip();
        (0, cliHarness_1.ensureCliBuilt)();
    });
    return { pids, impostors, tempDir };
}
//# sourceMappingURL=residentProcessFixtures.js.map
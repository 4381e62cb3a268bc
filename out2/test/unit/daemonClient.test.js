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
// The resident process's client (src/daemon/client.ts) against a process that acknowledges a
// request with another version than the client's: this release's processes refuse such a request
// before acknowledging it, but one of another release may not, and its answer is not this
// version's. A socket of the test plays that process.
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const net = __importStar(require("node:net"));
const path = __importStar(require("node:path"));
const client_1 = require("../../src/daemon/client");
const cliHarness_1 = require("./helpers/cliHarness");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const tempDir_1 = require("./helpers/tempDir");
const OTHER_VERSION = `${residentProcessFixtures_1.VERSION}-other`;
describe('the resident process’s client, against a process that acknowledges with another version', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-client-');
    const servers = [];
    const requests = [];
    afterEach(() => {
        for (const server of servers.splice(0))
            server.close();
        requests.length = 0;
    });
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    /**
     * A workspace with a plan (made without a resident process) and, where its process listens, one
     * that acknowledges every request with OTHER_VERSION and then answers it at once.
     */
    async function workspaceServedByOtherVersion() {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'mine'], residentProcessFixtures_1.NO_DAEMON);
        const run = path.join(root, '.cleveragents', 'run');
        (0, node_fs_1.mkdirSync)(run, { recursive: true, mode: 0o700 });
        const server = net.createServer((socket) => {
            socket.setEncoding('utf8');
            socket.on('error', () => undefined);
            socket.once('data', (line) => {
                requests.push(line);
                socket.write(`${JSON.stringify({ t: 'ack', version: OTHER_VERSION, pid: process.pid })}\n`);
                socket.end(`${JSON.stringify({ t: 'done', stdout: 'the other version’s answer\n', stderr: '', code: 0 })}\n`);
            });
        });
        servers.push(server);
        const mask = process.umask(0o177);
        try {
            await new Promise((resolve) => server.listen(path.join(run, 'agents.sock'), resolve));
        }
        finally {
            process.umask(mask);
        }
        return root;
    }
    it('callDaemon: refused, its answer not taken, and a process of this version to be started', async () => {
        const root = await workspaceServedByOtherVersion();
        const request = { version: residentProcessFixtures_1.VERSION, kind: 'cli', argv: ['plan', 'list'], cwd: root, env: {} };
        const outcome = await (0, client_1.callDaemon)(root, request, (0, client_1.callTimes)({}));
        assert.deepEqual(outcome, { kind: 'refused', why: `the process is of version ${OTHER_VERSION}`, start: true });
        assert.equal(requests.length, 1, 'the request reached that process');
    });
    it('the built CLI does the command itself and starts a process of its own version', async () => {
        const root = await workspaceServedByOtherVersion();
        // run asynchronously: this process's socket answers meanwhile
        const list = await (0, residentProcessFixtures_1.runDetached)(process.execPath, [cliHarness_1.CLI_PATH, '--format', 'json', 'plan', 'list'], { cwd: root, env: (0, cliHarness_1.cliEnv)(residentProcessFixtures_1.BASE_ENV), input: '' });
        assert.equal(list.code, 0, list.stderr);
        assert.doesNotMatch(list.stdout, /the other version/);
        assert.deepEqual(JSON.parse(list.stdout).plans.map((p) => p.title), ['mine'], 'done in its own process');
        assert.equal(requests.length, 1, 'after asking that process');
        // The process it started finds the socket still answering and leaves (the one there goes on
        // serving until it exits on its own): starting it is what the client can do.
        const log = path.join(root, '.cleveragents', 'logs', 'daemon.log');
        await (0, residentProcessFixtures_1.until)('a resident process of this version was started', () => (0, node_fs_1.existsSync)(log) && /another resident process serves this store: exiting/.test((0, node_fs_1.readFileSync)(log, 'utf8')), 90_000);
    });
});
//# sourceMappingURL=daemonClient.test.js.map
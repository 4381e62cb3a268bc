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
const benchWarmUp_1 = require("../../scripts/benchWarmUp");
const cliHarness_1 = require("./helpers/cliHarness");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const tempDir_1 = require("./helpers/tempDir");
// The benchmark's CLI rows are timed with the workspace's resident process running and warm
// (scripts/benchWarmUp.ts): with the built CLI and the process it starts. No timing is asserted.
describe('the benchmark’s warm-up of the resident process', function () {
    this.timeout(180_000);
    const pids = [];
    // Registered before the temporary folders' removal, so that it runs first.
    afterEach(() => (0, residentProcessFixtures_1.killAll)(pids));
    const tempDir = (0, tempDir_1.useTempDirs)('ca-bench-warm-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    /** A workspace with a store and no resident process yet, and the calls the benchmark makes. */
    function workspace(env = {}) {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'bench'], residentProcessFixtures_1.NO_DAEMON);
        const calls = [];
        const list = (what) => () => {
            calls.push(what);
            assert.equal((0, residentProcessFixtures_1.agents)(root, ['plan', 'list'], { env }).code, 0);
        };
        return { root, calls, list, env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, ...env }) };
    }
    it('starts the process with the first call, waits for its warm line, and the next call is served by it', async () => {
        const w = workspace();
        const warm = await (0, benchWarmUp_1.warmResidentProcess)({ workspace: w.root, env: w.env, cli: cliHarness_1.CLI_PATH, first: w.list('first'), served: w.list('served') });
        const s = (0, residentProcessFixtures_1.status)(w.root);
        assert.equal(s.running, true);
        pids.push(s.pid);
        assert.deepEqual(w.calls, ['first', 'served']);
        assert.equal(warm.problem, undefined);
        assert.ok(warm.warmMs !== undefined, 'it waited for the warm line');
        assert.match((0, node_fs_1.readFileSync)(path.join(w.root, '.cleveragents', 'logs', 'daemon.log'), 'utf8'), /\] warm: /);
        assert.equal(s.requests, 2, 'the served call, and this status');
        assert.match((0, benchWarmUp_1.describeWarmUp)(warm, 'plan list', 'plan list'), /^CLI warm-up \(untimed\): plan list \d+ ms, the resident process warm \d+ ms after it, then plan list \d+ ms$/);
    });
    it('does not wait for a process that runs already (no new warm line comes)', async () => {
        const w = workspace();
        await (0, benchWarmUp_1.warmResidentProcess)({ workspace: w.root, env: w.env, cli: cliHarness_1.CLI_PATH, first: w.list('first'), served: w.list('served') });
        pids.push((0, residentProcessFixtures_1.status)(w.root).pid);
        const again = await (0, benchWarmUp_1.warmResidentProcess)({ workspace: w.root, env: w.env, cli: cliHarness_1.CLI_PATH, first: w.list('first'), served: w.list('served'), timeoutMs: 500 });
        assert.equal(again.problem, undefined);
        assert.equal(again.warmMs, undefined);
    });
    it('does not wait with CLEVERAGENTS_NO_DAEMON, and starts nothing', async () => {
        const w = workspace(residentProcessFixtures_1.NO_DAEMON);
        const warm = await (0, benchWarmUp_1.warmResidentProcess)({ workspace: w.root, env: w.env, cli: cliHarness_1.CLI_PATH, first: w.list('first'), served: w.list('served'), timeoutMs: 500 });
        assert.deepEqual(w.calls, ['first', 'served']);
        assert.equal(warm.problem, undefined);
        assert.equal(warm.warmMs, undefined);
        assert.equal((0, node_fs_1.existsSync)(path.join(w.root, '.cleveragents', 'logs', 'daemon.log')), false);
    });
    it('says so, and goes on, when no warm line comes in time', async () => {
        const w = workspace();
        // a first call that starts no process
        const warm = await (0, benchWarmUp_1.warmResidentProcess)({ workspace: w.root, env: w.env, cli: cliHarness_1.CLI_PATH, first: () => undefined, served: () => undefined, timeoutMs: 300 });
        assert.match(warm.problem ?? '', /no "warm:" line in .*daemon\.log within 300 ms of the first call/);
        assert.equal(warm.warmMs, undefined);
        assert.match((0, benchWarmUp_1.describeWarmUp)(warm, 'plan list', 'plan list'), /\n {2}!! no "warm:" line .*: the CLI rows may include the resident process's start$/);
    });
});
//# sourceMappingURL=benchWarmUp.test.js.map
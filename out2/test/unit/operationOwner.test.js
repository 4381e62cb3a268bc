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
const os = __importStar(require("node:os"));
const fileOperationJournal_1 = require("../../src/adapters/files/fileOperationJournal");
const operationOwner_1 = require("../../src/adapters/files/operationOwner");
const errors_1 = require("../../src/core/errors");
const cliHarness_1 = require("./helpers/cliHarness");
const interruptedRollback_1 = require("./helpers/interruptedRollback");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/** An operation is interrupted only when its owner is gone: a live owner means it is in progress. */
describe('Interrupted or in progress: the owner of an operation record', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-owner-');
    const open = [];
    const children = [];
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    afterEach(() => {
        for (const s of open.splice(0))
            s.dispose();
        for (const c of children.splice(0))
            c.kill();
    });
    const onLinux = process.platform === 'linux';
    function sleeper() {
        const child = (0, node_child_process_1.spawn)(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
        children.push(child);
        return child;
    }
    /** A rollback recorded as begun by `owner` (a live other process), in a workspace with a plan. */
    async function recordedBy(owner) {
        const root = tempDir();
        const s = (0, sandboxFixtures_1.services)(root);
        open.push(s);
        const { planId, record } = await (0, interruptedRollback_1.makeInterruptedRollback)(root, s);
        const journal = new fileOperationJournal_1.FileOperationJournal(root);
        const op = (await journal.get(planId));
        await journal.end(planId);
        await journal.begin({ ...op, pid: owner.pid, host: owner.host ?? os.hostname(), ...(owner.process_started ? { process_started: owner.process_started } : {}) });
        return { root, s, planId, record, journal };
    }
    it('a process’s start time is read from /proc on Linux, and is gone with the process', function () {
        if (!onLinux)
            this.skip();
        assert.match((0, operationOwner_1.processStarted)(process.pid) ?? '', /^[0-9a-f-]+:\d+$/);
        const dead = Number((0, node_child_process_1.spawnSync)(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
        assert.equal((0, operationOwner_1.processStarted)(dead), undefined);
    });
    it('a live owner: in progress (tree and plan show), not interrupted; writes and recover are refused as in progress', async () => {
        const child = sleeper();
        const { root, s, planId } = await recordedBy({ pid: child.pid, process_started: (0, operationOwner_1.processStarted)(child.pid) });
        assert.equal(await s.recovery.interrupted(planId), undefined);
        assert.equal((await s.recovery.inProgress(planId))?.pid, child.pid);
        await assert.rejects(s.checkpoints.createCheckpoint(planId), (e) => e instanceof errors_1.BusinessRuleViolation && /has a rollback in progress \(started .* by process \d+/.test(e.message));
        await assert.rejects(s.recovery.recover(planId, 'finish'), /Recover blocked: .* rollback in progress/);
        const show = (0, cliHarness_1.runCli)(root, ['plan', 'show', planId]);
        assert.equal(show.code, 0, show.stderr);
        assert.match(show.stdout, /IN PROGRESS: a rollback to \w+ .* which is still running it\./);
        assert.doesNotMatch(show.stdout, /INTERRUPTED/);
        const json = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'show', planId]).json();
        assert.equal(json.interrupted_operation, null);
        assert.equal(json.operation_in_progress?.process.pid, child.pid);
    });
    it('a dead owner, another host, or a pid now used by another process (its start time differs): interrupted', async function () {
        const child = sleeper();
        assert.equal((0, operationOwner_1.otherOwnerAlive)({ pid: child.pid, host: os.hostname() }), true);
        assert.equal((0, operationOwner_1.otherOwnerAlive)({ pid: child.pid, host: 'another-host' }), false);
        if (onLinux)
            assert.equal((0, operationOwner_1.otherOwnerAlive)({ pid: child.pid, host: os.hostname(), process_started: `${(0, operationOwner_1.processStarted)(child.pid)}0` }), false, 'the pid was reused');
        const { s, planId } = await recordedBy({ pid: child.pid, host: 'another-host' });
        assert.equal((await s.recovery.interrupted(planId))?.host, 'another-host');
        assert.equal(await s.recovery.inProgress(planId), undefined);
    });
    it('this process’s own record: in progress while it runs it, interrupted once it gave it up half way', async () => {
        const { s, planId, journal } = await recordedBy({ pid: process.pid, process_started: (0, operationOwner_1.processStarted)(process.pid) });
        assert.ok(await s.recovery.inProgress(planId));
        journal.abandon(planId);
        assert.ok(await s.recovery.interrupted(planId));
        assert.equal(await s.recovery.inProgress(planId), undefined);
    });
});
//# sourceMappingURL=operationOwner.test.js.map
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
const shadowGitSandbox_1 = require("../../src/adapters/shadowStore/shadowGitSandbox");
const errors_1 = require("../../src/core/errors");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// Long restores (issue 25, item 7): they say how far they got, and a cancel stops them only before
// their first write (nothing changed); after that they finish, and Undo Rollback takes them back.
describe('restore progress and cancel', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    const planWithChanges = (files) => (0, sandboxFixtures_1.planWithChangedFiles)(tempDir(), files);
    it('a rollback says it saves the files first, then how many of how many files it wrote', async () => {
        const { root, s, plan, checkpoint } = await planWithChanges(300);
        const steps = [];
        const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id, undefined, { progress: (step) => steps.push(step), cancelled: () => false });
        assert.equal(outcome.result.restored_files_count, 300);
        assert.deepEqual(steps[0], { phase: 'safety' });
        assert.deepEqual(steps[1], { phase: 'writing', written: 0, total: 300 });
        assert.deepEqual(steps.at(-1), { phase: 'writing', written: 300, total: 300 });
        for (const step of steps.slice(1))
            assert.ok(step.phase === 'writing' && step.written <= step.total);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'many/file7.txt'), 'utf8'), 'v1 7\n');
        s.dispose();
    });
    it('cancelled before the first write: nothing changes, no safety checkpoint stays, nothing is left recorded', async () => {
        const { root, s, plan, checkpoint } = await planWithChanges(50);
        const before = (0, sandboxFixtures_1.hashTree)(root);
        const listed = (await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id);
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id, undefined, { cancelled: () => true }), (e) => e instanceof errors_1.OperationCancelled && e.message === 'Rollback cancelled before any file was written: nothing was changed.');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        assert.deepEqual((await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id), listed);
        assert.equal(await s.recovery.interrupted(plan.plan_id), undefined);
        // A restore of paths the same way.
        await assert.rejects(s.checkpoints.restorePaths(plan.plan_id, checkpoint.checkpoint_id, ['many/file1.txt'], undefined, { cancelled: () => true }), /^OperationCancelled: Restore cancelled before any file was written/);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        s.dispose();
    });
    it('Revert Decision and Undo Correction: counted, and cancelled before the first write with nothing changed', async () => {
        const root = tempDir();
        for (let i = 0; i < 40; i++)
            (0, sandboxFixtures_1.write)(root, `many/file${i}.txt`, `v1 ${i}\n`);
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'big' });
        const d = await s.corrections.recordDecision(plan.plan_id, { title: 'Rewrite' });
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: d.decision_id });
        for (let i = 0; i < 40; i++)
            (0, sandboxFixtures_1.write)(root, `many/file${i}.txt`, `v2 ${i}\n`);
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: d.decision_id });
        const before = (0, sandboxFixtures_1.hashTree)(root);
        const listed = async () => (await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id);
        const checkpoints = await listed();
        await assert.rejects(s.corrections.executeRevert(plan.plan_id, d.decision_id, 'rollback', { cancelled: () => true, operation: 'Revert' }), (e) => e instanceof errors_1.OperationCancelled && e.message === 'Revert cancelled before any file was written: nothing was changed.');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        assert.deepEqual(await listed(), checkpoints);
        assert.deepEqual(await s.corrections.listCorrections(plan.plan_id), []);
        assert.equal((await s.corrections.listDecisions(plan.plan_id))[0].decision.state, 'active');
        const steps = [];
        const { correction } = await s.corrections.executeRevert(plan.plan_id, d.decision_id, 'rollback', { progress: (step) => steps.push(step) });
        assert.deepEqual(steps.at(-1), { phase: 'writing', written: 40, total: 40 });
        const reverted = (0, sandboxFixtures_1.hashTree)(root);
        const afterRevert = await listed();
        await assert.rejects(s.corrections.undoCorrection(plan.plan_id, correction.correction_id, { cancelled: () => true, operation: 'Undo Correction' }), /^OperationCancelled: Undo Correction cancelled before any file was written/);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), reverted);
        assert.deepEqual(await listed(), afterRevert);
        assert.equal((await s.corrections.listDecisions(plan.plan_id))[0].decision.state, 'reverted');
        await s.corrections.undoCorrection(plan.plan_id, correction.correction_id);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        s.dispose();
    });
    it('reads git’s progress lines ("Updating files:  60% (12000/20000)")', () => {
        const heard = [];
        (0, shadowGitSandbox_1.reportGitProgress)('Updating files:  59% (11800/20000)\rUpdating files:  60% (12000/20000)\r', (a, b) => heard.push([a, b]));
        (0, shadowGitSandbox_1.reportGitProgress)('warning: something else\n', (a, b) => heard.push([a, b]));
        (0, shadowGitSandbox_1.reportGitProgress)('(9/3)', (a, b) => heard.push([a, b]));
        assert.deepEqual(heard, [[12000, 20000]]);
    });
});
//# sourceMappingURL=restoreProgress.test.js.map
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
const agentOnlyRollback_1 = require("../../src/core/agentOnlyRollback");
const lateCheckpoints_1 = require("../../src/core/lateCheckpoints");
const answerGate_1 = require("../../src/hooks/answerGate");
const boundedFlush_1 = require("../../src/hooks/boundedFlush");
const hookLog_1 = require("../../src/hooks/hookLog");
const hookRun_1 = require("../../src/hooks/hookRun");
const storeFixtures_1 = require("./helpers/storeFixtures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// No checkpoint after the answer (issue 34, defect 9), in-process with real git and sql.js: the
// gate a hook hands the checkpoint service, late checkpoints as no boundary of an agent-only
// rollback, and a hook's answer that does not wait for its log.
const ALWAYS_LATE = (0, answerGate_1.firstSnapshotGate)(0);
const DROP = { stillWaited: () => true, claim: () => 'drop' };
/**
 * A hooks.log whose writes the test holds: a disk that hangs cannot be had on demand here (a FIFO
 * stops blocking once the state-file layer opens files non-blocking), so this is the one stand-in
 * of these tests. Everything else the call does is real.
 */
class HeldLog extends hookLog_1.HookLog {
    release;
    flushing = false;
    flush() {
        this.flushing = true;
        return new Promise((resolve) => (this.release = resolve));
    }
    finish() {
        this.release?.(true);
    }
}
describe('no checkpoint after the answer', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-late-');
    const open = [];
    afterEach(() => {
        for (const s of open.splice(0))
            s.dispose();
    });
    async function planIn(root) {
        const s = (0, sandboxFixtures_1.services)(root);
        open.push(s);
        const plan = await s.plans.createPlan({ title: 'late', sandbox: '.' });
        return { s, planId: plan.plan_id };
    }
    it('a gate that drops the row: nothing is recorded and no snapshot stays pinned; one no longer waited for reads no files', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'a\n');
        const { s, planId } = await planIn(root);
        await assert.rejects(s.checkpoints.createCheckpoint(planId, { type: 'pre_write' }, DROP), lateCheckpoints_1.CheckpointNotWaitedForError);
        assert.deepEqual(await s.checkpoints.listCheckpoints(planId), []);
        assert.deepEqual(await s.snapshotter.pinnedCheckpoints(planId), [], 'the snapshot taken for it is not pinned');
        const answered = new answerGate_1.HookAnswerGate();
        assert.equal(answered.answer(), undefined);
        await assert.rejects(s.checkpoints.createCheckpointIfChanged(planId, { type: 'pre_write' }, undefined, answered), lateCheckpoints_1.CheckpointNotWaitedForError);
        assert.deepEqual(await s.checkpoints.listCheckpoints(planId), []);
    });
    it('a hook gate claimed before the answer records the row, and the answer then names it', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'a\n');
        const { s, planId } = await planIn(root);
        const gate = new answerGate_1.HookAnswerGate();
        const { checkpoint } = await s.checkpoints.createCheckpoint(planId, { type: 'pre_write' }, gate);
        assert.equal(gate.answer(), checkpoint.checkpoint_id);
        assert.equal((0, lateCheckpoints_1.isLateCheckpoint)(checkpoint), false);
        assert.equal(gate.claim('01J00000000000000000000000'), 'drop', 'nothing is claimed after the answer');
    });
    it('a late checkpoint is no boundary: the agent write it holds is kept as unknown, never the user’s, and no agent-only rollback starts from it', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'a\n');
        const { s, planId } = await planIn(root);
        const c = (await s.checkpoints.createCheckpoint(planId, { reason: 'C' })).checkpoint;
        await s.checkpoints.createCheckpoint(planId, { type: 'pre_write', sourceTool: 'Edit' });
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'agent\n');
        await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Edit' });
        // The agent, answered, writes b.txt; a pre_write is then read late and holds it.
        (0, sandboxFixtures_1.write)(root, 'b.txt', 'agent wrote this after its answer\n');
        const late = (await s.checkpoints.createCheckpoint(planId, { type: 'pre_write', sourceTool: 'Write' }, ALWAYS_LATE)).checkpoint;
        assert.equal(late.metadata.extra.late, '1');
        assert.equal((0, lateCheckpoints_1.isLateCheckpoint)(late), true);
        (0, sandboxFixtures_1.write)(root, 'b.txt', 'agent wrote this after its answer\nand more\n');
        await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Write' });
        const list = await s.checkpoints.listCheckpoints(planId);
        const spans = (0, agentOnlyRollback_1.checkpointSpans)(list, 0);
        assert.deepEqual(spans.map((x) => [x.from.checkpoint_type, x.to?.checkpoint_type ?? 'now', x.agent]), [
            ['manual', 'pre_write', false],
            ['pre_write', 'post_step', true],
            ['post_step', 'post_step', true],
            ['post_step', 'now', false],
        ], 'the stretch over the late pre_write ends at the post_step after it: all the agent’s');
        // Whose the write the late checkpoint holds is cannot be told (the authorship record, core/authorship.ts):
        // kept, and said to be unknown, never the user's.
        const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c.checkpoint_id);
        assert.deepEqual(preview.summary.kept_reasons.filter((k) => k.path === 'b.txt').map((k) => k.reason), ['unknown']);
        await s.checkpoints.rollbackAgentOnly(planId, c.checkpoint_id);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'a.txt'), 'utf8'), 'a\n');
        assert.equal((0, node_fs_1.existsSync)(path.join(root, 'b.txt')), true, 'kept, as unknown');
        await assert.rejects(s.checkpoints.previewAgentOnlyRollback(planId, late.checkpoint_id), lateCheckpoints_1.LateCheckpointRollbackError);
        const count = (await s.checkpoints.listCheckpoints(planId)).length;
        await assert.rejects(s.checkpoints.rollbackAgentOnly(planId, late.checkpoint_id), (e) => e instanceof lateCheckpoints_1.LateCheckpointRollbackError && /recorded late/.test(e.message));
        assert.equal((await s.checkpoints.listCheckpoints(planId)).length, count, 'refused before its safety checkpoint');
        // a full rollback to it still restores exactly its files
        await s.checkpoints.rollbackToCheckpoint(planId, late.checkpoint_id);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'agent wrote this after its answer\n');
    });
    it('the answer does not wait for a hooks.log write that hangs; the lines dropped meanwhile are counted in the next write that gets through', async () => {
        const root = path.join(tempDir(), 'ws');
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'a\n');
        (0, sandboxFixtures_1.git)(root, 'init', '-q');
        const call = (log) => (0, hookRun_1.runHookInput)('claude-code', { ok: false, why: 'a test event' }, { cwd: root, env: { CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_BUDGET_MS: '1500' }, wasmDir: storeFixtures_1.SQL_WASM_DIR, started: Date.now(), log });
        const held = new HeldLog('claude-code');
        const first = await call(held);
        assert.equal(first.stdout, '', 'answered');
        assert.equal(held.flushing, true, 'while its log write still hangs');
        // A second call does not queue behind that write: its lines are dropped and counted.
        const second = new HeldLog('claude-code');
        await call(second);
        assert.equal(second.flushing, false, 'no second write to a log whose write hangs');
        assert.equal((0, boundedFlush_1.droppedLogLines)(root), 1);
        held.finish();
        await new Promise((r) => setImmediate(r));
        const third = await call(new hookLog_1.HookLog('claude-code'));
        assert.equal(third.stdout, '');
        const log = (0, node_fs_1.readFileSync)(path.join(root, '.cleveragents', 'logs', 'hooks.log'), 'utf8');
        assert.match(log, /claude-code event ignored: a test event\n.*claude-code 1 earlier line of this log dropped: hooks\.log could not be written in time\n$/);
        assert.equal((0, boundedFlush_1.droppedLogLines)(root), 0);
    });
});
//# sourceMappingURL=lateCheckpoints.test.js.map
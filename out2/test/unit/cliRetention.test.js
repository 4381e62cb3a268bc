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
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
/**
 * Retention against decisions and undo, through the built CLI (issue 22, items 7 and 8): a low
 * `--max-checkpoints` once pruned the checkpoints a correction or its undo needed.
 */
describe('retention keeps what corrections and their undo need (the built CLI)', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-cli-retention-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const cli = cliHarness_1.cliJson;
    const bytes = (root, file) => (0, node_fs_1.readFileSync)(path.join(root, file));
    const checkpoint = (root, p, ...args) => cli(root, 'plan', 'checkpoint', p, ...args).checkpoint.checkpoint_id;
    const checkpointIds = (root, p) => cli(root, 'plan', 'checkpoints', p).checkpoints.map((c) => c.checkpoint_id);
    const decide = (root, p, title) => cli(root, 'plan', 'decide', p, '--title', title).decision.decision_id;
    const states = (root, p) => cli(root, 'plan', 'decisions', p).decisions.map((d) => `${d.title}:${d.state}`);
    it('item 7: the checkpoints of decision D1 outlive --max-checkpoints 3, and correcting D1 keeping independent work puts its file back byte for byte', () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'f1.txt': 'base one\n', 'f2.txt': 'base two\n' });
        const p = cli(root, 'plan', 'create', '--title', 'retention').plan.plan_id;
        cli(root, 'plan', 'policy', p, '--max-checkpoints', '3');
        const first = checkpoint(root, p);
        const D1 = decide(root, p, 'D1');
        const pre1 = checkpoint(root, p, '--type', 'pre_write', '--decision', D1);
        (0, sandboxFixtures_1.write)(root, 'f1.txt', 'D1 work\r\n\u00e9\n');
        const post1 = checkpoint(root, p, '--type', 'post_step', '--decision', D1);
        // Checkpoints no decision needs: the policy prunes these.
        (0, sandboxFixtures_1.write)(root, 'f2.txt', 'between\n');
        const between = [checkpoint(root, p), checkpoint(root, p)];
        const D2 = decide(root, p, 'D2');
        const pre2 = checkpoint(root, p, '--type', 'pre_write', '--decision', D2);
        (0, sandboxFixtures_1.write)(root, 'f2.txt', 'D2 work\n');
        const post2 = checkpoint(root, p, '--type', 'post_step', '--decision', D2);
        const kept = checkpointIds(root, p);
        const env = cli(root, 'plan', 'correct', '--yes', '--keep-independent', p, D1);
        assert.equal(env.correction_summary.mode, 'keep_independent');
        assert.deepEqual(bytes(root, 'f1.txt'), Buffer.from('base one\n'));
        assert.deepEqual(bytes(root, 'f2.txt'), Buffer.from('D2 work\n'));
        assert.deepEqual(env.changes_reverted, ['f1.txt']);
        assert.deepEqual(states(root, p), ['D1:reverted', 'D2:active']);
        assert.deepEqual(kept, [first, pre1, post1, pre2, post2], 'the decisions’ checkpoints are kept beyond the limit; the others went');
        assert.ok(between.every((id) => !kept.includes(id)));
    });
    it('item 8: the safety checkpoint of a correction outlives three more checkpoints with --max-checkpoints 4, and its undo brings the work back byte for byte', () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'f1.txt': 'base one\n', 'notes.txt': 'notes 0\n' });
        const p = cli(root, 'plan', 'create', '--title', 'retention').plan.plan_id;
        cli(root, 'plan', 'policy', p, '--max-checkpoints', '4');
        checkpoint(root, p);
        const D1 = decide(root, p, 'D1');
        checkpoint(root, p, '--type', 'pre_write', '--decision', D1);
        const work = Buffer.from('two days of work\n\u0000\u00ff', 'latin1');
        (0, sandboxFixtures_1.write)(root, 'f1.txt', work);
        checkpoint(root, p, '--type', 'post_step', '--decision', D1);
        const corrected = cli(root, 'plan', 'correct', '--yes', '--keep-independent', p, D1);
        const safety = corrected.post_rollback_state.undo_checkpoint_id;
        assert.deepEqual(bytes(root, 'f1.txt'), Buffer.from('base one\n'));
        for (let i = 1; i <= 3; i++) {
            (0, sandboxFixtures_1.write)(root, 'notes.txt', `notes ${i}\n`);
            checkpoint(root, p);
        }
        const kept = checkpointIds(root, p);
        const undone = (0, cliHarness_1.runCli)(root, ['plan', 'correct', '--undo', '--yes', p, corrected.correction_summary.correction_id]);
        assert.equal(undone.code, 0, undone.stdout + undone.stderr);
        assert.deepEqual(bytes(root, 'f1.txt'), work);
        assert.deepEqual(bytes(root, 'notes.txt'), Buffer.from('notes 3\n'), 'a selective undo leaves later work on other paths');
        assert.deepEqual(states(root, p), ['D1:active']);
        assert.ok(kept.includes(safety), 'the safety checkpoint of the correction was kept');
        // D1 is active again, and its checkpoints were kept while the correction could be undone: it can be corrected again.
        cli(root, 'plan', 'correct', '--yes', '--keep-independent', p, D1);
        assert.deepEqual(bytes(root, 'f1.txt'), Buffer.from('base one\n'));
    });
    it('checkpoints gone anyway (deleted, or pruned by an older version): the correction and the undo are refused with the reason, and no byte changes', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'f1.txt': 'base one\n', 'f2.txt': 'base two\n' });
        const p = cli(root, 'plan', 'create', '--title', 'gone').plan.plan_id;
        checkpoint(root, p);
        const D1 = decide(root, p, 'D1');
        checkpoint(root, p, '--type', 'pre_write', '--decision', D1);
        (0, sandboxFixtures_1.write)(root, 'f1.txt', 'D1 work\n');
        const post1 = checkpoint(root, p, '--type', 'post_step', '--decision', D1);
        const D2 = decide(root, p, 'D2');
        checkpoint(root, p, '--type', 'pre_write', '--decision', D2);
        (0, sandboxFixtures_1.write)(root, 'f2.txt', 'D2 work\n');
        checkpoint(root, p, '--type', 'post_step', '--decision', D2);
        const corrected = cli(root, 'plan', 'correct', '--yes', '--keep-independent', p, D2);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            await s.checkpoints.deleteCheckpoint(p, post1);
            await s.checkpoints.deleteCheckpoint(p, corrected.post_rollback_state.undo_checkpoint_id);
        }
        finally {
            s.dispose();
        }
        const unchanged = () => {
            assert.deepEqual(bytes(root, 'f1.txt'), Buffer.from('D1 work\n'));
            assert.deepEqual(bytes(root, 'f2.txt'), Buffer.from('base two\n'));
            assert.deepEqual(states(root, p), ['D1:active', 'D2:reverted']);
        };
        const correct = (0, cliHarness_1.runCli)(root, ['plan', 'correct', '--yes', '--keep-independent', p, D1]);
        assert.equal(correct.code, 1);
        assert.match(correct.stderr, new RegExp(`Correction blocked: cannot revert decision ${D1}: its checkpoints were pruned or never taken`));
        assert.doesNotMatch(correct.stdout, /No file was changed/);
        unchanged();
        const undo = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'correct', '--undo', '--yes', p, corrected.correction_summary.correction_id]);
        assert.equal(undo.code, 1);
        assert.match(undo.json().error.message, /^Undo blocked: the safety checkpoint .* is gone \(pruned or deleted\)/);
        unchanged();
    });
});
//# sourceMappingURL=cliRetention.test.js.map
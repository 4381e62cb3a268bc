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
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * A restore of chosen paths killed once its record exists: its target is an overlay tree that no
 * checkpoint pins. Another plan's pruning and a garbage collection run meanwhile; recovery must
 * still find both sides, and finish or undo byte for byte.
 */
describe('an open operation record keeps its snapshots through pruning and gc', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-journalpins-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const gitDir = (root) => path.join(root, '.cleveragents', 'checkpoints', 'shadow.git');
    const hasObject = (root, oid) => (0, node_child_process_1.spawnSync)('git', ['--git-dir', gitDir(root), 'cat-file', '-e', oid], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } }).status === 0;
    /** Plan P1 in `p1/` restoring a.txt and c.txt from its first checkpoint, killed right after its record was written. */
    async function killedRestore() {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'p1/a.txt', 'one\n');
        (0, sandboxFixtures_1.write)(root, 'p1/b.txt', 'one\n');
        (0, sandboxFixtures_1.write)(root, 'p2/x.txt', '0\n');
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        let c1;
        try {
            planId = (await s.plans.createPlan({ title: 'p1', sandbox: 'p1' })).plan_id;
            c1 = (await s.checkpoints.createCheckpoint(planId)).checkpoint.checkpoint_id;
            (0, sandboxFixtures_1.write)(root, 'p1/a.txt', 'two\n');
            (0, sandboxFixtures_1.write)(root, 'p1/b.txt', 'two\n');
            (0, sandboxFixtures_1.write)(root, 'p1/c.txt', 'new\n');
            await s.checkpoints.createCheckpoint(planId);
        }
        finally {
            s.dispose();
        }
        const before = (0, sandboxFixtures_1.hashTree)(path.join(root, 'p1'));
        const script = path.join(root, '..', `kill-${path.basename(root)}.js`);
        (0, node_fs_1.writeFileSync)(script, `const { FileOperationJournal } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'adapters', 'files', 'fileOperationJournal.js'))});
const { createWorkspaceServices } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'composition.js'))});
const begin = FileOperationJournal.prototype.begin;
FileOperationJournal.prototype.begin = async function (op) { await begin.call(this, op); process.kill(process.pid, 'SIGKILL'); };
const s = createWorkspaceServices({ workspaceRoot: ${JSON.stringify(root)}, wasmDir: ${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'dist'))}, logger: { debug() {}, info() {}, warn() {}, error() {} } });
s.checkpoints.restorePaths(${JSON.stringify(planId)}, ${JSON.stringify(c1)}, ['a.txt', 'c.txt']).then(() => process.exit(3), (e) => { console.error(e); process.exit(4); });
`);
        const killed = (0, node_child_process_1.spawnSync)(process.execPath, [script], { encoding: 'utf8' });
        assert.equal(killed.signal, 'SIGKILL', `not killed: ${killed.status} ${killed.stderr}`);
        const record = JSON.parse((0, node_fs_1.readFileSync)(path.join(root, '.cleveragents', 'operations', `${planId}.json`), 'utf8'));
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(path.join(root, 'p1')), before, 'killed before any file was written');
        assert.equal((0, node_child_process_1.execFileSync)('git', ['--git-dir', gitDir(root), 'cat-file', '-t', record.to_ref], { encoding: 'utf8' }).trim(), 'tree', 'the target is an overlay tree');
        return { root, planId, before, toRef: record.to_ref };
    }
    /** Another plan prunes its checkpoints, then the store collects garbage. */
    async function pruneAndCollect(root) {
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const other = await s.plans.createPlan({ title: 'p2', sandbox: 'p2' });
            await s.plans.setRetentionPolicy(other.plan_id, { max_checkpoints: 2 });
            for (let i = 1; i <= 5; i++) {
                (0, sandboxFixtures_1.write)(root, 'p2/x.txt', `${i}\n`);
                await s.checkpoints.createCheckpoint(other.plan_id);
            }
            assert.equal((await s.checkpoints.listCheckpoints(other.plan_id)).length, 2, 'the other plan pruned');
            await s.snapshotter.exclusive(other.plan_id, () => s.snapshotter.collectGarbage());
        }
        finally {
            s.dispose();
        }
    }
    const expectedAfter = (root) => {
        const p1 = path.join(root, 'p1');
        assert.equal((0, node_fs_1.readFileSync)(path.join(p1, 'a.txt'), 'utf8'), 'one\n');
        assert.equal((0, node_fs_1.readFileSync)(path.join(p1, 'b.txt'), 'utf8'), 'two\n');
        assert.ok(!(0, node_fs_1.existsSync)(path.join(p1, 'c.txt')), 'the path the checkpoint does not hold is removed');
    };
    it('the record\u2019s sides are pinned; recover finishes it and --undo puts it back, byte for byte', async () => {
        const finish = await killedRestore();
        assert.ok((0, node_fs_1.existsSync)(path.join(gitDir(finish.root), 'refs', 'operations', finish.planId, 'to')), 'the target is pinned while the record is open');
        await pruneAndCollect(finish.root);
        assert.ok(hasObject(finish.root, finish.toRef), 'gc kept the target of the open record');
        const run = (0, cliHarness_1.runCli)(finish.root, ['--format', 'json', 'plan', 'recover', '--yes', finish.planId]);
        assert.equal(run.code, 0, run.stdout + run.stderr);
        expectedAfter(finish.root);
        assert.ok(!(0, node_fs_1.existsSync)(path.join(gitDir(finish.root), 'refs', 'operations', finish.planId)), 'the pins went with the record');
        const undo = await killedRestore();
        await pruneAndCollect(undo.root);
        const back = (0, cliHarness_1.runCli)(undo.root, ['--format', 'json', 'plan', 'recover', '--yes', '--undo', undo.planId]);
        assert.equal(back.code, 0, back.stdout + back.stderr);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(path.join(undo.root, 'p1')), undo.before);
    });
    it('a record whose pins are missing (written by an older release) is still kept by gc', async () => {
        const k = await killedRestore();
        (0, node_fs_1.rmSync)(path.join(gitDir(k.root), 'refs', 'operations'), { recursive: true, force: true });
        await pruneAndCollect(k.root);
        assert.ok(hasObject(k.root, k.toRef), 'gc kept the target of the open record');
        const run = (0, cliHarness_1.runCli)(k.root, ['--format', 'json', 'plan', 'recover', '--yes', k.planId]);
        assert.equal(run.code, 0, run.stdout + run.stderr);
        expectedAfter(k.root);
    });
});
//# sourceMappingURL=journalPins.test.js.map
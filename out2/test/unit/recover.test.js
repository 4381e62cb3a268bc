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
const fileOperationJournal_1 = require("../../src/adapters/files/fileOperationJournal");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const interruptedRollback_1 = require("./helpers/interruptedRollback");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * `agents plan recover` on the state a kill in the middle of a rollback leaves (one file written,
 * one not, and the record of a process that is gone), made by hand so that every case is exact.
 */
describe('agents plan recover (the built CLI)', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-recover-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    async function interruptedRollback() {
        const root = tempDir();
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            return { root, ...(await (0, interruptedRollback_1.makeInterruptedRollback)(root, s, { halfWritten: 'tw' })) }; // b.txt was being written when it was killed
        }
        finally {
            s.dispose();
        }
    }
    it('plan show names the interrupted operation; writes are refused and say how to recover', async () => {
        const { root, planId } = await interruptedRollback();
        const show = (0, cliHarness_1.runCli)(root, ['plan', 'show', planId]);
        assert.equal(show.code, 0, show.stderr);
        assert.match(show.stdout, /INTERRUPTED: a rollback to \w+ \(undo checkpoint \w+\) started .* by process \d+/);
        const json = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'show', planId]).json();
        assert.equal(json.interrupted_operation.type, 'rollback');
        for (const args of [['plan', 'checkpoint', planId], ['plan', 'diff', planId, readCheckpointIds(root, planId)[0]]]) {
            const refused = (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
            assert.equal(refused.code, 1, refused.stdout);
            assert.match(refused.json().error.message, /blocked: plan \w+ has an interrupted rollback .*agents plan recover/);
        }
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'tw', 'nothing was touched');
    });
    it('finishes (default): the files become the target, the half-written one is kept aside', async () => {
        const { root, planId, record } = await interruptedRollback();
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
        assert.equal(run.code, 0, run.stdout + run.stderr);
        const recovered = run.json().recovered;
        assert.equal(recovered.mode, 'finish');
        assert.deepEqual(recovered.kept, ['b.txt']);
        assert.equal((0, node_fs_1.readFileSync)(path.join(recovered.kept_in, 'b.txt'), 'utf8'), 'tw', 'the half-written content is kept, not deleted');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'a.txt'), 'utf8'), 'one\n');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'one\n');
        assert.ok(!(0, node_fs_1.existsSync)(record));
        assert.equal((0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'checkpoint', planId]).code, 0, 'the plan takes writes again');
    });
    it('--undo puts the files back as they were before the operation', async () => {
        const { root, planId, record } = await interruptedRollback();
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', '--undo', planId]);
        assert.equal(run.code, 0, run.stdout + run.stderr);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'a.txt'), 'utf8'), 'two\n');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'two\n');
        assert.ok(!(0, node_fs_1.existsSync)(record));
        const again = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
        assert.match(again.json().error.message, /has no interrupted operation/);
    });
    /** An isolated plan's apply killed after its write, before the plan was marked applied. */
    async function interruptedApply() {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'v1\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'apply', isolated: true });
            (0, sandboxFixtures_1.write)(path.join(root, plan.sandbox_path), 'src/app.ts', 'v2\n');
            await s.plans.applyPlan(plan.plan_id);
            // As if the process died after writing the workspace, before marking the plan: back to draft, record left.
            await s.store.write((uow) => uow.plans.update({ ...uow.plans.get(plan.plan_id), state: 'draft' }));
            const ref = (name) => (0, node_child_process_1.execFileSync)('git', ['--git-dir', path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'), 'rev-parse', `refs/checkpoints/${plan.plan_id}/${name}`], { encoding: 'utf8' }).trim();
            await new fileOperationJournal_1.FileOperationJournal(root).begin({
                type: 'apply',
                plan_id: plan.plan_id,
                target_checkpoint_id: null,
                undo_checkpoint_id: null,
                sandbox_key: 'workspace',
                from_ref: ref('before-apply'),
                to_ref: ref('applied'),
                started_at: new Date().toISOString(),
                pid: 999_999_999,
                host: 'another-host',
            });
            return { root, planId: plan.plan_id };
        }
        finally {
            s.dispose();
        }
    }
    it('finishes an apply killed after its write: the plan is marked applied', async () => {
        const { root, planId } = await interruptedApply();
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
        assert.equal(run.code, 0, run.stdout + run.stderr);
        assert.equal((0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'show', planId]).json().plan.state, 'applied');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'src/app.ts'), 'utf8'), 'v2\n');
    });
    it('an interrupted apply also holds the plans that work in place and every other apply, until it is recovered', async () => {
        const { root, planId } = await interruptedApply();
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const inPlace = await s.plans.createPlan({ title: 'in place', sandbox: 'src' });
            const isolated = await s.plans.createPlan({ title: 'isolated', isolated: true });
            const held = new RegExp(`Checkpoint blocked: plan ${planId} has an interrupted apply .*agents plan recover ${planId}`);
            await assert.rejects(s.checkpoints.createCheckpoint(inPlace.plan_id), held);
            // an isolated sandbox is not the workspace: it may take checkpoints, but not apply over the half-written files
            await s.checkpoints.createCheckpoint(isolated.plan_id);
            await assert.rejects(s.plans.applyPlan(isolated.plan_id), new RegExp(`Apply blocked: plan ${planId} has an interrupted apply`));
        }
        finally {
            s.dispose();
        }
        assert.equal((0, cliHarness_1.runCli)(root, ['plan', 'recover', '--yes', planId]).code, 0);
        const after = (0, sandboxFixtures_1.services)(root);
        try {
            const inPlace = (await after.plans.listPlans()).find((p) => p.title === 'in place');
            assert.ok(await after.checkpoints.createCheckpoint(inPlace.plan_id));
        }
        finally {
            after.dispose();
        }
    });
    /**
     * `plan correct` of B (built on A) killed (SIGKILL, in a process of its own) at the worst moment:
     * the files restored, the correction not yet recorded.
     */
    function killedCorrection(undoToo = false) {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'f.txt', 'start\n');
        const cli = (...args) => {
            const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
            assert.equal(run.code, 0, run.stdout + run.stderr);
            return run.json();
        };
        const planId = cli('plan', 'create', '--title', 'killed correction').plan.plan_id;
        const decide = (title, on, text) => {
            const id = cli('plan', 'decide', planId, '--title', title, ...on.flatMap((o) => ['--depends-on', o])).decision.decision_id;
            cli('plan', 'checkpoint', planId, '--type', 'pre_write', '--decision', id);
            (0, sandboxFixtures_1.write)(root, 'f.txt', text);
            cli('plan', 'checkpoint', planId, '--type', 'post_step', '--decision', id);
            return id;
        };
        const a = decide('A', [], 'after A\n');
        const b = decide('B', [a], 'after B\n');
        const correctionId = undoToo ? cli('plan', 'correct', '--yes', planId, b).correction_summary.correction_id : '';
        const script = path.join(root, '..', `kill-${planId}.js`);
        const run = undoToo ? `s.corrections.undoCorrection(${JSON.stringify(planId)}, ${JSON.stringify(correctionId)})` : `s.corrections.executeRevert(${JSON.stringify(planId)}, ${JSON.stringify(b)})`;
        (0, node_fs_1.writeFileSync)(script, `const { createWorkspaceServices } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'composition.js'))});
const s = createWorkspaceServices({ workspaceRoot: ${JSON.stringify(root)}, wasmDir: ${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'dist'))}, logger: { debug() {}, info() {}, warn() {}, error() {} } });
const write = s.store.write.bind(s.store);
// dies the moment the correction (or its undo) would be recorded: after its files were written
const die = () => process.kill(process.pid, 'SIGKILL');
s.store.write = (work) => write((uow) => work({ ...uow, corrections: Object.assign(Object.create(uow.corrections), { insert: die, markUndone: die }) }));
${run}.then(() => process.exit(3), (e) => { console.error(e); process.exit(4); });
`);
        const killed = (0, node_child_process_1.spawnSync)(process.execPath, [script], { encoding: 'utf8' });
        assert.equal(killed.signal, 'SIGKILL', `the correction was not killed: ${killed.status} ${killed.stderr}`);
        return { root, planId, a, b, beforeCorrection: 'after B\n', atB: 'after A\n' };
    }
    const decisionStates = (root, planId) => (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'decisions', planId]).json().decisions.map((d) => `${d.title}:${d.state}`);
    it('a correction killed between its files and its decisions: recover finishes both, or undoes the files with the decisions still active', () => {
        const finish = killedCorrection();
        const record = JSON.parse((0, node_fs_1.readFileSync)(path.join(finish.root, '.cleveragents', 'operations', `${finish.planId}.json`), 'utf8'));
        assert.equal(record.type, 'rollback');
        assert.deepEqual(record.correction?.reverted_decisions, [finish.b], 'the record of the rollback does not carry the correction');
        assert.equal((0, node_fs_1.readFileSync)(path.join(finish.root, 'f.txt'), 'utf8'), finish.atB, 'the files were not restored before the kill');
        assert.deepEqual(decisionStates(finish.root, finish.planId), ['A:active', 'B:active']);
        assert.equal((0, cliHarness_1.runCli)(finish.root, ['plan', 'recover', '--yes', finish.planId]).code, 0);
        assert.deepEqual(decisionStates(finish.root, finish.planId), ['A:active', 'B:reverted']);
        assert.equal((0, node_fs_1.readFileSync)(path.join(finish.root, 'f.txt'), 'utf8'), finish.atB);
        const undo = killedCorrection();
        assert.equal((0, cliHarness_1.runCli)(undo.root, ['plan', 'recover', '--yes', '--undo', undo.planId]).code, 0);
        assert.deepEqual(decisionStates(undo.root, undo.planId), ['A:active', 'B:active']);
        assert.equal((0, node_fs_1.readFileSync)(path.join(undo.root, 'f.txt'), 'utf8'), undo.beforeCorrection);
    });
    it('the undo of a correction killed between its files and its decisions: recover finishes both', () => {
        const k = killedCorrection(true);
        assert.equal((0, node_fs_1.readFileSync)(path.join(k.root, 'f.txt'), 'utf8'), k.beforeCorrection, 'the files were not put back before the kill');
        assert.deepEqual(decisionStates(k.root, k.planId), ['A:active', 'B:reverted']);
        assert.equal((0, cliHarness_1.runCli)(k.root, ['plan', 'recover', '--yes', k.planId]).code, 0);
        assert.deepEqual(decisionStates(k.root, k.planId), ['A:active', 'B:active']);
        assert.equal((0, node_fs_1.readFileSync)(path.join(k.root, 'f.txt'), 'utf8'), k.beforeCorrection);
    });
    function readCheckpointIds(root, planId) {
        return (0, node_fs_1.readdirSync)(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git', 'refs', 'checkpoints', planId)).sort();
    }
});
//# sourceMappingURL=recover.test.js.map
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
 * Kills (SIGKILL, in a process of its own) in the last step of apply, correction and the undo of a
 * correction: after the database says the operation is done, before its record is cleared. Both
 * ways out, `recover` and `recover --undo`, must leave the plan's state matching its files.
 */
for (const mode of (0, cliHarness_1.daemonModes)())
    describe(`kills in the first and the last step of apply, correction and its undo (resident process ${mode})`, function () {
        this.timeout(180_000);
        (0, cliHarness_1.useDaemonMode)(mode);
        const tempDir = (0, tempDir_1.useTempDirs)('ca-laststep-');
        before(function () {
            this.timeout(180_000);
            (0, cliHarness_1.ensureCliBuilt)();
        });
        const cli = cliHarness_1.cliJson;
        /**
         * Runs `call` (an expression on the services `s`) in a process that dies the moment it would
         * clear its operation record (or, with `atBegin`, right after writing it, before any file).
         */
        function killedAtRecordClear(root, call, atBegin = false) {
            const script = path.join(root, '..', `kill-${path.basename(root)}.js`);
            (0, node_fs_1.writeFileSync)(script, `const { FileOperationJournal } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'adapters', 'files', 'fileOperationJournal.js'))});
const { createWorkspaceServices } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'composition.js'))});
${atBegin ? `const begin = FileOperationJournal.prototype.begin;
FileOperationJournal.prototype.begin = async function (op) { await begin.call(this, op); process.kill(process.pid, 'SIGKILL'); };` : `FileOperationJournal.prototype.end = () => process.kill(process.pid, 'SIGKILL');`}
const s = createWorkspaceServices({ workspaceRoot: ${JSON.stringify(root)}, wasmDir: ${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'dist'))}, logger: { debug() {}, info() {}, warn() {}, error() {} } });
${call}.then(() => process.exit(3), (e) => { console.error(e); process.exit(4); });
`);
            const killed = (0, node_child_process_1.spawnSync)(process.execPath, [script], { encoding: 'utf8' });
            assert.equal(killed.signal, 'SIGKILL', `not killed: ${killed.status} ${killed.stderr}`);
        }
        const state = (root, planId) => cli(root, 'plan', 'show', planId).plan.state;
        const read = (root, rel) => (0, node_fs_1.readFileSync)(path.join(root, rel), 'utf8');
        const operationPins = (root, planId) => (0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git', 'refs', 'operations', planId));
        /** An isolated plan (started) whose apply was killed after the plan was marked applied. */
        function killedApply() {
            const root = tempDir();
            (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'v1\n');
            const plan = cli(root, 'plan', 'create', '--title', 'apply', '--isolated').plan;
            cli(root, 'plan', 'start', plan.plan_id);
            (0, sandboxFixtures_1.write)(path.join(root, plan.sandbox_path), 'src/app.ts', 'v2\n');
            (0, sandboxFixtures_1.write)(path.join(root, plan.sandbox_path), 'src/new.ts', 'new\n');
            killedAtRecordClear(root, `s.plans.applyPlan(${JSON.stringify(plan.plan_id)})`);
            assert.equal(state(root, plan.plan_id), 'applied', 'the kill did not come after the state change');
            assert.equal(read(root, 'src/app.ts'), 'v2\n');
            return { root, planId: plan.plan_id, sandbox: plan.sandbox_path };
        }
        it('apply: recover --undo takes the changes out and the plan is no longer applied; it applies again; cleanup was refused meanwhile', () => {
            const { root, planId, sandbox } = killedApply();
            const cleanup = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'cleanup', '--yes', planId]);
            assert.equal(cleanup.code, 1, cleanup.stdout);
            assert.match(cleanup.json().error.message, /Cleanup blocked: .* interrupted apply/);
            assert.ok((0, node_fs_1.existsSync)(path.join(root, sandbox, 'src', 'new.ts')), 'the sandbox is still there');
            cli(root, 'plan', 'recover', '--yes', '--undo', planId);
            assert.equal(read(root, 'src/app.ts'), 'v1\n');
            assert.ok(!(0, node_fs_1.existsSync)(path.join(root, 'src', 'new.ts')), 'the file the apply created is gone');
            assert.equal(state(root, planId), 'executing', 'the plan is back in the state it had before the apply');
            assert.ok(!operationPins(root, planId), 'the record\u2019s pins went with it');
            cli(root, 'plan', 'apply', '--yes', planId);
            assert.equal(state(root, planId), 'applied');
            assert.equal(read(root, 'src/app.ts'), 'v2\n');
            assert.equal(read(root, 'src/new.ts'), 'new\n');
        });
        it('apply: recover finishes it, and the plan stays applied', () => {
            const { root, planId } = killedApply();
            cli(root, 'plan', 'recover', '--yes', planId);
            assert.equal(state(root, planId), 'applied');
            assert.equal(read(root, 'src/app.ts'), 'v2\n');
            assert.equal(cli(root, 'plan', 'show', planId).interrupted_operation, null);
        });
        it('apply killed right after its record, before any file: recover --undo leaves the plan as it was, recover applies it', () => {
            for (const mode of ['undo', 'finish']) {
                const root = tempDir();
                (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'v1\n');
                const plan = cli(root, 'plan', 'create', '--title', 'apply', '--isolated').plan;
                (0, sandboxFixtures_1.write)(path.join(root, plan.sandbox_path), 'src/app.ts', 'v2\n');
                killedAtRecordClear(root, `s.plans.applyPlan(${JSON.stringify(plan.plan_id)})`, true);
                assert.equal(state(root, plan.plan_id), 'draft');
                assert.equal(read(root, 'src/app.ts'), 'v1\n', 'killed before the write');
                cli(root, 'plan', 'recover', '--yes', ...(mode === 'undo' ? ['--undo'] : []), plan.plan_id);
                assert.equal(state(root, plan.plan_id), mode === 'undo' ? 'draft' : 'applied');
                assert.equal(read(root, 'src/app.ts'), mode === 'undo' ? 'v1\n' : 'v2\n');
                assert.ok(!operationPins(root, plan.plan_id));
            }
        });
        /** Decisions A then B on f.txt, and a correction of B (or, with `undo`, the undo of that correction) killed after it was recorded. */
        function killedCorrection(undo) {
            const root = tempDir();
            (0, sandboxFixtures_1.write)(root, 'f.txt', 'start\n');
            const planId = cli(root, 'plan', 'create', '--title', 'correction').plan.plan_id;
            const decide = (title, on, text) => {
                const id = cli(root, 'plan', 'decide', planId, '--title', title, ...on.flatMap((o) => ['--depends-on', o])).decision.decision_id;
                cli(root, 'plan', 'checkpoint', planId, '--type', 'pre_write', '--decision', id);
                (0, sandboxFixtures_1.write)(root, 'f.txt', text);
                cli(root, 'plan', 'checkpoint', planId, '--type', 'post_step', '--decision', id);
                return id;
            };
            const a = decide('A', [], 'after A\n');
            const b = decide('B', [a], 'after B\n');
            if (!undo)
                killedAtRecordClear(root, `s.corrections.executeRevert(${JSON.stringify(planId)}, ${JSON.stringify(b)})`);
            else {
                const correctionId = cli(root, 'plan', 'correct', '--yes', planId, b).correction_summary.correction_id;
                killedAtRecordClear(root, `s.corrections.undoCorrection(${JSON.stringify(planId)}, ${JSON.stringify(correctionId)})`);
            }
            return { root, planId };
        }
        const decisions = (root, planId) => cli(root, 'plan', 'decisions', planId).decisions.map((d) => `${d.title}:${d.state}`);
        it('correction: recover finishes it (recorded once), or --undo puts the files back and the decisions active', () => {
            const finish = killedCorrection(false);
            assert.deepEqual(decisions(finish.root, finish.planId), ['A:active', 'B:reverted'], 'the kill did not come after the correction was recorded');
            cli(finish.root, 'plan', 'recover', '--yes', finish.planId);
            assert.deepEqual(decisions(finish.root, finish.planId), ['A:active', 'B:reverted']);
            assert.equal(read(finish.root, 'f.txt'), 'after A\n');
            const undo = killedCorrection(false);
            cli(undo.root, 'plan', 'recover', '--yes', '--undo', undo.planId);
            assert.equal(read(undo.root, 'f.txt'), 'after B\n');
            assert.deepEqual(decisions(undo.root, undo.planId), ['A:active', 'B:active']);
        });
        it('undo of a correction: recover finishes it, or --undo makes the correction stand again with its files', () => {
            const finish = killedCorrection(true);
            assert.deepEqual(decisions(finish.root, finish.planId), ['A:active', 'B:active'], 'the kill did not come after the undo was recorded');
            cli(finish.root, 'plan', 'recover', '--yes', finish.planId);
            assert.deepEqual(decisions(finish.root, finish.planId), ['A:active', 'B:active']);
            assert.equal(read(finish.root, 'f.txt'), 'after B\n');
            const undo = killedCorrection(true);
            cli(undo.root, 'plan', 'recover', '--yes', '--undo', undo.planId);
            assert.equal(read(undo.root, 'f.txt'), 'after A\n');
            assert.deepEqual(decisions(undo.root, undo.planId), ['A:active', 'B:reverted']);
        });
    });
//# sourceMappingURL=killedLastStep.test.js.map
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
const plan_1 = require("../../src/core/plan");
const planLifecycle_1 = require("../../src/core/planLifecycle");
const cliHarness_1 = require("./helpers/cliHarness");
const interruptedRollback_1 = require("./helpers/interruptedRollback");
const storeFixtures_1 = require("./helpers/storeFixtures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const shortIdOf_1 = require("./helpers/shortIdOf");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
const DB = path.join('.cleveragents', 'cleveragents.db');
/** The CLI verb that asks for each target state. */
const VERB = {
    executing: ['start'],
    completed: ['complete'],
    failed: ['fail'],
    cancelled: ['cancel'],
    applied: ['apply', '--yes'],
};
/** The shortest way from draft to each state, through the services. */
async function bringTo(s, planId, state) {
    const path = {
        draft: [],
        executing: ['executing'],
        completed: ['executing', 'completed'],
        failed: ['executing', 'failed'],
        cancelled: ['cancelled'],
        applied: [],
    };
    for (const step of path[state])
        await s.plans.setState(planId, step);
    if (state === 'applied')
        await s.plans.applyPlan(planId);
}
function dbBytes(root) {
    return (0, node_fs_1.readFileSync)(path.join(root, DB)).toString('base64');
}
function ok(run) {
    assert.equal(run.code, 0, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
    assert.equal(run.stderr, '');
}
function refused(run, type, message) {
    assert.equal(run.code, 1, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
    const doc = run.json();
    assert.equal(doc.error.type, type);
    if (typeof message === 'string')
        assert.equal(doc.error.message, message);
    else
        assert.match(doc.error.message, message);
}
describe('plan lifecycle: the table in core/planLifecycle.ts', () => {
    it('every state has its row; only applied and cancelled are final; nothing goes back to draft', () => {
        assert.deepEqual(Object.keys(planLifecycle_1.PLAN_TRANSITIONS).sort(), [...plan_1.PLAN_STATES].sort());
        assert.deepEqual(plan_1.PLAN_STATES.filter((s) => (0, planLifecycle_1.allowedTransitions)(s).length === 0), ['applied', 'cancelled']);
        for (const from of plan_1.PLAN_STATES)
            assert.ok(!(0, planLifecycle_1.canTransition)(from, 'draft'), from);
        for (const from of plan_1.PLAN_STATES)
            assert.ok(!(0, planLifecycle_1.canTransition)(from, from), `${from} -> ${from}`);
    });
    it('a refused transition names the ones allowed', () => {
        assert.throws(() => (0, planLifecycle_1.assertTransition)('draft', 'completed'), { message: 'Complete blocked: plan is draft; from draft it can become executing, applied or cancelled' });
        assert.throws(() => (0, planLifecycle_1.assertTransition)('executing', 'executing'), { message: 'Start blocked: plan is already executing; from executing it can become completed, failed, applied or cancelled' });
        assert.throws(() => (0, planLifecycle_1.assertTransition)('applied', 'cancelled'), { message: 'Cancel blocked: plan is already applied' });
        assert.throws(() => (0, planLifecycle_1.assertTransition)('cancelled', 'executing'), { message: 'Start blocked: plan is cancelled, which is final' });
    });
});
describe('agents plan start|complete|fail|cancel|apply (the built CLI)', function () {
    this.timeout(300_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-life-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const json = (root, ...args) => (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
    for (const from of plan_1.PLAN_STATES) {
        it(`from ${from}: every allowed transition happens and is recorded with its time; every other is refused and changes nothing`, async () => {
            for (const to of Object.keys(VERB)) {
                const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a\n' });
                const s = (0, sandboxFixtures_1.services)(root);
                let planId;
                try {
                    planId = (await s.plans.createPlan({ title: `from ${from}` })).plan_id;
                    await bringTo(s, planId, from);
                }
                finally {
                    s.dispose();
                }
                const before = dbBytes(root);
                const run = json(root, 'plan', ...VERB[to], planId);
                if ((0, planLifecycle_1.canTransition)(from, to)) {
                    ok(run);
                    const out = run.json();
                    assert.equal(out.plan.state, to, `${from} -> ${to}`);
                    if (to !== 'applied')
                        assert.equal(out.previous_state, from);
                    const shown = json(root, 'plan', 'show', planId).json();
                    assert.equal(shown.plan.state, to);
                    const last = shown.state_history.at(-1);
                    assert.deepEqual([last.from_state, last.to_state], [from, to]);
                    assert.equal(last.changed_at, shown.plan.updated_at, 'recorded at the time the plan changed');
                    assert.equal(shown.state_history[0].from_state, null, 'the creation comes first');
                    assert.equal(shown.state_history[0].changed_at, shown.plan.created_at);
                    const text = (0, cliHarness_1.runCli)(root, ['plan', 'show', planId]);
                    assert.match(text.stdout, new RegExp(`\\n    \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  ${from} -> ${to}\\n`));
                }
                else {
                    const verb = { executing: 'Start', completed: 'Complete', failed: 'Mark failed', cancelled: 'Cancel', applied: 'Apply' }[to];
                    const expected = from === 'applied'
                        ? `${verb} blocked: plan is already applied`
                        : from === 'cancelled'
                            ? `${verb} blocked: plan is cancelled, which is final`
                            : new RegExp(`^${verb} blocked: plan is (already )?${from}; from ${from} it can become ${(0, planLifecycle_1.allowedTransitions)(from).slice(0, -1).join(', ')} or ${(0, planLifecycle_1.allowedTransitions)(from).at(-1)}$`);
                    refused(run, 'BusinessRuleViolation', expected);
                    assert.equal(dbBytes(root), before, `${from} -> ${to} changed the database`);
                }
            }
        });
    }
    it('text output names the new state and the old one; usage errors for a missing id', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'Texts' }).finally(() => s.dispose());
        const run = (0, cliHarness_1.runCli)(root, ['plan', 'start', plan.plan_id]);
        ok(run);
        assert.equal(run.stdout, `Plan ${(await (0, shortIdOf_1.shortIdOf)(root, plan.plan_id))[0]} "Texts" is now executing (was draft).\n`);
        const missing = (0, cliHarness_1.runCli)(root, ['plan', 'complete']);
        assert.equal(missing.code, 2);
        assert.match(missing.stderr, /"plan complete" needs <plan_id>/);
        refused(json(root, 'plan', 'fail', '01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'NotFound', 'Not found: plan 01ARZ3NDEKTSV4RRFFQ69G5FAV');
        refused(json(root, 'plan', 'cancel', 'nope'), 'ValidationError', /^Validation Error: plan id "nope"/);
        const help = (0, cliHarness_1.runCli)(root, ['--help']).stdout;
        for (const c of ['start', 'complete', 'fail', 'cancel', 'delete'])
            assert.match(help, new RegExp(`agents plan ${c}\\b`), c);
    });
    it('apply of an in-place plan (Mark Applied) asks, and is refused while a rollback of it is interrupted', async () => {
        const root = tempDir();
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        try {
            planId = (await (0, interruptedRollback_1.makeInterruptedRollback)(root, s)).planId;
        }
        finally {
            s.dispose();
        }
        const before = dbBytes(root);
        refused(json(root, 'plan', 'apply', planId), 'ConfirmationRequired', 'Apply refused: confirmation needed; re-run with --yes');
        refused(json(root, 'plan', 'apply', '--yes', planId), 'BusinessRuleViolation', new RegExp(`^Apply blocked: plan ${planId} has an interrupted rollback`));
        assert.equal(dbBytes(root), before);
    });
});
describe('agents plan delete (the built CLI)', function () {
    this.timeout(300_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-del-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const json = (root, ...args) => (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
    const pins = (root) => (0, sandboxFixtures_1.git)(path.join(root, '.cleveragents', 'checkpoints'), '--git-dir=shadow.git', 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/')
        .trim()
        .split('\n')
        .filter(Boolean);
    it('removes the plan, its checkpoints, their snapshots and its history; the other plan and the files stay', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a\n', 'src/b.txt': 'b\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        let gone;
        let kept;
        try {
            const doomed = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 3, { title: 'doomed', before: (i) => (0, sandboxFixtures_1.write)(root, 'a.txt', `a${i}\n`) });
            await s.plans.setState(doomed.plan.plan_id, 'executing');
            const other = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1, { title: 'other' });
            gone = doomed.plan.plan_id;
            kept = other.plan.plan_id;
        }
        finally {
            s.dispose();
        }
        assert.equal(pins(root).filter((p) => p.includes(gone)).length, 3);
        const files = (0, sandboxFixtures_1.hashTree)(root);
        const before = dbBytes(root);
        refused(json(root, 'plan', 'delete', gone), 'ConfirmationRequired', 'Delete refused: confirmation needed; re-run with --yes');
        assert.equal(dbBytes(root), before);
        const run = json(root, 'plan', 'delete', '--yes', gone);
        ok(run);
        const out = run.json();
        assert.equal(out.deleted.plan.plan_id, gone);
        assert.equal(out.deleted.checkpoint_ids.length, 3);
        assert.equal(out.deleted.removed_sandbox, null);
        refused(json(root, 'plan', 'show', gone), 'NotFound', `Not found: plan ${gone}`);
        assert.deepEqual(json(root, 'plan', 'list').json().plans.map((p) => p.plan_id), [kept]);
        assert.deepEqual(pins(root).filter((p) => p.includes(gone)), [], 'no snapshot of it stays pinned');
        assert.equal(pins(root).filter((p) => p.includes(kept)).length, 1);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), files, 'an in-place sandbox keeps its files');
        const count = (table) => (0, storeFixtures_1.sqlite3Json)(path.join(root, DB), `SELECT COUNT(*) AS n FROM ${table} WHERE plan_id = '${gone}'`)[0].n;
        assert.equal(count('checkpoint_metadata'), 0);
        assert.equal(count('plan_state_changes'), 0);
        assert.equal(count('v3_plans'), 0);
        refused(json(root, 'plan', 'delete', '--yes', gone), 'NotFound', `Not found: plan ${gone}`);
    });
    it('an isolated plan loses its sandbox too, applied or not', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        let iso;
        try {
            iso = await s.plans.createPlan({ title: 'iso', isolated: true });
            (0, sandboxFixtures_1.write)(path.join(root, iso.sandbox_path), 'new.txt', 'n\n');
            await s.checkpoints.createCheckpoint(iso.plan_id);
            await s.plans.applyPlan(iso.plan_id);
        }
        finally {
            s.dispose();
        }
        assert.ok((0, node_fs_1.existsSync)(path.join(root, iso.sandbox_path)));
        const run = (0, cliHarness_1.runCli)(root, ['plan', 'delete', '-y', iso.plan_id]);
        ok(run);
        assert.equal(run.stdout, `Deleted plan ${iso.plan_id} "iso" with 1 checkpoint and its sandbox ${iso.sandbox_path}.\n`);
        assert.ok(!(0, node_fs_1.existsSync)(path.join(root, iso.sandbox_path)));
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'new.txt'), 'utf8'), 'n\n', 'what was applied stays');
        assert.deepEqual(pins(root), []);
    });
    it('is refused while an operation on the plan is interrupted, with or without --yes', async () => {
        const root = tempDir();
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        try {
            planId = (await (0, interruptedRollback_1.makeInterruptedRollback)(root, s)).planId;
        }
        finally {
            s.dispose();
        }
        const before = { db: dbBytes(root), pins: pins(root) };
        for (const args of [['plan', 'delete', '--yes', planId], ['plan', 'delete', planId]]) {
            refused(json(root, ...args), 'BusinessRuleViolation', new RegExp(`^Delete blocked: plan ${planId} has an interrupted rollback .*agents plan recover ${planId}`));
        }
        assert.deepEqual({ db: dbBytes(root), pins: pins(root) }, before);
    });
    it('on a terminal: shows what goes and asks; "n" keeps everything, "y" deletes', async function () {
        if (!(0, cliHarness_1.hasScript)())
            this.skip();
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        try {
            planId = (await (0, workspaceFixtures_1.planWithCheckpoints)(s, 2, { title: 'Asked', before: (i) => (0, sandboxFixtures_1.write)(root, 'a.txt', `${i}\n`) })).plan.plan_id;
        }
        finally {
            s.dispose();
        }
        const before = dbBytes(root);
        const no = (0, cliHarness_1.runCliOnTerminal)(root, ['plan', 'delete', planId], 'n\n');
        assert.equal(no.code, 1);
        assert.match(no.stdout, new RegExp(`Deleting plan ${(await (0, shortIdOf_1.shortIdOf)(root, planId))[0]} "Asked" \\(draft\\) removes:\\n  2 checkpoints and their snapshots in the shadow store`));
        assert.match(no.stdout, /The files of its sandbox \. stay as they are\.\nThis cannot be undone\.\nDelete the plan\? \[y\/N\]/);
        assert.match(no.stdout, /Delete cancelled: not confirmed; nothing was changed\./);
        assert.equal(dbBytes(root), before);
        const yes = (0, cliHarness_1.runCliOnTerminal)(root, ['plan', 'delete', planId], 'y\n');
        assert.equal(yes.code, 0, yes.stdout);
        assert.match(yes.stdout, new RegExp(`Deleted plan ${planId} "Asked" with 2 checkpoints\\.`));
    });
});
//# sourceMappingURL=planLifecycle.test.js.map
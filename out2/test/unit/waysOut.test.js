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
const moveAside_1 = require("../../src/adapters/files/moveAside");
const errors_1 = require("../../src/core/errors");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// The ways out of two dead ends (issue 25, item 3): an isolated plan whose sandbox folder was
// deleted, and a database file that cannot be read.
describe('ways out: a missing isolated sandbox', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    async function isolatedPlan() {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one');
        (0, sandboxFixtures_1.write)(root, 'src/b.txt', 'two');
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'iso', isolated: true });
        const dir = path.join(root, plan.sandbox_path);
        (0, sandboxFixtures_1.write)(dir, 'a.txt', 'changed in the sandbox');
        (0, sandboxFixtures_1.write)(dir, 'new.txt', 'made in the sandbox');
        const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'work' });
        const expected = (0, sandboxFixtures_1.hashTree)(dir);
        return { root, s, plan, dir, checkpoint, expected };
    }
    it('recreates the folder from the newest checkpoint, exactly, and Start works again', async () => {
        const { s, plan, dir, checkpoint, expected } = await isolatedPlan();
        (0, node_fs_1.rmSync)(dir, { recursive: true });
        assert.equal(await s.checkpoints.sandboxMissing(plan.plan_id), true);
        const done = await s.sandboxes.recreateSandbox(plan.plan_id);
        assert.equal(done.checkpoint.checkpoint_id, checkpoint.checkpoint_id);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(dir), expected);
        assert.equal(await s.checkpoints.sandboxMissing(plan.plan_id), false);
        // Nothing is left recorded as under way.
        assert.equal(await s.recovery.interrupted(plan.plan_id), undefined);
        assert.equal((await s.plans.setState(plan.plan_id, 'executing')).state, 'executing');
        s.dispose();
    });
    it('Start and checkpoints refuse a plan whose sandbox is gone, saying why; nothing changes', async () => {
        const { s, plan, dir } = await isolatedPlan();
        (0, node_fs_1.rmSync)(dir, { recursive: true });
        await assert.rejects(s.plans.setState(plan.plan_id, 'executing'), (e) => e instanceof errors_1.BusinessRuleViolation && /^Start blocked: the sandbox folder .* is missing; recreate it from the newest checkpoint, or cancel the plan$/.test(e.message));
        assert.equal((await s.plans.getPlan(plan.plan_id)).state, 'draft');
        await assert.rejects(s.checkpoints.createCheckpoint(plan.plan_id), /Checkpoint blocked: sandbox is missing/);
        // Cancel stays the other way out.
        assert.equal((await s.plans.setState(plan.plan_id, 'cancelled')).state, 'cancelled');
        s.dispose();
    });
    it('refuses when the folder is there (a rollback is the way), and when the plan has no checkpoint', async () => {
        const { root, s, plan, dir } = await isolatedPlan();
        const before = (0, sandboxFixtures_1.hashTree)(dir);
        await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /Recreate blocked: the sandbox folder .* exists; roll back to a checkpoint instead/);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(dir), before);
        const bare = await s.plans.createPlan({ title: 'bare', isolated: true });
        (0, node_fs_1.rmSync)(path.join(root, bare.sandbox_path), { recursive: true });
        await assert.rejects(s.sandboxes.recreateSandbox(bare.plan_id), /Recreate blocked: plan .* has no checkpoint to recreate its sandbox from/);
        assert.equal((0, node_fs_1.existsSync)(path.join(root, bare.sandbox_path)), false);
        s.dispose();
    });
    it('is refused while an operation on the plan is interrupted, and leaves no empty folder behind', async () => {
        const { s, plan, dir } = await isolatedPlan();
        (0, node_fs_1.rmSync)(dir, { recursive: true });
        const journal = path.join(s.checkpointDir, '..', 'operations', `${plan.plan_id}.json`);
        (0, node_fs_1.mkdirSync)(path.dirname(journal), { recursive: true });
        (0, node_fs_1.writeFileSync)(journal, JSON.stringify({ type: 'cleanup', plan_id: plan.plan_id, target_checkpoint_id: null, undo_checkpoint_id: null, sandbox_key: plan.plan_id, from_ref: null, to_ref: null, started_at: '2026-01-01T00:00:00.000Z', pid: 999999, host: 'elsewhere' }));
        await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /Recreate blocked: plan .* has an interrupted cleanup/);
        assert.equal((0, node_fs_1.existsSync)(dir), false);
        s.dispose();
    });
    it('refuses an in-place plan and an applied one', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one');
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'here' });
        await s.checkpoints.createCheckpoint(plan.plan_id);
        await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /only an isolated sandbox can be recreated/);
        await s.plans.applyPlan(plan.plan_id);
        await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /Recreate blocked: plan is already applied/);
        s.dispose();
    });
});
describe('ways out: an unreadable database', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    const NOW = new Date('2026-12-01T18:30:05.123Z');
    function garbage(root) {
        const db = path.join(root, '.cleveragents', 'cleveragents.db');
        (0, sandboxFixtures_1.write)(root, '.cleveragents/cleveragents.db', 'this is not a database, just garbage bytes '.repeat(10));
        return db;
    }
    it('a garbage file is an UnreadableDatabaseError (the UI offers Move Aside for it)', async () => {
        const root = tempDir();
        garbage(root);
        const s = (0, sandboxFixtures_1.services)(root);
        await assert.rejects(s.plans.listPlans(), (e) => e instanceof errors_1.UnreadableDatabaseError && /is not an SQLite database/.test(e.message));
        s.dispose();
    });
    it('moves it aside with the time in its name, never deleting it; a new database starts on next use', async () => {
        const root = tempDir();
        const db = garbage(root);
        const bytes = (0, node_fs_1.readFileSync)(db);
        const moved = await (0, moveAside_1.moveDatabaseAside)(root, db, NOW);
        assert.equal(path.basename(moved), 'cleveragents.db.unreadable-20261201T183005Z');
        assert.deepEqual((0, node_fs_1.readFileSync)(moved), bytes);
        assert.equal((0, node_fs_1.existsSync)(db), false);
        // A second one in the same second does not replace the first.
        garbage(root);
        const second = await (0, moveAside_1.moveDatabaseAside)(root, db, NOW);
        assert.equal(path.basename(second), 'cleveragents.db.unreadable-20261201T183005Z-2');
        assert.deepEqual((0, node_fs_1.readFileSync)(moved), bytes);
        const s = (0, sandboxFixtures_1.services)(root);
        assert.deepEqual(await s.plans.listPlans(), []);
        s.dispose();
    });
    it('refuses a database that is a symbolic link, and one under a linked data folder; nothing is renamed', async () => {
        const root = tempDir();
        const outside = tempDir();
        (0, node_fs_1.writeFileSync)(path.join(outside, 'real.db'), 'garbage');
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents'));
        const db = path.join(root, '.cleveragents', 'cleveragents.db');
        (0, node_fs_1.symlinkSync)(path.join(outside, 'real.db'), db);
        await assert.rejects((0, moveAside_1.moveDatabaseAside)(root, db, NOW), errors_1.StoreRefusedError);
        assert.equal((0, node_fs_1.lstatSync)(db).isSymbolicLink(), true);
        assert.deepEqual((0, node_fs_1.readdirSync)(path.join(root, '.cleveragents')), ['cleveragents.db']);
        const root2 = tempDir();
        (0, node_fs_1.symlinkSync)(outside, path.join(root2, '.cleveragents'));
        (0, node_fs_1.writeFileSync)(path.join(outside, 'cleveragents.db'), 'garbage');
        await assert.rejects((0, moveAside_1.moveDatabaseAside)(root2, path.join(root2, '.cleveragents', 'cleveragents.db'), NOW), errors_1.StoreRefusedError);
        assert.deepEqual((0, node_fs_1.readdirSync)(outside).sort(), ['cleveragents.db', 'real.db']);
    });
    it('refuses a folder in the database’s place', async () => {
        const root = tempDir();
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents', 'cleveragents.db'), { recursive: true });
        await assert.rejects((0, moveAside_1.moveDatabaseAside)(root, path.join(root, '.cleveragents', 'cleveragents.db'), NOW), /is not a regular file; it was not moved/);
    });
});
//# sourceMappingURL=waysOut.test.js.map
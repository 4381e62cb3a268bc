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
const errors_1 = require("../../src/core/errors");
const schemaMigrations_1 = require("../../src/adapters/sqlStore/schemaMigrations");
const sqlJsDecisionRepositories_1 = require("../../src/adapters/sqlStore/sqlJsDecisionRepositories");
const sqlJsCheckpointStore_1 = require("../../src/adapters/sqlStore/sqlJsCheckpointStore");
const cliHarness_1 = require("./helpers/cliHarness");
const storeFixtures_1 = require("./helpers/storeFixtures");
const tempDir_1 = require("./helpers/tempDir");
const RELEASE_DB = path.join(cliHarness_1.REPO_ROOT, 'test', 'fixtures', 'databases', 'release-schema-v1.db');
let clock = Date.parse('2026-03-01T00:00:00.000Z');
function decision(planId, dependsOn = [], overrides = {}) {
    clock += 1000;
    return {
        decision_id: (0, storeFixtures_1.newId)(),
        plan_id: planId,
        title: 'Use a worker pool',
        rationale: null,
        state: 'active',
        created_at: new Date(clock).toISOString(),
        reverted_at: null,
        reverted_by: null,
        depends_on: dependsOn,
        ...overrides,
    };
}
/** Every table's rows, and every schema object's SQL, as another client sees them. */
function dump(dbPath) {
    const objects = (0, storeFixtures_1.sqlite3Json)(dbPath, "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name");
    const rows = {};
    for (const o of objects.filter((x) => x.type === 'table'))
        rows[String(o.name)] = (0, storeFixtures_1.sqlite3Json)(dbPath, `SELECT * FROM "${String(o.name)}" ORDER BY rowid`);
    return { objects, rows };
}
describe('decisions in the store', () => {
    const tempDir = (0, tempDir_1.useTempDirs)('cleveragents-decisions-');
    const stores = [];
    afterEach(() => {
        for (const s of stores.splice(0))
            s.close();
    });
    function store(dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(tempDir())) {
        const s = (0, storeFixtures_1.openStore)(dbPath);
        stores.push(s);
        return { dbPath, store: s };
    }
    it('a database of the previous release is upgraded in place: the decision and state-history tables are added and nothing else changes', async () => {
        const dbPath = path.join(tempDir(), 'cleveragents.db');
        (0, node_fs_1.copyFileSync)(RELEASE_DB, dbPath);
        const before = dump(dbPath);
        assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'PRAGMA user_version')[0].user_version, 1);
        assert.ok(before.rows.checkpoint_metadata.length >= 3, 'the fixture holds checkpoints');
        const { store: s } = store(dbPath);
        const plan = (await s.read((uow) => uow.plans.list()))[0];
        // A write saves the migrated file.
        const d = decision(plan.plan_id);
        await s.write((uow) => uow.decisions.insert(d));
        const after = dump(dbPath);
        assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'PRAGMA user_version')[0].user_version, schemaMigrations_1.SCHEMA_VERSION);
        assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
        assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA foreign_key_check').trim(), '');
        // Every object the old file had is there with the very same SQL; the rest are the additions.
        for (const o of before.objects)
            assert.deepEqual(after.objects.find((x) => x.name === o.name), o);
        const added = after.objects.filter((o) => !before.objects.some((b) => b.name === o.name)).map((o) => o.name);
        assert.deepEqual(added.sort(), [
            'idx_corrections_plan',
            'idx_decision_dependents',
            'idx_decisions_plan',
            'idx_plan_state_changes_plan',
            'plan_state_changes',
            'v3_corrections',
            'v3_decision_dependencies',
            'v3_decisions',
        ]);
        for (const table of Object.keys(before.rows))
            assert.deepEqual(after.rows[table], before.rows[table], `rows of ${table}`);
        assert.deepEqual(after.rows.v3_decisions.map((r) => r.decision_id), [d.decision_id]);
    });
    it('records decisions with their dependencies, lists them oldest first, and finds dependents through the index', async () => {
        const { store: s } = store();
        const plan = (0, storeFixtures_1.makePlan)();
        const a = decision(plan.plan_id);
        const b = decision(plan.plan_id, [a.decision_id], { rationale: 'faster' });
        const c = decision(plan.plan_id, [b.decision_id, a.decision_id]);
        await s.write((uow) => {
            uow.plans.insert(plan);
            for (const x of [a, b, c])
                uow.decisions.insert(x);
        });
        const listed = await s.read((uow) => uow.decisions.listForPlan(plan.plan_id));
        assert.deepEqual(listed.map((x) => x.decision_id), [a.decision_id, b.decision_id, c.decision_id]);
        assert.deepEqual(listed[2].depends_on, [a.decision_id, b.decision_id].sort());
        assert.equal(listed[1].rationale, 'faster');
        assert.deepEqual(await s.read((uow) => uow.decisions.dependents(a.decision_id)), [b.decision_id, c.decision_id]);
        assert.deepEqual(await s.read((uow) => uow.decisions.get(c.decision_id)), listed[2]);
    });
    it('uses the indexes for "decisions of a plan" and "dependents of a decision"', async () => {
        const { dbPath, store: s } = store();
        await s.write((uow) => uow.plans.insert((0, storeFixtures_1.makePlan)()));
        const plan = (q) => (0, storeFixtures_1.sqlite3)(dbPath, `EXPLAIN QUERY PLAN ${q.replace(/\?1|\?2|\?/g, "'X'")}`);
        assert.match(plan(sqlJsDecisionRepositories_1.DECISION_SQL.listDecisionsForPlan), /USING INDEX idx_decisions_plan/);
        assert.match(plan(sqlJsDecisionRepositories_1.DECISION_SQL.dependentsOf), /USING (COVERING )?INDEX idx_decision_dependents/);
    });
    it('refuses a dependency that is missing, of another plan, itself, or that closes a cycle; nothing is written', async () => {
        const { dbPath, store: s } = store();
        const plan = (0, storeFixtures_1.makePlan)();
        const other = (0, storeFixtures_1.makePlan)();
        const a = decision(plan.plan_id);
        const foreign = decision(other.plan_id);
        await s.write((uow) => {
            uow.plans.insert(plan);
            uow.plans.insert(other);
            uow.decisions.insert(a);
            uow.decisions.insert(foreign);
        });
        const attempt = (d) => s.write((uow) => uow.decisions.insert(d));
        await assert.rejects(attempt(decision(plan.plan_id, [(0, storeFixtures_1.newId)()])), (e) => e instanceof errors_1.ValidationError && /does not exist/.test(e.message));
        await assert.rejects(attempt(decision(plan.plan_id, [foreign.decision_id])), (e) => e instanceof errors_1.ValidationError && /belongs to plan/.test(e.message));
        const self = decision(plan.plan_id);
        await assert.rejects(attempt({ ...self, depends_on: [self.decision_id] }), (e) => e instanceof errors_1.ValidationError && /cycle/.test(e.message));
        // Another client (foreign keys off) wrote "a depends on x" before x exists: x depending on a would close a loop.
        const x = decision(plan.plan_id, [a.decision_id]);
        (0, storeFixtures_1.sqlite3)(dbPath, `INSERT INTO v3_decision_dependencies (decision_id, depends_on) VALUES ('${a.decision_id}', '${x.decision_id}')`);
        await assert.rejects(attempt(x), (e) => e instanceof errors_1.ValidationError && /cycle/.test(e.message));
        await assert.rejects(attempt(decision((0, storeFixtures_1.newId)())), (e) => e instanceof errors_1.NotFoundError && e.message.startsWith('Not found: plan '));
        assert.deepEqual((await s.read((uow) => uow.decisions.listForPlan(plan.plan_id))).map((d) => d.decision_id), [a.decision_id]);
    });
    it('a plan deleted by another client takes its decisions and corrections with it', async () => {
        const { dbPath, store: s } = store();
        const plan = (0, storeFixtures_1.makePlan)();
        const a = decision(plan.plan_id);
        await s.write((uow) => {
            uow.plans.insert(plan);
            uow.decisions.insert(a);
            uow.decisions.insert(decision(plan.plan_id, [a.decision_id]));
        });
        (0, storeFixtures_1.sqlite3)(dbPath, `PRAGMA foreign_keys = ON; DELETE FROM v3_plans WHERE plan_id = '${plan.plan_id}'`);
        assert.deepEqual((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n FROM v3_decisions UNION ALL SELECT COUNT(*) FROM v3_decision_dependencies'), [{ n: 0 }, { n: 0 }]);
    });
});
//# sourceMappingURL=decisionStore.test.js.map
import * as assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Decision } from '../../src/core/decision';
import { NotFoundError, ValidationError } from '../../src/core/errors';
import { SCHEMA_VERSION } from '../../src/adapters/sqlStore/schemaMigrations';
import { DECISION_SQL } from '../../src/adapters/sqlStore/sqlJsDecisionRepositories';
import { defaultDatabasePath, type SqlJsCheckpointStore } from '../../src/adapters/sqlStore/sqlJsCheckpointStore';
import { REPO_ROOT } from './helpers/cliHarness';
import { makePlan, newId, openStore, sqlite3, sqlite3Json } from './helpers/storeFixtures';
import { useTempDirs } from './helpers/tempDir';

const RELEASE_DB = path.join(REPO_ROOT, 'test', 'fixtures', 'databases', 'release-schema-v1.db');

let clock = Date.parse('2026-03-01T00:00:00.000Z');
function decision(planId: string, dependsOn: string[] = [], overrides: Partial<Decision> = {}): Decision {
  clock += 1000;
  return {
    decision_id: newId(),
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
function dump(dbPath: string): { objects: Record<string, unknown>[]; rows: Record<string, Record<string, unknown>[]> } {
  const objects = sqlite3Json(dbPath, "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name");
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const o of objects.filter((x) => x.type === 'table')) rows[String(o.name)] = sqlite3Json(dbPath, `SELECT * FROM "${String(o.name)}" ORDER BY rowid`);
  return { objects, rows };
}

describe('decisions in the store', () => {
  const tempDir = useTempDirs('cleveragents-decisions-');
  const stores: SqlJsCheckpointStore[] = [];
  afterEach(() => {
    for (const s of stores.splice(0)) s.close();
  });
  function store(dbPath = defaultDatabasePath(tempDir())): { dbPath: string; store: SqlJsCheckpointStore } {
    const s = openStore(dbPath);
    stores.push(s);
    return { dbPath, store: s };
  }

  it('a database of the previous release is upgraded in place: the decision and state-history tables are added and nothing else changes', async () => {
    const dbPath = path.join(tempDir(), 'cleveragents.db');
    copyFileSync(RELEASE_DB, dbPath);
    const before = dump(dbPath);
    assert.equal(sqlite3Json(dbPath, 'PRAGMA user_version')[0].user_version, 1);
    assert.ok(before.rows.checkpoint_metadata.length >= 3, 'the fixture holds checkpoints');

    const { store: s } = store(dbPath);
    const plan = (await s.read((uow) => uow.plans.list()))[0];
    // A write saves the migrated file.
    const d = decision(plan.plan_id);
    await s.write((uow) => uow.decisions.insert(d));

    const after = dump(dbPath);
    assert.equal(sqlite3Json(dbPath, 'PRAGMA user_version')[0].user_version, SCHEMA_VERSION);
    assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
    assert.equal(sqlite3(dbPath, 'PRAGMA foreign_key_check').trim(), '');
    // Every object the old file had is there with the very same SQL; the rest are the additions.
    for (const o of before.objects) assert.deepEqual(after.objects.find((x) => x.name === o.name), o);
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
    for (const table of Object.keys(before.rows)) assert.deepEqual(after.rows[table], before.rows[table], `rows of ${table}`);
    assert.deepEqual(after.rows.v3_decisions.map((r) => r.decision_id), [d.decision_id]);
  });

  it('records decisions with their dependencies, lists them oldest first, and finds dependents through the index', async () => {
    const { store: s } = store();
    const plan = makePlan();
    const a = decision(plan.plan_id);
    const b = decision(plan.plan_id, [a.decision_id], { rationale: 'faster' });
    const c = decision(plan.plan_id, [b.decision_id, a.decision_id]);
    await s.write((uow) => {
      uow.plans.insert(plan);
      for (const x of [a, b, c]) uow.decisions.insert(x);
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
    await s.write((uow) => uow.plans.insert(makePlan()));
    const plan = (q: string): string => sqlite3(dbPath, `EXPLAIN QUERY PLAN ${q.replace(/\?1|\?2|\?/g, "'X'")}`);
    assert.match(plan(DECISION_SQL.listDecisionsForPlan), /USING INDEX idx_decisions_plan/);
    assert.match(plan(DECISION_SQL.dependentsOf), /USING (COVERING )?INDEX idx_decision_dependents/);
  });

  it('refuses a dependency that is missing, of another plan, itself, or that closes a cycle; nothing is written', async () => {
    const { dbPath, store: s } = store();
    const plan = makePlan();
    const other = makePlan();
    const a = decision(plan.plan_id);
    const foreign = decision(other.plan_id);
    await s.write((uow) => {
      uow.plans.insert(plan);
      uow.plans.insert(other);
      uow.decisions.insert(a);
      uow.decisions.insert(foreign);
    });
    const attempt = (d: Decision): Promise<void> => s.write((uow) => uow.decisions.insert(d));
    await assert.rejects(attempt(decision(plan.plan_id, [newId()])), (e: unknown) => e instanceof ValidationError && /does not exist/.test(e.message));
    await assert.rejects(attempt(decision(plan.plan_id, [foreign.decision_id])), (e: unknown) => e instanceof ValidationError && /belongs to plan/.test(e.message));
    const self = decision(plan.plan_id);
    await assert.rejects(attempt({ ...self, depends_on: [self.decision_id] }), (e: unknown) => e instanceof ValidationError && /cycle/.test(e.message));
    // Another client (foreign keys off) wrote "a depends on x" before x exists: x depending on a would close a loop.
    const x = decision(plan.plan_id, [a.decision_id]);
    sqlite3(dbPath, `INSERT INTO v3_decision_dependencies (decision_id, depends_on) VALUES ('${a.decision_id}', '${x.decision_id}')`);
    await assert.rejects(attempt(x), (e: unknown) => e instanceof ValidationError && /cycle/.test(e.message));
    await assert.rejects(attempt(decision(newId())), (e: unknown) => e instanceof NotFoundError && e.message.startsWith('Not found: plan '));
    assert.deepEqual((await s.read((uow) => uow.decisions.listForPlan(plan.plan_id))).map((d) => d.decision_id), [a.decision_id]);
  });

  it('a plan deleted by another client takes its decisions and corrections with it', async () => {
    const { dbPath, store: s } = store();
    const plan = makePlan();
    const a = decision(plan.plan_id);
    await s.write((uow) => {
      uow.plans.insert(plan);
      uow.decisions.insert(a);
      uow.decisions.insert(decision(plan.plan_id, [a.decision_id]));
    });
    sqlite3(dbPath, `PRAGMA foreign_keys = ON; DELETE FROM v3_plans WHERE plan_id = '${plan.plan_id}'`);
    assert.deepEqual(sqlite3Json(dbPath, 'SELECT COUNT(*) AS n FROM v3_decisions UNION ALL SELECT COUNT(*) FROM v3_decision_dependencies'), [{ n: 0 }, { n: 0 }]);
  });
});

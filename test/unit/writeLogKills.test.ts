import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { SqlJsCheckpointStore, defaultDatabasePath, writeLogPath } from '../../src/adapters/sqlStore/sqlJsCheckpointStore';
import { foldCounterFor } from '../../src/adapters/sqlStore/writeLog';
import { useTempDirs } from './helpers/tempDir';
import { RecordingLogger, SQL_WASM_DIR, makeCheckpoint, makePlan, openStore, sqlite3, sqlite3Json } from './helpers/storeFixtures';

const WORKER = path.join(__dirname, 'fixtures', 'writeLogKillWorker.js');

/**
 * SIGKILL at each step of a write through the log and of a fold: what was acknowledged is kept,
 * and the next open reads a sound database, which the next write and fold carry on from.
 */
describe('kills during a write-log append and a fold', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('cleveragents-wlogkill-');

  async function killedAt(killAt: string): Promise<{ dbPath: string; planId: string; acknowledged: string[]; counterBefore: number }> {
    const dbPath = defaultDatabasePath(tempDir());
    const plan = makePlan();
    const store = openStore(dbPath);
    await store.write((uow) => uow.plans.insert(plan));
    store.close();
    const counterBefore = readFileSync(dbPath).readUInt32BE(24);
    const run = spawnSync(process.execPath, [WORKER, dbPath, SQL_WASM_DIR, plan.plan_id, '3', killAt], { encoding: 'utf8' });
    assert.equal(run.signal, 'SIGKILL', `not killed: ${run.status} ${run.stderr}`);
    const acknowledged = run.stdout.split('\n').filter(Boolean);
    assert.equal(acknowledged.length, 3, run.stderr);
    return { dbPath, planId: plan.plan_id, acknowledged, counterBefore };
  }

  /** A fresh store reads every acknowledged row; a write and a fold then work and leave a sound file with all of them. */
  async function carriesOn(dbPath: string, planId: string, acknowledged: string[], extra: 'absent' | 'present'): Promise<void> {
    // Logging from the first byte, as the killed process did.
    const store = new SqlJsCheckpointStore({ databasePath: dbPath, wasmDir: SQL_WASM_DIR, logger: new RecordingLogger(), writeLog: { minDatabaseBytes: 0 } });
    const ids = (await store.read((uow) => uow.checkpoints.listForPlan(planId))).map((c) => c.checkpoint_id);
    assert.deepEqual(ids.slice(0, 3), acknowledged, 'every acknowledged write is there');
    assert.equal(ids.length, extra === 'present' ? 4 : 3);
    const next = makeCheckpoint(planId);
    await store.write((uow) => uow.checkpoints.insert(next));
    assert.equal(await store.fold(), true);
    store.close();
    assert.ok(!existsSync(writeLogPath(dbPath)));
    assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
    assert.deepEqual(sqlite3Json(dbPath, 'SELECT checkpoint_id FROM checkpoint_metadata ORDER BY checkpoint_id').map((r) => r.checkpoint_id), [...ids, next.checkpoint_id].sort());
    assert.deepEqual(readdirSync(path.dirname(dbPath)).filter((n) => n.endsWith('.tmp') || n.endsWith('.lock')), [], 'no temporary file or lock left');
  }

  it('during an append (half an entry written): the entry is not there, the next write cuts it off', async () => {
    const { dbPath, planId, acknowledged } = await killedAt('append-partial');
    await carriesOn(dbPath, planId, acknowledged, 'absent');
  });

  it('between an append and its flush: the whole entry is read (the process died, the page cache did not)', async () => {
    const { dbPath, planId, acknowledged } = await killedAt('before-flush');
    await carriesOn(dbPath, planId, acknowledged, 'present');
  });

  it('during a fold, before its rename: the file is as before, the log still applies, the temporary file is cleared', async () => {
    const { dbPath, planId, acknowledged, counterBefore } = await killedAt('fold-before-rename');
    assert.equal(readFileSync(dbPath).readUInt32BE(24), counterBefore);
    assert.ok(readdirSync(path.dirname(dbPath)).some((n) => n.endsWith('.tmp')));
    await carriesOn(dbPath, planId, acknowledged, 'absent');
  });

  it('during a fold, after its rename, before the log is removed: the log is recognised as folded and not applied twice', async () => {
    const { dbPath, planId, acknowledged, counterBefore } = await killedAt('fold-after-rename');
    assert.equal(readFileSync(dbPath).readUInt32BE(24), foldCounterFor(counterBefore));
    assert.ok(existsSync(writeLogPath(dbPath)), 'the log is still there');
    assert.equal(sqlite3Json(dbPath, 'SELECT COUNT(*) AS n FROM checkpoint_metadata')[0]!.n, 3, 'an outside reader sees the fold');
    await carriesOn(dbPath, planId, acknowledged, 'absent');
  });
});

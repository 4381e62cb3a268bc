import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { SqlJsCheckpointStore, defaultDatabasePath, writeLogPath, type WriteLogOptions } from '../../src/adapters/sqlStore/sqlJsCheckpointStore';
import { MIGRATIONS } from '../../src/adapters/sqlStore/schemaMigrations';
import { STORE_SQL } from '../../src/adapters/sqlStore/sqlJsRepositories';
import { writeLogSteps } from '../../src/adapters/sqlStore/writeLogFile';
import { LOG_MAGIC, MAX_LOG_BYTES, STATEMENT_SET, encodeLogStart, encodeRecord, foldCounterFor, type LogEntry, type LogHeader } from '../../src/adapters/sqlStore/writeLog';
import { StoreError } from '../../src/core/errors';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { useTempDirs } from './helpers/tempDir';
import { RecordingLogger, SQL_WASM_DIR, makeCheckpoint, makePlan, sqlite3, sqlite3Json } from './helpers/storeFixtures';

/** The log is used from the first byte on (no small-database exemption), folded only when told. */
const LOG_ALWAYS: Partial<WriteLogOptions> = { minDatabaseBytes: 0, foldBytes: 1 << 30, foldEntries: 1 << 30 };

describe('the database write log', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('cleveragents-wlog-');
  const stores: SqlJsCheckpointStore[] = [];
  afterEach(() => {
    for (const s of stores.splice(0)) s.close();
  });

  function open(dbPath: string, writeLog: Partial<WriteLogOptions> = LOG_ALWAYS, logger = new RecordingLogger(), workspaceRoot?: string): SqlJsCheckpointStore {
    const store = new SqlJsCheckpointStore({ databasePath: dbPath, wasmDir: SQL_WASM_DIR, logger, writeLog, workspaceRoot });
    stores.push(store);
    return store;
  }

  /** A database file (saved whole: the first write) with one plan, and a store that logs from then on. */
  async function withPlan(writeLog: Partial<WriteLogOptions> = LOG_ALWAYS, logger = new RecordingLogger()) {
    const workspace = tempDir();
    const dbPath = defaultDatabasePath(workspace);
    const store = open(dbPath, writeLog, logger);
    const plan = makePlan();
    await store.write((uow) => uow.plans.insert(plan));
    assert.ok(!existsSync(writeLogPath(dbPath)), 'the first write (a new file) is saved whole');
    return { workspace, dbPath, logPath: writeLogPath(dbPath), store, plan, logger };
  }

  const rowCount = (dbPath: string) => Number(sqlite3Json(dbPath, 'SELECT COUNT(*) AS n FROM checkpoint_metadata')[0]!.n);
  const counterOf = (dbPath: string) => readFileSync(dbPath).readUInt32BE(24);

  /** A log beside `dbPath` as a writer would make it, with `entries` after the header (a header of our own unless given). */
  function craftLog(dbPath: string, entries: (LogEntry | Buffer)[], header: Partial<LogHeader> = {}): void {
    const bytes = readFileSync(dbPath);
    const base = bytes.readUInt32BE(24);
    const start = encodeLogStart({ kind: 'header', format: 1, base_counter: base, base_size: bytes.byteLength, fold_counter: foldCounterFor(base), schema_version: MIGRATIONS.at(-1)!.version, statements: STATEMENT_SET, ...header });
    writeFileSync(writeLogPath(dbPath), Buffer.concat([start, ...entries.map((e) => (Buffer.isBuffer(e) ? e : encodeRecord(e)))]));
  }

  /** A log entry inserting one checkpoint of `planId`, as the repositories write it. */
  function insertEntry(seq: number, planId: string): LogEntry {
    const c = makeCheckpoint(planId);
    const values = [c.checkpoint_id, c.plan_id, null, c.checkpoint_type, null, c.sandbox_ref, c.filesystem_path, c.size_bytes, c.created_at, JSON.stringify(c.metadata)];
    return { kind: 'entry', seq, changes: [['store.insertCheckpoint', values, 1]] };
  }

  describe('writes, reads and folds', () => {
    it('a write goes to the log (the file keeps its rows); a fresh store and a long-lived one both see it', async () => {
      const { dbPath, logPath, store, plan } = await withPlan();
      const longLived = open(dbPath);
      assert.equal((await longLived.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).length, 0);
      const cps = [makeCheckpoint(plan.plan_id), makeCheckpoint(plan.plan_id)];
      for (const c of cps) await store.write((uow) => uow.checkpoints.insert(c));
      assert.deepEqual(store.statistics, { loads: 0, saves: 1, appends: 2 });
      assert.ok(existsSync(logPath));
      assert.equal(rowCount(dbPath), 0, 'an outside reader sees the file as of its last fold');

      assert.deepEqual((await open(dbPath).read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).map((c) => c.checkpoint_id), cps.map((c) => c.checkpoint_id));
      const loadsBefore = longLived.statistics.loads;
      assert.deepEqual((await longLived.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).map((c) => c.checkpoint_id), cps.map((c) => c.checkpoint_id));
      // Both entries came from a log that appeared after its load: one fresh load, then it follows the log.
      const third = makeCheckpoint(plan.plan_id);
      await store.write((uow) => uow.checkpoints.insert(third));
      assert.equal((await longLived.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).length, 3);
      assert.equal(longLived.statistics.loads, loadsBefore + 1, 'the third entry was applied without loading the file again');
    });

    it('deletes, updates and cascades replay to the same rows', async () => {
      const { dbPath, store, plan } = await withPlan();
      const [a, b] = [makeCheckpoint(plan.plan_id), makeCheckpoint(plan.plan_id)];
      await store.write((uow) => {
        uow.checkpoints.insert(a);
        uow.checkpoints.insert(b);
        uow.stateChanges.insert({ plan_id: plan.plan_id, from_state: 'executing', to_state: 'completed', changed_at: '2026-01-02T03:04:06.000Z' });
      });
      await store.write((uow) => {
        uow.checkpoints.delete(a.checkpoint_id);
        uow.plans.update({ ...plan, state: 'completed', title: 'renamed' });
      });
      const other = makePlan();
      await store.write((uow) => {
        uow.plans.insert(other);
        uow.decisions.insert({ decision_id: makePlan().plan_id, plan_id: other.plan_id, title: 'd', rationale: null, state: 'active', created_at: '2026-01-02T03:04:06.000Z', reverted_at: null, reverted_by: null, depends_on: [] });
      });
      await store.write((uow) => {
        uow.stateChanges.deleteForPlan(other.plan_id);
        uow.plans.delete(other.plan_id); // cascades to its decision
      });
      const fresh = open(dbPath);
      assert.deepEqual(await fresh.read((uow) => uow.plans.list()), [{ ...plan, state: 'completed', title: 'renamed' }]);
      assert.deepEqual((await fresh.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).map((c) => c.checkpoint_id), [b.checkpoint_id]);
      assert.equal((await fresh.read((uow) => uow.stateChanges.listForPlan(plan.plan_id))).length, 1);
      assert.equal(await fresh.fold(), true);
      assert.equal(sqlite3Json(dbPath, 'SELECT COUNT(*) AS n FROM v3_decisions')[0]!.n, 0);
      assert.equal(sqlite3Json(dbPath, 'SELECT title FROM v3_plans')[0]!.title, 'renamed');
      assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
    });

    it('folds once the log holds enough entries: the file then has every row and the log is gone', async () => {
      const { dbPath, logPath, store, plan } = await withPlan({ ...LOG_ALWAYS, foldEntries: 3 });
      for (let i = 0; i < 2; i++) await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      const base = counterOf(dbPath);
      assert.ok(existsSync(logPath));
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.ok(!existsSync(logPath), 'folded');
      assert.equal(rowCount(dbPath), 3);
      assert.equal(counterOf(dbPath), foldCounterFor(base), 'the fold gives the file the counter its log announced');
      assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
      // and the next write starts a new log on the folded file
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.ok(existsSync(logPath));
      assert.equal((await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id))), 4);
    });

    it('fold() folds now and says whether there was anything; a small database is saved whole and never gets a log', async () => {
      const { dbPath, logPath, store, plan } = await withPlan();
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await store.fold(), true);
      assert.ok(!existsSync(logPath));
      assert.equal(rowCount(dbPath), 1);
      assert.equal(await store.fold(), false);

      const small = await withPlan({});
      for (let i = 0; i < 3; i++) await small.store.write((uow) => uow.checkpoints.insert(makeCheckpoint(small.plan.plan_id)));
      assert.deepEqual(readdirSync(path.dirname(small.dbPath)).sort(), ['.gitignore', 'cleveragents.db']);
      assert.deepEqual(small.store.statistics, { loads: 0, saves: 4, appends: 0 });
    });

    it('a migration folds first: a log on an older schema is replayed, then the file migrated and saved whole', async () => {
      const workspace = tempDir();
      const dbPath = defaultDatabasePath(workspace);
      mkdirSync(path.dirname(dbPath));
      const SQL = await initSqlJs();
      const db = new SQL.Database();
      for (const m of MIGRATIONS.filter((x) => x.version <= 3)) for (const statement of m.statements) db.run(statement);
      db.run('PRAGMA user_version = 3');
      const plan = makePlan();
      db.run(STORE_SQL.insertPlan, [plan.plan_id, plan.title, plan.state, plan.sandbox_path, plan.sandbox_kind, null, 50, 1, plan.created_at, plan.updated_at]);
      writeFileSync(dbPath, db.export());
      db.close();
      craftLog(dbPath, [insertEntry(1, plan.plan_id)], { schema_version: 3 });
      const store = open(dbPath);
      assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.ok(!existsSync(writeLogPath(dbPath)), 'the migrating write folded the log');
      assert.equal(sqlite3Json(dbPath, 'PRAGMA user_version')[0]!.user_version, MIGRATIONS.at(-1)!.version);
      assert.equal(rowCount(dbPath), 2);
    });
  });

  describe('agents db fold', () => {
    before(function () {
      this.timeout(180_000);
      ensureCliBuilt();
    });

    it('the CLI reads what is only in the log, and `agents db fold` puts it in the file for any SQLite client', async () => {
      const { workspace, dbPath, logPath, store, plan } = await withPlan();
      const second = makePlan({ title: 'only in the log' });
      await store.write((uow) => uow.plans.insert(second));
      assert.ok(existsSync(logPath));
      const listed = runCli(workspace, ['--format', 'json', 'plan', 'list']);
      assert.equal(listed.code, 0, listed.stderr);
      assert.deepEqual(listed.json<{ plans: { plan_id: string }[] }>().plans.map((p) => p.plan_id).sort(), [plan.plan_id, second.plan_id].sort());
      assert.equal(sqlite3Json(dbPath, 'SELECT COUNT(*) AS n FROM v3_plans')[0]!.n, 1);

      const folded = runCli(workspace, ['--format', 'json', 'db', 'fold']);
      assert.equal(folded.code, 0, folded.stderr);
      assert.deepEqual(folded.json(), { database: dbPath, folded: true });
      assert.ok(!existsSync(logPath));
      assert.equal(sqlite3Json(dbPath, 'SELECT COUNT(*) AS n FROM v3_plans')[0]!.n, 2);
      const again = runCli(workspace, ['db', 'fold']);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /Nothing to fold/);
      const wrong = runCli(workspace, ['db', 'compact']);
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /unknown command "db compact"; the only one is "agents db fold"/);
    });
  });

  describe('a large file', () => {
    it('is loaded with room to grow: writes past that room, through the log and whole, and a fold leave a file of exactly its pages', async () => {
      const { dbPath, store, plan } = await withPlan({ minDatabaseBytes: 0, foldBytes: 1 << 30, foldEntries: 1 << 30 });
      const bulky = (n: number) => Array.from({ length: n }, () => makeCheckpoint(plan.plan_id, { metadata: { reason: 'r'.repeat(900), source_tool: 's'.repeat(200), phase: null, extra: { note: 'n'.repeat(500) }, skipped: [] } }));
      await store.write((uow) => bulky(1500).forEach((c) => uow.checkpoints.insert(c))); // about 3 MB: past the room of 1 MiB
      await store.fold();
      assert.ok(readFileSync(dbPath).byteLength > 2 * 1024 * 1024);
      const longLived = open(dbPath);
      assert.equal(await longLived.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1500);
      for (let i = 0; i < 3; i++) await longLived.write((uow) => bulky(400).forEach((c) => uow.checkpoints.insert(c)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2700);
      assert.equal(await longLived.fold(), true);
      const pages = sqlite3Json(dbPath, 'SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()')[0]!.n;
      assert.equal(readFileSync(dbPath).byteLength, pages, 'no byte of the room is saved');
      assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
      assert.equal(rowCount(dbPath), 2700);
      const whole = open(dbPath, { minDatabaseBytes: 1 << 30 });
      await whole.write((uow) => bulky(800).forEach((c) => uow.checkpoints.insert(c)));
      assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
      assert.equal(rowCount(dbPath), 3500);

      // A file whose header page count is not to be trusted (as older SQLite writers left it) gets no room: SQLite counts its pages from the size.
      const bytes = readFileSync(dbPath);
      bytes.writeUInt32BE(0, 92);
      writeFileSync(dbPath, bytes);
      await open(dbPath, { minDatabaseBytes: 1 << 30 }).write((uow) => bulky(1).forEach((c) => uow.checkpoints.insert(c)));
      assert.equal(sqlite3(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
      assert.equal(readFileSync(dbPath).byteLength, sqlite3Json(dbPath, 'SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()')[0]!.n);
    });
  });

  describe('what a kill or a crash leaves', () => {
    it('a torn last entry is ignored with a warning, and the next write cuts it off before appending', async () => {
      const { dbPath, logPath, store, plan } = await withPlan();
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      // A large entry cut short: longer than the next one, which must not leave its rest behind.
      const large = insertEntry(2, plan.plan_id);
      large.changes[0]![1][9] = JSON.stringify({ reason: 'x'.repeat(20_000), source_tool: null, phase: null, extra: {}, skipped: [] });
      const whole = encodeRecord(large);
      appendFileSync(logPath, whole.subarray(0, whole.byteLength - 5));
      const logger = new RecordingLogger();
      const next = open(dbPath, LOG_ALWAYS, logger);
      assert.equal(await next.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
      assert.match(logger.warnings().join('\n'), /Ignored the last \d+ bytes of the write log .*cut short/);
      await next.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2, 'the entry after the cut is read, not taken for damage');
      await next.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 3);
    });

    it('a torn last entry of zeros (a file extended but not written) is a torn tail too', async () => {
      const { dbPath, logPath, store, plan } = await withPlan();
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      appendFileSync(logPath, Buffer.alloc(4096));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
    });

    it('a log left by a fold killed before removing it is recognised by the file\u2019s counter and ignored; the next write removes it', async () => {
      const { dbPath, logPath, store, plan } = await withPlan();
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      const leftover = readFileSync(logPath);
      await store.fold();
      writeFileSync(logPath, leftover); // as if the fold had been killed after its rename
      const next = open(dbPath);
      assert.equal(await next.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1, 'not applied twice');
      await next.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
      await next.write((uow) => uow.plans.update({ ...plan, title: 'again' }));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
    });

    it('a stale log is removed before a whole save, so the file never reaches a counter that would make it look unfolded', async () => {
      const { dbPath, logPath, store, plan } = await withPlan();
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      const leftover = readFileSync(logPath);
      await store.fold();
      writeFileSync(logPath, leftover);
      const whole = open(dbPath, {}); // a small database: saved whole
      await whole.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.ok(!existsSync(logPath));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
    });

    for (const [what, cut] of [['in its magic', (b: Buffer) => b.subarray(0, 5)], ['in its header', (b: Buffer) => b.subarray(0, LOG_MAGIC.byteLength + 30)]] as const) {
    it(`a log whose creation was cut short (${what}) holds nothing and is replaced`, async () => {
      const { dbPath, logPath, plan } = await withPlan();
      craftLog(dbPath, []);
      writeFileSync(logPath, cut(readFileSync(logPath)));
      const logger = new RecordingLogger();
      const next = open(dbPath, LOG_ALWAYS, logger);
      assert.equal(await next.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 0);
      assert.match(logger.warnings().join('\n'), /creation was cut short/);
      await next.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
    });
    }

    it('a log beside no database is ignored with a warning and replaced by the first write', async () => {
      const workspace = tempDir();
      const dbPath = defaultDatabasePath(workspace);
      mkdirSync(path.dirname(dbPath));
      writeFileSync(writeLogPath(dbPath), Buffer.concat([encodeLogStart({ kind: 'header', format: 1, base_counter: 1, base_size: 4096, fold_counter: foldCounterFor(1), schema_version: 4, statements: STATEMENT_SET })]));
      const logger = new RecordingLogger();
      const store = open(dbPath, LOG_ALWAYS, logger);
      assert.deepEqual(await store.read((uow) => uow.plans.list()), []);
      assert.match(logger.warnings().join('\n'), /no database beside it/);
      await store.write((uow) => uow.plans.insert(makePlan()));
      assert.ok(!existsSync(writeLogPath(dbPath)));
    });
  });

  describe('failures while writing the log or folding it', () => {
    const original = { ...writeLogSteps };
    afterEach(() => Object.assign(writeLogSteps, original));
    const eio = () => Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });

    it('an append whose flush fails is reported as not saved, and is not there afterwards, in memory or on disk', async () => {
      const { dbPath, store, plan } = await withPlan();
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      writeLogSteps.flushLog = async () => {
        throw eio();
      };
      await assert.rejects(store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id))), /Cannot save the change to the write log .*EIO.*Nothing was saved/);
      Object.assign(writeLogSteps, original);
      assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1, 'the same store');
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1, 'a fresh store');
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
    });

    for (const after of ['no log', 'a new log'] as const) {
    it(`a reader that loads the file just before another process folds (leaving ${after}) loads again, and misses nothing`, async () => {
      const { dbPath, store, plan } = await withPlan();
      for (let i = 0; i < 2; i++) await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      const folder = open(dbPath);
      let interposed = false;
      writeLogSteps.readLog = async (logPath, from) => {
        if (!interposed) {
          // Between the reader's look at the file and at its log: a fold elsewhere, and a new log after it.
          interposed = true;
          await folder.fold();
          if (after === 'a new log') await folder.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
        }
        return original.readLog(logPath, from);
      };
      const reader = open(dbPath);
      assert.equal(await reader.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), after === 'a new log' ? 3 : 2);
      assert.ok(interposed);
    });
    }

    it('a fold that fails after the append keeps the change in the log, says so, and a later write folds', async () => {
      const logger = new RecordingLogger();
      const { dbPath, logPath, store, plan } = await withPlan({ ...LOG_ALWAYS, foldEntries: 2 }, logger);
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      writeLogSteps.replaceDatabase = async () => {
        throw eio();
      };
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.match(logger.warnings().join('\n'), /Could not fold the write log .*the change is saved in the log/);
      Object.assign(writeLogSteps, original);
      assert.ok(existsSync(logPath));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.ok(!existsSync(logPath), 'the next write folded');
      assert.equal(rowCount(dbPath), 3);
    });

    it('a log that cannot be removed after its fold is ignored (the file has its fold counter) and removed by the next write', async () => {
      const logger = new RecordingLogger();
      const { dbPath, logPath, store, plan } = await withPlan(LOG_ALWAYS, logger);
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      writeLogSteps.removeLog = async () => {
        throw eio();
      };
      assert.equal(await store.fold(), true);
      assert.match(logger.warnings().join('\n'), /could not remove it/);
      Object.assign(writeLogSteps, original);
      assert.ok(existsSync(logPath));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
      await store.write((uow) => uow.checkpoints.insert(makeCheckpoint(plan.plan_id)));
      assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
      assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
    });
  });

  describe('a log that is damaged, crafted or not ours is refused and nothing in it runs', () => {
    async function refused(make: (dbPath: string, planId: string) => void, message: RegExp): Promise<void> {
      const { dbPath, plan } = await withPlan();
      make(dbPath, plan.plan_id);
      const before = readFileSync(dbPath);
      const store = open(dbPath);
      await assert.rejects(store.read((uow) => uow.plans.list()), (e: unknown) => e instanceof StoreError && message.test(e.message));
      await assert.rejects(store.write((uow) => uow.plans.update({ ...plan, title: 'x' })), (e: unknown) => e instanceof StoreError && message.test(e.message));
      assert.deepEqual(readFileSync(dbPath), before, 'the database was left as it is');
      assert.ok(existsSync(writeLogPath(dbPath)), 'the log was left as it is');
    }

    it('a file that is not a log', () => refused((db) => writeFileSync(writeLogPath(db), 'DROP TABLE v3_plans;\n'.repeat(10)), /damaged or not ours .*does not start as a write log/));

    it('an entry whose checksum fails with entries after it', () =>
      refused((db, planId) => {
        const bad = Buffer.from(encodeRecord(insertEntry(1, planId)));
        bad[bad.byteLength - 3] ^= 0xff;
        craftLog(db, [bad, insertEntry(2, planId)]);
      }, /does not match its checksum, and records follow it/));

    it('a length larger than any record, with data after it', () =>
      refused((db, planId) => {
        const head = Buffer.alloc(12);
        head.writeUInt32BE(0x7fffffff, 0);
        craftLog(db, [head, insertEntry(1, planId)]);
      }, /says it holds 2147483647 bytes/));

    it('a log larger than any of ours (not read)', () =>
      refused((db, planId) => {
        craftLog(db, [insertEntry(1, planId)]);
        truncateSync(writeLogPath(db), MAX_LOG_BYTES + 1);
      }, /more than a write log of CleverAgents ever holds/));

    it('a statement that is not one of ours (SQL text, a select, an unknown id)', async () => {
      for (const change of [
        ['DELETE FROM v3_plans', [], 1],
        ['store.getPlan', ['x'], 0],
        ['store.insertPlan; DROP TABLE v3_plans', [], 1],
      ]) {
        await refused((db) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [change] } as unknown as LogEntry]), /entry 1 is not one of ours/);
      }
    });

    it('values of the wrong count or type', async () => {
      await refused((db, planId) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [['store.deletePlan', [planId, 'extra'], 1]] }]), /takes 1 values, not 2/);
      await refused((db) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [['store.deletePlan', [{ x: 1 }], 1]] } as unknown as LogEntry]), /not one of ours/);
    });

    it('entries repeated or out of order', () => refused((db, planId) => craftLog(db, [insertEntry(1, planId), insertEntry(1, planId)]), /numbered 1: entries are missing, repeated or out of order/));

    it('an entry that does not apply (its statement changes another number of rows than it did)', () =>
      refused((db, planId) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [['store.deleteCheckpoint', [planId], 1]] }]), /Entry 1 of the write log .* does not apply .*changed 0 rows where the log says 1/));

    it('a header of another release (statement set) or schema', async () => {
      await refused((db, planId) => craftLog(db, [insertEntry(1, planId)], { statements: '0123456789abcdef' }), /written by another release/);
      await refused((db, planId) => craftLog(db, [insertEntry(1, planId)], { schema_version: 3 }), /written by another release/);
    });

    it('a log of another version of the file that was not folded (another program wrote the file)', () =>
      refused((db, planId) => craftLog(db, [insertEntry(1, planId)], { base_counter: readFileSync(db).readUInt32BE(24) - 1 }), /holds changes made to version .* another program changed the file/));

    it('a symbolic link or a folder in the log\u2019s place', async () => {
      await refused((db, planId) => {
        craftLog(db, [insertEntry(1, planId)]);
        const elsewhere = `${db}.elsewhere`;
        writeFileSync(elsewhere, readFileSync(writeLogPath(db)));
        rmSync(writeLogPath(db));
        symlinkSync(elsewhere, writeLogPath(db));
      }, /Refused the write log .*symbolic link/);
      await refused((db) => mkdirSync(writeLogPath(db)), /Refused the write log .*not a regular file/);
    });

    it('a FIFO in the log\u2019s place or the database\u2019s: refused at once, never waiting for a writer', async () => {
      await refused((db) => execFileSync('mkfifo', [writeLogPath(db)]), /Refused the write log .*not a regular file/);
      const { dbPath } = await withPlan();
      rmSync(dbPath);
      execFileSync('mkfifo', [dbPath]);
      const store = open(dbPath);
      await assert.rejects(store.read((uow) => uow.plans.list()), (e: unknown) => e instanceof StoreError && /Cannot read the database .*not a regular file/.test(e.message));
    });

    it('with the workspace known, a link at the log is refused by the data-path check too', async () => {
      const { workspace, dbPath, plan } = await withPlan();
      const target = path.join(workspace, 'target.log');
      writeFileSync(target, 'x');
      symlinkSync(target, writeLogPath(dbPath));
      const store = open(dbPath, LOG_ALWAYS, new RecordingLogger(), workspace);
      await assert.rejects(store.read((uow) => uow.plans.get(plan.plan_id)), /cleveragents\.db\.log is a symbolic link/);
    });
  });
});

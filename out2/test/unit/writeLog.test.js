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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const sql_js_1 = __importDefault(require("sql.js"));
const sqlJsCheckpointStore_1 = require("../../src/adapters/sqlStore/sqlJsCheckpointStore");
const schemaMigrations_1 = require("../../src/adapters/sqlStore/schemaMigrations");
const sqlJsRepositories_1 = require("../../src/adapters/sqlStore/sqlJsRepositories");
const writeLogFile_1 = require("../../src/adapters/sqlStore/writeLogFile");
const writeLog_1 = require("../../src/adapters/sqlStore/writeLog");
const errors_1 = require("../../src/core/errors");
const cliHarness_1 = require("./helpers/cliHarness");
const tempDir_1 = require("./helpers/tempDir");
const storeFixtures_1 = require("./helpers/storeFixtures");
/** The log is used from the first byte on (no small-database exemption), folded only when told. */
const LOG_ALWAYS = { minDatabaseBytes: 0, foldBytes: 1 << 30, foldEntries: 1 << 30 };
describe('the database write log', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('cleveragents-wlog-');
    const stores = [];
    afterEach(() => {
        for (const s of stores.splice(0))
            s.close();
    });
    function open(dbPath, writeLog = LOG_ALWAYS, logger = new storeFixtures_1.RecordingLogger(), workspaceRoot) {
        const store = new sqlJsCheckpointStore_1.SqlJsCheckpointStore({ databasePath: dbPath, wasmDir: storeFixtures_1.SQL_WASM_DIR, logger, writeLog, workspaceRoot });
        stores.push(store);
        return store;
    }
    /** A database file (saved whole: the first write) with one plan, and a store that logs from then on. */
    async function withPlan(writeLog = LOG_ALWAYS, logger = new storeFixtures_1.RecordingLogger()) {
        const workspace = tempDir();
        const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(workspace);
        const store = open(dbPath, writeLog, logger);
        const plan = (0, storeFixtures_1.makePlan)();
        await store.write((uow) => uow.plans.insert(plan));
        assert.ok(!(0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath)), 'the first write (a new file) is saved whole');
        return { workspace, dbPath, logPath: (0, sqlJsCheckpointStore_1.writeLogPath)(dbPath), store, plan, logger };
    }
    const rowCount = (dbPath) => Number((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n FROM checkpoint_metadata')[0].n);
    const counterOf = (dbPath) => (0, node_fs_1.readFileSync)(dbPath).readUInt32BE(24);
    /** A log beside `dbPath` as a writer would make it, with `entries` after the header (a header of our own unless given). */
    function craftLog(dbPath, entries, header = {}) {
        const bytes = (0, node_fs_1.readFileSync)(dbPath);
        const base = bytes.readUInt32BE(24);
        const start = (0, writeLog_1.encodeLogStart)({ kind: 'header', format: 1, base_counter: base, base_size: bytes.byteLength, fold_counter: (0, writeLog_1.foldCounterFor)(base), schema_version: schemaMigrations_1.MIGRATIONS.at(-1).version, statements: writeLog_1.STATEMENT_SET, ...header });
        (0, node_fs_1.writeFileSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath), Buffer.concat([start, ...entries.map((e) => (Buffer.isBuffer(e) ? e : (0, writeLog_1.encodeRecord)(e)))]));
    }
    /** A log entry inserting one checkpoint of `planId`, as the repositories write it. */
    function insertEntry(seq, planId) {
        const c = (0, storeFixtures_1.makeCheckpoint)(planId);
        const values = [c.checkpoint_id, c.plan_id, null, c.checkpoint_type, null, c.sandbox_ref, c.filesystem_path, c.size_bytes, c.created_at, JSON.stringify(c.metadata)];
        return { kind: 'entry', seq, changes: [['store.insertCheckpoint', values, 1]] };
    }
    describe('writes, reads and folds', () => {
        it('a write goes to the log (the file keeps its rows); a fresh store and a long-lived one both see it', async () => {
            const { dbPath, logPath, store, plan } = await withPlan();
            const longLived = open(dbPath);
            assert.equal((await longLived.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).length, 0);
            const cps = [(0, storeFixtures_1.makeCheckpoint)(plan.plan_id), (0, storeFixtures_1.makeCheckpoint)(plan.plan_id)];
            for (const c of cps)
                await store.write((uow) => uow.checkpoints.insert(c));
            assert.deepEqual(store.statistics, { loads: 0, saves: 1, appends: 2 });
            assert.ok((0, node_fs_1.existsSync)(logPath));
            assert.equal(rowCount(dbPath), 0, 'an outside reader sees the file as of its last fold');
            assert.deepEqual((await open(dbPath).read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).map((c) => c.checkpoint_id), cps.map((c) => c.checkpoint_id));
            const loadsBefore = longLived.statistics.loads;
            assert.deepEqual((await longLived.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).map((c) => c.checkpoint_id), cps.map((c) => c.checkpoint_id));
            // Both entries came from a log that appeared after its load: one fresh load, then it follows the log.
            const third = (0, storeFixtures_1.makeCheckpoint)(plan.plan_id);
            await store.write((uow) => uow.checkpoints.insert(third));
            assert.equal((await longLived.read((uow) => uow.checkpoints.listForPlan(plan.plan_id))).length, 3);
            assert.equal(longLived.statistics.loads, loadsBefore + 1, 'the third entry was applied without loading the file again');
        });
        it('deletes, updates and cascades replay to the same rows', async () => {
            const { dbPath, store, plan } = await withPlan();
            const [a, b] = [(0, storeFixtures_1.makeCheckpoint)(plan.plan_id), (0, storeFixtures_1.makeCheckpoint)(plan.plan_id)];
            await store.write((uow) => {
                uow.checkpoints.insert(a);
                uow.checkpoints.insert(b);
                uow.stateChanges.insert({ plan_id: plan.plan_id, from_state: 'executing', to_state: 'completed', changed_at: '2026-01-02T03:04:06.000Z' });
            });
            await store.write((uow) => {
                uow.checkpoints.delete(a.checkpoint_id);
                uow.plans.update({ ...plan, state: 'completed', title: 'renamed' });
            });
            const other = (0, storeFixtures_1.makePlan)();
            await store.write((uow) => {
                uow.plans.insert(other);
                uow.decisions.insert({ decision_id: (0, storeFixtures_1.makePlan)().plan_id, plan_id: other.plan_id, title: 'd', rationale: null, state: 'active', created_at: '2026-01-02T03:04:06.000Z', reverted_at: null, reverted_by: null, depends_on: [] });
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
            assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n FROM v3_decisions')[0].n, 0);
            assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT title FROM v3_plans')[0].title, 'renamed');
            assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
        });
        it('folds once the log holds enough entries: the file then has every row and the log is gone', async () => {
            const { dbPath, logPath, store, plan } = await withPlan({ ...LOG_ALWAYS, foldEntries: 3 });
            for (let i = 0; i < 2; i++)
                await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            const base = counterOf(dbPath);
            assert.ok((0, node_fs_1.existsSync)(logPath));
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.ok(!(0, node_fs_1.existsSync)(logPath), 'folded');
            assert.equal(rowCount(dbPath), 3);
            assert.equal(counterOf(dbPath), (0, writeLog_1.foldCounterFor)(base), 'the fold gives the file the counter its log announced');
            assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
            // and the next write starts a new log on the folded file
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.ok((0, node_fs_1.existsSync)(logPath));
            assert.equal((await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id))), 4);
        });
        it('fold() folds now and says whether there was anything; a small database is saved whole and never gets a log', async () => {
            const { dbPath, logPath, store, plan } = await withPlan();
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.equal(await store.fold(), true);
            assert.ok(!(0, node_fs_1.existsSync)(logPath));
            assert.equal(rowCount(dbPath), 1);
            assert.equal(await store.fold(), false);
            const small = await withPlan({});
            for (let i = 0; i < 3; i++)
                await small.store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(small.plan.plan_id)));
            assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(small.dbPath)).sort(), ['.gitignore', 'cleveragents.db']);
            assert.deepEqual(small.store.statistics, { loads: 0, saves: 4, appends: 0 });
        });
        it('a migration folds first: a log on an older schema is replayed, then the file migrated and saved whole', async () => {
            const workspace = tempDir();
            const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(workspace);
            (0, node_fs_1.mkdirSync)(path.dirname(dbPath));
            const SQL = await (0, sql_js_1.default)();
            const db = new SQL.Database();
            for (const m of schemaMigrations_1.MIGRATIONS.filter((x) => x.version <= 3))
                for (const statement of m.statements)
                    db.run(statement);
            db.run('PRAGMA user_version = 3');
            const plan = (0, storeFixtures_1.makePlan)();
            db.run(sqlJsRepositories_1.STORE_SQL.insertPlan, [plan.plan_id, plan.title, plan.state, plan.sandbox_path, plan.sandbox_kind, null, 50, 1, plan.created_at, plan.updated_at]);
            (0, node_fs_1.writeFileSync)(dbPath, db.export());
            db.close();
            craftLog(dbPath, [insertEntry(1, plan.plan_id)], { schema_version: 3 });
            const store = open(dbPath);
            assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.ok(!(0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath)), 'the migrating write folded the log');
            assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'PRAGMA user_version')[0].user_version, schemaMigrations_1.MIGRATIONS.at(-1).version);
            assert.equal(rowCount(dbPath), 2);
        });
    });
    describe('agents db fold', () => {
        before(function () {
            this.timeout(180_000);
            (0, cliHarness_1.ensureCliBuilt)();
        });
        it('the CLI reads what is only in the log, and `agents db fold` puts it in the file for any SQLite client', async () => {
            const { workspace, dbPath, logPath, store, plan } = await withPlan();
            const second = (0, storeFixtures_1.makePlan)({ title: 'only in the log' });
            await store.write((uow) => uow.plans.insert(second));
            assert.ok((0, node_fs_1.existsSync)(logPath));
            const listed = (0, cliHarness_1.runCli)(workspace, ['--format', 'json', 'plan', 'list']);
            assert.equal(listed.code, 0, listed.stderr);
            assert.deepEqual(listed.json().plans.map((p) => p.plan_id).sort(), [plan.plan_id, second.plan_id].sort());
            assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n FROM v3_plans')[0].n, 1);
            const folded = (0, cliHarness_1.runCli)(workspace, ['--format', 'json', 'db', 'fold']);
            assert.equal(folded.code, 0, folded.stderr);
            assert.deepEqual(folded.json(), { database: dbPath, folded: true });
            assert.ok(!(0, node_fs_1.existsSync)(logPath));
            assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n FROM v3_plans')[0].n, 2);
            const again = (0, cliHarness_1.runCli)(workspace, ['db', 'fold']);
            assert.equal(again.code, 0, again.stderr);
            assert.match(again.stdout, /Nothing to fold/);
            const wrong = (0, cliHarness_1.runCli)(workspace, ['db', 'compact']);
            assert.equal(wrong.code, 2);
            assert.match(wrong.stderr, /unknown command "db compact"; the only one is "agents db fold"/);
        });
    });
    describe('a large file', () => {
        it('is loaded with room to grow: writes past that room, through the log and whole, and a fold leave a file of exactly its pages', async () => {
            const { dbPath, store, plan } = await withPlan({ minDatabaseBytes: 0, foldBytes: 1 << 30, foldEntries: 1 << 30 });
            const bulky = (n) => Array.from({ length: n }, () => (0, storeFixtures_1.makeCheckpoint)(plan.plan_id, { metadata: { reason: 'r'.repeat(900), source_tool: 's'.repeat(200), phase: null, extra: { note: 'n'.repeat(500) }, skipped: [] } }));
            await store.write((uow) => bulky(1500).forEach((c) => uow.checkpoints.insert(c))); // about 3 MB: past the room of 1 MiB
            await store.fold();
            assert.ok((0, node_fs_1.readFileSync)(dbPath).byteLength > 2 * 1024 * 1024);
            const longLived = open(dbPath);
            assert.equal(await longLived.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1500);
            for (let i = 0; i < 3; i++)
                await longLived.write((uow) => bulky(400).forEach((c) => uow.checkpoints.insert(c)));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2700);
            assert.equal(await longLived.fold(), true);
            const pages = (0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()')[0].n;
            assert.equal((0, node_fs_1.readFileSync)(dbPath).byteLength, pages, 'no byte of the room is saved');
            assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
            assert.equal(rowCount(dbPath), 2700);
            const whole = open(dbPath, { minDatabaseBytes: 1 << 30 });
            await whole.write((uow) => bulky(800).forEach((c) => uow.checkpoints.insert(c)));
            assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
            assert.equal(rowCount(dbPath), 3500);
            // A file whose header page count is not to be trusted (as older SQLite writers left it) gets no room: SQLite counts its pages from the size.
            const bytes = (0, node_fs_1.readFileSync)(dbPath);
            bytes.writeUInt32BE(0, 92);
            (0, node_fs_1.writeFileSync)(dbPath, bytes);
            await open(dbPath, { minDatabaseBytes: 1 << 30 }).write((uow) => bulky(1).forEach((c) => uow.checkpoints.insert(c)));
            assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
            assert.equal((0, node_fs_1.readFileSync)(dbPath).byteLength, (0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()')[0].n);
        });
    });
    describe('what a kill or a crash leaves', () => {
        it('a torn last entry is ignored with a warning, and the next write cuts it off before appending', async () => {
            const { dbPath, logPath, store, plan } = await withPlan();
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            // A large entry cut short: longer than the next one, which must not leave its rest behind.
            const large = insertEntry(2, plan.plan_id);
            large.changes[0][1][9] = JSON.stringify({ reason: 'x'.repeat(20_000), source_tool: null, phase: null, extra: {}, skipped: [] });
            const whole = (0, writeLog_1.encodeRecord)(large);
            (0, node_fs_1.appendFileSync)(logPath, whole.subarray(0, whole.byteLength - 5));
            const logger = new storeFixtures_1.RecordingLogger();
            const next = open(dbPath, LOG_ALWAYS, logger);
            assert.equal(await next.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
            assert.match(logger.warnings().join('\n'), /Ignored the last \d+ bytes of the write log .*cut short/);
            await next.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2, 'the entry after the cut is read, not taken for damage');
            await next.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 3);
        });
        it('a torn last entry of zeros (a file extended but not written) is a torn tail too', async () => {
            const { dbPath, logPath, store, plan } = await withPlan();
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            (0, node_fs_1.appendFileSync)(logPath, Buffer.alloc(4096));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
        });
        it('a log left by a fold killed before removing it is recognised by the file\u2019s counter and ignored; the next write removes it', async () => {
            const { dbPath, logPath, store, plan } = await withPlan();
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            const leftover = (0, node_fs_1.readFileSync)(logPath);
            await store.fold();
            (0, node_fs_1.writeFileSync)(logPath, leftover); // as if the fold had been killed after its rename
            const next = open(dbPath);
            assert.equal(await next.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1, 'not applied twice');
            await next.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
            await next.write((uow) => uow.plans.update({ ...plan, title: 'again' }));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
        });
        it('a stale log is removed before a whole save, so the file never reaches a counter that would make it look unfolded', async () => {
            const { dbPath, logPath, store, plan } = await withPlan();
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            const leftover = (0, node_fs_1.readFileSync)(logPath);
            await store.fold();
            (0, node_fs_1.writeFileSync)(logPath, leftover);
            const whole = open(dbPath, {}); // a small database: saved whole
            await whole.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.ok(!(0, node_fs_1.existsSync)(logPath));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
        });
        for (const [what, cut] of [['in its magic', (b) => b.subarray(0, 5)], ['in its header', (b) => b.subarray(0, writeLog_1.LOG_MAGIC.byteLength + 30)]]) {
            it(`a log whose creation was cut short (${what}) holds nothing and is replaced`, async () => {
                const { dbPath, logPath, plan } = await withPlan();
                craftLog(dbPath, []);
                (0, node_fs_1.writeFileSync)(logPath, cut((0, node_fs_1.readFileSync)(logPath)));
                const logger = new storeFixtures_1.RecordingLogger();
                const next = open(dbPath, LOG_ALWAYS, logger);
                assert.equal(await next.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 0);
                assert.match(logger.warnings().join('\n'), /creation was cut short/);
                await next.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
                assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
            });
        }
        it('a log beside no database is ignored with a warning and replaced by the first write', async () => {
            const workspace = tempDir();
            const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(workspace);
            (0, node_fs_1.mkdirSync)(path.dirname(dbPath));
            (0, node_fs_1.writeFileSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath), Buffer.concat([(0, writeLog_1.encodeLogStart)({ kind: 'header', format: 1, base_counter: 1, base_size: 4096, fold_counter: (0, writeLog_1.foldCounterFor)(1), schema_version: 4, statements: writeLog_1.STATEMENT_SET })]));
            const logger = new storeFixtures_1.RecordingLogger();
            const store = open(dbPath, LOG_ALWAYS, logger);
            assert.deepEqual(await store.read((uow) => uow.plans.list()), []);
            assert.match(logger.warnings().join('\n'), /no database beside it/);
            await store.write((uow) => uow.plans.insert((0, storeFixtures_1.makePlan)()));
            assert.ok(!(0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath)));
        });
    });
    describe('failures while writing the log or folding it', () => {
        const original = { ...writeLogFile_1.writeLogSteps };
        afterEach(() => Object.assign(writeLogFile_1.writeLogSteps, original));
        const eio = () => Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
        it('an append whose flush fails is reported as not saved, and is not there afterwards, in memory or on disk', async () => {
            const { dbPath, store, plan } = await withPlan();
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            writeLogFile_1.writeLogSteps.flushLog = async () => {
                throw eio();
            };
            await assert.rejects(store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id))), /Cannot save the change to the write log .*EIO.*Nothing was saved/);
            Object.assign(writeLogFile_1.writeLogSteps, original);
            assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1, 'the same store');
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1, 'a fresh store');
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
        });
        for (const after of ['no log', 'a new log']) {
            it(`a reader that loads the file just before another process folds (leaving ${after}) loads again, and misses nothing`, async () => {
                const { dbPath, store, plan } = await withPlan();
                for (let i = 0; i < 2; i++)
                    await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
                const folder = open(dbPath);
                let interposed = false;
                writeLogFile_1.writeLogSteps.readLog = async (logPath, from) => {
                    if (!interposed) {
                        // Between the reader's look at the file and at its log: a fold elsewhere, and a new log after it.
                        interposed = true;
                        await folder.fold();
                        if (after === 'a new log')
                            await folder.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
                    }
                    return original.readLog(logPath, from);
                };
                const reader = open(dbPath);
                assert.equal(await reader.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), after === 'a new log' ? 3 : 2);
                assert.ok(interposed);
            });
        }
        it('a fold that fails after the append keeps the change in the log, says so, and a later write folds', async () => {
            const logger = new storeFixtures_1.RecordingLogger();
            const { dbPath, logPath, store, plan } = await withPlan({ ...LOG_ALWAYS, foldEntries: 2 }, logger);
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            writeLogFile_1.writeLogSteps.replaceDatabase = async () => {
                throw eio();
            };
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.match(logger.warnings().join('\n'), /Could not fold the write log .*the change is saved in the log/);
            Object.assign(writeLogFile_1.writeLogSteps, original);
            assert.ok((0, node_fs_1.existsSync)(logPath));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.ok(!(0, node_fs_1.existsSync)(logPath), 'the next write folded');
            assert.equal(rowCount(dbPath), 3);
        });
        it('a log that cannot be removed after its fold is ignored (the file has its fold counter) and removed by the next write', async () => {
            const logger = new storeFixtures_1.RecordingLogger();
            const { dbPath, logPath, store, plan } = await withPlan(LOG_ALWAYS, logger);
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            writeLogFile_1.writeLogSteps.removeLog = async () => {
                throw eio();
            };
            assert.equal(await store.fold(), true);
            assert.match(logger.warnings().join('\n'), /could not remove it/);
            Object.assign(writeLogFile_1.writeLogSteps, original);
            assert.ok((0, node_fs_1.existsSync)(logPath));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 1);
            await store.write((uow) => uow.checkpoints.insert((0, storeFixtures_1.makeCheckpoint)(plan.plan_id)));
            assert.equal(await open(dbPath).read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
            assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 2);
        });
    });
    describe('a log that is damaged, crafted or not ours is refused and nothing in it runs', () => {
        async function refused(make, message) {
            const { dbPath, plan } = await withPlan();
            make(dbPath, plan.plan_id);
            const before = (0, node_fs_1.readFileSync)(dbPath);
            const store = open(dbPath);
            await assert.rejects(store.read((uow) => uow.plans.list()), (e) => e instanceof errors_1.StoreError && message.test(e.message));
            await assert.rejects(store.write((uow) => uow.plans.update({ ...plan, title: 'x' })), (e) => e instanceof errors_1.StoreError && message.test(e.message));
            assert.deepEqual((0, node_fs_1.readFileSync)(dbPath), before, 'the database was left as it is');
            assert.ok((0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath)), 'the log was left as it is');
        }
        it('a file that is not a log', () => refused((db) => (0, node_fs_1.writeFileSync)((0, sqlJsCheckpointStore_1.writeLogPath)(db), 'DROP TABLE v3_plans;\n'.repeat(10)), /damaged or not ours .*does not start as a write log/));
        it('an entry whose checksum fails with entries after it', () => refused((db, planId) => {
            const bad = Buffer.from((0, writeLog_1.encodeRecord)(insertEntry(1, planId)));
            bad[bad.byteLength - 3] ^= 0xff;
            craftLog(db, [bad, insertEntry(2, planId)]);
        }, /does not match its checksum, and records follow it/));
        it('a length larger than any record, with data after it', () => refused((db, planId) => {
            const head = Buffer.alloc(12);
            head.writeUInt32BE(0x7fffffff, 0);
            craftLog(db, [head, insertEntry(1, planId)]);
        }, /says it holds 2147483647 bytes/));
        it('a log larger than any of ours (not read)', () => refused((db, planId) => {
            craftLog(db, [insertEntry(1, planId)]);
            (0, node_fs_1.truncateSync)((0, sqlJsCheckpointStore_1.writeLogPath)(db), writeLog_1.MAX_LOG_BYTES + 1);
        }, /more than a write log of CleverAgents ever holds/));
        it('a statement that is not one of ours (SQL text, a select, an unknown id)', async () => {
            for (const change of [
                ['DELETE FROM v3_plans', [], 1],
                ['store.getPlan', ['x'], 0],
                ['store.insertPlan; DROP TABLE v3_plans', [], 1],
            ]) {
                await refused((db) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [change] }]), /entry 1 is not one of ours/);
            }
        });
        it('values of the wrong count or type', async () => {
            await refused((db, planId) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [['store.deletePlan', [planId, 'extra'], 1]] }]), /takes 1 values, not 2/);
            await refused((db) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [['store.deletePlan', [{ x: 1 }], 1]] }]), /not one of ours/);
        });
        it('entries repeated or out of order', () => refused((db, planId) => craftLog(db, [insertEntry(1, planId), insertEntry(1, planId)]), /numbered 1: entries are missing, repeated or out of order/));
        it('an entry that does not apply (its statement changes another number of rows than it did)', () => refused((db, planId) => craftLog(db, [{ kind: 'entry', seq: 1, changes: [['store.deleteCheckpoint', [planId], 1]] }]), /Entry 1 of the write log .* does not apply .*changed 0 rows where the log says 1/));
        it('a header of another release (statement set) or schema', async () => {
            await refused((db, planId) => craftLog(db, [insertEntry(1, planId)], { statements: '0123456789abcdef' }), /written by another release/);
            await refused((db, planId) => craftLog(db, [insertEntry(1, planId)], { schema_version: 3 }), /written by another release/);
        });
        it('a log of another version of the file that was not folded (another program wrote the file)', () => refused((db, planId) => craftLog(db, [insertEntry(1, planId)], { base_counter: (0, node_fs_1.readFileSync)(db).readUInt32BE(24) - 1 }), /holds changes made to version .* another program changed the file/));
        it('a symbolic link or a folder in the log\u2019s place', async () => {
            await refused((db, planId) => {
                craftLog(db, [insertEntry(1, planId)]);
                const elsewhere = `${db}.elsewhere`;
                (0, node_fs_1.writeFileSync)(elsewhere, (0, node_fs_1.readFileSync)((0, sqlJsCheckpointStore_1.writeLogPath)(db)));
                (0, node_fs_1.rmSync)((0, sqlJsCheckpointStore_1.writeLogPath)(db));
                (0, node_fs_1.symlinkSync)(elsewhere, (0, sqlJsCheckpointStore_1.writeLogPath)(db));
            }, /Refused the write log .*symbolic link/);
            await refused((db) => (0, node_fs_1.mkdirSync)((0, sqlJsCheckpointStore_1.writeLogPath)(db)), /Refused the write log .*not a regular file/);
        });
        it('a FIFO in the log\u2019s place or the database\u2019s: refused at once, never waiting for a writer', async () => {
            await refused((db) => (0, node_child_process_1.execFileSync)('mkfifo', [(0, sqlJsCheckpointStore_1.writeLogPath)(db)]), /Refused the write log .*not a regular file/);
            const { dbPath } = await withPlan();
            (0, node_fs_1.rmSync)(dbPath);
            (0, node_child_process_1.execFileSync)('mkfifo', [dbPath]);
            const store = open(dbPath);
            await assert.rejects(store.read((uow) => uow.plans.list()), (e) => e instanceof errors_1.StoreError && /Cannot read the database .*not a regular file/.test(e.message));
        });
        it('with the workspace known, a link at the log is refused by the data-path check too', async () => {
            const { workspace, dbPath, plan } = await withPlan();
            const target = path.join(workspace, 'target.log');
            (0, node_fs_1.writeFileSync)(target, 'x');
            (0, node_fs_1.symlinkSync)(target, (0, sqlJsCheckpointStore_1.writeLogPath)(dbPath));
            const store = open(dbPath, LOG_ALWAYS, new storeFixtures_1.RecordingLogger(), workspace);
            await assert.rejects(store.read((uow) => uow.plans.get(plan.plan_id)), /cleveragents\.db\.log is a symbolic link/);
        });
    });
});
//# sourceMappingURL=writeLog.test.js.map
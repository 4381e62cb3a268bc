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
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const sqlJsCheckpointStore_1 = require("../../src/adapters/sqlStore/sqlJsCheckpointStore");
const tempDir_1 = require("./helpers/tempDir");
const storeFixtures_1 = require("./helpers/storeFixtures");
const WORKER = path.join(__dirname, 'fixtures', 'storeWorker.js');
function runWorker(dbPath, planId, count, mode = 'whole') {
    return new Promise((resolve, reject) => {
        const child = (0, node_child_process_1.spawn)(process.execPath, [WORKER, dbPath, storeFixtures_1.SQL_WASM_DIR, planId, String(count), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d.toString()));
        child.stderr.on('data', (d) => (err += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => {
            if (code === 0)
                resolve(JSON.parse(out));
            else
                reject(new Error(`worker exited with ${code}: ${err}`));
        });
    });
}
describe('SqlJsCheckpointStore across processes', () => {
    const tempDir = (0, tempDir_1.useTempDirs)('cleveragents-mp-');
    it('four processes writing 25 checkpoints each at once lose none of the 100', async function () {
        this.timeout(60_000);
        const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(tempDir());
        const plan = (0, storeFixtures_1.makePlan)();
        const store = (0, storeFixtures_1.openStore)(dbPath);
        await store.write((uow) => uow.plans.insert(plan));
        const started = Date.now();
        const reports = await Promise.all(Array.from({ length: 4 }, () => runWorker(dbPath, plan.plan_id, 25)));
        const elapsed = Date.now() - started;
        assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n, COUNT(DISTINCT checkpoint_id) AS d FROM checkpoint_metadata')[0].n, 100);
        assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
        const perWorker = (0, storeFixtures_1.sqlite3Json)(dbPath, "SELECT json_extract(metadata_json, '$.reason') AS r FROM checkpoint_metadata")
            .map((row) => String(row.r).split(' ')[1])
            .reduce((acc, pid) => ({ ...acc, [pid]: (acc[pid] ?? 0) + 1 }), {});
        assert.deepEqual(Object.values(perWorker), [25, 25, 25, 25]);
        // The same store that wrote the plan sees the others' rows without being told.
        assert.equal(await store.read((uow) => uow.checkpoints.listForPlan(plan.plan_id).length), 100);
        store.close();
        // The writes really did interleave: every worker's span overlaps another's, and workers had
        // to load the file again because others had changed it.
        for (const r of reports)
            assert.ok(reports.some((o) => o !== r && o.start < r.end && r.start < o.end), 'overlapping writers');
        assert.ok(reports.every((r) => r.saves === 25));
        assert.ok(reports.some((r) => r.loads > 2), JSON.stringify(reports));
        assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(dbPath)).sort(), ['.gitignore', 'cleveragents.db'], 'no lock or temp file left');
        console.log(`      100 writes by 4 processes in ${elapsed} ms (loads per worker: ${reports.map((r) => r.loads).join(', ')})`);
    });
    it('through the write log: four processes appending and folding at once lose none of the 100, and a long-lived store follows them', async function () {
        this.timeout(60_000);
        const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(tempDir());
        const plan = (0, storeFixtures_1.makePlan)();
        const store = new sqlJsCheckpointStore_1.SqlJsCheckpointStore({ databasePath: dbPath, wasmDir: storeFixtures_1.SQL_WASM_DIR, logger: new storeFixtures_1.RecordingLogger(), writeLog: { minDatabaseBytes: 0, foldEntries: 7 } });
        await store.write((uow) => uow.plans.insert(plan));
        const seen = [];
        let running = true;
        // The long-lived store reads all along, as a resident process would, beside the writers' appends and folds.
        const watcher = (async () => {
            while (running) {
                seen.push(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)));
                await new Promise((resolve) => setTimeout(resolve, 5));
            }
        })();
        const reports = await Promise.all(Array.from({ length: 4 }, () => runWorker(dbPath, plan.plan_id, 25, 'log')));
        running = false;
        await watcher;
        // Which process folds is whichever appends the seventh entry: about 14 folds fall at random on
        // the four, so one worker may fold none (it did, about one run in fifteen). Folds by more than
        // one process, while the others append, are what this test is about.
        assert.ok(reports.every((r) => r.appends === 25), `every worker appended its 25: ${JSON.stringify(reports)}`);
        assert.ok(reports.filter((r) => r.saves > 0).length >= 2, `more than one worker folded: ${JSON.stringify(reports)}`);
        assert.equal(await store.read((uow) => uow.checkpoints.countForPlan(plan.plan_id)), 100);
        assert.ok(seen.every((n, i) => i === 0 || n >= seen[i - 1]), `the long-lived store never went back: ${seen.join(',')}`);
        const unfolded = (0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath));
        assert.equal(await store.fold(), unfolded);
        store.close();
        assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n, COUNT(DISTINCT checkpoint_id) AS d FROM checkpoint_metadata')[0].d, 100);
        assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
        assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(dbPath)).sort(), ['.gitignore', 'cleveragents.db']);
    });
    it('a lock left by a crashed process does not block the next write', async () => {
        const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(tempDir());
        const store = (0, storeFixtures_1.openStore)(dbPath, undefined, { timeoutMs: 2000 });
        const plan = (0, storeFixtures_1.makePlan)();
        await store.write((uow) => uow.plans.insert(plan));
        const crashed = await new Promise((resolve) => {
            const child = (0, node_child_process_1.spawn)(process.execPath, ['-e', '']);
            child.on('exit', () => resolve(child.pid ?? 0));
        });
        (0, node_fs_1.writeFileSync)(`${dbPath}.lock`, JSON.stringify({ pid: crashed, host: os.hostname(), acquired_at: new Date().toISOString(), token: 'x' }));
        (0, node_fs_1.writeFileSync)(`${dbPath}.${crashed}.deadbeef.tmp`, 'half a database');
        await store.write((uow) => uow.plans.update({ ...plan, state: 'failed' }));
        assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT state FROM v3_plans')[0].state, 'failed');
        assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(dbPath)).sort(), ['.gitignore', 'cleveragents.db']);
        store.close();
    });
});
//# sourceMappingURL=storeMultiProcess.test.js.map
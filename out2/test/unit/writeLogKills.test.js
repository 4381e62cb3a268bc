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
const sqlJsCheckpointStore_1 = require("../../src/adapters/sqlStore/sqlJsCheckpointStore");
const writeLog_1 = require("../../src/adapters/sqlStore/writeLog");
const tempDir_1 = require("./helpers/tempDir");
const storeFixtures_1 = require("./helpers/storeFixtures");
const WORKER = path.join(__dirname, 'fixtures', 'writeLogKillWorker.js');
/**
 * SIGKILL at each step of a write through the log and of a fold: what was acknowledged is kept,
 * and the next open reads a sound database, which the next write and fold carry on from.
 */
describe('kills during a write-log append and a fold', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('cleveragents-wlogkill-');
    async function killedAt(killAt) {
        const dbPath = (0, sqlJsCheckpointStore_1.defaultDatabasePath)(tempDir());
        const plan = (0, storeFixtures_1.makePlan)();
        const store = (0, storeFixtures_1.openStore)(dbPath);
        await store.write((uow) => uow.plans.insert(plan));
        store.close();
        const counterBefore = (0, node_fs_1.readFileSync)(dbPath).readUInt32BE(24);
        const run = (0, node_child_process_1.spawnSync)(process.execPath, [WORKER, dbPath, storeFixtures_1.SQL_WASM_DIR, plan.plan_id, '3', killAt], { encoding: 'utf8' });
        assert.equal(run.signal, 'SIGKILL', `not killed: ${run.status} ${run.stderr}`);
        const acknowledged = run.stdout.split('\n').filter(Boolean);
        assert.equal(acknowledged.length, 3, run.stderr);
        return { dbPath, planId: plan.plan_id, acknowledged, counterBefore };
    }
    /** A fresh store reads every acknowledged row; a write and a fold then work and leave a sound file with all of them. */
    async function carriesOn(dbPath, planId, acknowledged, extra) {
        // Logging from the first byte, as the killed process did.
        const store = new sqlJsCheckpointStore_1.SqlJsCheckpointStore({ databasePath: dbPath, wasmDir: storeFixtures_1.SQL_WASM_DIR, logger: new storeFixtures_1.RecordingLogger(), writeLog: { minDatabaseBytes: 0 } });
        const ids = (await store.read((uow) => uow.checkpoints.listForPlan(planId))).map((c) => c.checkpoint_id);
        assert.deepEqual(ids.slice(0, 3), acknowledged, 'every acknowledged write is there');
        assert.equal(ids.length, extra === 'present' ? 4 : 3);
        const next = (0, storeFixtures_1.makeCheckpoint)(planId);
        await store.write((uow) => uow.checkpoints.insert(next));
        assert.equal(await store.fold(), true);
        store.close();
        assert.ok(!(0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath)));
        assert.equal((0, storeFixtures_1.sqlite3)(dbPath, 'PRAGMA integrity_check').trim(), 'ok');
        assert.deepEqual((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT checkpoint_id FROM checkpoint_metadata ORDER BY checkpoint_id').map((r) => r.checkpoint_id), [...ids, next.checkpoint_id].sort());
        assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(dbPath)).filter((n) => n.endsWith('.tmp') || n.endsWith('.lock')), [], 'no temporary file or lock left');
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
        assert.equal((0, node_fs_1.readFileSync)(dbPath).readUInt32BE(24), counterBefore);
        assert.ok((0, node_fs_1.readdirSync)(path.dirname(dbPath)).some((n) => n.endsWith('.tmp')));
        await carriesOn(dbPath, planId, acknowledged, 'absent');
    });
    it('during a fold, after its rename, before the log is removed: the log is recognised as folded and not applied twice', async () => {
        const { dbPath, planId, acknowledged, counterBefore } = await killedAt('fold-after-rename');
        assert.equal((0, node_fs_1.readFileSync)(dbPath).readUInt32BE(24), (0, writeLog_1.foldCounterFor)(counterBefore));
        assert.ok((0, node_fs_1.existsSync)((0, sqlJsCheckpointStore_1.writeLogPath)(dbPath)), 'the log is still there');
        assert.equal((0, storeFixtures_1.sqlite3Json)(dbPath, 'SELECT COUNT(*) AS n FROM checkpoint_metadata')[0].n, 3, 'an outside reader sees the fold');
        await carriesOn(dbPath, planId, acknowledged, 'absent');
    });
});
//# sourceMappingURL=writeLogKills.test.js.map
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
exports.newId = exports.RecordingLogger = exports.SQLITE3_CLI = exports.SQL_WASM_DIR = void 0;
exports.openStore = openStore;
exports.objectId = objectId;
exports.makePlan = makePlan;
exports.makeCheckpoint = makeCheckpoint;
exports.sqlite3Json = sqlite3Json;
exports.sqlite3 = sqlite3;
const node_child_process_1 = require("node:child_process");
const path = __importStar(require("node:path"));
const ulid_1 = require("ulid");
const sqlJsCheckpointStore_1 = require("../../../src/adapters/sqlStore/sqlJsCheckpointStore");
/** Where the tests load sql.js's wasm from; production loads it from `dist/`. */
exports.SQL_WASM_DIR = path.dirname(require.resolve('sql.js/dist/sql-wasm.wasm'));
/** The independent SQLite client the tests read the files with. */
exports.SQLITE3_CLI = '/usr/bin/sqlite3';
class RecordingLogger {
    entries = [];
    debug(message) {
        this.entries.push({ level: 'debug', message });
    }
    info(message) {
        this.entries.push({ level: 'info', message });
    }
    warn(message) {
        this.entries.push({ level: 'warn', message });
    }
    error(message) {
        this.entries.push({ level: 'error', message });
    }
    warnings() {
        return this.entries.filter((e) => e.level === 'warn').map((e) => e.message);
    }
}
exports.RecordingLogger = RecordingLogger;
function openStore(databasePath, logger = new RecordingLogger(), lock) {
    return new sqlJsCheckpointStore_1.SqlJsCheckpointStore({ databasePath, wasmDir: exports.SQL_WASM_DIR, logger, lock });
}
exports.newId = (0, ulid_1.monotonicFactory)();
/** A fake 40-hex object id that differs per call. */
let objectCounter = 0;
function objectId() {
    objectCounter += 1;
    return objectCounter.toString(16).padStart(40, 'a');
}
function makePlan(overrides = {}) {
    return {
        plan_id: (0, exports.newId)(),
        title: 'Refactor the parser',
        state: 'executing',
        sandbox_path: 'packages/parser',
        sandbox_kind: 'in_place',
        base_ref: null,
        retention: { max_checkpoints: 50, auto_prune: true },
        created_at: '2026-01-02T03:04:05.678Z',
        updated_at: '2026-01-02T03:04:05.678Z',
        ...overrides,
    };
}
let clock = Date.parse('2026-01-02T03:04:05.000Z');
function makeCheckpoint(planId, overrides = {}) {
    clock += 1000;
    const id = (0, exports.newId)();
    return {
        checkpoint_id: id,
        plan_id: planId,
        sandbox_ref: objectId(),
        decision_id: null,
        checkpoint_type: 'manual',
        resource_id: null,
        filesystem_path: `refs/${planId}/${id}`,
        size_bytes: 1234,
        created_at: new Date(clock).toISOString(),
        metadata: { reason: 'manual', source_tool: null, phase: null, extra: {}, skipped: [] },
        ...overrides,
    };
}
/** Runs SQL through the sqlite3 command line on a file and returns its JSON rows. */
function sqlite3Json(dbPath, sql) {
    const out = (0, node_child_process_1.execFileSync)(exports.SQLITE3_CLI, ['-json', dbPath, sql], { encoding: 'utf8' }).trim();
    return out ? JSON.parse(out) : [];
}
function sqlite3(dbPath, ...args) {
    return (0, node_child_process_1.execFileSync)(exports.SQLITE3_CLI, [dbPath, ...args], { encoding: 'utf8' });
}
//# sourceMappingURL=storeFixtures.js.map
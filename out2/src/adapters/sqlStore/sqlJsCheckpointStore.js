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
exports.SqlJsCheckpointStore = exports.DEFAULT_WRITE_LOG = exports.writeLogPath = exports.defaultDatabasePath = exports.DATABASE_FILE_NAME = exports.CLEVERAGENTS_DIR = void 0;
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const atomicFile_1 = require("../files/atomicFile");
const fileLock_1 = require("../files/fileLock");
const schemaMigrations_1 = require("./schemaMigrations");
const sqlJsRepositories_1 = require("./sqlJsRepositories");
const sqlJsLoader_1 = require("./sqlJsLoader");
const databaseFile_1 = require("./databaseFile");
const openDatabase_1 = require("./openDatabase");
const orphanedTempFiles_1 = require("./orphanedTempFiles");
const writeLogFile_1 = require("./writeLogFile");
const writeLogView_1 = require("./writeLogView");
const nodeWorkspaceFiles_1 = require("../files/nodeWorkspaceFiles");
const realDataPath_1 = require("../files/realDataPath");
const stateFiles_1 = require("../files/stateFiles");
const databasePaths_1 = require("./databasePaths");
var databasePaths_2 = require("./databasePaths");
Object.defineProperty(exports, "CLEVERAGENTS_DIR", { enumerable: true, get: function () { return databasePaths_2.CLEVERAGENTS_DIR; } });
Object.defineProperty(exports, "DATABASE_FILE_NAME", { enumerable: true, get: function () { return databasePaths_2.DATABASE_FILE_NAME; } });
Object.defineProperty(exports, "defaultDatabasePath", { enumerable: true, get: function () { return databasePaths_2.defaultDatabasePath; } });
Object.defineProperty(exports, "writeLogPath", { enumerable: true, get: function () { return databasePaths_2.writeLogPath; } });
/**
 * A whole save of 2 MiB costs about 10 ms; a fold of a 25 MB database about 200 ms, paid once per
 * 500 writes or 512 KiB of log, which takes a few milliseconds to replay.
 */
exports.DEFAULT_WRITE_LOG = Object.freeze({ minDatabaseBytes: 2 * 1024 * 1024, foldBytes: 512 * 1024, foldEntries: 500 });
/** Loads a reader tries without the lock before it waits for it (refresh). */
const LOCKLESS_LOADS = 2;
/**
 * The checkpoint store on one SQLite file, through sql.js. sql.js keeps the database in memory: this
 * class loads the file when it changed on disk (cheap check per call), and each `write` runs under a
 * lock shared with other processes (other VS Code windows, the CLI). A small database is saved whole
 * and atomically on each write; a large one gets the write appended to its write log
 * (`<file>.log`), which every load applies and which is folded into the file now and then (see
 * writeLog.ts and docs/RELIABILITY.md). Calls on one instance run one at a time, in order.
 *
 * A file it cannot understand (not SQLite, truncated, damaged, or from a newer release) is reported
 * with a StoreError and never written to.
 */
class SqlJsCheckpointStore {
    location;
    logger;
    wasmDir;
    lock;
    workspaceRoot;
    tightened = false;
    logPath;
    db;
    statements;
    /** The version of the file `db` was loaded from or saved as; 'missing' when there was none. */
    seen;
    /** `db` was migrated in memory (by a read) and the file does not have that yet. */
    migratedInMemory = false;
    /** The write log as far as `db` has it, and the changes of the write transaction running now. */
    log;
    queue = Promise.resolve();
    closed = false;
    folderReady = false;
    orphans;
    reportedRows = new Set();
    counters = { loads: 0, saves: 0, appends: 0 };
    /** Touches nothing on disk: the file is read on the first call and created by the first write. */
    constructor(options) {
        this.location = path.resolve(options.databasePath);
        this.logger = options.logger;
        this.wasmDir = options.wasmDir;
        this.workspaceRoot = options.workspaceRoot;
        this.lock = new fileLock_1.FileLock(`${this.location}.lock`, options.lock, (message) => this.logger.warn(message));
        this.orphans = new orphanedTempFiles_1.OrphanedTempFiles(this.location, () => this.lock.staleLocksBroken, this.logger);
        this.logPath = (0, databasePaths_1.writeLogPath)(this.location);
        this.log = new writeLogView_1.WriteLogView({
            databasePath: this.location,
            logPath: this.logPath,
            options: { ...exports.DEFAULT_WRITE_LOG, ...options.writeLog },
            warn: (message) => this.logger.warn(message),
            warnOnce: (message) => this.warnOnce(message),
            discard: () => this.discard(),
        });
    }
    /** How often this instance loaded the file, saved it whole (folds included) and appended to its log; for tests and diagnostics. */
    get statistics() {
        return { ...this.counters };
    }
    read(work) {
        return this.serialized(async () => {
            await this.assertRealLocation();
            const db = await this.refresh();
            return this.runWork(db, work, false);
        });
    }
    write(work) {
        return this.serialized(async () => {
            this.assertOpen();
            await this.assertRealLocation();
            await this.prepareFolder();
            return this.lock.withLock(async () => {
                await this.orphans.removeIfDue();
                const db = await this.refresh(true);
                const before = totalChanges(db);
                this.log.beginTransaction();
                let result;
                let recorded;
                try {
                    result = this.inTransaction(db, work);
                }
                finally {
                    recorded = this.log.endTransaction();
                }
                const changed = totalChanges(db) !== before;
                if (!changed && !(this.migratedInMemory && this.seen !== 'missing'))
                    return result;
                const record = changed && recorded ? this.log.recordFor(recorded, this.seen, this.migratedInMemory) : undefined;
                if (record)
                    await this.append(db, record);
                else
                    await this.save(db);
                return result;
            });
        });
    }
    /**
     * Folds the write log into the database file now (and saves a migration made in memory); returns
     * whether there was anything to fold. `agents db fold` calls it, so that another SQLite client
     * sees every change in the file itself.
     */
    fold() {
        return this.serialized(async () => {
            this.assertOpen();
            await this.assertRealLocation();
            return this.lock.withLock(async () => {
                const db = await this.refresh(true);
                if (this.seen === 'missing')
                    return false;
                if (this.log.kind === 'none' && !this.migratedInMemory)
                    return false;
                await this.save(db);
                return true;
            });
        });
    }
    close() {
        this.closed = true;
        this.discard();
    }
    serialized(task) {
        const run = this.queue.then(task, task);
        this.queue = run.catch(() => undefined);
        return run;
    }
    async assertRealLocation() {
        if (this.workspaceRoot === undefined)
            return;
        await (0, realDataPath_1.assertRealDataPath)(this.workspaceRoot, this.location);
        await (0, realDataPath_1.assertRealDataPath)(this.workspaceRoot, this.logPath);
        if (!this.tightened) {
            // it holds every prompt's first line: a database made by an earlier release (0644) is made private
            for (const file of [this.location, this.logPath])
                (0, stateFiles_1.makePrivate)(file);
            this.tightened = true;
        }
    }
    assertOpen() {
        if (this.closed)
            throw new errors_1.StoreError(`The store for ${this.location} is closed.`);
    }
    /**
     * The database as the file and its write log are now: the one in memory if neither changed (or
     * the log only grew: its new entries are applied), else a fresh load. Readers hold no lock: a
     * writer that folds meanwhile is noticed (the file changed between the look and the log) and the
     * load is done again. A reader that loses that race LOCKLESS_LOADS times (writers saving one
     * after the other faster than it reads, as on a loaded machine) loads under the lock, where no
     * writer can change either; `locked`: the caller holds it already.
     */
    async refresh(locked = false) {
        this.assertOpen();
        const sql = await (0, sqlJsLoader_1.loadSqlJs)(this.wasmDir);
        for (let attempt = 1;; attempt++) {
            const check = await (0, databaseFile_1.readDatabaseFile)(this.location, this.db && this.seen !== 'missing' ? this.seen : undefined);
            this.assertOpen();
            if (check.kind === 'unchanged' && this.db) {
                if (await this.log.follow(this.db, this.statementsOf(this.db), this.migratedInMemory))
                    return this.db;
                // The log changed in a way only a fresh load explains (a fold, a new log): load again.
                this.discard();
                continue;
            }
            if (check.kind === 'missing')
                return this.emptyDatabase(sql);
            if (check.kind === 'unchanged')
                throw new Error('unreachable: unchanged without a database');
            const db = await this.load(sql, check.bytes, check.roomy, check.fingerprint);
            if (db)
                return db;
            if (!locked && attempt >= LOCKLESS_LOADS)
                return this.lock.withLock(() => this.refresh(true));
            // Under the lock only a program that writes without it changes them.
            if (attempt >= 5) {
                throw new errors_1.StoreError(`The database ${this.location} and its write log kept changing while being read; try again.`);
            }
        }
    }
    /** No file: an empty database of our schema; a write log beside no database has nothing to apply to. */
    async emptyDatabase(sql) {
        const identity = await this.log.besideNoDatabase();
        if (this.seen === 'missing' && this.db) {
            this.log.ignore(identity);
            return this.db;
        }
        const empty = new sql.Database();
        (0, schemaMigrations_1.migrate)(empty, 0);
        this.replace(empty, 'missing', false);
        this.log.ignore(identity);
        return empty;
    }
    /** Loads file bytes and the log that applies to them; undefined when the file changed meanwhile. */
    async load(sql, bytes, roomy, fingerprint) {
        const { db, version } = (0, openDatabase_1.openDatabase)(sql, this.location, bytes, roomy);
        try {
            const log = await this.log.readFor(fingerprint);
            if (log === 'changed') {
                db.close();
                return undefined;
            }
            this.replace(db, fingerprint, false);
            this.log.adopt(log, db, this.statementsOf(db), version);
            // Migrations come after the log (whose entries are of the file's version); a migration is saved whole by the next write, which folds.
            this.migratedInMemory = (0, openDatabase_1.migrateLoaded)(this.location, db, version);
        }
        catch (error) {
            if (this.db === db)
                this.discard();
            else
                db.close();
            throw error;
        }
        this.counters.loads += 1;
        this.logger.debug(`Loaded ${this.location} (${bytes.byteLength} bytes${this.log.kind === 'applied' ? `, ${this.log.appliedEntries} log entries` : ''}).`);
        return db;
    }
    warnOnce(message) {
        if (this.reportedRows.has(message))
            return;
        this.reportedRows.add(message);
        this.logger.warn(message);
    }
    replace(db, seen, migrated) {
        this.discard();
        this.db = db;
        this.statements = new sqlJsRepositories_1.StatementCache(db);
        this.seen = seen;
        this.migratedInMemory = migrated;
    }
    /** Forgets the in-memory database, so the next call loads the file again. */
    discard() {
        this.statements?.clear();
        this.db?.close();
        this.db = undefined;
        this.statements = undefined;
        this.seen = undefined;
        this.migratedInMemory = false;
        this.log.reset();
    }
    /** The statements of `db`, the database in memory. */
    statementsOf(db) {
        if (!this.statements || this.db !== db)
            throw new Error('unreachable: statements of another database');
        return this.statements;
    }
    runWork(db, work, writable) {
        if (!this.statements || this.db !== db)
            throw new Error('unreachable: statements of another database');
        const uow = (0, sqlJsRepositories_1.createUnitOfWork)({
            statements: this.statements,
            location: this.location,
            writable,
            reportInvalidRow: (table, id, issues) => this.reportInvalidRow(table, id, issues),
            recordChange: writable ? (sql, params, changes) => this.log.recordChange(sql, params, changes) : undefined,
        });
        const result = work(uow);
        if (isThenable(result)) {
            throw new errors_1.StoreError('The work given to CheckpointStore.read()/write() must be synchronous (it returned a promise).');
        }
        return result;
    }
    inTransaction(db, work) {
        db.run('BEGIN');
        try {
            const result = this.runWork(db, work, true);
            db.run('COMMIT');
            return result;
        }
        catch (error) {
            try {
                db.run('ROLLBACK');
            }
            catch {
                // Memory we cannot vouch for: drop it, the next call loads the file again.
                this.discard();
            }
            throw error;
        }
    }
    /** Appends a committed transaction to the write log; folds the log in once it is large. */
    async append(db, record) {
        const seen = this.seen;
        if (seen === undefined || seen === 'missing')
            throw new Error('unreachable: a log entry without a database file');
        const foldNow = await this.log.append(record, seen);
        this.counters.appends += 1;
        if (!foldNow)
            return;
        try {
            await this.save(db);
        }
        catch (error) {
            // The change is safe in the log; the next write folds.
            this.logger.warn(`Could not fold the write log into ${this.location} (${error.message}); the change is saved in the log, and a later write folds it.`);
        }
    }
    /**
     * Saves the whole database atomically. With a log applied, this is its fold: the file gets the
     * log's fold counter, then the log is removed. A log that does not apply is removed first, so
     * that no version of the file can be mistaken for its base or its fold.
     */
    async save(db) {
        const foldCounter = await this.log.beforeSave();
        const bytes = db.export();
        // Older sql.js releases reopened the database on export, which resets connection pragmas.
        db.run('PRAGMA foreign_keys = ON');
        const previous = this.seen && this.seen !== 'missing' ? this.seen.changeCounter : 0;
        const changeCounter = foldCounter ?? ((previous + 1) >>> 0 || 1);
        (0, databaseFile_1.writeUint32)(bytes, 24, changeCounter);
        (0, databaseFile_1.writeUint32)(bytes, 92, changeCounter); // "version-valid-for": keeps the header's page count trusted
        try {
            await writeLogFile_1.writeLogSteps.replaceDatabase(this.location, bytes);
            const info = await (0, promises_1.stat)(this.location, { bigint: true });
            this.seen = {
                dev: info.dev,
                ino: info.ino,
                size: info.size,
                mtimeNs: info.mtimeNs,
                ctimeNs: info.ctimeNs,
                changeCounter,
            };
            this.migratedInMemory = false;
            this.counters.saves += 1;
        }
        catch (error) {
            // Memory now holds a commit the file may not have: forget it, the file is the truth.
            this.discard();
            throw new errors_1.StoreError(saveFailure(this.location, error), { cause: error });
        }
        await this.log.afterFold();
    }
    /**
     * Creates the database's folder. When that folder is ours (we made it, or it is `.cleveragents`),
     * it gets a `.gitignore` of `*` so the user's own git never sees it; an existing one is kept.
     */
    async prepareFolder() {
        if (this.folderReady)
            return;
        const dir = path.dirname(this.location);
        try {
            const existed = (0, stateFiles_1.stateFileInfo)(this.workspaceRoot ?? path.dirname(dir), dir) !== undefined;
            if (this.workspaceRoot !== undefined)
                (0, stateFiles_1.makeStateDir)(this.workspaceRoot, dir);
            else
                await (0, promises_1.mkdir)(dir, { recursive: true });
            if (!existed || path.basename(dir) === databasePaths_1.CLEVERAGENTS_DIR)
                (0, nodeWorkspaceFiles_1.writeIgnoreAll)(this.workspaceRoot ?? dir, dir);
        }
        catch (error) {
            if (error instanceof errors_1.StoreRefusedError)
                throw error;
            throw new errors_1.StoreError(`Cannot create the folder ${dir}: ${error.message}`, { cause: error });
        }
        this.folderReady = true;
    }
    reportInvalidRow(table, id, issues) {
        const key = `${table}\0${id}\0${issues}`;
        if (this.reportedRows.has(key))
            return;
        this.reportedRows.add(key);
        this.logger.warn(`Left out row ${id} of table ${table} in ${this.location}: it does not match the schema (${issues}).`);
    }
}
exports.SqlJsCheckpointStore = SqlJsCheckpointStore;
function totalChanges(db) {
    return Number(db.exec('SELECT total_changes()')[0].values[0][0]);
}
function isThenable(value) {
    return typeof value === 'object' && value !== null && typeof value.then === 'function';
}
/** What a failed save means for the user: whether the file changed, and why it failed. */
function saveFailure(location, error) {
    if (!(error instanceof atomicFile_1.AtomicWriteError))
        return `Cannot save the database ${location}: ${String(error)}. The change may be lost.`;
    const why = error.diskFull ? `the disk holding ${path.dirname(location)} is full (${error.message}); free some space and try again` : error.message;
    return error.replaced
        ? `The database ${location} was saved, but flushing its folder failed: ${why}.`
        : `Cannot save the database ${location}: ${why}. Nothing was saved: the database is as it was.`;
}
//# sourceMappingURL=sqlJsCheckpointStore.js.map
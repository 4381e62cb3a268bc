import { mkdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { StoreError, StoreRefusedError } from '../../core/errors';
import type { CheckpointStore, Logger, UnitOfWork } from '../../core/ports';
import { AtomicWriteError } from '../files/atomicFile';
import { FileLock, type FileLockOptions } from '../files/fileLock';
import { migrate } from './schemaMigrations';
import { StatementCache } from './sqlJsRepositories';
import { createUnitOfWork } from './sqlJsUnitOfWork';
import { loadSqlJs } from './sqlJsLoader';
import { readDatabaseFile, writeUint32, type Fingerprint } from './databaseFile';
import { migrateLoaded, openDatabase } from './openDatabase';
import { OrphanedTempFiles } from './orphanedTempFiles';
import { writeLogSteps } from './writeLogFile';
import { WriteLogView, type WriteLogOptions } from './writeLogView';
import { writeIgnoreAll } from '../files/nodeWorkspaceFiles';
import { assertRealDataPath } from '../files/realDataPath';
import { makePrivate, makeStateDir, stateFileInfo } from '../files/stateFiles';
import { CLEVERAGENTS_DIR, writeLogPath } from './databasePaths';

export { CLEVERAGENTS_DIR, DATABASE_FILE_NAME, defaultDatabasePath, writeLogPath } from './databasePaths';

export type { WriteLogOptions } from './writeLogView';

/**
 * A whole save of 2 MiB costs about 10 ms; a fold of a 25 MB database about 200 ms, paid once per
 * 500 writes or 512 KiB of log, which takes a few milliseconds to replay.
 */
export const DEFAULT_WRITE_LOG: WriteLogOptions = Object.freeze({ minDatabaseBytes: 2 * 1024 * 1024, foldBytes: 512 * 1024, foldEntries: 500 });

export interface SqlJsCheckpointStoreOptions {
  /** Absolute path of the database file; it and its folder are created by the first write. */
  readonly databasePath: string;
  /** The folder holding `sql-wasm.wasm` (`dist/` in the bundle). */
  readonly wasmDir: string;
  readonly logger: Logger;
  /** Overrides for the cross-process lock (`<databasePath>.lock`); tests shorten them. */
  readonly lock?: Partial<FileLockOptions>;
  /**
   * The workspace folder the database lives in: before each read and write, nothing from it down
   * to the file (the file included) may be a symbolic link, so that a cloned `.cleveragents` link
   * cannot send the database, its lock or its `.gitignore` elsewhere. Unset: not checked.
   */
  readonly workspaceRoot?: string;
  /** Overrides for the write log's thresholds; tests lower them. */
  readonly writeLog?: Partial<WriteLogOptions>;
}

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
export class SqlJsCheckpointStore implements CheckpointStore {
  readonly location: string;
  private readonly logger: Logger;
  private readonly wasmDir: string;
  private readonly lock: FileLock;
  private readonly workspaceRoot: string | undefined;
  private tightened = false;
  private readonly logPath: string;

  private db: Database | undefined;
  private statements: StatementCache | undefined;
  /** The version of the file `db` was loaded from or saved as; 'missing' when there was none. */
  private seen: Fingerprint | 'missing' | undefined;
  /** `db` was migrated in memory (by a read) and the file does not have that yet. */
  private migratedInMemory = false;
  /** The write log as far as `db` has it, and the changes of the write transaction running now. */
  private readonly log: WriteLogView;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private folderReady = false;
  private readonly orphans: OrphanedTempFiles;
  private readonly reportedRows = new Set<string>();
  private readonly counters = { loads: 0, saves: 0, appends: 0 };

  /** Touches nothing on disk: the file is read on the first call and created by the first write. */
  constructor(options: SqlJsCheckpointStoreOptions) {
    this.location = path.resolve(options.databasePath);
    this.logger = options.logger;
    this.wasmDir = options.wasmDir;
    this.workspaceRoot = options.workspaceRoot;
    this.lock = new FileLock(`${this.location}.lock`, options.lock, (message) => this.logger.warn(message));
    this.orphans = new OrphanedTempFiles(this.location, () => this.lock.staleLocksBroken, this.logger);
    this.logPath = writeLogPath(this.location);
    this.log = new WriteLogView({
      databasePath: this.location,
      logPath: this.logPath,
      options: { ...DEFAULT_WRITE_LOG, ...options.writeLog },
      warn: (message) => this.logger.warn(message),
      warnOnce: (message) => this.warnOnce(message),
      discard: () => this.discard(),
    });
  }

  /** How often this instance loaded the file, saved it whole (folds included) and appended to its log; for tests and diagnostics. */
  get statistics(): { readonly loads: number; readonly saves: number; readonly appends: number } {
    return { ...this.counters };
  }

  read<T>(work: (uow: UnitOfWork) => T): Promise<T> {
    return this.serialized(async () => {
      await this.assertRealLocation();
      const db = await this.refresh();
      return this.runWork(db, work, false);
    });
  }

  write<T>(work: (uow: UnitOfWork) => T): Promise<T> {
    return this.serialized(async () => {
      this.assertOpen();
      await this.assertRealLocation();
      await this.prepareFolder();
      return this.lock.withLock(async () => {
        await this.orphans.removeIfDue();
        const db = await this.refresh(true);
        const before = totalChanges(db);
        this.log.beginTransaction();
        let result: T;
        let recorded: ReturnType<WriteLogView['endTransaction']>;
        try {
          result = this.inTransaction(db, work);
        } finally {
          recorded = this.log.endTransaction();
        }
        const changed = totalChanges(db) !== before;
        if (!changed && !(this.migratedInMemory && this.seen !== 'missing')) return result;
        const record = changed && recorded ? this.log.recordFor(recorded, this.seen, this.migratedInMemory) : undefined;
        if (record) await this.append(db, record);
        else await this.save(db);
        return result;
      });
    });
  }

  /**
   * Folds the write log into the database file now (and saves a migration made in memory); returns
   * whether there was anything to fold. `agents db fold` calls it, so that another SQLite client
   * sees every change in the file itself.
   */
  fold(): Promise<boolean> {
    return this.serialized(async () => {
      this.assertOpen();
      await this.assertRealLocation();
      return this.lock.withLock(async () => {
        const db = await this.refresh(true);
        if (this.seen === 'missing') return false;
        if (this.log.kind === 'none' && !this.migratedInMemory) return false;
        await this.save(db);
        return true;
      });
    });
  }

  close(): void {
    this.closed = true;
    this.discard();
  }

  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async assertRealLocation(): Promise<void> {
    if (this.workspaceRoot === undefined) return;
    await assertRealDataPath(this.workspaceRoot, this.location);
    await assertRealDataPath(this.workspaceRoot, this.logPath);
    if (!this.tightened) {
      // it holds every prompt's first line: a database made by an earlier release (0644) is made private
      for (const file of [this.location, this.logPath]) makePrivate(file);
      this.tightened = true;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError(`The store for ${this.location} is closed.`);
  }

  /**
   * The database as the file and its write log are now: the one in memory if neither changed (or
   * the log only grew: its new entries are applied), else a fresh load. Readers hold no lock: a
   * writer that folds meanwhile is noticed (the file changed between the look and the log) and the
   * load is done again. A reader that loses that race LOCKLESS_LOADS times (writers saving one
   * after the other faster than it reads, as on a loaded machine) loads under the lock, where no
   * writer can change either; `locked`: the caller holds it already.
   */
  private async refresh(locked = false): Promise<Database> {
    this.assertOpen();
    const sql = await loadSqlJs(this.wasmDir);
    for (let attempt = 1; ; attempt++) {
      const check = await readDatabaseFile(this.location, this.db && this.seen !== 'missing' ? this.seen : undefined);
      this.assertOpen();
      if (check.kind === 'unchanged' && this.db) {
        if (await this.log.follow(this.db, this.statementsOf(this.db), this.migratedInMemory)) return this.db;
        // The log changed in a way only a fresh load explains (a fold, a new log): load again.
        this.discard();
        continue;
      }
      if (check.kind === 'missing') return this.emptyDatabase(sql);
      if (check.kind === 'unchanged') throw new Error('unreachable: unchanged without a database');
      const db = await this.load(sql, check.bytes, check.roomy, check.fingerprint);
      if (db) return db;
      if (!locked && attempt >= LOCKLESS_LOADS) return this.lock.withLock(() => this.refresh(true));
      // Under the lock only a program that writes without it changes them.
      if (attempt >= 5) {
        throw new StoreError(`The database ${this.location} and its write log kept changing while being read; try again.`);
      }
    }
  }

  /** No file: an empty database of our schema; a write log beside no database has nothing to apply to. */
  private async emptyDatabase(sql: SqlJsStatic): Promise<Database> {
    const identity = await this.log.besideNoDatabase();
    if (this.seen === 'missing' && this.db) {
      this.log.ignore(identity);
      return this.db;
    }
    const empty = new sql.Database();
    migrate(empty, 0);
    this.replace(empty, 'missing', false);
    this.log.ignore(identity);
    return empty;
  }

  /** Loads file bytes and the log that applies to them; undefined when the file changed meanwhile. */
  private async load(sql: SqlJsStatic, bytes: Uint8Array, roomy: Uint8Array, fingerprint: Fingerprint): Promise<Database | undefined> {
    const { db, version } = openDatabase(sql, this.location, bytes, roomy);
    try {
      const log = await this.log.readFor(fingerprint);
      if (log === 'changed') {
        db.close();
        return undefined;
      }
      this.replace(db, fingerprint, false);
      this.log.adopt(log, db, this.statementsOf(db), version);
      // Migrations come after the log (whose entries are of the file's version); a migration is saved whole by the next write, which folds.
      this.migratedInMemory = migrateLoaded(this.location, db, version);
    } catch (error) {
      if (this.db === db) this.discard();
      else db.close();
      throw error;
    }
    this.counters.loads += 1;
    this.logger.debug(`Loaded ${this.location} (${bytes.byteLength} bytes${this.log.kind === 'applied' ? `, ${this.log.appliedEntries} log entries` : ''}).`);
    return db;
  }

  private warnOnce(message: string): void {
    if (this.reportedRows.has(message)) return;
    this.reportedRows.add(message);
    this.logger.warn(message);
  }

  private replace(db: Database, seen: Fingerprint | 'missing', migrated: boolean): void {
    this.discard();
    this.db = db;
    this.statements = new StatementCache(db);
    this.seen = seen;
    this.migratedInMemory = migrated;
  }

  /** Forgets the in-memory database, so the next call loads the file again. */
  private discard(): void {
    this.statements?.clear();
    this.db?.close();
    this.db = undefined;
    this.statements = undefined;
    this.seen = undefined;
    this.migratedInMemory = false;
    this.log.reset();
  }

  /** The statements of `db`, the database in memory. */
  private statementsOf(db: Database): StatementCache {
    if (!this.statements || this.db !== db) throw new Error('unreachable: statements of another database');
    return this.statements;
  }

  private runWork<T>(db: Database, work: (uow: UnitOfWork) => T, writable: boolean): T {
    if (!this.statements || this.db !== db) throw new Error('unreachable: statements of another database');
    const uow = createUnitOfWork({
      statements: this.statements,
      location: this.location,
      writable,
      reportInvalidRow: (table, id, issues) => this.reportInvalidRow(table, id, issues),
      recordChange: writable ? (sql, params, changes) => this.log.recordChange(sql, params, changes) : undefined,
    });
    const result = work(uow);
    if (isThenable(result)) {
      throw new StoreError('The work given to CheckpointStore.read()/write() must be synchronous (it returned a promise).');
    }
    return result;
  }

  private inTransaction<T>(db: Database, work: (uow: UnitOfWork) => T): T {
    db.run('BEGIN');
    try {
      const result = this.runWork(db, work, true);
      db.run('COMMIT');
      return result;
    } catch (error) {
      try {
        db.run('ROLLBACK');
      } catch {
        // Memory we cannot vouch for: drop it, the next call loads the file again.
        this.discard();
      }
      throw error;
    }
  }

  /** Appends a committed transaction to the write log; folds the log in once it is large. */
  private async append(db: Database, record: Uint8Array): Promise<void> {
    const seen = this.seen;
    if (seen === undefined || seen === 'missing') throw new Error('unreachable: a log entry without a database file');
    const foldNow = await this.log.append(record, seen);
    this.counters.appends += 1;
    if (!foldNow) return;
    try {
      await this.save(db);
    } catch (error) {
      // The change is safe in the log; the next write folds.
      this.logger.warn(`Could not fold the write log into ${this.location} (${(error as Error).message}); the change is saved in the log, and a later write folds it.`);
    }
  }

  /**
   * Saves the whole database atomically. With a log applied, this is its fold: the file gets the
   * log's fold counter, then the log is removed. A log that does not apply is removed first, so
   * that no version of the file can be mistaken for its base or its fold.
   */
  private async save(db: Database): Promise<void> {
    const foldCounter = await this.log.beforeSave();
    const bytes = db.export();
    // Older sql.js releases reopened the database on export, which resets connection pragmas.
    db.run('PRAGMA foreign_keys = ON');
    const previous = this.seen && this.seen !== 'missing' ? this.seen.changeCounter : 0;
    const changeCounter = foldCounter ?? ((previous + 1) >>> 0 || 1);
    writeUint32(bytes, 24, changeCounter);
    writeUint32(bytes, 92, changeCounter); // "version-valid-for": keeps the header's page count trusted
    try {
      await writeLogSteps.replaceDatabase(this.location, bytes);
      const info = await stat(this.location, { bigint: true });
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
    } catch (error) {
      // Memory now holds a commit the file may not have: forget it, the file is the truth.
      this.discard();
      throw new StoreError(saveFailure(this.location, error), { cause: error });
    }
    await this.log.afterFold();
  }

  /**
   * Creates the database's folder. When that folder is ours (we made it, or it is `.cleveragents`),
   * it gets a `.gitignore` of `*` so the user's own git never sees it; an existing one is kept.
   */
  private async prepareFolder(): Promise<void> {
    if (this.folderReady) return;
    const dir = path.dirname(this.location);
    try {
      const existed = stateFileInfo(this.workspaceRoot ?? path.dirname(dir), dir) !== undefined;
      if (this.workspaceRoot !== undefined) makeStateDir(this.workspaceRoot, dir);
      else await mkdir(dir, { recursive: true });
      if (!existed || path.basename(dir) === CLEVERAGENTS_DIR) writeIgnoreAll(this.workspaceRoot ?? dir, dir);
    } catch (error) {
      if (error instanceof StoreRefusedError) throw error;
      throw new StoreError(`Cannot create the folder ${dir}: ${(error as Error).message}`, { cause: error });
    }
    this.folderReady = true;
  }

  private reportInvalidRow(table: string, id: string, issues: string): void {
    const key = `${table}\0${id}\0${issues}`;
    if (this.reportedRows.has(key)) return;
    this.reportedRows.add(key);
    this.logger.warn(
      `Left out row ${id} of table ${table} in ${this.location}: it does not match the schema (${issues}).`,
    );
  }
}

function totalChanges(db: Database): number {
  return Number(db.exec('SELECT total_changes()')[0].values[0][0]);
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** What a failed save means for the user: whether the file changed, and why it failed. */
function saveFailure(location: string, error: unknown): string {
  if (!(error instanceof AtomicWriteError)) return `Cannot save the database ${location}: ${String(error)}. The change may be lost.`;
  const why = error.diskFull ? `the disk holding ${path.dirname(location)} is full (${error.message}); free some space and try again` : error.message;
  return error.replaced
    ? `The database ${location} was saved, but flushing its folder failed: ${why}.`
    : `Cannot save the database ${location}: ${why}. Nothing was saved: the database is as it was.`;
}

import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { StoreError, UnreadableDatabaseError } from '../../core/errors';
import type { CheckpointStore, Logger, UnitOfWork } from '../../core/ports';
import { AtomicWriteError, TEMP_FILE_SUFFIX } from '../files/atomicFile';
import { FileLock, type FileLockOptions } from '../files/fileLock';
import { SCHEMA_VERSION, listSchemaObjects, migrate, readSchemaVersion } from './schemaMigrations';
import { StatementCache, createUnitOfWork, sqliteError } from './sqlJsRepositories';
import { loadSqlJs } from './sqlJsLoader';
import { checkDatabaseHeader, readDatabaseFile, writeUint32, type Fingerprint } from './databaseFile';
import {
  LOGGED_STATEMENTS,
  MAX_RECORD_BYTES,
  STATEMENT_SET,
  WriteLogFormatError,
  encodeLogStart,
  encodeRecord,
  foldCounterFor,
  isLoggableValue,
  loggedStatementId,
  parseEntries,
  parseLog,
  type LogHeader,
  type LoggedChange,
  type ParsedEntry,
} from './writeLog';
import { WriteLogFileError, appendLogRecord, createLogFile, sameLogFile, statLogFile, writeLogSteps, type LogIdentity } from './writeLogFile';
import { writeIgnoreAll } from '../files/nodeWorkspaceFiles';
import { assertRealDataPath } from '../files/realDataPath';

/** The folder of the workspace the product owns, and the database file in it. */
export const CLEVERAGENTS_DIR = '.cleveragents';
export const DATABASE_FILE_NAME = 'cleveragents.db';

/** `<workspace>/.cleveragents/cleveragents.db` */
export function defaultDatabasePath(workspaceRoot: string): string {
  return path.join(workspaceRoot, CLEVERAGENTS_DIR, DATABASE_FILE_NAME);
}

/** The write log beside a database: `cleveragents.db.log` (docs/RELIABILITY.md, "The database's write log"). */
export function writeLogPath(databasePath: string): string {
  return `${databasePath}.log`;
}

/** When writes go to the write log rather than saving the whole database, and when the log is folded in. */
export interface WriteLogOptions {
  /** A database file smaller than this is saved whole on each write, as it always was: that is cheap. */
  readonly minDatabaseBytes: number;
  /** The log is folded into the database once it holds this many bytes… */
  readonly foldBytes: number;
  /** …or this many entries, so that replaying it on each load stays cheap. */
  readonly foldEntries: number;
}

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

/**
 * What the write log beside the file `seen` is to the database in memory: none; one that does not
 * apply to it (already folded in, its creation cut short, or beside no database), which a writer
 * removes; or one whose entries up to `validEnd` were applied.
 */
type LogView =
  | { readonly kind: 'none' }
  | { readonly kind: 'ignored'; readonly identity: LogIdentity }
  | { readonly kind: 'applied'; readonly identity: LogIdentity; readonly header: LogHeader; readonly validEnd: number; readonly entries: number };

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
  private readonly logPath: string;
  private readonly logOptions: WriteLogOptions;

  private db: Database | undefined;
  private statements: StatementCache | undefined;
  /** The version of the file `db` was loaded from or saved as; 'missing' when there was none. */
  private seen: Fingerprint | 'missing' | undefined;
  /** `db` was migrated in memory (by a read) and the file does not have that yet. */
  private migratedInMemory = false;
  /** The write log as far as `db` has it. */
  private logView: LogView = { kind: 'none' };
  /** The changes of the write transaction running now, for the log; undefined outside one. */
  private pending: LoggedChange[] | undefined;
  /** The running transaction made a change the log cannot express: it is saved whole. */
  private unloggable = false;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private folderReady = false;
  /** `lock.staleLocksBroken` when we last cleared temporary files; undefined: not yet. */
  private orphansClearedAt: number | undefined;
  private readonly reportedRows = new Set<string>();
  private readonly counters = { loads: 0, saves: 0, appends: 0 };

  /** Touches nothing on disk: the file is read on the first call and created by the first write. */
  constructor(options: SqlJsCheckpointStoreOptions) {
    this.location = path.resolve(options.databasePath);
    this.logger = options.logger;
    this.wasmDir = options.wasmDir;
    this.workspaceRoot = options.workspaceRoot;
    this.lock = new FileLock(`${this.location}.lock`, options.lock, (message) => this.logger.warn(message));
    this.logPath = writeLogPath(this.location);
    this.logOptions = { ...DEFAULT_WRITE_LOG, ...options.writeLog };
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
        await this.removeOrphanedTempFiles();
        const db = await this.refresh();
        const before = totalChanges(db);
        this.pending = [];
        this.unloggable = false;
        let result: T;
        let recorded: LoggedChange[];
        try {
          result = this.inTransaction(db, work);
        } finally {
          recorded = this.pending;
          this.pending = undefined;
        }
        const changed = totalChanges(db) !== before;
        if (!changed && !(this.migratedInMemory && this.seen !== 'missing')) return result;
        const record = changed && !this.unloggable ? this.logRecordFor(recorded) : undefined;
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
        const db = await this.refresh();
        if (this.seen === 'missing') return false;
        if (this.logView.kind === 'none' && !this.migratedInMemory) return false;
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
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError(`The store for ${this.location} is closed.`);
  }

  /**
   * The database as the file and its write log are now: the one in memory if neither changed (or
   * the log only grew: its new entries are applied), else a fresh load. Readers hold no lock: a
   * writer that folds meanwhile is noticed (the file changed between the look and the log) and the
   * load is done again.
   */
  private async refresh(): Promise<Database> {
    this.assertOpen();
    const sql = await loadSqlJs(this.wasmDir);
    for (let attempt = 1; ; attempt++) {
      const check = await readDatabaseFile(this.location, this.db && this.seen !== 'missing' ? this.seen : undefined);
      this.assertOpen();
      if (check.kind === 'unchanged' && this.db) {
        if (await this.followLog(this.db)) return this.db;
        // The log changed in a way only a fresh load explains (a fold, a new log): load again.
        this.discard();
        continue;
      }
      if (check.kind === 'missing') return this.emptyDatabase(sql);
      if (check.kind === 'unchanged') throw new Error('unreachable: unchanged without a database');
      const db = await this.load(sql, check.bytes, check.roomy, check.fingerprint);
      if (db) return db;
      if (attempt >= 5) {
        throw new StoreError(`The database ${this.location} and its write log kept changing while being read; try again.`);
      }
    }
  }

  /** No file: an empty database of our schema; a write log beside no database has nothing to apply to. */
  private async emptyDatabase(sql: SqlJsStatic): Promise<Database> {
    const identity = await this.statLog();
    if (identity) this.warnOnce(`Ignored the write log ${this.logPath}: there is no database beside it, so its changes have nothing to apply to. The next write replaces it.`);
    if (this.seen === 'missing' && this.db) {
      this.logView = identity ? { kind: 'ignored', identity } : { kind: 'none' };
      return this.db;
    }
    const empty = new sql.Database();
    migrate(empty, 0);
    this.replace(empty, 'missing', false);
    this.logView = identity ? { kind: 'ignored', identity } : { kind: 'none' };
    return empty;
  }

  /** Loads file bytes and the log that applies to them; undefined when the file changed meanwhile. */
  /** `open`, with a file that cannot be used as it is told apart from a lock or disk failure (the UI offers to move it aside). */
  private openUsable(...args: Parameters<SqlJsCheckpointStore['open']>): ReturnType<SqlJsCheckpointStore['open']> {
    try {
      return this.open(...args);
    } catch (error) {
      throw error instanceof StoreError && !(error instanceof UnreadableDatabaseError) ? new UnreadableDatabaseError(error.message, { cause: error }) : error;
    }
  }

  private async load(sql: SqlJsStatic, bytes: Uint8Array, roomy: Uint8Array, fingerprint: Fingerprint): Promise<Database | undefined> {
    const { db, version } = this.openUsable(sql, bytes, roomy);
    try {
      const log = await this.readLogFor(fingerprint);
      if (log === 'changed') {
        db.close();
        return undefined;
      }
      this.replace(db, fingerprint, false);
      if (log.view.kind === 'applied') this.applyEntries(db, log.entries, log.view.header, version);
      this.logView = log.view;
      // Migrations come after the log (whose entries are of the file's version); a migration is saved whole by the next write, which folds.
      this.migratedInMemory = runMigrations(this, db, version);
    } catch (error) {
      if (this.db === db) this.discard();
      else db.close();
      throw error;
    }
    this.counters.loads += 1;
    this.logger.debug(`Loaded ${this.location} (${bytes.byteLength} bytes${this.logView.kind === 'applied' ? `, ${this.logView.entries} log entries` : ''}).`);
    return db;
  }

  /**
   * The write log as it stands beside the file version `fingerprint`: its entries when they were
   * written on that version; ignored when that version is its fold; 'changed' when the file changed
   * since (a fold ran meanwhile: load again). A log of another version that was not folded means
   * another program changed the file under it: refused, as applying it could be wrong and
   * dropping it would lose changes.
   */
  private async readLogFor(fingerprint: Fingerprint): Promise<{ view: LogView; entries: ParsedEntry[] } | 'changed'> {
    const read = await this.readLog(0);
    if (!read) return (await this.databaseStill(fingerprint)) ? { view: { kind: 'none' }, entries: [] } : 'changed';
    const parsed = this.parse(() => parseLog(read.bytes));
    if (parsed.kind === 'unfinished') {
      this.warnOnce(`Ignored the write log ${this.logPath}: it ends before its header does (its creation was cut short), so it holds no change. The next write replaces it.`);
      return { view: { kind: 'ignored', identity: read.identity }, entries: [] };
    }
    const { header } = parsed;
    if (header.base_counter === fingerprint.changeCounter && BigInt(header.base_size) === fingerprint.size) {
      if (parsed.tornBytes > 0) {
        this.warnOnce(`Ignored the last ${parsed.tornBytes} bytes of the write log ${this.logPath}: an entry whose writing was cut short (it was never reported as saved). The next write removes them.`);
      }
      return {
        view: { kind: 'applied', identity: { ...read.identity, size: BigInt(read.bytes.byteLength) }, header, validEnd: parsed.validEnd, entries: parsed.entries.length },
        entries: parsed.entries,
      };
    }
    if (header.fold_counter === fingerprint.changeCounter) return { view: { kind: 'ignored', identity: read.identity }, entries: [] };
    if (!(await this.databaseStill(fingerprint))) return 'changed';
    throw new StoreError(
      `The write log ${this.logPath} holds changes made to version ${header.base_counter} of the database, but ${this.location} is now version ${fingerprint.changeCounter}: ` +
        'another program changed the file before the log was folded into it. Nothing was applied and both were left as they are. ' +
        'Move the log aside to use the database as it is (the changes in the log are then not in it), or put back the database the log belongs to.',
    );
  }

  /** The database in memory, whose file did not change: applies what was appended to its log since. False: load again. */
  private async followLog(db: Database): Promise<boolean> {
    const view = this.logView;
    const now = await this.statLog();
    if (!now) {
      if (view.kind === 'applied') return false; // the entries we applied went away with their log: the file decides
      this.logView = { kind: 'none' };
      return true;
    }
    if (view.kind === 'ignored') return sameLogFile(now, view.identity) && now.size === view.identity.size;
    if (view.kind !== 'applied' || !sameLogFile(now, view.identity) || now.size < BigInt(view.validEnd)) return false;
    if (now.size === BigInt(view.validEnd)) return true;
    // New entries are of the file's schema: on a database migrated in memory since, load again.
    if (this.migratedInMemory) return false;
    const read = await this.readLog(view.validEnd);
    if (!read || !sameLogFile(read.identity, view.identity) || read.bytes.byteLength < view.validEnd) return false;
    const parsed = this.parse(() => parseEntries(read.bytes, view.validEnd, view.entries + 1));
    if (parsed.entries.length === 0) return true; // a torn tail only
    try {
      this.applyEntries(db, parsed.entries, view.header, SCHEMA_VERSION);
    } catch (error) {
      this.discard();
      throw error;
    }
    this.logView = { ...view, identity: read.identity, validEnd: parsed.validEnd, entries: view.entries + parsed.entries.length };
    return true;
  }

  /**
   * Runs log entries on `db`, each in a transaction of its own, through our own statements only;
   * each statement must change as many rows as it did when it was written.
   */
  private applyEntries(db: Database, entries: readonly ParsedEntry[], header: LogHeader, version: number): void {
    if (entries.length === 0) return;
    if (header.statements !== STATEMENT_SET || header.schema_version !== version) {
      throw new StoreError(
        `The write log ${this.logPath} was written by another release of CleverAgents Checkpoints (schema ${header.schema_version}, statements ${header.statements}; ` +
          `this one has schema ${version}, statements ${STATEMENT_SET}). Nothing in it was applied and it was left as it is: ` +
          'run `agents db fold` with the release that wrote it, then use this one.',
      );
    }
    const statements = this.statements;
    if (!statements || this.db !== db) throw new Error('unreachable: statements of another database');
    for (const { entry } of entries) {
      db.run('BEGIN');
      try {
        for (const [id, values, expected] of entry.changes) {
          const changes = statements.with(LOGGED_STATEMENTS[id]!, (statement) => {
            statement.run(values);
            return db.getRowsModified();
          });
          if (changes !== expected) throw new Error(`${id} changed ${changes} rows where the log says ${expected}`);
        }
        db.run('COMMIT');
      } catch (error) {
        try {
          db.run('ROLLBACK');
        } catch {
          // the caller drops this database
        }
        throw new StoreError(
          `Entry ${entry.seq} of the write log ${this.logPath} does not apply to the database (${error instanceof Error ? error.message : String(error)}). ` +
            'Nothing was changed and both files were left as they are. Move the log aside to use the database as of its last fold (the changes in the log are then not in it).',
          { cause: error },
        );
      }
    }
  }

  private async readLog(from: number): Promise<{ bytes: Uint8Array; identity: LogIdentity } | undefined> {
    try {
      return await writeLogSteps.readLog(this.logPath, from);
    } catch (error) {
      throw this.logFileError(error);
    }
  }

  private async statLog(): Promise<LogIdentity | undefined> {
    try {
      return await statLogFile(this.logPath);
    } catch (error) {
      throw this.logFileError(error);
    }
  }

  private logFileError(error: unknown): StoreError {
    if (error instanceof WriteLogFileError) {
      return new StoreError(`Refused the write log ${this.logPath}: ${error.message}. Nothing in it was run. Move it aside and try again.`, { cause: error });
    }
    return new StoreError(`Cannot read the write log ${this.logPath}: ${(error as Error).message}`, { cause: error });
  }

  /** Runs a parse of log bytes, turning damage or foreign content into a StoreError that says what to do. */
  private parse<T>(parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof WriteLogFormatError)) throw error;
      throw new StoreError(
        `The write log ${this.logPath} is damaged or not ours (at byte ${error.offset}: ${error.message}). Nothing in it was run and it was left as it is. ` +
          'Move it aside to use the database as of its last fold (the changes in the log are then not in it), or restore both files from a backup.',
        { cause: error },
      );
    }
  }

  /** Whether the database file is still the version `fingerprint` was taken of. */
  private async databaseStill(fingerprint: Fingerprint): Promise<boolean> {
    try {
      const info = await stat(this.location, { bigint: true });
      return info.dev === fingerprint.dev && info.ino === fingerprint.ino && info.size === fingerprint.size && info.mtimeNs === fingerprint.mtimeNs && info.ctimeNs === fingerprint.ctimeNs;
    } catch {
      return false;
    }
  }

  private warnOnce(message: string): void {
    if (this.reportedRows.has(message)) return;
    this.reportedRows.add(message);
    this.logger.warn(message);
  }

  /** Opens file bytes as a database of our schema (not migrated yet), or explains why it cannot be used. */
  private open(sql: SqlJsStatic, bytes: Uint8Array, roomy: Uint8Array = bytes): { db: Database; version: number } {
    const pageCountTrusted = checkDatabaseHeader(this.location, bytes);
    let db: Database | undefined;
    try {
      // sql.js copies its input with `.slice()`, which on a Node Buffer is a view: two databases
      // made from one Buffer would share memory. `bytes` is a plain Uint8Array, so it is copied.
      // The room to grow goes with it only where SQLite takes the page count from the header.
      db = new sql.Database(bytes.byteLength === 0 ? undefined : pageCountTrusted ? roomy : bytes);
      const version = readSchemaVersion(db);
      if (version > SCHEMA_VERSION) {
        throw new StoreError(
          `The database ${this.location} has schema version ${version}, newer than this release knows (${SCHEMA_VERSION}). ` +
            'It was left as it is: update CleverAgents Checkpoints, or move the file aside to start with an empty one.',
        );
      }
      if (version === 0) {
        const foreign = listSchemaObjects(db);
        if (foreign.length > 0) {
          throw new StoreError(
            `The database ${this.location} is an SQLite file of another program (it holds ${foreign.slice(0, 5).join(', ')}). ` +
              'It was left as it is: move it aside, or point the database setting to another file.',
          );
        }
      }
      // On before any change, the log's replay included: its entries ran with it on (cascades).
      db.run('PRAGMA foreign_keys = ON');
      return { db, version };
    } catch (error) {
      db?.close();
      throw sqliteError(this, error);
    }
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
    this.logView = { kind: 'none' };
  }

  private runWork<T>(db: Database, work: (uow: UnitOfWork) => T, writable: boolean): T {
    if (!this.statements || this.db !== db) throw new Error('unreachable: statements of another database');
    const uow = createUnitOfWork({
      statements: this.statements,
      location: this.location,
      writable,
      reportInvalidRow: (table, id, issues) => this.reportInvalidRow(table, id, issues),
      recordChange: writable ? (sql, params, changes) => this.recordChange(sql, params, changes) : undefined,
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

  /** Notes a change of the running write transaction for the log; one it cannot express makes the transaction a whole save. */
  private recordChange(sql: string, params: readonly SqlValue[], changes: number): void {
    if (!this.pending) return;
    const id = loggedStatementId(sql);
    if (id === undefined || !params.every(isLoggableValue)) {
      this.unloggable = true;
      return;
    }
    this.pending.push([id, params.slice() as (string | number | null)[], changes]);
  }

  /**
   * The log record of a transaction's changes, or undefined when it is to be saved whole: a small
   * database (saved whole as it always was), a new or migrated one, or a record too large.
   */
  private logRecordFor(changes: LoggedChange[]): Uint8Array | undefined {
    if (changes.length === 0 || this.migratedInMemory || this.seen === undefined || this.seen === 'missing') return undefined;
    if (this.seen.size < BigInt(this.logOptions.minDatabaseBytes)) return undefined;
    const seq = this.logView.kind === 'applied' ? this.logView.entries + 1 : 1;
    const record = encodeRecord({ kind: 'entry', seq, changes });
    return record.byteLength > MAX_RECORD_BYTES ? undefined : record;
  }

  /**
   * Appends a committed transaction to the write log (making the log when there is none, or only
   * one that does not apply), flushed before this returns; folds the log in once it is large.
   */
  private async append(db: Database, record: Uint8Array): Promise<void> {
    const view = this.logView;
    const seen = this.seen;
    if (seen === undefined || seen === 'missing') throw new Error('unreachable: a log entry without a database file');
    try {
      if (view.kind === 'applied') {
        const identity = await appendLogRecord(this.logPath, view.identity, view.validEnd, record);
        this.logView = { ...view, identity, validEnd: view.validEnd + record.byteLength, entries: view.entries + 1 };
      } else {
        const header: LogHeader = {
          kind: 'header',
          format: 1,
          base_counter: seen.changeCounter,
          base_size: Number(seen.size),
          fold_counter: foldCounterFor(seen.changeCounter),
          schema_version: SCHEMA_VERSION,
          statements: STATEMENT_SET,
        };
        const start = encodeLogStart(header);
        const identity = await createLogFile(this.logPath, Buffer.concat([start, record]));
        this.logView = { kind: 'applied', identity, header, validEnd: start.byteLength + record.byteLength, entries: 1 };
      }
    } catch (error) {
      // Memory holds a commit the log does not: forget it, the files are the truth.
      this.discard();
      const why = error instanceof WriteLogFileError ? error.message : (error as Error).message;
      const full = ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '');
      throw new StoreError(
        `Cannot save the change to the write log ${this.logPath}: ${full ? `the disk holding it is full (${why}); free some space and try again` : why}. Nothing was saved: the database is as it was.`,
        { cause: error },
      );
    }
    this.counters.appends += 1;
    const { validEnd, entries } = this.logView as Extract<LogView, { kind: 'applied' }>;
    if (validEnd < this.logOptions.foldBytes && entries < this.logOptions.foldEntries) return;
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
    const view = this.logView;
    if (view.kind === 'ignored') {
      try {
        await writeLogSteps.removeLog(this.logPath);
      } catch (error) {
        throw new StoreError(`Cannot remove the stale write log ${this.logPath}: ${(error as Error).message}. Nothing was saved: the database is as it was.`, { cause: error });
      }
      this.logView = { kind: 'none' };
    }
    const bytes = db.export();
    // Older sql.js releases reopened the database on export, which resets connection pragmas.
    db.run('PRAGMA foreign_keys = ON');
    const previous = this.seen && this.seen !== 'missing' ? this.seen.changeCounter : 0;
    const changeCounter = view.kind === 'applied' ? view.header.fold_counter : (previous + 1) >>> 0 || 1;
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
    if (view.kind !== 'applied') return;
    try {
      await writeLogSteps.removeLog(this.logPath);
      this.logView = { kind: 'none' };
    } catch (error) {
      // Folded already: the file's counter is the log's fold counter, so every reader ignores it.
      this.logView = { kind: 'ignored', identity: view.identity };
      this.logger.warn(`Folded the write log into ${this.location} but could not remove it (${(error as Error).message}); it is ignored, and the next write removes it.`);
    }
  }

  /**
   * Creates the database's folder. When that folder is ours (we made it, or it is `.cleveragents`),
   * it gets a `.gitignore` of `*` so the user's own git never sees it; an existing one is kept.
   */
  private async prepareFolder(): Promise<void> {
    if (this.folderReady) return;
    const dir = path.dirname(this.location);
    try {
      const created = await mkdir(dir, { recursive: true });
      if (created !== undefined || path.basename(dir) === CLEVERAGENTS_DIR) {
        await writeIgnoreAll(dir);
      }
    } catch (error) {
      throw new StoreError(`Cannot create the folder ${dir}: ${(error as Error).message}`, { cause: error });
    }
    this.folderReady = true;
  }

  /**
   * Temporary files exist only while their writer holds the lock, so under the lock any left are a
   * crashed writer's. Looked for on the first write and after breaking a stale lock.
   */
  private async removeOrphanedTempFiles(): Promise<void> {
    if (this.orphansClearedAt === this.lock.staleLocksBroken) return;
    this.orphansClearedAt = this.lock.staleLocksBroken;
    const dir = path.dirname(this.location);
    const prefix = `${path.basename(this.location)}.`;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(prefix) && name.endsWith(TEMP_FILE_SUFFIX)) {
        await unlink(path.join(dir, name)).catch(() => undefined);
        this.logger.info(`Removed ${name}, left behind by an interrupted save.`);
      }
    }
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

/** Brings a loaded database to our schema; a failure is reported as the store's. */
function runMigrations(ctx: { readonly location: string }, db: Database, version: number): boolean {
  try {
    return migrate(db, version);
  } catch (error) {
    throw sqliteError(ctx, error);
  }
}

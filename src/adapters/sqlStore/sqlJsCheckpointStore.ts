import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { StoreError, UnreadableDatabaseError } from '../../core/errors';
import type { CheckpointStore, Logger, UnitOfWork } from '../../core/ports';
import { AtomicWriteError, TEMP_FILE_SUFFIX, writeFileAtomic } from '../files/atomicFile';
import { FileLock, type FileLockOptions } from '../files/fileLock';
import { SCHEMA_VERSION, listSchemaObjects, migrate, readSchemaVersion } from './schemaMigrations';
import { StatementCache, createUnitOfWork, sqliteError } from './sqlJsRepositories';
import { loadSqlJs } from './sqlJsLoader';
import { writeIgnoreAll } from '../files/nodeWorkspaceFiles';
import { assertRealDataPath } from '../files/realDataPath';

/** The folder of the workspace the product owns, and the database file in it. */
export const CLEVERAGENTS_DIR = '.cleveragents';
export const DATABASE_FILE_NAME = 'cleveragents.db';

/** `<workspace>/.cleveragents/cleveragents.db` */
export function defaultDatabasePath(workspaceRoot: string): string {
  return path.join(workspaceRoot, CLEVERAGENTS_DIR, DATABASE_FILE_NAME);
}

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
}

/** What identifies one version of the file without reading it all. */
interface Fingerprint {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
  /**
   * SQLite's file change counter (header offset 24). Every save of ours stores the previous value
   * plus one, and other SQLite clients bump it on each commit, so a new version of the file is seen
   * even where inode numbers are reused and timestamps are coarse.
   */
  readonly changeCounter: number;
}

type FileCheck = { kind: 'missing' } | { kind: 'unchanged' } | { kind: 'changed'; bytes: Uint8Array; fingerprint: Fingerprint };

const SQLITE_MAGIC = 'SQLite format 3\0';
const HEADER_SIZE = 100;

/**
 * The checkpoint store on one SQLite file, through sql.js. sql.js keeps the database in memory: this
 * class loads the file when it changed on disk (cheap check per call), and each `write` saves the
 * whole file atomically under a lock shared with other processes (other VS Code windows, the CLI).
 * Calls on one instance run one at a time, in order.
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

  private db: Database | undefined;
  private statements: StatementCache | undefined;
  /** The version of the file `db` was loaded from or saved as; 'missing' when there was none. */
  private seen: Fingerprint | 'missing' | undefined;
  /** `db` was migrated in memory (by a read) and the file does not have that yet. */
  private migratedInMemory = false;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private folderReady = false;
  /** `lock.staleLocksBroken` when we last cleared temporary files; undefined: not yet. */
  private orphansClearedAt: number | undefined;
  private readonly reportedRows = new Set<string>();
  private readonly counters = { loads: 0, saves: 0 };

  /** Touches nothing on disk: the file is read on the first call and created by the first write. */
  constructor(options: SqlJsCheckpointStoreOptions) {
    this.location = path.resolve(options.databasePath);
    this.logger = options.logger;
    this.wasmDir = options.wasmDir;
    this.workspaceRoot = options.workspaceRoot;
    this.lock = new FileLock(`${this.location}.lock`, options.lock, (message) => this.logger.warn(message));
  }

  /** How often the file was loaded and saved by this instance; for tests and diagnostics. */
  get statistics(): { readonly loads: number; readonly saves: number } {
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
        const result = this.inTransaction(db, work);
        const mustSave = totalChanges(db) !== before || (this.migratedInMemory && this.seen !== 'missing');
        if (mustSave) await this.save(db);
        return result;
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
    if (this.workspaceRoot !== undefined) await assertRealDataPath(this.workspaceRoot, this.location);
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError(`The store for ${this.location} is closed.`);
  }

  /** The database as the file is now: the one in memory if the file did not change, else a fresh load. */
  private async refresh(): Promise<Database> {
    this.assertOpen();
    const sql = await loadSqlJs(this.wasmDir);
    const check = await this.checkFile();
    this.assertOpen();
    if (check.kind === 'unchanged' && this.db) return this.db;
    if (check.kind === 'missing') {
      if (this.seen === 'missing' && this.db) return this.db;
      const empty = new sql.Database();
      migrate(empty, 0);
      this.replace(empty, 'missing', false);
      return empty;
    }
    if (check.kind === 'unchanged') throw new Error('unreachable: unchanged without a database');
    let opened: { db: Database; migrated: boolean };
    try {
      opened = this.open(sql, check.bytes);
    } catch (error) {
      // Told apart from a lock or disk failure: this file as it is cannot be used (the UI offers to move it aside).
      throw error instanceof StoreError ? new UnreadableDatabaseError(error.message, { cause: error }) : error;
    }
    const { db, migrated } = opened;
    this.replace(db, check.fingerprint, migrated);
    this.counters.loads += 1;
    this.logger.debug(`Loaded ${this.location} (${check.bytes.byteLength} bytes).`);
    return db;
  }

  /** Compares the file with what we hold; reads it only when it is a different version. */
  private async checkFile(): Promise<FileCheck> {
    let handle;
    try {
      handle = await open(this.location, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw new StoreError(`Cannot open the database ${this.location}: ${(error as Error).message}`, { cause: error });
    }
    try {
      // One handle for the look and the read: a writer that renames a new file in meanwhile
      // cannot make us pair one version's fingerprint with another's bytes.
      const info = await handle.stat({ bigint: true });
      const header = new Uint8Array(HEADER_SIZE);
      const { bytesRead } = await handle.read(header, 0, HEADER_SIZE, 0);
      const fingerprint: Fingerprint = {
        dev: info.dev,
        ino: info.ino,
        size: info.size,
        mtimeNs: info.mtimeNs,
        ctimeNs: info.ctimeNs,
        changeCounter: bytesRead >= 28 ? readUint32(header, 24) : -1,
      };
      if (this.db && this.seen !== undefined && this.seen !== 'missing' && sameFingerprint(this.seen, fingerprint)) {
        return { kind: 'unchanged' };
      }
      const bytes = new Uint8Array(Number(info.size));
      let offset = 0;
      while (offset < bytes.byteLength) {
        const { bytesRead: n } = await handle.read(bytes, offset, bytes.byteLength - offset, offset);
        if (n === 0) break;
        offset += n;
      }
      return { kind: 'changed', bytes: offset === bytes.byteLength ? bytes : bytes.subarray(0, offset), fingerprint };
    } catch (error) {
      throw new StoreError(`Cannot read the database ${this.location}: ${(error as Error).message}`, { cause: error });
    } finally {
      await handle.close();
    }
  }

  /** Opens file bytes as a database of our schema, or explains why it cannot be used. */
  private open(sql: SqlJsStatic, bytes: Uint8Array): { db: Database; migrated: boolean } {
    this.checkHeader(bytes);
    let db: Database | undefined;
    try {
      // sql.js copies its input with `.slice()`, which on a Node Buffer is a view: two databases
      // made from one Buffer would share memory. `bytes` is a plain Uint8Array, so it is copied.
      db = new sql.Database(bytes.byteLength === 0 ? undefined : bytes);
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
      const migrated = migrate(db, version);
      db.run('PRAGMA foreign_keys = ON');
      return { db, migrated };
    } catch (error) {
      db?.close();
      throw sqliteError(this, error);
    }
  }

  /**
   * Reads the 100-byte header before SQLite does: a file that is not SQLite, or that is shorter than
   * its header says (a truncated copy), is refused here, where SQLite would only fail on the first
   * query that touches a missing page.
   */
  private checkHeader(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return; // SQLite's own reading of an empty file: an empty database
    const recovery = 'It was left as it is: move it aside (or restore a backup) and a new, empty database will be created.';
    const magic = new TextDecoder('latin1').decode(bytes.subarray(0, SQLITE_MAGIC.length));
    if (bytes.byteLength < HEADER_SIZE || magic !== SQLITE_MAGIC) {
      throw new StoreError(`The file ${this.location} is not an SQLite database. ${recovery}`);
    }
    const rawPageSize = (bytes[16] << 8) | bytes[17];
    const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
      throw new StoreError(`The database ${this.location} is damaged (its header names a page size of ${rawPageSize}). ${recovery}`);
    }
    if (bytes[18] === 2 || bytes[19] === 2) {
      throw new StoreError(
        `The database ${this.location} was switched to WAL mode by another program; this extension cannot see the data in its -wal file. ` +
          `Run \`sqlite3 "${this.location}" "PRAGMA journal_mode=DELETE"\` and try again.`,
      );
    }
    const changeCounter = readUint32(bytes, 24);
    const pages = readUint32(bytes, 28);
    const sizeValid = pages > 0 && changeCounter === readUint32(bytes, 92);
    const expected = sizeValid ? pages * pageSize : undefined;
    if (expected !== undefined && bytes.byteLength < expected) {
      throw new StoreError(
        `The database ${this.location} is truncated: it holds ${bytes.byteLength} bytes where its header promises ${expected}. ${recovery}`,
      );
    }
    if (bytes.byteLength % pageSize !== 0) {
      throw new StoreError(
        `The database ${this.location} is truncated or damaged: ${bytes.byteLength} bytes is not a whole number of ${pageSize}-byte pages. ${recovery}`,
      );
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
  }

  private runWork<T>(db: Database, work: (uow: UnitOfWork) => T, writable: boolean): T {
    if (!this.statements || this.db !== db) throw new Error('unreachable: statements of another database');
    const uow = createUnitOfWork({
      statements: this.statements,
      location: this.location,
      writable,
      reportInvalidRow: (table, id, issues) => this.reportInvalidRow(table, id, issues),
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

  private async save(db: Database): Promise<void> {
    const bytes = db.export();
    // Older sql.js releases reopened the database on export, which resets connection pragmas.
    db.run('PRAGMA foreign_keys = ON');
    const previous = this.seen && this.seen !== 'missing' ? this.seen.changeCounter : 0;
    const changeCounter = (previous + 1) >>> 0 || 1;
    writeUint32(bytes, 24, changeCounter);
    writeUint32(bytes, 92, changeCounter); // "version-valid-for": keeps the header's page count trusted
    try {
      await writeFileAtomic(this.location, bytes);
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

function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return (
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    a.ctimeNs === b.ctimeNs &&
    a.changeCounter === b.changeCounter
  );
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
}

function writeUint32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 24) & 0xff;
  bytes[offset + 1] = (value >>> 16) & 0xff;
  bytes[offset + 2] = (value >>> 8) & 0xff;
  bytes[offset + 3] = value & 0xff;
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

import type { Database, SqlJsStatic } from 'sql.js';
import { StoreError, UnreadableDatabaseError } from '../../core/errors';
import { checkDatabaseHeader } from './databaseFile';
import { SCHEMA_VERSION, listSchemaObjects, migrate, readSchemaVersion } from './schemaMigrations';
import { sqliteError } from './sqlJsRepositories';

/**
 * Opens file bytes as a database of our schema (not migrated yet), or explains why it cannot be
 * used: a file that cannot be used as it is (UnreadableDatabaseError) is told apart from a lock or
 * disk failure (the UI offers to move it aside).
 */
export function openDatabase(sql: SqlJsStatic, location: string, bytes: Uint8Array, roomy: Uint8Array = bytes): { db: Database; version: number } {
  try {
    return openBytes(sql, location, bytes, roomy);
  } catch (error) {
    throw error instanceof StoreError && !(error instanceof UnreadableDatabaseError) ? new UnreadableDatabaseError(error.message, { cause: error }) : error;
  }
}

function openBytes(sql: SqlJsStatic, location: string, bytes: Uint8Array, roomy: Uint8Array): { db: Database; version: number } {
  const pageCountTrusted = checkDatabaseHeader(location, bytes);
  let db: Database | undefined;
  try {
    // sql.js copies its input with `.slice()`, which on a Node Buffer is a view: two databases
    // made from one Buffer would share memory. `bytes` is a plain Uint8Array, so it is copied.
    // The room to grow goes with it only where SQLite takes the page count from the header.
    db = new sql.Database(bytes.byteLength === 0 ? undefined : pageCountTrusted ? roomy : bytes);
    const version = readSchemaVersion(db);
    if (version > SCHEMA_VERSION) {
      throw new StoreError(
        `The database ${location} has schema version ${version}, newer than this release knows (${SCHEMA_VERSION}). ` +
          'It was left as it is: update CleverAgents Checkpoints, or move the file aside to start with an empty one.',
      );
    }
    if (version === 0) {
      const foreign = listSchemaObjects(db);
      if (foreign.length > 0) {
        throw new StoreError(
          `The database ${location} is an SQLite file of another program (it holds ${foreign.slice(0, 5).join(', ')}). ` +
            'It was left as it is: move it aside, or point the database setting to another file.',
        );
      }
    }
    // On before any change, the log's replay included: its entries ran with it on (cascades).
    db.run('PRAGMA foreign_keys = ON');
    return { db, version };
  } catch (error) {
    db?.close();
    throw sqliteError({ location }, error);
  }
}

/** Brings a loaded database to our schema (whether it migrated); a failure is reported as the store's. */
export function migrateLoaded(location: string, db: Database, version: number): boolean {
  try {
    return migrate(db, version);
  } catch (error) {
    throw sqliteError({ location }, error);
  }
}

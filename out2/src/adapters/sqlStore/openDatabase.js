"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.openDatabase = openDatabase;
exports.migrateLoaded = migrateLoaded;
const errors_1 = require("../../core/errors");
const databaseFile_1 = require("./databaseFile");
const schemaMigrations_1 = require("./schemaMigrations");
const sqlJsRepositories_1 = require("./sqlJsRepositories");
/**
 * Opens file bytes as a database of our schema (not migrated yet), or explains why it cannot be
 * used: a file that cannot be used as it is (UnreadableDatabaseError) is told apart from a lock or
 * disk failure (the UI offers to move it aside).
 */
function openDatabase(sql, location, bytes, roomy = bytes) {
    try {
        return openBytes(sql, location, bytes, roomy);
    }
    catch (error) {
        throw error instanceof errors_1.StoreError && !(error instanceof errors_1.UnreadableDatabaseError) ? new errors_1.UnreadableDatabaseError(error.message, { cause: error }) : error;
    }
}
function openBytes(sql, location, bytes, roomy) {
    const pageCountTrusted = (0, databaseFile_1.checkDatabaseHeader)(location, bytes);
    let db;
    try {
        // sql.js copies its input with `.slice()`, which on a Node Buffer is a view: two databases
        // made from one Buffer would share memory. `bytes` is a plain Uint8Array, so it is copied.
        // The room to grow goes with it only where SQLite takes the page count from the header.
        db = new sql.Database(bytes.byteLength === 0 ? undefined : pageCountTrusted ? roomy : bytes);
        const version = (0, schemaMigrations_1.readSchemaVersion)(db);
        if (version > schemaMigrations_1.SCHEMA_VERSION) {
            throw new errors_1.StoreError(`The database ${location} has schema version ${version}, newer than this release knows (${schemaMigrations_1.SCHEMA_VERSION}). ` +
                'It was left as it is: update CleverAgents Checkpoints, or move the file aside to start with an empty one.');
        }
        if (version === 0) {
            const foreign = (0, schemaMigrations_1.listSchemaObjects)(db);
            if (foreign.length > 0) {
                throw new errors_1.StoreError(`The database ${location} is an SQLite file of another program (it holds ${foreign.slice(0, 5).join(', ')}). ` +
                    'It was left as it is: move it aside, or point the database setting to another file.');
            }
        }
        // On before any change, the log's replay included: its entries ran with it on (cascades).
        db.run('PRAGMA foreign_keys = ON');
        return { db, version };
    }
    catch (error) {
        db?.close();
        throw (0, sqlJsRepositories_1.sqliteError)({ location }, error);
    }
}
/** Brings a loaded database to our schema (whether it migrated); a failure is reported as the store's. */
function migrateLoaded(location, db, version) {
    try {
        return (0, schemaMigrations_1.migrate)(db, version);
    }
    catch (error) {
        throw (0, sqlJsRepositories_1.sqliteError)({ location }, error);
    }
}
//# sourceMappingURL=openDatabase.js.map
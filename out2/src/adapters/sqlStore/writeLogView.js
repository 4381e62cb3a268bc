"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WriteLogView = void 0;
const promises_1 = require("node:fs/promises");
const errors_1 = require("../../core/errors");
const schemaMigrations_1 = require("./schemaMigrations");
const writeLog_1 = require("./writeLog");
const writeLogFile_1 = require("./writeLogFile");
/**
 * The write log of one database (`<file>.log`, see writeLog.ts and docs/RELIABILITY.md) as far as
 * the database in memory has it: reading it beside a freshly loaded file, following what other
 * processes append, applying entries, and appending this process's transactions (`pending`, the
 * changes of the one running). The store (sqlJsCheckpointStore.ts) owns the database and its file.
 */
class WriteLogView {
    o;
    view = { kind: 'none' };
    /** The changes of the write transaction running now, for the log; undefined outside one. */
    pending;
    /** The running transaction made a change the log cannot express: it is saved whole. */
    unloggable = false;
    constructor(o) {
        this.o = o;
    }
    /** None, ignored or applied: what a save and a fold must do about the log. */
    get kind() {
        return this.view.kind;
    }
    /** How many of its entries the database in memory has (0 unless applied). */
    get appliedEntries() {
        return this.view.kind === 'applied' ? this.view.entries : 0;
    }
    /** The database in memory was dropped: it has no log. */
    reset() {
        this.view = { kind: 'none' };
    }
    /** The log beside no database file, warned about once; undefined when there is none. */
    async besideNoDatabase() {
        const identity = await this.statLog();
        if (identity)
            this.o.warnOnce(`Ignored the write log ${this.o.logPath}: there is no database beside it, so its changes have nothing to apply to. The next write replaces it.`);
        return identity;
    }
    /** The database in memory is a new, empty one: a log found beside no file (`besideNoDatabase`) is ignored. */
    ignore(identity) {
        this.view = identity ? { kind: 'ignored', identity } : { kind: 'none' };
    }
    /**
     * The write log as it stands beside the file version `fingerprint`: its entries when they were
     * written on that version; ignored when that version is its fold; 'changed' when the file changed
     * since (a fold ran meanwhile: load again). A log of another version that was not folded means
     * another program changed the file under it: refused, as applying it could be wrong and
     * dropping it would lose changes.
     */
    async readFor(fingerprint) {
        const read = await this.readLog(0);
        if (!read)
            return (await this.databaseStill(fingerprint)) ? { view: { kind: 'none' }, entries: [] } : 'changed';
        const parsed = this.parse(() => (0, writeLog_1.parseLog)(read.bytes));
        if (parsed.kind === 'unfinished') {
            this.o.warnOnce(`Ignored the write log ${this.o.logPath}: it ends before its header does (its creation was cut short), so it holds no change. The next write replaces it.`);
            return { view: { kind: 'ignored', identity: read.identity }, entries: [] };
        }
        const { header } = parsed;
        if (header.base_counter === fingerprint.changeCounter && BigInt(header.base_size) === fingerprint.size) {
            if (parsed.tornBytes > 0) {
                this.o.warnOnce(`Ignored the last ${parsed.tornBytes} bytes of the write log ${this.o.logPath}: an entry whose writing was cut short (it was never reported as saved). The next write removes them.`);
            }
            return {
                view: { kind: 'applied', identity: { ...read.identity, size: BigInt(read.bytes.byteLength) }, header, validEnd: parsed.validEnd, entries: parsed.entries.length },
                entries: parsed.entries,
            };
        }
        if (header.fold_counter === fingerprint.changeCounter)
            return { view: { kind: 'ignored', identity: read.identity }, entries: [] };
        if (!(await this.databaseStill(fingerprint)))
            return 'changed';
        throw new errors_1.StoreError(`The write log ${this.o.logPath} holds changes made to version ${header.base_counter} of the database, but ${this.o.databasePath} is now version ${fingerprint.changeCounter}: ` +
            'another program changed the file before the log was folded into it. Nothing was applied and both were left as they are. ' +
            'Move the log aside to use the database as it is (the changes in the log are then not in it), or put back the database the log belongs to.');
    }
    /** Applies a log found by `readFor` to the database just loaded (of schema `version`), and takes it as the view. */
    adopt(found, db, statements, version) {
        if (found.view.kind === 'applied')
            this.applyEntries(db, statements, found.entries, found.view.header, version);
        this.view = found.view;
    }
    /**
     * The database in memory, whose file did not change: applies what was appended to its log since.
     * False: load again. `migratedInMemory`: new entries, of the file's schema, cannot be applied.
     */
    async follow(db, statements, migratedInMemory) {
        const view = this.view;
        const now = await this.statLog();
        if (!now) {
            if (view.kind === 'applied')
                return false; // the entries we applied went away with their log: the file decides
            this.view = { kind: 'none' };
            return true;
        }
        if (view.kind === 'ignored')
            return (0, writeLogFile_1.sameLogFile)(now, view.identity) && now.size === view.identity.size;
        if (view.kind !== 'applied' || !(0, writeLogFile_1.sameLogFile)(now, view.identity) || now.size < BigInt(view.validEnd))
            return false;
        if (now.size === BigInt(view.validEnd))
            return true;
        // New entries are of the file's schema: on a database migrated in memory since, load again.
        if (migratedInMemory)
            return false;
        const read = await this.readLog(view.validEnd);
        if (!read || !(0, writeLogFile_1.sameLogFile)(read.identity, view.identity) || read.bytes.byteLength < view.validEnd)
            return false;
        const parsed = this.parse(() => (0, writeLog_1.parseEntries)(read.bytes, view.validEnd, view.entries + 1));
        if (parsed.entries.length === 0)
            return true; // a torn tail only
        try {
            this.applyEntries(db, statements, parsed.entries, view.header, schemaMigrations_1.SCHEMA_VERSION);
        }
        catch (error) {
            this.o.discard();
            throw error;
        }
        this.view = { ...view, identity: read.identity, validEnd: parsed.validEnd, entries: view.entries + parsed.entries.length };
        return true;
    }
    /**
     * Runs log entries on `db`, each in a transaction of its own, through our own statements only;
     * each statement must change as many rows as it did when it was written.
     */
    applyEntries(db, statements, entries, header, version) {
        if (entries.length === 0)
            return;
        if (header.statements !== writeLog_1.STATEMENT_SET || header.schema_version !== version) {
            throw new errors_1.StoreError(`The write log ${this.o.logPath} was written by another release of CleverAgents Checkpoints (schema ${header.schema_version}, statements ${header.statements}; ` +
                `this one has schema ${version}, statements ${writeLog_1.STATEMENT_SET}). Nothing in it was applied and it was left as it is: ` +
                'run `agents db fold` with the release that wrote it, then use this one.');
        }
        for (const { entry } of entries) {
            db.run('BEGIN');
            try {
                for (const [id, values, expected] of entry.changes) {
                    const changes = statements.with(writeLog_1.LOGGED_STATEMENTS[id], (statement) => {
                        statement.run(values);
                        return db.getRowsModified();
                    });
                    if (changes !== expected)
                        throw new Error(`${id} changed ${changes} rows where the log says ${expected}`);
                }
                db.run('COMMIT');
            }
            catch (error) {
                try {
                    db.run('ROLLBACK');
                }
                catch {
                    // the caller drops this database
                }
                throw new errors_1.StoreError(`Entry ${entry.seq} of the write log ${this.o.logPath} does not apply to the database (${error instanceof Error ? error.message : String(error)}). ` +
                    'Nothing was changed and both files were left as they are. Move the log aside to use the database as of its last fold (the changes in the log are then not in it).', { cause: error });
            }
        }
    }
    /** A write transaction begins: its changes are noted for the log from now. */
    beginTransaction() {
        this.pending = [];
        this.unloggable = false;
    }
    /** The write transaction ended: the changes it noted, or undefined when one of them cannot be logged. */
    endTransaction() {
        const recorded = this.pending;
        this.pending = undefined;
        return this.unloggable ? undefined : recorded;
    }
    /** Notes a change of the running write transaction for the log; one it cannot express makes the transaction a whole save. */
    recordChange(sql, params, changes) {
        if (!this.pending)
            return;
        const id = (0, writeLog_1.loggedStatementId)(sql);
        if (id === undefined || !params.every(writeLog_1.isLoggableValue)) {
            this.unloggable = true;
            return;
        }
        this.pending.push([id, params.slice(), changes]);
    }
    /**
     * The log record of a transaction's changes, or undefined when it is to be saved whole: a small
     * database (saved whole as it always was), a new or migrated one, or a record too large.
     */
    recordFor(changes, seen, migratedInMemory) {
        if (changes.length === 0 || migratedInMemory || seen === undefined || seen === 'missing')
            return undefined;
        if (seen.size < BigInt(this.o.options.minDatabaseBytes))
            return undefined;
        const seq = this.view.kind === 'applied' ? this.view.entries + 1 : 1;
        const record = (0, writeLog_1.encodeRecord)({ kind: 'entry', seq, changes });
        return record.byteLength > writeLog_1.MAX_RECORD_BYTES ? undefined : record;
    }
    /**
     * Appends a committed transaction to the write log beside the file `seen` (making the log when
     * there is none, or only one that does not apply), flushed before this returns. True: the log is
     * large enough to be folded in now.
     */
    async append(record, seen) {
        const view = this.view;
        try {
            if (view.kind === 'applied') {
                const identity = await (0, writeLogFile_1.appendLogRecord)(this.o.logPath, view.identity, view.validEnd, record);
                this.view = { ...view, identity, validEnd: view.validEnd + record.byteLength, entries: view.entries + 1 };
            }
            else {
                const header = {
                    kind: 'header',
                    format: 1,
                    base_counter: seen.changeCounter,
                    base_size: Number(seen.size),
                    fold_counter: (0, writeLog_1.foldCounterFor)(seen.changeCounter),
                    schema_version: schemaMigrations_1.SCHEMA_VERSION,
                    statements: writeLog_1.STATEMENT_SET,
                };
                const start = (0, writeLog_1.encodeLogStart)(header);
                const identity = await (0, writeLogFile_1.createLogFile)(this.o.logPath, Buffer.concat([start, record]));
                this.view = { kind: 'applied', identity, header, validEnd: start.byteLength + record.byteLength, entries: 1 };
            }
        }
        catch (error) {
            // Memory holds a commit the log does not: forget it, the files are the truth.
            this.o.discard();
            const why = error instanceof writeLogFile_1.WriteLogFileError ? error.message : error.message;
            const full = ['ENOSPC', 'EDQUOT'].includes(error.code ?? '');
            throw new errors_1.StoreError(`Cannot save the change to the write log ${this.o.logPath}: ${full ? `the disk holding it is full (${why}); free some space and try again` : why}. Nothing was saved: the database is as it was.`, { cause: error });
        }
        const { validEnd, entries } = this.view;
        return validEnd >= this.o.options.foldBytes || entries >= this.o.options.foldEntries;
    }
    /**
     * Before a whole save: a log that does not apply is removed first, so that no version of the file
     * can be mistaken for its base or its fold. Returns the counter the saved file must carry when
     * the save is the log's fold; undefined otherwise.
     */
    async beforeSave() {
        const view = this.view;
        if (view.kind === 'ignored') {
            try {
                await writeLogFile_1.writeLogSteps.removeLog(this.o.logPath);
            }
            catch (error) {
                throw new errors_1.StoreError(`Cannot remove the stale write log ${this.o.logPath}: ${error.message}. Nothing was saved: the database is as it was.`, { cause: error });
            }
            this.view = { kind: 'none' };
        }
        return view.kind === 'applied' ? view.header.fold_counter : undefined;
    }
    /** After a whole save that was the log's fold: the log is removed (or, failing that, ignored by every reader). */
    async afterFold() {
        const view = this.view;
        if (view.kind !== 'applied')
            return;
        try {
            await writeLogFile_1.writeLogSteps.removeLog(this.o.logPath);
            this.view = { kind: 'none' };
        }
        catch (error) {
            // Folded already: the file's counter is the log's fold counter, so every reader ignores it.
            this.view = { kind: 'ignored', identity: view.identity };
            this.o.warn(`Folded the write log into ${this.o.databasePath} but could not remove it (${error.message}); it is ignored, and the next write removes it.`);
        }
    }
    async readLog(from) {
        try {
            return await writeLogFile_1.writeLogSteps.readLog(this.o.logPath, from);
        }
        catch (error) {
            throw this.logFileError(error);
        }
    }
    async statLog() {
        try {
            return await (0, writeLogFile_1.statLogFile)(this.o.logPath);
        }
        catch (error) {
            throw this.logFileError(error);
        }
    }
    logFileError(error) {
        if (error instanceof writeLogFile_1.WriteLogFileError) {
            return new errors_1.StoreError(`Refused the write log ${this.o.logPath}: ${error.message}. Nothing in it was run. Move it aside and try again.`, { cause: error });
        }
        return new errors_1.StoreError(`Cannot read the write log ${this.o.logPath}: ${error.message}`, { cause: error });
    }
    /** Runs a parse of log bytes, turning damage or foreign content into a StoreError that says what to do. */
    parse(parse) {
        try {
            return parse();
        }
        catch (error) {
            if (!(error instanceof writeLog_1.WriteLogFormatError))
                throw error;
            throw new errors_1.StoreError(`The write log ${this.o.logPath} is damaged or not ours (at byte ${error.offset}: ${error.message}). Nothing in it was run and it was left as it is. ` +
                'Move it aside to use the database as of its last fold (the changes in the log are then not in it), or restore both files from a backup.', { cause: error });
        }
    }
    /** Whether the database file is still the version `fingerprint` was taken of. */
    async databaseStill(fingerprint) {
        try {
            const info = await (0, promises_1.stat)(this.o.databasePath, { bigint: true });
            return info.dev === fingerprint.dev && info.ino === fingerprint.ino && info.size === fingerprint.size && info.mtimeNs === fingerprint.mtimeNs && info.ctimeNs === fingerprint.ctimeNs;
        }
        catch {
            return false;
        }
    }
}
exports.WriteLogView = WriteLogView;
//# sourceMappingURL=writeLogView.js.map
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
exports.WriteLogFormatError = exports.LogEntrySchema = exports.LogHeaderSchema = exports.STATEMENT_SET = exports.LOGGED_STATEMENTS = exports.MAX_LOG_BYTES = exports.MAX_RECORD_BYTES = exports.LOG_MAGIC = void 0;
exports.loggedStatementId = loggedStatementId;
exports.isLoggableValue = isLoggableValue;
exports.encodeRecord = encodeRecord;
exports.encodeLogStart = encodeLogStart;
exports.parseLog = parseLog;
exports.parseEntries = parseEntries;
exports.foldCounterFor = foldCounterFor;
const node_crypto_1 = require("node:crypto");
const z = __importStar(require("zod"));
const errors_1 = require("../../core/errors");
const sqlJsDecisionRepositories_1 = require("./sqlJsDecisionRepositories");
const sqlJsRepositories_1 = require("./sqlJsRepositories");
// The database's write log: a file beside the database (`cleveragents.db.log`) that each write
// transaction appends to, instead of saving the whole database, once the database is large enough
// for a whole save to cost more than it should. This module is its format alone: records, their
// checks, and the statements an entry may name. The store (sqlJsCheckpointStore.ts) does the I/O.
//
// Layout: 8 bytes of magic, then records. A record is a 4-byte big-endian length, the first 8
// bytes of the SHA-256 of its payload, and the payload (UTF-8 JSON). The first record is the
// header, every later one an entry: one committed transaction, as the ids of our own statements
// with their bound values. Nothing else is ever run: an id maps to the text in STORE_SQL or
// DECISION_SQL, never to SQL read from the file.
exports.LOG_MAGIC = Buffer.from('CAWLOG1\n', 'latin1');
const RECORD_HEAD_BYTES = 12;
/** The largest record we write or read; a transaction whose entry would be larger is saved whole. */
exports.MAX_RECORD_BYTES = 4 * 1024 * 1024;
/** A log larger than this is not one of ours (folds keep it far smaller): it is refused unread. */
exports.MAX_LOG_BYTES = 64 * 1024 * 1024;
/** Every statement that changes rows, by a stable id (`store.insertCheckpoint`, `decision.setState`). */
exports.LOGGED_STATEMENTS = Object.freeze(Object.fromEntries([
    ...Object.entries(sqlJsRepositories_1.STORE_SQL).map(([name, sql]) => [`store.${name}`, sql]),
    ...Object.entries(sqlJsDecisionRepositories_1.DECISION_SQL).map(([name, sql]) => [`decision.${name}`, sql]),
].filter(([, sql]) => /^(INSERT|UPDATE|DELETE)\b/.test(sql))));
const STATEMENT_IDS = Object.keys(exports.LOGGED_STATEMENTS);
const ID_OF_SQL = new Map(Object.entries(exports.LOGGED_STATEMENTS).map(([id, sql]) => [sql, id]));
const PARAMETER_COUNT = new Map(Object.entries(exports.LOGGED_STATEMENTS).map(([id, sql]) => [id, (sql.match(/\?/g) ?? []).length]));
/**
 * A digest of the statement set. A log names statements by id: a release whose texts differ (a
 * column added, say) must not replay another's ids as its own, so the header carries this and a
 * log of another set is refused, not guessed at.
 */
exports.STATEMENT_SET = (0, node_crypto_1.createHash)('sha256').update(JSON.stringify(Object.entries(exports.LOGGED_STATEMENTS).sort())).digest('hex').slice(0, 16);
/** The id of a statement text, or undefined for one that is not ours to log. */
function loggedStatementId(sql) {
    return ID_OF_SQL.get(sql);
}
const Uint32Schema = z.number().int().min(0).max(0xffffffff);
exports.LogHeaderSchema = z
    .object({
    kind: z.literal('header'),
    format: z.literal(1),
    /** The database's change counter (header offset 24) the entries apply to. */
    base_counter: Uint32Schema,
    /** The database file's size then, a second check that it is the same file. */
    base_size: z.number().int().min(0),
    /** The change counter the fold of this log gives the database: a log left by a fold that was killed before removing it is recognised by it. */
    fold_counter: Uint32Schema,
    schema_version: z.number().int().min(1),
    statements: z.string().max(64),
})
    .strict();
const SqlValueSchema = z.union([z.string(), z.number().finite(), z.null()]);
/** One statement run: its id, its bound values, and how many rows it changed (checked on replay). */
const ChangeSchema = z.tuple([z.enum(STATEMENT_IDS), z.array(SqlValueSchema).max(64), z.number().int().min(0)]);
exports.LogEntrySchema = z
    .object({
    kind: z.literal('entry'),
    /** 1, 2, 3… in file order: a record repeated or moved is refused. */
    seq: z.number().int().min(1),
    changes: z.array(ChangeSchema).min(1).max(200_000),
})
    .strict()
    .superRefine((entry, ctx) => {
    entry.changes.forEach(([id, values], i) => {
        if (values.length !== PARAMETER_COUNT.get(id)) {
            ctx.addIssue({ code: 'custom', path: ['changes', i], message: `${id} takes ${PARAMETER_COUNT.get(id)} values, not ${values.length}` });
        }
    });
});
/** A value we can log exactly: text, a finite number or NULL (blobs and the like are saved whole). */
function isLoggableValue(value) {
    return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0));
}
/** A record's bytes: length, checksum, payload. */
function encodeRecord(payload) {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    const head = Buffer.alloc(RECORD_HEAD_BYTES);
    head.writeUInt32BE(body.byteLength, 0);
    checksum(body).copy(head, 4);
    return Buffer.concat([head, body]);
}
/** A log file's first bytes: the magic and its header. */
function encodeLogStart(header) {
    return Buffer.concat([exports.LOG_MAGIC, encodeRecord(header)]);
}
function checksum(body) {
    return (0, node_crypto_1.createHash)('sha256').update(body).digest().subarray(0, 8);
}
/** A log that is damaged or not ours; `offset` is where in the file. */
class WriteLogFormatError extends Error {
    offset;
    constructor(offset, message) {
        super(message);
        this.offset = offset;
    }
}
exports.WriteLogFormatError = WriteLogFormatError;
/**
 * Reads a whole log. A file too short to hold its header is `unfinished` (its creation was cut
 * short: it holds nothing acknowledged). Damage or content that is not ours throws
 * WriteLogFormatError; a torn last record is left out and counted in `tornBytes`.
 */
function parseLog(bytes) {
    if (bytes.byteLength < exports.LOG_MAGIC.byteLength) {
        if (!exports.LOG_MAGIC.subarray(0, bytes.byteLength).equals(bytes))
            throw new WriteLogFormatError(0, 'it does not start as a write log of CleverAgents');
        return { kind: 'unfinished' };
    }
    if (!exports.LOG_MAGIC.equals(bytes.subarray(0, exports.LOG_MAGIC.byteLength)))
        throw new WriteLogFormatError(0, 'it does not start as a write log of CleverAgents');
    const first = readRecord(bytes, exports.LOG_MAGIC.byteLength);
    if (first.kind === 'torn')
        return { kind: 'unfinished' };
    const header = exports.LogHeaderSchema.safeParse(first.value);
    if (!header.success)
        throw new WriteLogFormatError(exports.LOG_MAGIC.byteLength, `its header is not ours (${(0, errors_1.describeIssues)(header.error.issues)})`);
    return { kind: 'log', header: header.data, headerEnd: first.end, ...parseEntries(bytes, first.end, 1) };
}
/** Reads the entries from `offset` on (`bytes` is the whole file), the first expected to be number `seq`. */
function parseEntries(bytes, offset, seq) {
    const entries = [];
    let at = offset;
    let next = seq;
    while (at < bytes.byteLength) {
        const record = readRecord(bytes, at);
        if (record.kind === 'torn')
            break;
        const parsed = exports.LogEntrySchema.safeParse(record.value);
        if (!parsed.success)
            throw new WriteLogFormatError(at, `entry ${next} is not one of ours (${(0, errors_1.describeIssues)(parsed.error.issues)})`);
        if (parsed.data.seq !== next)
            throw new WriteLogFormatError(at, `entry ${next} is numbered ${parsed.data.seq}: entries are missing, repeated or out of order`);
        entries.push({ entry: parsed.data, end: record.end });
        at = record.end;
        next += 1;
    }
    return { entries, validEnd: at, tornBytes: bytes.byteLength - at };
}
/**
 * One record at `at`. What a writer cut short can only be the last record: shorter than its length
 * says, a wrong checksum with nothing after it, or zeros (a file extended but not written). The
 * same faults with data after them are damage, reported rather than skipped.
 */
function readRecord(bytes, at) {
    const remaining = bytes.byteLength - at;
    if (remaining < RECORD_HEAD_BYTES)
        return { kind: 'torn' };
    const view = Buffer.from(bytes.buffer, bytes.byteOffset + at, remaining);
    const length = view.readUInt32BE(0);
    if (length === 0 || length > exports.MAX_RECORD_BYTES) {
        if (view.every((b) => b === 0))
            return { kind: 'torn' };
        throw new WriteLogFormatError(at, `a record says it holds ${length} bytes (at most ${exports.MAX_RECORD_BYTES} are written)`);
    }
    if (RECORD_HEAD_BYTES + length > remaining)
        return { kind: 'torn' };
    const body = view.subarray(RECORD_HEAD_BYTES, RECORD_HEAD_BYTES + length);
    const end = at + RECORD_HEAD_BYTES + length;
    if (!checksum(body).equals(view.subarray(4, RECORD_HEAD_BYTES))) {
        if (end === bytes.byteLength)
            return { kind: 'torn' };
        throw new WriteLogFormatError(at, 'a record does not match its checksum, and records follow it');
    }
    let value;
    try {
        value = JSON.parse(body.toString('utf8'));
    }
    catch {
        throw new WriteLogFormatError(at, 'a record is not JSON');
    }
    return { kind: 'record', value, end };
}
/** The change counter a log's fold gives the database: far from any count another SQLite client reaches by its own commits. */
function foldCounterFor(baseCounter) {
    return ((baseCounter + 0x40000000) >>> 0) || 1;
}
//# sourceMappingURL=writeLog.js.map
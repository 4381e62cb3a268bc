import { createHash } from 'node:crypto';
import type { SqlValue } from 'sql.js';
import * as z from 'zod';
import { describeIssues } from '../../core/errors';
import { DECISION_SQL } from './sqlJsDecisionRepositories';
import { STORE_SQL } from './sqlJsRepositories';

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

export const LOG_MAGIC = Buffer.from('CAWLOG1\n', 'latin1');
const RECORD_HEAD_BYTES = 12;
/** The largest record we write or read; a transaction whose entry would be larger is saved whole. */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;
/** A log larger than this is not one of ours (folds keep it far smaller): it is refused unread. */
export const MAX_LOG_BYTES = 64 * 1024 * 1024;

/** Every statement that changes rows, by a stable id (`store.insertCheckpoint`, `decision.setState`). */
export const LOGGED_STATEMENTS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    [
      ...Object.entries(STORE_SQL).map(([name, sql]) => [`store.${name}`, sql] as const),
      ...Object.entries(DECISION_SQL).map(([name, sql]) => [`decision.${name}`, sql] as const),
    ].filter(([, sql]) => /^(INSERT|UPDATE|DELETE)\b/.test(sql)),
  ),
);
const STATEMENT_IDS = Object.keys(LOGGED_STATEMENTS) as [string, ...string[]];
const ID_OF_SQL = new Map(Object.entries(LOGGED_STATEMENTS).map(([id, sql]) => [sql, id]));
const PARAMETER_COUNT = new Map(Object.entries(LOGGED_STATEMENTS).map(([id, sql]) => [id, (sql.match(/\?/g) ?? []).length]));

/**
 * A digest of the statement set. A log names statements by id: a release whose texts differ (a
 * column added, say) must not replay another's ids as its own, so the header carries this and a
 * log of another set is refused, not guessed at.
 */
export const STATEMENT_SET = createHash('sha256').update(JSON.stringify(Object.entries(LOGGED_STATEMENTS).sort())).digest('hex').slice(0, 16);

/** The id of a statement text, or undefined for one that is not ours to log. */
export function loggedStatementId(sql: string): string | undefined {
  return ID_OF_SQL.get(sql);
}

const Uint32Schema = z.number().int().min(0).max(0xffffffff);

export const LogHeaderSchema = z
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
export type LogHeader = z.infer<typeof LogHeaderSchema>;

const SqlValueSchema = z.union([z.string(), z.number().finite(), z.null()]);

/** One statement run: its id, its bound values, and how many rows it changed (checked on replay). */
const ChangeSchema = z.tuple([z.enum(STATEMENT_IDS), z.array(SqlValueSchema).max(64), z.number().int().min(0)]);

export const LogEntrySchema = z
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
export type LogEntry = z.infer<typeof LogEntrySchema>;
export type LoggedChange = LogEntry['changes'][number];

/** A value we can log exactly: text, a finite number or NULL (blobs and the like are saved whole). */
export function isLoggableValue(value: SqlValue): value is string | number | null {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0));
}

/** A record's bytes: length, checksum, payload. */
export function encodeRecord(payload: LogHeader | LogEntry): Buffer {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const head = Buffer.alloc(RECORD_HEAD_BYTES);
  head.writeUInt32BE(body.byteLength, 0);
  checksum(body).copy(head, 4);
  return Buffer.concat([head, body]);
}

/** A log file's first bytes: the magic and its header. */
export function encodeLogStart(header: LogHeader): Buffer {
  return Buffer.concat([LOG_MAGIC, encodeRecord(header)]);
}

function checksum(body: Uint8Array): Buffer {
  return createHash('sha256').update(body).digest().subarray(0, 8);
}

/** A log that is damaged or not ours; `offset` is where in the file. */
export class WriteLogFormatError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ParsedEntry {
  readonly entry: LogEntry;
  /** The byte after its record. */
  readonly end: number;
}

/** Entries read from a position: the complete ones, where they end, and how many bytes after them are a torn tail. */
export interface ParsedEntries {
  readonly entries: ParsedEntry[];
  /** The end of the last complete entry (where the next append goes). */
  readonly validEnd: number;
  /** Bytes after `validEnd`: a record whose writer was killed or lost power mid-way. */
  readonly tornBytes: number;
}

export type ParsedLog = { readonly kind: 'unfinished' } | ({ readonly kind: 'log'; readonly header: LogHeader; readonly headerEnd: number } & ParsedEntries);

/**
 * Reads a whole log. A file too short to hold its header is `unfinished` (its creation was cut
 * short: it holds nothing acknowledged). Damage or content that is not ours throws
 * WriteLogFormatError; a torn last record is left out and counted in `tornBytes`.
 */
export function parseLog(bytes: Uint8Array): ParsedLog {
  if (bytes.byteLength < LOG_MAGIC.byteLength) {
    if (!LOG_MAGIC.subarray(0, bytes.byteLength).equals(bytes)) throw new WriteLogFormatError(0, 'it does not start as a write log of CleverAgents');
    return { kind: 'unfinished' };
  }
  if (!LOG_MAGIC.equals(bytes.subarray(0, LOG_MAGIC.byteLength))) throw new WriteLogFormatError(0, 'it does not start as a write log of CleverAgents');
  const first = readRecord(bytes, LOG_MAGIC.byteLength);
  if (first.kind === 'torn') return { kind: 'unfinished' };
  const header = LogHeaderSchema.safeParse(first.value);
  if (!header.success) throw new WriteLogFormatError(LOG_MAGIC.byteLength, `its header is not ours (${describeIssues(header.error.issues)})`);
  return { kind: 'log', header: header.data, headerEnd: first.end, ...parseEntries(bytes, first.end, 1) };
}

/** Reads the entries from `offset` on (`bytes` is the whole file), the first expected to be number `seq`. */
export function parseEntries(bytes: Uint8Array, offset: number, seq: number): ParsedEntries {
  const entries: ParsedEntry[] = [];
  let at = offset;
  let next = seq;
  while (at < bytes.byteLength) {
    const record = readRecord(bytes, at);
    if (record.kind === 'torn') break;
    const parsed = LogEntrySchema.safeParse(record.value);
    if (!parsed.success) throw new WriteLogFormatError(at, `entry ${next} is not one of ours (${describeIssues(parsed.error.issues)})`);
    if (parsed.data.seq !== next) throw new WriteLogFormatError(at, `entry ${next} is numbered ${parsed.data.seq}: entries are missing, repeated or out of order`);
    entries.push({ entry: parsed.data, end: record.end });
    at = record.end;
    next += 1;
  }
  return { entries, validEnd: at, tornBytes: bytes.byteLength - at };
}

type RecordRead = { kind: 'torn' } | { kind: 'record'; value: unknown; end: number };

/**
 * One record at `at`. What a writer cut short can only be the last record: shorter than its length
 * says, a wrong checksum with nothing after it, or zeros (a file extended but not written). The
 * same faults with data after them are damage, reported rather than skipped.
 */
function readRecord(bytes: Uint8Array, at: number): RecordRead {
  const remaining = bytes.byteLength - at;
  if (remaining < RECORD_HEAD_BYTES) return { kind: 'torn' };
  const view = Buffer.from(bytes.buffer, bytes.byteOffset + at, remaining);
  const length = view.readUInt32BE(0);
  if (length === 0 || length > MAX_RECORD_BYTES) {
    if (view.every((b) => b === 0)) return { kind: 'torn' };
    throw new WriteLogFormatError(at, `a record says it holds ${length} bytes (at most ${MAX_RECORD_BYTES} are written)`);
  }
  if (RECORD_HEAD_BYTES + length > remaining) return { kind: 'torn' };
  const body = view.subarray(RECORD_HEAD_BYTES, RECORD_HEAD_BYTES + length);
  const end = at + RECORD_HEAD_BYTES + length;
  if (!checksum(body).equals(view.subarray(4, RECORD_HEAD_BYTES))) {
    if (end === bytes.byteLength) return { kind: 'torn' };
    throw new WriteLogFormatError(at, 'a record does not match its checksum, and records follow it');
  }
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WriteLogFormatError(at, 'a record is not JSON');
  }
  return { kind: 'record', value, end };
}

/** The change counter a log's fold gives the database: far from any count another SQLite client reaches by its own commits. */
export function foldCounterFor(baseCounter: number): number {
  return ((baseCounter + 0x40000000) >>> 0) || 1;
}

import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { fsyncDirectory, tempFileFor, writeFileAtomic } from '../files/atomicFile';
import { MAX_LOG_BYTES } from './writeLog';

// The write log's file operations, apart from its format (writeLog.ts) so that each step a kill
// can land between is one named function (the kill tests stop the process inside them).

/** `O_NOFOLLOW` where the platform has it: a link put at the log's name is refused by the open itself. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/**
 * `O_NONBLOCK` where the platform has it: a FIFO put at the log's name opens at once (and is then
 * refused as no regular file) instead of waiting for a writer; a regular file opens the same.
 */
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/** Which file a log is, to see whether it is the one read before. */
export interface LogIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
}

export function sameLogFile(a: LogIdentity, b: LogIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** A problem with the log file itself (not its content), with a sentence for the user. */
export class WriteLogFileError extends Error {}

/**
 * The log's bytes from `from` on, with which file they came from; undefined when there is no log.
 * Refuses what is not a regular file or is far larger than a log of ours gets.
 */
export async function readLogFile(logPath: string, from = 0): Promise<{ bytes: Uint8Array; identity: LogIdentity } | undefined> {
  const handle = await openLog(logPath);
  if (handle === undefined) return undefined;
  try {
    const info = await handle.stat({ bigint: true });
    if (!info.isFile()) throw new WriteLogFileError('it is not a regular file');
    if (info.size > BigInt(MAX_LOG_BYTES)) throw new WriteLogFileError(`it holds ${info.size} bytes, more than a write log of CleverAgents ever holds (${MAX_LOG_BYTES})`);
    const size = Number(info.size);
    // The bytes before `from` are left as zeros: the caller parses from `from` only.
    const bytes = new Uint8Array(Math.max(size, from));
    let offset = from;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return { bytes: bytes.subarray(0, offset), identity: { dev: info.dev, ino: info.ino, size: BigInt(offset) } };
  } finally {
    await handle.close();
  }
}

/** The log opened for reading without following a link; undefined when there is none. */
async function openLog(logPath: string): Promise<FileHandle | undefined> {
  try {
    return await open(logPath, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
  } catch (error) {
    return noLogOrThrow(error);
  }
}

/** Undefined for a log that is not there; a WriteLogFileError for one that cannot be opened. */
function noLogOrThrow(error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return undefined;
  if (code === 'ELOOP') throw new WriteLogFileError('it is a symbolic link');
  throw new WriteLogFileError(`it cannot be opened (${(error as Error).message})`);
}

/**
 * What the log is now, without reading it; undefined when there is none. Synchronous: every read
 * of the database asks (an open, a stat, a close: microseconds, where three round trips through
 * the thread pool take far longer and wait their turn on a busy event loop).
 */
export async function statLogFile(logPath: string): Promise<LogIdentity | undefined> {
  let fd: number;
  try {
    fd = openSync(logPath, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
  } catch (error) {
    return noLogOrThrow(error);
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    return { dev: info.dev, ino: info.ino, size: info.size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a new log holding `bytes` (the magic, the header and the first entry) in one step: written
 * beside it, flushed, renamed over any log there (one left by a fold), and the folder flushed, so
 * the log exists whole or not at all, and survives a power cut once this returns.
 */
export async function createLogFile(logPath: string, bytes: Uint8Array): Promise<LogIdentity> {
  const temp = tempFileFor(logPath);
  let renamed = false;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await writeAll(handle, bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, logPath);
    renamed = true;
    await fsyncDirectory(path.dirname(logPath));
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
  const identity = await statLogFile(logPath);
  if (!identity) throw new WriteLogFileError('it vanished right after it was made');
  return identity;
}

/**
 * Appends one record to the log `expected` (the file read before, under the same lock), after
 * cutting off a torn tail past `validEnd`, and flushes it. If anything fails after the write, the
 * record is cut off again, so that what the caller reports as not saved is not replayed later.
 */
export async function appendLogRecord(logPath: string, expected: LogIdentity, validEnd: number, record: Uint8Array): Promise<LogIdentity> {
  const handle = await open(logPath, constants.O_WRONLY | NO_FOLLOW);
  try {
    const info = await handle.stat({ bigint: true });
    if (!sameLogFile(info, expected)) throw new WriteLogFileError('it was replaced by another file while the lock was held');
    if (info.size !== BigInt(validEnd)) await handle.truncate(validEnd);
    try {
      await writeLogSteps.writeRecord(handle, record, validEnd);
      await writeLogSteps.flushLog(handle);
    } catch (error) {
      await handle.truncate(validEnd).catch(() => undefined);
      throw error;
    }
    return { dev: info.dev, ino: info.ino, size: BigInt(validEnd + record.byteLength) };
  } finally {
    await handle.close();
  }
}

type Handle = Awaited<ReturnType<typeof open>>;

/** The append itself (a kill test cuts it short). */
async function writeRecordAt(handle: Handle, record: Uint8Array, position: number): Promise<void> {
  let offset = 0;
  while (offset < record.byteLength) {
    const { bytesWritten } = await handle.write(record, offset, record.byteLength - offset, position + offset);
    offset += bytesWritten;
  }
}

/** The flush after an append (a kill test stops before it). */
async function flushLog(handle: Handle): Promise<void> {
  await handle.datasync();
}

async function writeAll(handle: Handle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
    offset += bytesWritten;
  }
}

/** Removes the log after a fold; one already gone is fine. */
async function removeLogFile(logPath: string): Promise<void> {
  try {
    await unlink(logPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * The steps a kill or another process can land between, called through this object so that tests
 * can stop the process inside one or run another process's work there: the reading of the log, the
 * append, its flush, the fold's replacement of the database, and the removal of the folded log.
 */
export const writeLogSteps = {
  readLog: readLogFile,
  writeRecord: writeRecordAt,
  flushLog,
  replaceDatabase: (databasePath: string, bytes: Uint8Array): Promise<void> => writeFileAtomic(databasePath, bytes, 0o600),
  removeLog: removeLogFile,
};

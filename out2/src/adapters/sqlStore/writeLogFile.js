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
exports.writeLogSteps = exports.WriteLogFileError = void 0;
exports.sameLogFile = sameLogFile;
exports.readLogFile = readLogFile;
exports.statLogFile = statLogFile;
exports.createLogFile = createLogFile;
exports.appendLogRecord = appendLogRecord;
const node_fs_1 = require("node:fs");
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const atomicFile_1 = require("../files/atomicFile");
const writeLog_1 = require("./writeLog");
// The write log's file operations, apart from its format (writeLog.ts) so that each step a kill
// can land between is one named function (the kill tests stop the process inside them).
/** `O_NOFOLLOW` where the platform has it: a link put at the log's name is refused by the open itself. */
const NO_FOLLOW = node_fs_1.constants.O_NOFOLLOW ?? 0;
/**
 * `O_NONBLOCK` where the platform has it: a FIFO put at the log's name opens at once (and is then
 * refused as no regular file) instead of waiting for a writer; a regular file opens the same.
 */
const NON_BLOCKING = node_fs_1.constants.O_NONBLOCK ?? 0;
function sameLogFile(a, b) {
    return a.dev === b.dev && a.ino === b.ino;
}
/** A problem with the log file itself (not its content), with a sentence for the user. */
class WriteLogFileError extends Error {
}
exports.WriteLogFileError = WriteLogFileError;
/**
 * The log's bytes from `from` on, with which file they came from; undefined when there is no log.
 * Refuses what is not a regular file or is far larger than a log of ours gets.
 */
async function readLogFile(logPath, from = 0) {
    const handle = await openLog(logPath);
    if (handle === undefined)
        return undefined;
    try {
        const info = await handle.stat({ bigint: true });
        if (!info.isFile())
            throw new WriteLogFileError('it is not a regular file');
        if (info.size > BigInt(writeLog_1.MAX_LOG_BYTES))
            throw new WriteLogFileError(`it holds ${info.size} bytes, more than a write log of CleverAgents ever holds (${writeLog_1.MAX_LOG_BYTES})`);
        const size = Number(info.size);
        // The bytes before `from` are left as zeros: the caller parses from `from` only.
        const bytes = new Uint8Array(Math.max(size, from));
        let offset = from;
        while (offset < size) {
            const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
            if (bytesRead === 0)
                break;
            offset += bytesRead;
        }
        return { bytes: bytes.subarray(0, offset), identity: { dev: info.dev, ino: info.ino, size: BigInt(offset) } };
    }
    finally {
        await handle.close();
    }
}
/** The log opened for reading without following a link; undefined when there is none. */
async function openLog(logPath) {
    try {
        return await (0, promises_1.open)(logPath, node_fs_1.constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
    }
    catch (error) {
        return noLogOrThrow(error);
    }
}
/** Undefined for a log that is not there; a WriteLogFileError for one that cannot be opened. */
function noLogOrThrow(error) {
    const code = error.code;
    if (code === 'ENOENT')
        return undefined;
    if (code === 'ELOOP')
        throw new WriteLogFileError('it is a symbolic link');
    throw new WriteLogFileError(`it cannot be opened (${error.message})`);
}
/**
 * What the log is now, without reading it; undefined when there is none. Synchronous: every read
 * of the database asks (an open, a stat, a close: microseconds, where three round trips through
 * the thread pool take far longer and wait their turn on a busy event loop).
 */
async function statLogFile(logPath) {
    let fd;
    try {
        fd = (0, node_fs_1.openSync)(logPath, node_fs_1.constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
    }
    catch (error) {
        return noLogOrThrow(error);
    }
    try {
        const info = (0, node_fs_1.fstatSync)(fd, { bigint: true });
        return { dev: info.dev, ino: info.ino, size: info.size };
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
    }
}
/**
 * Makes a new log holding `bytes` (the magic, the header and the first entry) in one step: written
 * beside it, flushed, renamed over any log there (one left by a fold), and the folder flushed, so
 * the log exists whole or not at all, and survives a power cut once this returns.
 */
async function createLogFile(logPath, bytes) {
    const temp = (0, atomicFile_1.tempFileFor)(logPath);
    let renamed = false;
    try {
        const handle = await (0, promises_1.open)(temp, 'wx', 0o600);
        try {
            await writeAll(handle, bytes);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await (0, promises_1.rename)(temp, logPath);
        renamed = true;
        await (0, atomicFile_1.fsyncDirectory)(path.dirname(logPath));
    }
    finally {
        if (!renamed)
            await (0, promises_1.unlink)(temp).catch(() => undefined);
    }
    const identity = await statLogFile(logPath);
    if (!identity)
        throw new WriteLogFileError('it vanished right after it was made');
    return identity;
}
/**
 * Appends one record to the log `expected` (the file read before, under the same lock), after
 * cutting off a torn tail past `validEnd`, and flushes it. If anything fails after the write, the
 * record is cut off again, so that what the caller reports as not saved is not replayed later.
 */
async function appendLogRecord(logPath, expected, validEnd, record) {
    const handle = await (0, promises_1.open)(logPath, node_fs_1.constants.O_WRONLY | NO_FOLLOW);
    try {
        const info = await handle.stat({ bigint: true });
        if (!sameLogFile(info, expected))
            throw new WriteLogFileError('it was replaced by another file while the lock was held');
        if (info.size !== BigInt(validEnd))
            await handle.truncate(validEnd);
        try {
            await exports.writeLogSteps.writeRecord(handle, record, validEnd);
            await exports.writeLogSteps.flushLog(handle);
        }
        catch (error) {
            await handle.truncate(validEnd).catch(() => undefined);
            throw error;
        }
        return { dev: info.dev, ino: info.ino, size: BigInt(validEnd + record.byteLength) };
    }
    finally {
        await handle.close();
    }
}
/** The append itself (a kill test cuts it short). */
async function writeRecordAt(handle, record, position) {
    let offset = 0;
    while (offset < record.byteLength) {
        const { bytesWritten } = await handle.write(record, offset, record.byteLength - offset, position + offset);
        offset += bytesWritten;
    }
}
/** The flush after an append (a kill test stops before it). */
async function flushLog(handle) {
    await handle.datasync();
}
async function writeAll(handle, bytes) {
    let offset = 0;
    while (offset < bytes.byteLength) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
        offset += bytesWritten;
    }
}
/** Removes the log after a fold; one already gone is fine. */
async function removeLogFile(logPath) {
    try {
        await (0, promises_1.unlink)(logPath);
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            throw error;
    }
}
/**
 * The steps a kill or another process can land between, called through this object so that tests
 * can stop the process inside one or run another process's work there: the reading of the log, the
 * append, its flush, the fold's replacement of the database, and the removal of the folded log.
 */
exports.writeLogSteps = {
    readLog: readLogFile,
    writeRecord: writeRecordAt,
    flushLog,
    replaceDatabase: (databasePath, bytes) => (0, atomicFile_1.writeFileAtomic)(databasePath, bytes, 0o600),
    removeLog: removeLogFile,
};
//# sourceMappingURL=writeLogFile.js.map
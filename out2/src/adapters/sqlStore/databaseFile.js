"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readDatabaseFile = readDatabaseFile;
exports.checkDatabaseHeader = checkDatabaseHeader;
exports.sameFingerprint = sameFingerprint;
exports.readUint32 = readUint32;
exports.writeUint32 = writeUint32;
const node_fs_1 = require("node:fs");
const node_util_1 = require("node:util");
const errors_1 = require("../../core/errors");
/**
 * Zero bytes handed to sql.js after a large file's own: its in-memory file then has room to grow
 * by a few pages without being copied whole into a larger buffer (27 MB copied on the first new
 * page of every process, which cost more than the write itself). SQLite reads the page count from
 * the header when it is valid (it is in every file we save), so the bytes after it are not part of
 * the database, and an export copies the database's pages only.
 */
const GROWTH_ROOM = 1024 * 1024;
/**
 * File bytes that sql.js may keep rather than copy. sql.js puts a database's bytes into its
 * in-memory file system, which stores the first write to a file as `bytes.slice()`: here that
 * slice of the whole is the array itself, so a 27 MB file is not copied a second time. The
 * array is not used again once handed over. Should a later sql.js copy some other way, it simply
 * copies.
 */
class HandedOverBytes extends Uint8Array {
    slice(start, end) {
        if ((start ?? 0) === 0 && (end ?? this.length) === this.length)
            return this;
        return new Uint8Array(this.buffer, this.byteOffset, this.length).slice(start, end);
    }
}
const SQLITE_MAGIC = 'SQLite format 3\0';
const HEADER_SIZE = 100;
/** Compares the file with what we hold; reads it only when it is a different version. */
async function readDatabaseFile(location, held) {
    // The look (open, stat, the header) is synchronous: every read of the database makes it, and it
    // takes microseconds where four round trips through the thread pool take far longer on a busy
    // event loop. The whole file, when it changed, is read through the pool. O_NONBLOCK: a FIFO put
    // at the database's name opens at once (and fails to read) instead of holding the process.
    let fd;
    try {
        fd = (0, node_fs_1.openSync)(location, node_fs_1.constants.O_RDONLY | (node_fs_1.constants.O_NONBLOCK ?? 0));
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return { kind: 'missing' };
        throw new errors_1.StoreError(`Cannot open the database ${location}: ${error.message}`, { cause: error });
    }
    try {
        // One handle for the look and the read: a writer that renames a new file in meanwhile
        // cannot make us pair one version's fingerprint with another's bytes.
        const info = (0, node_fs_1.fstatSync)(fd, { bigint: true });
        // (a folder fails at the read, as it always did)
        if (!info.isFile() && !info.isDirectory())
            throw new Error('it is not a regular file');
        const header = new Uint8Array(HEADER_SIZE);
        const bytesRead = (0, node_fs_1.readSync)(fd, header, 0, HEADER_SIZE, 0);
        const fingerprint = {
            dev: info.dev,
            ino: info.ino,
            size: info.size,
            mtimeNs: info.mtimeNs,
            ctimeNs: info.ctimeNs,
            changeCounter: bytesRead >= 28 ? readUint32(header, 24) : -1,
        };
        if (held !== undefined && sameFingerprint(held, fingerprint)) {
            return { kind: 'unchanged' };
        }
        const size = Number(info.size);
        const roomy = new HandedOverBytes(new ArrayBuffer(size >= GROWTH_ROOM ? size + GROWTH_ROOM : size));
        let offset = 0;
        while (offset < size) {
            const { bytesRead: n } = await readAt(fd, roomy, offset, size - offset, offset);
            if (n === 0)
                break;
            offset += n;
        }
        const bytes = roomy.subarray(0, offset);
        return { kind: 'changed', bytes, roomy: offset === size ? roomy : bytes, fingerprint };
    }
    catch (error) {
        throw new errors_1.StoreError(`Cannot read the database ${location}: ${error.message}`, { cause: error });
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
    }
}
const readAt = (0, node_util_1.promisify)(node_fs_1.read);
/**
 * Reads the 100-byte header before SQLite does: a file that is not SQLite, or that is shorter than
 * its header says (a truncated copy), is refused here, where SQLite would only fail on the first
 * query that touches a missing page. Returns whether SQLite takes the page count from the header
 * (valid, and the file holds exactly those pages).
 */
function checkDatabaseHeader(location, bytes) {
    if (bytes.byteLength === 0)
        return false; // SQLite's own reading of an empty file: an empty database
    const recovery = 'It was left as it is: move it aside (or restore a backup) and a new, empty database will be created.';
    const magic = new TextDecoder('latin1').decode(bytes.subarray(0, SQLITE_MAGIC.length));
    if (bytes.byteLength < HEADER_SIZE || magic !== SQLITE_MAGIC) {
        throw new errors_1.StoreError(`The file ${location} is not an SQLite database. ${recovery}`);
    }
    const rawPageSize = (bytes[16] << 8) | bytes[17];
    const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
        throw new errors_1.StoreError(`The database ${location} is damaged (its header names a page size of ${rawPageSize}). ${recovery}`);
    }
    if (bytes[18] === 2 || bytes[19] === 2) {
        throw new errors_1.StoreError(`The database ${location} was switched to WAL mode by another program; this extension cannot see the data in its -wal file. ` +
            `Run \`sqlite3 "${location}" "PRAGMA journal_mode=DELETE"\` and try again.`);
    }
    const changeCounter = readUint32(bytes, 24);
    const pages = readUint32(bytes, 28);
    const sizeValid = pages > 0 && changeCounter === readUint32(bytes, 92);
    const expected = sizeValid ? pages * pageSize : undefined;
    if (expected !== undefined && bytes.byteLength < expected) {
        throw new errors_1.StoreError(`The database ${location} is truncated: it holds ${bytes.byteLength} bytes where its header promises ${expected}. ${recovery}`);
    }
    if (bytes.byteLength % pageSize !== 0) {
        throw new errors_1.StoreError(`The database ${location} is truncated or damaged: ${bytes.byteLength} bytes is not a whole number of ${pageSize}-byte pages. ${recovery}`);
    }
    return expected === bytes.byteLength;
}
function sameFingerprint(a, b) {
    return (a.dev === b.dev &&
        a.ino === b.ino &&
        a.size === b.size &&
        a.mtimeNs === b.mtimeNs &&
        a.ctimeNs === b.ctimeNs &&
        a.changeCounter === b.changeCounter);
}
function readUint32(bytes, offset) {
    return ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
}
function writeUint32(bytes, offset, value) {
    bytes[offset] = (value >>> 24) & 0xff;
    bytes[offset + 1] = (value >>> 16) & 0xff;
    bytes[offset + 2] = (value >>> 8) & 0xff;
    bytes[offset + 3] = value & 0xff;
}
//# sourceMappingURL=databaseFile.js.map
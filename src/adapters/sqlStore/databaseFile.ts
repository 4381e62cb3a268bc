import { closeSync, constants, fstatSync, openSync, read, readSync } from 'node:fs';
import { promisify } from 'node:util';
import { StoreError } from '../../core/errors';

// The database file as bytes: what identifies one version of it, reading it whole (with room for
// sql.js to grow), and the header checks made before SQLite sees it (sqlJsCheckpointStore.ts).

/** What identifies one version of the file without reading it all. */
export interface Fingerprint {
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

/** `bytes` is the file; `roomy` the same bytes followed by GROWTH_ROOM zero bytes (or `bytes` itself). */
export type FileCheck = { kind: 'missing' } | { kind: 'unchanged' } | { kind: 'changed'; bytes: Uint8Array; roomy: Uint8Array; fingerprint: Fingerprint };

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
class HandedOverBytes extends Uint8Array<ArrayBuffer> {
  override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
    if ((start ?? 0) === 0 && (end ?? this.length) === this.length) return this;
    return new Uint8Array(this.buffer, this.byteOffset, this.length).slice(start, end);
  }
}

const SQLITE_MAGIC = 'SQLite format 3\0';
const HEADER_SIZE = 100;

/** Compares the file with what we hold; reads it only when it is a different version. */
export async function readDatabaseFile(location: string, held: Fingerprint | undefined): Promise<FileCheck> {
  // The look (open, stat, the header) is synchronous: every read of the database makes it, and it
  // takes microseconds where four round trips through the thread pool take far longer on a busy
  // event loop. The whole file, when it changed, is read through the pool. O_NONBLOCK: a FIFO put
  // at the database's name opens at once (and fails to read) instead of holding the process.
  let fd: number;
  try {
    fd = openSync(location, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw new StoreError(`Cannot open the database ${location}: ${(error as Error).message}`, { cause: error });
  }
  try {
    // One handle for the look and the read: a writer that renames a new file in meanwhile
    // cannot make us pair one version's fingerprint with another's bytes.
    const info = fstatSync(fd, { bigint: true });
    // (a folder fails at the read, as it always did)
    if (!info.isFile() && !info.isDirectory()) throw new Error('it is not a regular file');
    const header = new Uint8Array(HEADER_SIZE);
    const bytesRead = readSync(fd, header, 0, HEADER_SIZE, 0);
    const fingerprint: Fingerprint = {
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
      if (n === 0) break;
      offset += n;
    }
    const bytes = roomy.subarray(0, offset);
    return { kind: 'changed', bytes, roomy: offset === size ? roomy : bytes, fingerprint };
  } catch (error) {
    throw new StoreError(`Cannot read the database ${location}: ${(error as Error).message}`, { cause: error });
  } finally {
    closeSync(fd);
  }
}

const readAt = promisify(read);

/**
 * Reads the 100-byte header before SQLite does: a file that is not SQLite, or that is shorter than
 * its header says (a truncated copy), is refused here, where SQLite would only fail on the first
 * query that touches a missing page. Returns whether SQLite takes the page count from the header
 * (valid, and the file holds exactly those pages).
 */
export function checkDatabaseHeader(location: string, bytes: Uint8Array): boolean {
  if (bytes.byteLength === 0) return false; // SQLite's own reading of an empty file: an empty database
  const recovery = 'It was left as it is: move it aside (or restore a backup) and a new, empty database will be created.';
  const magic = new TextDecoder('latin1').decode(bytes.subarray(0, SQLITE_MAGIC.length));
  if (bytes.byteLength < HEADER_SIZE || magic !== SQLITE_MAGIC) {
    throw new StoreError(`The file ${location} is not an SQLite database. ${recovery}`);
  }
  const rawPageSize = (bytes[16] << 8) | bytes[17];
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    throw new StoreError(`The database ${location} is damaged (its header names a page size of ${rawPageSize}). ${recovery}`);
  }
  if (bytes[18] === 2 || bytes[19] === 2) {
    throw new StoreError(
      `The database ${location} was switched to WAL mode by another program; this extension cannot see the data in its -wal file. ` +
        `Run \`sqlite3 "${location}" "PRAGMA journal_mode=DELETE"\` and try again.`,
    );
  }
  const changeCounter = readUint32(bytes, 24);
  const pages = readUint32(bytes, 28);
  const sizeValid = pages > 0 && changeCounter === readUint32(bytes, 92);
  const expected = sizeValid ? pages * pageSize : undefined;
  if (expected !== undefined && bytes.byteLength < expected) {
    throw new StoreError(
      `The database ${location} is truncated: it holds ${bytes.byteLength} bytes where its header promises ${expected}. ${recovery}`,
    );
  }
  if (bytes.byteLength % pageSize !== 0) {
    throw new StoreError(
      `The database ${location} is truncated or damaged: ${bytes.byteLength} bytes is not a whole number of ${pageSize}-byte pages. ${recovery}`,
    );
  }
  return expected === bytes.byteLength;
}

export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return (
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    a.ctimeNs === b.ctimeNs &&
    a.changeCounter === b.changeCounter
  );
}

export function readUint32(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
}

export function writeUint32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 24) & 0xff;
  bytes[offset + 1] = (value >>> 16) & 0xff;
  bytes[offset + 2] = (value >>> 8) & 0xff;
  bytes[offset + 3] = value & 0xff;
}

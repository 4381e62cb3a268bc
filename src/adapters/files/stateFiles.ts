import { chmodSync, closeSync, constants, fchmodSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { StoreRefusedError } from '../../core/errors';
import { checkRealDataPath } from './realDataPath';

// The one way to the product's own state files: `.cleveragents/` (logs, session files, markers,
// locks, the run folder, the database and its write log) and the agents' settings files the
// installers read and merge. Everything there arrives with whatever the user cloned or unpacked, so
// every call here
// - refuses a symbolic link (or a junction) anywhere on the way below the workspace folder, and a
//   file or folder that belongs to another user (realDataPath.ts walks the path);
// - opens with O_NOFOLLOW and O_NONBLOCK, then checks with fstat that what it opened is a regular
//   file of ours: a FIFO, a socket or a device never blocks the caller, it is refused;
// - makes folders one level at a time, private to the user (0700), and files 0600.
// The walk and the open are two steps: content that sits still (a clone, a tarball, a zip) cannot
// slip between them; a process of the same user could, but it could write the files anyway.
// The calls are synchronous on purpose: these files are small, and a call that cannot block on a
// FIFO has no reason to wait its turn in the thread pool (where a stuck open would hold a thread).
// Only node:fs and node:path: the resident process's client (dist/agentsClient.js) uses it.

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** How `openStateFile` opens: read; append (created when missing); create (exclusively, fails with EEXIST). */
export type StateFileOpen = 'read' | 'append' | 'create';

const FLAGS: Readonly<Record<StateFileOpen, number>> = {
  read: constants.O_RDONLY,
  append: constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT,
  create: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
};

function ownedByUs(stats: Stats): boolean {
  return typeof process.getuid !== 'function' || stats.uid === process.getuid();
}

function shown(root: string, target: string): string {
  return path.relative(root, target).split(path.sep).join('/') || '.';
}

/**
 * Makes `dir` (inside `root`) and each missing folder on the way, one level at a time, each a real
 * folder of ours, 0700 when made here. Refuses a link, a file or another user's folder on the way.
 */
export function makeStateDir(root: string, dir: string): void {
  checkRealDataPath(root, dir);
  const relative = path.relative(root, dir);
  if (relative === '') return;
  let current = root;
  for (const name of relative.split(path.sep)) {
    current = path.join(current, name);
    try {
      mkdirSync(current, PRIVATE_FOLDER);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const info = lstatSync(current);
    if (info.isSymbolicLink() || !info.isDirectory()) throw new StoreRefusedError(`Refused: ${shown(root, current)} is not a real folder (a link or a file took its place).`);
    if (!ownedByUs(info)) throw new StoreRefusedError(`Refused: ${shown(root, current)} belongs to another user.`);
  }
}

/**
 * Opens a state file and returns its descriptor, after the walk from `root`: never through a link,
 * never blocking, and only a regular file of ours (a created one is 0600). With `makeDirs`, the
 * folders on the way are made first (makeStateDir). Missing files (read) throw ENOENT as usual.
 */
export function openStateFile(root: string, file: string, how: StateFileOpen, options: { readonly makeDirs?: boolean } = {}): number {
  if (options.makeDirs) makeStateDir(root, path.dirname(file));
  checkRealDataPath(root, file);
  let fd: number;
  try {
    fd = openSync(file, FLAGS[how] | NO_FOLLOW | NON_BLOCKING, PRIVATE_FILE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP: a link at the last step (O_NOFOLLOW); ENXIO: a FIFO with no reader, opened to write
    if (code === 'ELOOP' || code === 'ENXIO' || code === 'EMLINK') throw new StoreRefusedError(`Refused: ${shown(root, file)} is not a regular file.`, { cause: error });
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new StoreRefusedError(`Refused: ${shown(root, file)} is not a regular file (a FIFO, a socket, a device or a folder).`);
    if (!ownedByUs(info)) throw new StoreRefusedError(`Refused: ${shown(root, file)} belongs to another user.`);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** A state file's bytes, or undefined when it does not exist; a file over `maxBytes` is refused. */
export function readStateFile(root: string, file: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openStateFile(root, file, 'read');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return readAndClose(fd, shown(root, file), maxBytes);
}

/**
 * A file the caller has resolved already (an agent's settings file: the installers decide which
 * links they follow, safeTarget.ts), read without ever blocking: opened non-blocking, and refused
 * unless it is a regular file. Undefined when it does not exist.
 */
export function readRegularFile(file: string, display: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NON_BLOCKING);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    if (!fstatSync(fd).isFile()) throw new StoreRefusedError(`Refused: ${display} is not a regular file (a FIFO, a socket, a device or a folder).`);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return readAndClose(fd, display, maxBytes);
}

function readAndClose(fd: number, display: string, maxBytes: number): Buffer {
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw new StoreRefusedError(`Refused: ${display} is larger than ${maxBytes} bytes.`);
    const buffer = Buffer.alloc(size);
    let offset = 0;
    while (offset < size) {
      const n = readSync(fd, buffer, offset, size - offset, offset);
      if (n === 0) break;
      offset += n;
    }
    return buffer.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}

/** A state file as UTF-8 text (see readStateFile). */
export function readStateText(root: string, file: string, maxBytes: number): string | undefined {
  return readStateFile(root, file, maxBytes)?.toString('utf8');
}

function writeAll(fd: number, data: Uint8Array): void {
  let offset = 0;
  while (offset < data.byteLength) offset += writeSync(fd, data, offset, data.byteLength - offset);
}

/** Appends to a state file, making it (0600) and its folders when missing. */
export function appendStateFile(root: string, file: string, content: string | Uint8Array): void {
  const fd = openStateFile(root, file, 'append', { makeDirs: true });
  try {
    writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates a state file that must not exist yet (a lock, a marker), with `content`; false when it
 * exists already. Its folders are made when missing.
 */
export function createStateFile(root: string, file: string, content: string | Uint8Array = ''): boolean {
  let fd: number;
  try {
    fd = openStateFile(root, file, 'create', { makeDirs: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  let written = false;
  try {
    writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    written = true;
  } finally {
    closeSync(fd);
    if (!written) unlinkQuietly(file);
  }
  return true;
}

/**
 * Replaces a state file as a whole (0600, or `mode`: the hooks' launcher is 0700): a temporary file
 * beside it, flushed, renamed over it. A reader sees the old file or the new one. Its folders are
 * made when missing. `flush: false` (a cache, whose reader checks what it reads): not flushed to
 * the disk first, so a crash may leave it empty or short, never half of another.
 */
export function writeStateFile(root: string, file: string, content: string | Uint8Array, options: { readonly mode?: 0o600 | 0o700; readonly flush?: boolean } = {}): void {
  // created exclusively: a name already taken fails, it is never written through
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}.tmp`;
  const fd = openStateFile(root, temp, 'create', { makeDirs: true });
  let renamed = false;
  try {
    try {
      writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
      if (options.mode !== undefined) fchmodSync(fd, options.mode);
      if (options.flush !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // the target is checked again: a link put there meanwhile would be replaced, never followed
    checkRealDataPath(root, file);
    renameSync(temp, file);
    renamed = true;
  } finally {
    if (!renamed) unlinkQuietly(temp);
  }
}

/** Removes a state file (never what a link points to); false when it was not there. */
export function removeStateFile(root: string, file: string): boolean {
  checkRealDataPath(root, path.dirname(file));
  try {
    unlinkSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Renames a state file within its folders (a log's rotation); both paths are checked first. */
export function renameStateFile(root: string, from: string, to: string): void {
  checkRealDataPath(root, from);
  checkRealDataPath(root, to);
  renameSync(from, to);
}

/**
 * What lstat says of a state file (its size, its time), or undefined when it is not there; only
 * after the walk, and never what a link points to.
 */
export function stateFileInfo(root: string, file: string): Stats | undefined {
  checkRealDataPath(root, path.dirname(file));
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The names in a state folder ([] when it is not there), after the walk. */
export function listStateDir(root: string, dir: string): string[] {
  checkRealDataPath(root, dir);
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}

/**
 * Takes group and other permissions off a file of ours (a database an earlier release made 0644);
 * a link, another user's file or a missing one is left alone.
 */
export function makePrivate(file: string): void {
  if (process.platform === 'win32') return;
  try {
    const info = lstatSync(file);
    if (info.isFile() && ownedByUs(info) && (info.mode & 0o077) !== 0) chmodSync(file, info.mode & 0o700);
  } catch {
    // not there (yet): it is made private when it is made
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // gone already
  }
}

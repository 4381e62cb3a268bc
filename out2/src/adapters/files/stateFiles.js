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
exports.makeStateDir = makeStateDir;
exports.openStateFile = openStateFile;
exports.readStateFile = readStateFile;
exports.readRegularFile = readRegularFile;
exports.readStateText = readStateText;
exports.appendStateFile = appendStateFile;
exports.createStateFile = createStateFile;
exports.writeStateFile = writeStateFile;
exports.removeStateFile = removeStateFile;
exports.renameStateFile = renameStateFile;
exports.stateFileInfo = stateFileInfo;
exports.listStateDir = listStateDir;
exports.makePrivate = makePrivate;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const realDataPath_1 = require("./realDataPath");
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
const NO_FOLLOW = node_fs_1.constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = node_fs_1.constants.O_NONBLOCK ?? 0;
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;
const FLAGS = {
    read: node_fs_1.constants.O_RDONLY,
    append: node_fs_1.constants.O_WRONLY | node_fs_1.constants.O_APPEND | node_fs_1.constants.O_CREAT,
    create: node_fs_1.constants.O_WRONLY | node_fs_1.constants.O_CREAT | node_fs_1.constants.O_EXCL,
};
function ownedByUs(stats) {
    return typeof process.getuid !== 'function' || stats.uid === process.getuid();
}
function shown(root, target) {
    return path.relative(root, target).split(path.sep).join('/') || '.';
}
/**
 * Makes `dir` (inside `root`) and each missing folder on the way, one level at a time, each a real
 * folder of ours, 0700 when made here. Refuses a link, a file or another user's folder on the way.
 */
function makeStateDir(root, dir) {
    (0, realDataPath_1.checkRealDataPath)(root, dir);
    const relative = path.relative(root, dir);
    if (relative === '')
        return;
    let current = root;
    for (const name of relative.split(path.sep)) {
        current = path.join(current, name);
        try {
            (0, node_fs_1.mkdirSync)(current, PRIVATE_FOLDER);
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
        }
        const info = (0, node_fs_1.lstatSync)(current);
        if (info.isSymbolicLink() || !info.isDirectory())
            throw new errors_1.StoreRefusedError(`Refused: ${shown(root, current)} is not a real folder (a link or a file took its place).`);
        if (!ownedByUs(info))
            throw new errors_1.StoreRefusedError(`Refused: ${shown(root, current)} belongs to another user.`);
    }
}
/**
 * Opens a state file and returns its descriptor, after the walk from `root`: never through a link,
 * never blocking, and only a regular file of ours (a created one is 0600). With `makeDirs`, the
 * folders on the way are made first (makeStateDir). Missing files (read) throw ENOENT as usual.
 */
function openStateFile(root, file, how, options = {}) {
    if (options.makeDirs)
        makeStateDir(root, path.dirname(file));
    (0, realDataPath_1.checkRealDataPath)(root, file);
    let fd;
    try {
        fd = (0, node_fs_1.openSync)(file, FLAGS[how] | NO_FOLLOW | NON_BLOCKING, PRIVATE_FILE);
    }
    catch (error) {
        const code = error.code;
        // ELOOP: a link at the last step (O_NOFOLLOW); ENXIO: a FIFO with no reader, opened to write
        if (code === 'ELOOP' || code === 'ENXIO' || code === 'EMLINK')
            throw new errors_1.StoreRefusedError(`Refused: ${shown(root, file)} is not a regular file.`, { cause: error });
        throw error;
    }
    try {
        const info = (0, node_fs_1.fstatSync)(fd);
        if (!info.isFile())
            throw new errors_1.StoreRefusedError(`Refused: ${shown(root, file)} is not a regular file (a FIFO, a socket, a device or a folder).`);
        if (!ownedByUs(info))
            throw new errors_1.StoreRefusedError(`Refused: ${shown(root, file)} belongs to another user.`);
        return fd;
    }
    catch (error) {
        (0, node_fs_1.closeSync)(fd);
        throw error;
    }
}
/** A state file's bytes, or undefined when it does not exist; a file over `maxBytes` is refused. */
function readStateFile(root, file, maxBytes) {
    let fd;
    try {
        fd = openStateFile(root, file, 'read');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    }
    return readAndClose(fd, shown(root, file), maxBytes);
}
/**
 * A file the caller has resolved already (an agent's settings file: the installers decide which
 * links they follow, safeTarget.ts), read without ever blocking: opened non-blocking, and refused
 * unless it is a regular file. Undefined when it does not exist.
 */
function readRegularFile(file, display, maxBytes) {
    let fd;
    try {
        fd = (0, node_fs_1.openSync)(file, node_fs_1.constants.O_RDONLY | NON_BLOCKING);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    }
    try {
        if (!(0, node_fs_1.fstatSync)(fd).isFile())
            throw new errors_1.StoreRefusedError(`Refused: ${display} is not a regular file (a FIFO, a socket, a device or a folder).`);
    }
    catch (error) {
        (0, node_fs_1.closeSync)(fd);
        throw error;
    }
    return readAndClose(fd, display, maxBytes);
}
function readAndClose(fd, display, maxBytes) {
    try {
        const size = (0, node_fs_1.fstatSync)(fd).size;
        if (size > maxBytes)
            throw new errors_1.StoreRefusedError(`Refused: ${display} is larger than ${maxBytes} bytes.`);
        const buffer = Buffer.alloc(size);
        let offset = 0;
        while (offset < size) {
            const n = (0, node_fs_1.readSync)(fd, buffer, offset, size - offset, offset);
            if (n === 0)
                break;
            offset += n;
        }
        return buffer.subarray(0, offset);
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
    }
}
/** A state file as UTF-8 text (see readStateFile). */
function readStateText(root, file, maxBytes) {
    return readStateFile(root, file, maxBytes)?.toString('utf8');
}
function writeAll(fd, data) {
    let offset = 0;
    while (offset < data.byteLength)
        offset += (0, node_fs_1.writeSync)(fd, data, offset, data.byteLength - offset);
}
/** Appends to a state file, making it (0600) and its folders when missing. */
function appendStateFile(root, file, content) {
    const fd = openStateFile(root, file, 'append', { makeDirs: true });
    try {
        writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
    }
}
/**
 * Creates a state file that must not exist yet (a lock, a marker), with `content`; false when it
 * exists already. Its folders are made when missing.
 */
function createStateFile(root, file, content = '') {
    let fd;
    try {
        fd = openStateFile(root, file, 'create', { makeDirs: true });
    }
    catch (error) {
        if (error.code === 'EEXIST')
            return false;
        throw error;
    }
    let written = false;
    try {
        writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
        written = true;
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
        if (!written)
            unlinkQuietly(file);
    }
    return true;
}
/**
 * Replaces a state file as a whole (0600): a temporary file beside it, flushed, renamed over it.
 * A reader sees the old file or the new one. Its folders are made when missing.
 */
function writeStateFile(root, file, content) {
    // created exclusively: a name already taken fails, it is never written through
    const temp = `${file}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}.tmp`;
    const fd = openStateFile(root, temp, 'create', { makeDirs: true });
    let renamed = false;
    try {
        try {
            writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
            (0, node_fs_1.fsyncSync)(fd);
        }
        finally {
            (0, node_fs_1.closeSync)(fd);
        }
        // the target is checked again: a link put there meanwhile would be replaced, never followed
        (0, realDataPath_1.checkRealDataPath)(root, file);
        (0, node_fs_1.renameSync)(temp, file);
        renamed = true;
    }
    finally {
        if (!renamed)
            unlinkQuietly(temp);
    }
}
/** Removes a state file (never what a link points to); false when it was not there. */
function removeStateFile(root, file) {
    (0, realDataPath_1.checkRealDataPath)(root, path.dirname(file));
    try {
        (0, node_fs_1.unlinkSync)(file);
        return true;
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return false;
        throw error;
    }
}
/** Renames a state file within its folders (a log's rotation); both paths are checked first. */
function renameStateFile(root, from, to) {
    (0, realDataPath_1.checkRealDataPath)(root, from);
    (0, realDataPath_1.checkRealDataPath)(root, to);
    (0, node_fs_1.renameSync)(from, to);
}
/**
 * What lstat says of a state file (its size, its time), or undefined when it is not there; only
 * after the walk, and never what a link points to.
 */
function stateFileInfo(root, file) {
    (0, realDataPath_1.checkRealDataPath)(root, path.dirname(file));
    try {
        return (0, node_fs_1.lstatSync)(file);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    }
}
/** The names in a state folder ([] when it is not there), after the walk. */
function listStateDir(root, dir) {
    (0, realDataPath_1.checkRealDataPath)(root, dir);
    try {
        return (0, node_fs_1.readdirSync)(dir);
    }
    catch (error) {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR')
            return [];
        throw error;
    }
}
/**
 * Takes group and other permissions off a file of ours (a database an earlier release made 0644);
 * a link, another user's file or a missing one is left alone.
 */
function makePrivate(file) {
    if (process.platform === 'win32')
        return;
    try {
        const info = (0, node_fs_1.lstatSync)(file);
        if (info.isFile() && ownedByUs(info) && (info.mode & 0o077) !== 0)
            (0, node_fs_1.chmodSync)(file, info.mode & 0o700);
    }
    catch {
        // not there (yet): it is made private when it is made
    }
}
function unlinkQuietly(file) {
    try {
        (0, node_fs_1.unlinkSync)(file);
    }
    catch {
        // gone already
    }
}
//# sourceMappingURL=stateFiles.js.map
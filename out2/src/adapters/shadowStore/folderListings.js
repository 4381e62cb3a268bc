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
exports.listingFileIn = listingFileIn;
exports.readListing = readListing;
exports.writeListing = writeListing;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const checkpoint_1 = require("../../core/checkpoint");
const atomicFile_1 = require("../files/atomicFile");
const renameOver_1 = require("../files/renameOver");
const storeFiles_1 = require("./storeFiles");
function listingFileIn(indexDir) {
    return path.join(indexDir, 'folders.json');
}
/**
 * The listing last read or written from each file, with the file's stamp. A long-lived process
 * (the resident process, the extension host) parses a large sandbox's listings (thousands of
 * folders, 2 MB on a sandbox of 13,000) again only when the file was replaced since: every write
 * is a rename, so a new inode, and another process's write is seen. Our own write is kept with
 * the stamp of the file we wrote, taken from its open handle after the rename (not from the path,
 * which another process could have replaced meanwhile), so the next snapshot does not parse it.
 */
const lastRead = new Map();
function stampFrom(s) {
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}
async function stampOf(file) {
    try {
        return stampFrom(await node_fs_1.promises.stat(file, { bigint: true }));
    }
    catch {
        return undefined;
    }
}
/**
 * The kept listings; none when there is no file or it is not as written (the scan starts afresh).
 * Read only: the same object may be handed to the next scan.
 */
async function readListing(file) {
    // stamped before the read: a replacement in between is a new stamp at the next read
    const stamp = await stampOf(file);
    const known = stamp === undefined ? undefined : lastRead.get(file);
    if (known && known.stamp === stamp)
        return known.listings;
    let parsed;
    try {
        parsed = JSON.parse(await node_fs_1.promises.readFile(file, 'utf8'));
    }
    catch {
        parsed = undefined;
    }
    const saved = isSavedListing(parsed) ? parsed : { ignored: [], folders: [] };
    const listings = {
        folders: new Map(saved.folders.map(([rel, ctime, ino, racy, nested, folders, specials]) => [rel, { ctime, ino, racy: racy === 1, nested: nested === 1, folders, specials }])),
        ignored: new Set(saved.ignored),
    };
    if (stamp === undefined)
        lastRead.delete(file);
    else
        lastRead.set(file, { stamp, listings });
    return listings;
}
/**
 * Writes the listings, without flush: a lost or stale file only means folders are read again.
 * The caller hands them over: the next scan may get the same object (read only).
 */
async function writeListing(file, listings) {
    lastRead.delete(file);
    const saved = {
        ignored: [...listings.ignored].sort(),
        folders: [...listings.folders].map(([rel, f]) => [rel, f.ctime, f.ino, f.racy ? 1 : 0, f.nested ? 1 : 0, f.folders, f.specials]),
    };
    const text = JSON.stringify(saved);
    // Windows may refuse a rename over a file while a handle is open on the new one: written as any bookkeeping file, not kept.
    if (process.platform === 'win32')
        return (0, storeFiles_1.replaceFile)(file, text).catch(() => undefined);
    const temp = (0, atomicFile_1.tempFileFor)(file);
    let handle;
    try {
        handle = await node_fs_1.promises.open(temp, 'wx');
        await handle.writeFile(text);
        await (0, renameOver_1.renameOver)(temp, file);
        // The file we wrote, whatever is at its path by now: its stamp if it is still there.
        lastRead.set(file, { stamp: stampFrom(await handle.stat({ bigint: true })), listings });
    }
    catch {
        lastRead.delete(file);
        await node_fs_1.promises.rm(temp, { force: true }).catch(() => undefined);
    }
    finally {
        await handle?.close().catch(() => undefined);
    }
}
/** Checked by hand rather than by a schema: thousands of rows are read before every snapshot. */
function isSavedListing(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const { ignored, folders } = value;
    const isStrings = (a) => Array.isArray(a) && a.every((x) => typeof x === 'string');
    return (isStrings(ignored) &&
        Array.isArray(folders) &&
        folders.every((row) => Array.isArray(row) &&
            row.length === 7 &&
            typeof row[0] === 'string' &&
            typeof row[1] === 'number' &&
            typeof row[2] === 'number' &&
            (row[3] === 0 || row[3] === 1) &&
            (row[4] === 0 || row[4] === 1) &&
            isStrings(row[5]) &&
            Array.isArray(row[6]) &&
            row[6].every((s) => Array.isArray(s) && s.length === 2 && typeof s[0] === 'string' && checkpoint_1.SpecialFileTypeSchema.safeParse(s[1]).success)));
}
//# sourceMappingURL=folderListings.js.map
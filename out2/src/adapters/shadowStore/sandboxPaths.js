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
exports.standingOf = standingOf;
exports.lstatOrUndefined = lstatOrUndefined;
exports.ancestorsOf = ancestorsOf;
exports.reachable = reachable;
exports.makeRealFolders = makeRealFolders;
exports.foldersTurnedAside = foldersTurnedAside;
const node_fs_1 = require("node:fs");
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
function standingOf(root, rel) {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) {
        const prefix = parts.slice(0, i).join('/');
        const stat = lstatOrUndefined(path.join(root, prefix));
        if (!stat)
            return { kind: 'entry', stat: undefined };
        if (!stat.isDirectory())
            return { kind: 'parent', at: prefix };
    }
    return { kind: 'entry', stat: lstatOrUndefined(path.join(root, rel)) };
}
/** The entry's lstat, or undefined when it is gone (or cannot be looked at). */
function lstatOrUndefined(file) {
    try {
        return (0, node_fs_1.lstatSync)(file);
    }
    catch {
        return undefined;
    }
}
/** Every proper ancestor folder of a `/`-separated path, nearest last: `a/b/c` gives `a`, `a/b`. */
function ancestorsOf(rel) {
    const parts = rel.split('/');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
/** Whether every folder on the way to `rel` under `root` is a real folder (or absent), looked at just now. */
function reachable(root, rel) {
    return standingOf(root, rel).kind === 'entry';
}
/**
 * Makes the folder `rel` (`/`-separated) under `base`, one level at a time, refusing a level that
 * is a symlink or a file: what is written there then stays under `base`.
 */
async function makeRealFolders(base, rel) {
    let folder = base;
    for (const part of rel.split('/').filter((p) => p !== '' && p !== '.')) {
        folder = path.join(folder, part);
        await (0, promises_1.mkdir)(folder).catch((error) => {
            if (error.code !== 'EEXIST')
                throw error;
        });
        if (!lstatOrUndefined(folder)?.isDirectory())
            throw new errors_1.SandboxError(`${folder} is not a real folder (a symlink or a file): nothing is written through it`);
    }
    return folder;
}
/**
 * The folders on the way to the paths a restore writes or removes that are no longer real folders
 * (a symlink or a file now) although the snapshot the restore starts from has files inside them:
 * the sandbox changed since that snapshot, and writing there could reach outside it.
 */
function foldersTurnedAside(root, changes) {
    const recordedAsFiles = new Set(changes.filter((c) => c.oldOid !== undefined).map((c) => c.path));
    const isFolder = new Map();
    const found = new Set();
    for (const change of changes) {
        for (const folder of ancestorsOf(change.path)) {
            let real = isFolder.get(folder);
            if (real === undefined) {
                const stat = lstatOrUndefined(path.join(root, folder));
                real = stat?.isDirectory() === true;
                // A file or symlink the snapshot recorded there is replaced by the restore itself.
                if (stat && !real && !recordedAsFiles.has(folder))
                    found.add(folder);
                isFolder.set(folder, real);
            }
            // Nothing deeper can be reached (or is there) past what is not a real folder.
            if (!real)
                break;
        }
    }
    return [...found].sort();
}
//# sourceMappingURL=sandboxPaths.js.map
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
exports.writeRefs = writeRefs;
exports.readRef = readRef;
exports.deleteLooseRefs = deleteLooseRefs;
exports.listRefNames = listRefNames;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const ids_1 = require("../../core/ids");
const renameOver_1 = require("../files/renameOver");
// Refs of the shadow store read and written as git's own loose ref files (`<git-dir>/<ref>` holding
// the object id), with git's `<ref>.lock` protocol. A git process costs 5-10 ms to start on a slow
// machine; these take well under one. Only for callers that hold the shadow store's lock: every
// writer of these refs does, so a `.lock` file found there was left by a crash.
/** Points each ref at its object id. */
async function writeRefs(gitDir, updates) {
    await Promise.all(updates.map(([ref, oid]) => writeRef(gitDir, ref, oid)));
}
async function writeRef(gitDir, ref, oid) {
    if (!ids_1.OBJECT_ID_PATTERN.test(oid))
        throw new Error(`not a git object id: ${oid}`);
    const file = refFile(gitDir, ref);
    const lock = `${file}.lock`;
    await node_fs_1.promises.mkdir(path.dirname(file), { recursive: true });
    let handle;
    try {
        handle = await node_fs_1.promises.open(lock, 'wx', 0o644);
    }
    catch (error) {
        if (error.code !== 'EEXIST')
            throw error;
        await node_fs_1.promises.rm(lock, { force: true });
        handle = await node_fs_1.promises.open(lock, 'wx', 0o644);
    }
    try {
        await handle.writeFile(`${oid}\n`);
    }
    finally {
        await handle.close();
    }
    try {
        await (0, renameOver_1.renameOver)(lock, file);
    }
    catch (error) {
        await node_fs_1.promises.rm(lock, { force: true });
        throw error;
    }
}
/** The object id a ref points at (loose, else packed), or undefined when there is no such ref. */
async function readRef(gitDir, ref) {
    const loose = await node_fs_1.promises.readFile(refFile(gitDir, ref), 'utf8').catch(() => undefined);
    if (loose !== undefined) {
        const oid = loose.trim();
        return ids_1.OBJECT_ID_PATTERN.test(oid) ? oid : undefined;
    }
    return (await packedRefs(gitDir)).get(ref);
}
/**
 * Deletes loose refs and returns the ones that are also in `packed-refs` (written by a `git gc` or
 * `pack-refs`, which this product never runs): the caller hands those to `git update-ref`.
 */
async function deleteLooseRefs(gitDir, refs) {
    await Promise.all(refs.map(async (ref) => {
        const file = refFile(gitDir, ref);
        await node_fs_1.promises.rm(file, { force: true });
        // As git does: a ref folder left empty goes too (another ref in it keeps it).
        await node_fs_1.promises.rmdir(path.dirname(file)).catch(() => undefined);
    }));
    const packed = await packedRefs(gitDir);
    return refs.filter((ref) => packed.has(ref));
}
async function packedRefs(gitDir) {
    const text = await node_fs_1.promises.readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
    const refs = new Map();
    for (const line of text.split('\n')) {
        const m = /^([0-9a-f]{40}|[0-9a-f]{64}) (refs\/\S+)$/.exec(line);
        if (m)
            refs.set(m[2], m[1]);
    }
    return refs;
}
function refFile(gitDir, ref) {
    if (!/^refs\/[A-Za-z0-9][A-Za-z0-9_\-/]*$/.test(ref) || ref.includes('//') || ref.endsWith('/')) {
        throw new Error(`not a ref name of the shadow store: ${ref}`);
    }
    return path.join(gitDir, ...ref.split('/'));
}
/** The names under a ref folder (`refs/checkpoints/<plan>`), loose or packed, one level deep. */
async function listRefNames(gitDir, folder) {
    const loose = await node_fs_1.promises.readdir(path.join(gitDir, ...folder.split('/'))).catch(() => []);
    const packed = (await node_fs_1.promises.readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => ''))
        .split('\n')
        .map((line) => /^[0-9a-f]+ (\S+)$/.exec(line)?.[1])
        .filter((ref) => ref !== undefined && ref.startsWith(`${folder}/`) && !ref.slice(folder.length + 1).includes('/'))
        .map((ref) => ref.slice(folder.length + 1));
    return [...new Set([...loose.filter((n) => !n.endsWith('.lock')), ...packed])];
}
//# sourceMappingURL=gitRefFiles.js.map
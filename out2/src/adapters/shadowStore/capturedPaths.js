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
exports.captureBeforeWrite = captureBeforeWrite;
exports.treeWithCaptured = treeWithCaptured;
exports.writeBlob = writeBlob;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const node_crypto_1 = require("node:crypto");
const gitOutput_1 = require("./gitOutput");
const looseObject_1 = require("./looseObject");
const storeNames_1 = require("./storeNames");
/**
 * A path of the sandbox as it is now, before a write lands on it: where the write lands (symlinks
 * resolved, as VS Code writes through them), and what is there. A regular file's bytes are hashed
 * into the store's objects (in this process, see {@link writeBlob}) and kept. Nothing is locked: a capture only reads the
 * sandbox and adds an object. Throws when it cannot tell (a dangling symlink, a file it cannot
 * read): the caller then makes the write wait for the whole snapshot.
 */
async function captureBeforeWrite(repo, sandbox, rel, maxFileBytes) {
    (0, storeNames_1.assertRelative)(rel);
    const root = await node_fs_1.promises.realpath(sandbox.dir);
    const real = await landingPath(path.join(sandbox.dir, ...rel.split('/')));
    const inside = path.relative(root, real);
    // Outside the sandbox (a symlink out of it): no snapshot of it holds what is written there.
    if (inside === '' || inside.startsWith(`..${path.sep}`) || inside === '..' || path.isAbsolute(inside))
        return { path: rel, state: 'uncaptured' };
    const landing = inside.split(path.sep).join('/');
    if ((0, storeNames_1.unsafeReason)(landing) !== undefined)
        return { path: landing, state: 'uncaptured' };
    const stat = await node_fs_1.promises.lstat(real).catch((error) => {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    });
    if (!stat)
        return { path: landing, state: 'absent' };
    // A folder or a special file: no snapshot captures its content, and no save writes one.
    if (!stat.isFile())
        return { path: landing, state: 'uncaptured' };
    if (stat.size > maxFileBytes)
        return { path: landing, state: 'too_large', sizeBytes: stat.size };
    const content = await node_fs_1.promises.readFile(real);
    if (content.length > maxFileBytes)
        return { path: landing, state: 'too_large', sizeBytes: content.length };
    // As git stages it: the bytes as they are (the store's attributes turn every filter off), and
    // the mode from the owner's execute bit (core.filemode is on).
    const oid = await writeBlob(repo, content);
    return { path: landing, state: 'file', oid, mode: stat.mode & 0o100 ? '100755' : '100644', content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength) };
}
/** Where a write to `abs` lands: its real path, or (for a file not there yet) its nearest existing folder's real path and the rest. */
async function landingPath(abs) {
    const rest = [];
    let at = abs;
    for (;;) {
        try {
            return path.join(await node_fs_1.promises.realpath(at), ...rest);
        }
        catch (error) {
            if (error.code !== 'ENOENT')
                throw error;
            // A dangling symlink would be written through to a place this cannot follow.
            if (await node_fs_1.promises.lstat(at).then((s) => s.isSymbolicLink(), () => false))
                throw new Error(`${abs} is a dangling symlink`);
            const parent = path.dirname(at);
            if (parent === at)
                throw error;
            rest.unshift(path.basename(at));
            at = parent;
        }
    }
}
/**
 * The tree of the sandbox's index (staged from the files just now) with each captured path put
 * back as it was captured, in a copy of the index (the sandbox's own keeps matching its files).
 * A path the snapshot does not capture (ignored, the store's own, inside a nested repository)
 * stays out: only paths the staged index holds, or left out for what the write made of them (too
 * large, unreadable now), are put back. Also the skipped list, as it would have been.
 */
async function treeWithCaptured(repo, sandbox, captured, skipped) {
    const copy = path.join(repo.checkpointDir, 'tmp', `captured-${(0, node_crypto_1.randomBytes)(6).toString('hex')}`);
    await node_fs_1.promises.mkdir(path.dirname(copy), { recursive: true });
    await node_fs_1.promises.copyFile(path.join(repo.keyDir(sandbox.key), 'index'), copy);
    try {
        const git = repo.keyIndexCopyGit(sandbox, copy);
        const paths = captured.filter((c) => c.state !== 'uncaptured').map((c) => (0, storeNames_1.assertRelative)(c.path));
        const held = new Set(paths.length === 0
            ? []
            : (await git.raw(['ls-files', '-z', '--', ...paths]))
                .split('\0')
                .filter((p) => p !== ''));
        const skippedNow = new Map(skipped.map((s) => [s.path, s]));
        const put = [];
        const remove = [];
        const putBack = [];
        for (const c of captured) {
            if (c.state === 'uncaptured')
                continue;
            const wasLeftOutForItsNewState = skippedNow.get(c.path)?.reason === 'too_large' || skippedNow.get(c.path)?.reason === 'unreadable';
            if (c.state === 'file') {
                if (!held.has(c.path) && !wasLeftOutForItsNewState)
                    continue;
                put.push(`${c.mode} ${c.oid}\t${c.path}`);
                skippedNow.delete(c.path);
                putBack.push(c);
            }
            else if (c.state === 'absent') {
                if (held.has(c.path))
                    remove.push(c.path);
                if (wasLeftOutForItsNewState)
                    skippedNow.delete(c.path);
            }
            else if (held.has(c.path) || wasLeftOutForItsNewState) {
                remove.push(c.path);
                skippedNow.set(c.path, { path: c.path, reason: 'too_large', size_bytes: c.sizeBytes });
            }
        }
        await rewriteLostBlobs(repo, putBack);
        if (remove.length > 0)
            await git.raw(['update-index', '--force-remove', '-z', '--stdin'], (0, gitOutput_1.nulList)(remove));
        if (put.length > 0)
            await git.raw(['update-index', '--add', '-z', '--index-info'], (0, gitOutput_1.nulList)(put));
        const tree = (0, storeNames_1.objectIdIn)(await git.raw(['write-tree']));
        return { tree, skipped: [...skippedNow.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
    }
    finally {
        await node_fs_1.promises.rm(copy, { force: true });
    }
}
/** Writes a blob of `content` into the store's objects (see {@link writeLooseObject}) and returns its id. */
function writeBlob(repo, content) {
    return (0, looseObject_1.writeLooseObject)(path.join(repo.gitDir, 'objects'), 'blob', content);
}
/**
 * Blobs captured without the store's lock that a garbage collection (under it, in between) may
 * have deleted as unreferenced: written again from the bytes kept with them.
 */
async function rewriteLostBlobs(repo, files) {
    for (const f of files)
        (0, storeNames_1.objectIdIn)(await writeBlob(repo, f.content));
}
//# sourceMappingURL=capturedPaths.js.map
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
exports.revertToolCalls = revertToolCalls;
const node_crypto_1 = require("node:crypto");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gitEnvironment_1 = require("./gitEnvironment");
const gitOutput_1 = require("./gitOutput");
const storeNames_1 = require("./storeNames");
const SYMLINK = '120000';
/** Git's own test for a binary file (`buffer_is_binary`): a NUL in the first 8000 bytes. */
const BINARY_PROBE = 8000;
/**
 * `nowRef` with the tool calls (newest first) taken out, as a commit; with the paths where that is
 * not possible, and why. Writes objects into the store (the merged blobs, a tree, a commit) but no
 * ref and no file of the sandbox.
 */
async function revertToolCalls(repo, nowRef, calls) {
    (0, storeNames_1.assertObjectId)(nowRef);
    await repo.ensureRepo();
    const git = repo.repoGit();
    const now = await treeEntries(git, nowRef);
    // What the result holds where it differs from now.
    const result = new Map();
    const conflicts = new Map();
    const merger = new TextMerger(repo, git);
    try {
        for (const call of calls) {
            for (const change of await repo.rawChanges(call.before, call.after)) {
                if (conflicts.has(change.path))
                    continue;
                const ours = result.has(change.path) ? result.get(change.path) : (now.get(change.path) ?? null);
                const merged = await mergeEntry(merger, change.newId ?? null, ours, change.oldId ?? null);
                if (typeof merged === 'object' && merged !== null)
                    conflicts.set(change.path, merged.conflict);
                else
                    result.set(change.path, merged);
            }
        }
    }
    finally {
        await merger.dispose();
    }
    for (const [p, entry] of result)
        if (entry === (now.get(p) ?? null))
            result.delete(p);
    for (const p of fileFolderClashes(now, result))
        if (!conflicts.has(p))
            conflicts.set(p, 'folder');
    const conflictList = [...conflicts].map(([p, reason]) => ({ path: p, reason }));
    if (conflictList.length > 0 || result.size === 0)
        return { target: nowRef, conflicts: conflictList };
    const tree = await writeTree(repo, nowRef, result);
    return { target: await repo.commitTree(tree, 'agent-only rollback'), conflicts: [] };
}
/** A path merged three ways: its new entry, or why it conflicts. */
async function mergeEntry(merger, base, ours, theirs) {
    if (ours === base)
        return theirs;
    if (ours === theirs)
        return ours;
    // Both changed the path, differently.
    if (theirs === null)
        return { conflict: 'created' };
    if (base === null)
        return { conflict: 'recreated' };
    if (ours === null)
        return { conflict: 'deleted' };
    const [b, o, t] = [split(base), split(ours), split(theirs)];
    const mode = o.mode === b.mode ? t.mode : t.mode === b.mode || t.mode === o.mode ? o.mode : undefined;
    if (mode === undefined)
        return { conflict: 'mode' };
    if (o.oid === b.oid)
        return `${mode} ${t.oid}`;
    if (t.oid === b.oid)
        return `${mode} ${o.oid}`;
    if ([b, o, t].some((e) => e.mode === SYMLINK))
        return { conflict: 'symlink' };
    const oid = await merger.merge(b.oid, o.oid, t.oid);
    return typeof oid === 'string' ? `${mode} ${oid}` : { conflict: oid.conflict };
}
function split(entry) {
    const space = entry.indexOf(' ');
    return { mode: entry.slice(0, space), oid: entry.slice(space + 1) };
}
/** `git merge-file` on blobs of the store: the three sides in temporary files, the result hashed back in. */
class TextMerger {
    repo;
    git;
    dir;
    constructor(repo, git) {
        this.repo = repo;
        this.git = git;
    }
    async merge(base, ours, theirs) {
        const blobs = await Promise.all([ours, base, theirs].map((oid) => this.git.run(['cat-file', 'blob', oid])));
        if (blobs.some((b) => b.subarray(0, BINARY_PROBE).includes(0)))
            return { conflict: 'binary' };
        this.dir ??= await this.makeDir();
        const files = ['ours', 'base', 'theirs'].map((name) => path.join(this.dir, name));
        await Promise.all(files.map((f, i) => node_fs_1.promises.writeFile(f, blobs[i])));
        let merged;
        try {
            // No -L labels, no marker options: on success the output is the merge, byte for byte.
            merged = await this.git.run(['merge-file', '-p', '-q', ...files]);
        }
        catch (error) {
            // The exit code counts the conflicting hunks (1-127); a failure of git itself is 255.
            if (error instanceof gitEnvironment_1.GitCommandError && error.exitCode !== null && error.exitCode > 0 && error.exitCode < 128)
                return { conflict: 'lines' };
            throw error;
        }
        return (0, storeNames_1.objectIdIn)((await this.git.run(['hash-object', '-t', 'blob', '-w', '--no-filters', '--stdin'], merged)).toString('utf8'));
    }
    async makeDir() {
        const dir = path.join(this.repo.checkpointDir, 'tmp', `merge-${(0, node_crypto_1.randomBytes)(6).toString('hex')}`);
        await node_fs_1.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        return dir;
    }
    async dispose() {
        if (this.dir)
            await node_fs_1.promises.rm(this.dir, { recursive: true, force: true });
    }
}
/** Every file of a snapshot, path to `<mode> <oid>`. */
async function treeEntries(git, ref) {
    const entries = new Map();
    for (const record of (await git.raw(['ls-tree', '-r', '-z', '--full-tree', ref])).split('\0')) {
        const m = /^(\d{6}) \w+ ([0-9a-f]+)\t([\s\S]+)$/.exec(record);
        if (m)
            entries.set(m[3], `${m[1]} ${m[2]}`);
    }
    return entries;
}
/** Paths the result would hold as a file where it also holds a folder (a file inside it), or inside a file. */
function fileFolderClashes(now, changed) {
    const isFile = (p) => (changed.has(p) ? changed.get(p) !== null : now.has(p));
    const folders = new Set();
    const addFolders = (p) => {
        for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1))
            folders.add(p.slice(0, i));
    };
    for (const p of now.keys())
        if (isFile(p))
            addFolders(p);
    for (const [p, e] of changed)
        if (e !== null)
            addFolders(p);
    const clashes = [];
    for (const [p, e] of changed) {
        if (e === null)
            continue;
        if (folders.has(p))
            clashes.push(p);
        for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) {
            if (isFile(p.slice(0, i)))
                clashes.push(p);
        }
    }
    return [...new Set(clashes)];
}
/** `baseRef`'s tree with the changed entries put in (null: removed), written into the store. */
async function writeTree(repo, baseRef, changed) {
    const indexFile = path.join(repo.checkpointDir, 'tmp', `revert-${(0, node_crypto_1.randomBytes)(6).toString('hex')}`);
    const emptyDir = path.join(repo.checkpointDir, 'tmp', 'empty');
    await node_fs_1.promises.mkdir(emptyDir, { recursive: true });
    const git = (0, gitEnvironment_1.shadowGit)({ cwd: repo.checkpointDir, gitDir: repo.gitDir, workTree: emptyDir, indexFile });
    try {
        await git.raw(['read-tree', baseRef]);
        const removed = [...changed].filter(([, e]) => e === null).map(([p]) => p);
        if (removed.length > 0)
            await git.raw(['update-index', '--force-remove', '-z', '--stdin'], (0, gitOutput_1.nulList)(removed));
        const added = [...changed].filter((pair) => pair[1] !== null).map(([p, e]) => `${e}\t${p}`);
        if (added.length > 0)
            await git.raw(['update-index', '--add', '-z', '--index-info'], (0, gitOutput_1.nulList)(added));
        return (0, storeNames_1.objectIdIn)(await git.raw(['write-tree']));
    }
    finally {
        await node_fs_1.promises.rm(indexFile, { force: true });
    }
}
//# sourceMappingURL=toolCallRevert.js.map
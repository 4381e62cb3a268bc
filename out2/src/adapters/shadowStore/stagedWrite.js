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
exports.StagedWriteError = void 0;
exports.isDiskFull = isDiskFull;
exports.stageFiles = stageFiles;
exports.refreshEntries = refreshEntries;
const node_crypto_1 = require("node:crypto");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gitOutput_1 = require("./gitOutput");
const sandboxPaths_1 = require("./sandboxPaths");
const renameOver_1 = require("../files/renameOver");
/** Whether an error (ours, node's or git's) says the disk or its quota is full. */
function isDiskFull(error) {
    const code = error?.code;
    return code === 'ENOSPC' || code === 'EDQUOT' || /no space left on device|out of diskspace|ENOSPC|quota exceeded|EDQUOT/i.test(String(error));
}
/** Some files of a staged write could not be written: `unwritten` are as they were, the others hold their new content. */
class StagedWriteError extends Error {
    unwritten;
    outOfSpace;
    constructor(unwritten, cause, 
    /** Known to be a full disk though the cause does not say so (git prints "unable to write file" without the reason). */
    outOfSpace = false) {
        super(cause instanceof Error ? cause.message : String(cause), { cause });
        this.unwritten = unwritten;
        this.outOfSpace = outOfSpace;
    }
    get diskFull() {
        return this.outOfSpace || isDiskFull(this.cause);
    }
}
exports.StagedWriteError = StagedWriteError;
/** Less free space than this where a checkout failed means the disk filled up. */
const NEARLY_FULL_BYTES = 1024 * 1024;
async function nearlyFull(dir) {
    try {
        const { bavail, bsize } = await node_fs_1.promises.statfs(dir);
        return bavail * bsize < NEARLY_FULL_BYTES;
    }
    catch {
        return false;
    }
}
/**
 * Checks `entries` out of the store into a fresh folder under `stagingParent` (beside the store,
 * on the workspace's file system), through an index of their own. Throws {@link StagedWriteError}
 * naming every entry when that fails; nothing outside the staging folder is written.
 */
async function stageFiles(git, entries, stagingParent) {
    const dir = path.join(stagingParent, `${process.pid}-${(0, node_crypto_1.randomBytes)(6).toString('hex')}`);
    const files = path.join(dir, 'files');
    const discard = () => node_fs_1.promises.rm(dir, { recursive: true, force: true });
    try {
        await node_fs_1.promises.mkdir(files, { recursive: true });
        const staging = git.withIndexFile(path.join(dir, 'index'));
        await staging.raw(['update-index', '--add', '-z', '--index-info'], entries.map((e) => `${e.id}\t${e.path}\0`).join(''));
        await staging.raw(['checkout-index', '-f', '-z', `--prefix=${files}${path.sep}`, '--stdin'], (0, gitOutput_1.nulList)(entries.map((e) => e.path)));
    }
    catch (error) {
        // Looked at before the staged files are removed, while they still take the space.
        const full = !isDiskFull(error) && (await nearlyFull(dir));
        await discard().catch(() => undefined);
        throw new StagedWriteError(entries.map((e) => e.path), error, full);
    }
    return {
        discard,
        moveIntoPlace: async (root) => {
            for (const [i, entry] of entries.entries()) {
                try {
                    await moveOne(path.join(files, entry.path), root, entry.path);
                }
                catch (error) {
                    throw new StagedWriteError(entries.slice(i).map((e) => e.path), error);
                }
            }
        },
    };
}
/** Removes a folder that holds nothing but (nested) empty folders; anything else in it makes it fail (ENOTEMPTY). */
async function removeEmptyFolders(dir) {
    for (const entry of await node_fs_1.promises.readdir(dir, { withFileTypes: true })) {
        if (entry.isDirectory())
            await removeEmptyFolders(path.join(dir, entry.name));
    }
    await node_fs_1.promises.rmdir(dir);
}
async function moveOne(staged, root, rel) {
    // Made one level at a time, refusing a symlinked or replaced folder on the way: a rename would
    // follow it out of the sandbox (git's own checkout refuses the same).
    const target = path.join(await (0, sandboxPaths_1.makeRealFolders)(root, path.posix.dirname(rel)), path.posix.basename(rel));
    // A folder where the file goes: the files it held were removed first; folders git does not record may be left.
    if ((await node_fs_1.promises.lstat(target).catch(() => undefined))?.isDirectory())
        await removeEmptyFolders(target);
    try {
        await (0, renameOver_1.renameOver)(staged, target);
    }
    catch (error) {
        if (error.code !== 'EXDEV')
            throw error;
        // The sandbox is on another file system than the store: a copy beside the target, renamed over it.
        const temp = `${target}.${(0, node_crypto_1.randomBytes)(6).toString('hex')}.tmp`;
        try {
            const stat = await node_fs_1.promises.lstat(staged);
            if (stat.isSymbolicLink())
                await node_fs_1.promises.symlink(await node_fs_1.promises.readlink(staged), temp);
            else
                await node_fs_1.promises.copyFile(staged, temp);
            await (0, renameOver_1.renameOver)(temp, target);
        }
        catch (second) {
            await node_fs_1.promises.rm(temp, { force: true }).catch(() => undefined);
            throw second;
        }
    }
}
/**
 * Brings the index's stat data of `paths` (just written with the content the index holds) up to
 * date, as git's own checkout does: a later two-tree merge refuses an entry whose stat data is stale.
 */
async function refreshEntries(git, paths) {
    if (paths.length > 0)
        await git.raw(['update-index', '-q', '-z', '--stdin'], (0, gitOutput_1.nulList)(paths));
}
//# sourceMappingURL=stagedWrite.js.map
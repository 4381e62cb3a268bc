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
exports.RestoreWriter = void 0;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const restoreSettle_1 = require("./restoreSettle");
const stagedWrite_1 = require("./stagedWrite");
const storeFiles_1 = require("./storeFiles");
const displayText_1 = require("../../core/displayText");
/**
 * How a restore's files are written, and put back when that fails: in place by git when the disk
 * has room to spare, else staged beside the store and renamed into place, so a disk that fills up
 * leaves each file whole.
 */
class RestoreWriter {
    repo;
    inPlaceMarginBytes;
    constructor(repo, 
    /** Free space beyond twice the new contents above which git writes in place; Infinity: always staged. */
    inPlaceMarginBytes) {
        this.repo = repo;
        this.inPlaceMarginBytes = inPlaceMarginBytes;
    }
    /**
     * Whether the disk holding `dir` has room to spare for the restore's new contents: then git may
     * write them in place, the fast way. Git's checkout truncates a file before it writes it, so
     * near a full disk they are staged first instead ({@link writeStaged}).
     */
    async roomToWriteInPlace(dir, diff) {
        const margin = this.inPlaceMarginBytes ?? 64 * 1024 * 1024;
        if (!Number.isFinite(margin))
            return false;
        const oids = diff.map((c) => c.newOid).filter((oid) => oid !== undefined);
        if (oids.length === 0)
            return true;
        const free = await node_fs_1.promises.statfs(dir).then(({ bavail, bsize }) => bavail * bsize, () => undefined);
        if (free === undefined)
            return false;
        const sizes = await this.repo.repoGit().raw(['cat-file', '--batch-check=%(objectsize)'], `${oids.join('\n')}\n`);
        // A block per file on top of its size, as a file system rounds up.
        const bytes = sizes.split('\n').filter((l) => l.length > 0).reduce((sum, l) => sum + (Number(l) || 0) + 4096, 0);
        return free > 2 * bytes + margin;
    }
    /**
     * A restore near a full disk: each file ends whole, old or new. The new contents are staged
     * first (a disk that fills up there has changed nothing), then renamed into place.
     */
    async writeStaged(sandbox, git, diff, fromRef, target) {
        try {
            // A two-tree merge's dry run checks everything up front and writes nothing: it refuses
            // rather than overwrite a file it does not know, or one changed since the index.
            await git.raw(['read-tree', '-n', '-m', '-u', fromRef, target]);
        }
        catch (error) {
            await this.putBack(sandbox, diff, error);
        }
        // The new contents are staged first: a disk that fills up there has changed nothing.
        let staged;
        try {
            staged = await (0, stagedWrite_1.stageFiles)(git, diff.filter((c) => c.newId !== undefined).map((c) => ({ path: c.path, id: c.newId })), await this.stagingParent());
        }
        catch (error) {
            const count = error instanceof stagedWrite_1.StagedWriteError ? error.unwritten.length : diff.length;
            if (error instanceof stagedWrite_1.StagedWriteError && error.diskFull) {
                throw new errors_1.SandboxError(`Rollback failed: ${(0, displayText_1.plural)(count, 'file')} could not be written (disk full); nothing was changed. Free some space and try again.`, { cause: error });
            }
            throw new errors_1.SandboxError(`Rollback failed and nothing was changed: ${(0, storeFiles_1.firstLine)(error)}`, { cause: error });
        }
        try {
            // Then what goes is removed, and what comes is renamed into place (no space needed), each file whole.
            await (0, restoreSettle_1.removeFiles)(sandbox.dir, diff.filter((c) => c.newId === undefined).map((c) => c.path));
            await staged.moveIntoPlace(sandbox.dir);
            // The index becomes the target, keeping the stat data of the paths that did not change;
            // those written get theirs (a later two-tree merge refuses an entry with stale stat data).
            await git.raw(['read-tree', '-i', '-m', fromRef, target]);
            await (0, stagedWrite_1.refreshEntries)(git, diff.filter((c) => c.newId !== undefined).map((c) => c.path));
        }
        catch (error) {
            await this.putBack(sandbox, diff, error);
        }
        finally {
            await staged.discard();
        }
    }
    /**
     * The folder under which contents to write are staged, beside the store (on the workspace's
     * file system). Under the store's lock, whatever is in it was left by a killed process: it goes.
     */
    async stagingParent() {
        const dir = path.join(this.repo.checkpointDir, 'staging');
        await node_fs_1.promises.rm(dir, { recursive: true, force: true });
        return dir;
    }
    /** After a failed restore: puts back what it changed (see {@link settleRestore}) and says how that went. */
    async putBack(sandbox, diff, cause) {
        const reason = (0, storeFiles_1.firstLine)(cause);
        let left;
        try {
            ({ left } = await (0, restoreSettle_1.settleRestore)(sandbox.dir, this.repo.keyGit(sandbox), diff, 'before', await this.stagingParent()));
        }
        catch (second) {
            if (second instanceof stagedWrite_1.StagedWriteError && second.diskFull) {
                // Every file is whole (old or new); the record stays, and recovery finishes or undoes once there is space.
                throw new errors_1.IncompleteRestoreError(`Rollback failed (${reason}): ${(0, displayText_1.plural)(second.unwritten.length, 'file')} could not be written (disk full); free some space, then run "agents plan recover" to finish or undo it.`, { cause });
            }
            throw new errors_1.IncompleteRestoreError(`Rollback failed (${reason}) and the sandbox could not be put back automatically (${(0, storeFiles_1.firstLine)(second)}); run "agents plan recover" to finish or undo it.`, { cause });
        }
        if (left.length > 0) {
            throw new errors_1.SandboxError(`Rollback failed (${reason}); the sandbox was put back, except ${(0, displayText_1.plural)(left.length, 'path')} that changed meanwhile and ${left.length === 1 ? 'was' : 'were'} left as they are: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}. The safety checkpoint holds them as they were before the rollback.`, { cause });
        }
        throw new errors_1.SandboxError(`Rollback failed and the sandbox was put back as it was: ${reason}`, { cause });
    }
}
exports.RestoreWriter = RestoreWriter;
//# sourceMappingURL=restoreWriter.js.map
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
exports.ShadowGitSandbox = void 0;
exports.reportGitProgress = reportGitProgress;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
const interruptedOperation_1 = require("../../core/interruptedOperation");
const capturedPaths_1 = require("./capturedPaths");
const gitOutput_1 = require("./gitOutput");
const gitRefFiles_1 = require("./gitRefFiles");
const restoreSettle_1 = require("./restoreSettle");
const sandboxPaths_1 = require("./sandboxPaths");
const stagedWrite_1 = require("./stagedWrite");
const sandboxStaging_1 = require("./sandboxStaging");
const restoreWriter_1 = require("./restoreWriter");
const shadowRepository_1 = require("./shadowRepository");
const snapshotSize_1 = require("./snapshotSize");
const snapshotWriter_1 = require("./snapshotWriter");
const storeFiles_1 = require("./storeFiles");
const storeNames_1 = require("./storeNames");
const toolCallRevert_1 = require("./toolCallRevert");
const treeOverlay_1 = require("./treeOverlay");
const uncapturedFiles_1 = require("./uncapturedFiles");
const realDataPath_1 = require("../files/realDataPath");
/**
 * Snapshots sandboxes into one shadow git repository under the checkpoint directory, never the
 * user's own `.git`. Every sandbox has a persistent index (and a HEAD naming its last snapshot) in
 * `indexes/<key>/`, linked to the shared object store like a git worktree, so an incremental
 * snapshot costs a stat of the tree plus the changed files. Each checkpoint is a parentless commit
 * pinned by `refs/checkpoints/<plan>/<checkpoint>`, so dropping a pin frees exactly its objects.
 */
class ShadowGitSandbox {
    options;
    repo;
    staging;
    writes;
    snapshots;
    constructor(options) {
        this.options = options;
        this.repo = new shadowRepository_1.ShadowRepository(options.checkpointDir, (message) => options.logger.warn(message), options.workspaceRoot);
        this.writes = new restoreWriter_1.RestoreWriter(this.repo, options.inPlaceMarginBytes);
        this.staging = new sandboxStaging_1.SandboxStaging(this.repo, options.maxFileBytes, options.protectedFiles ?? []);
        this.snapshots = new snapshotWriter_1.SnapshotWriter(this.repo, this.staging, options.logger);
    }
    exclusive(key, work) {
        (0, storeNames_1.assertKey)(key);
        // One lock for the whole store: snapshots of different sandboxes share objects and the
        // garbage collector must never run beside a half-made snapshot.
        return this.options.lock('shadow-store', async () => {
            // The store may have changed since this process last checked it (a pull, an unpacked archive).
            await this.repo.verify();
            return work();
        });
    }
    snapshot(sandbox, pin, message, before) {
        if (pin !== null)
            (0, storeNames_1.assertPin)(pin);
        // Without `since` a snapshot is always taken.
        return this.snapshots.snapshot(sandbox, pin, message, undefined, before);
    }
    snapshotIfChanged(sandbox, pin, message, since, before) {
        (0, storeNames_1.assertPin)(pin);
        (0, storeNames_1.assertObjectId)(since);
        return this.snapshots.snapshot(sandbox, pin, message, since, before);
    }
    async captureBeforeWrite(sandbox, rel) {
        await this.repo.ensureRepo();
        return (0, capturedPaths_1.captureBeforeWrite)(this.repo, sandbox, rel, this.options.maxFileBytes);
    }
    changesSince(sandbox, ref) {
        (0, storeNames_1.assertObjectId)(ref);
        return this.snapshots.withIndex(sandbox, async () => {
            // The sandbox staged into its index, then compared with the snapshot: no tree is written.
            // Special files never appear among changes, and a rollback never touches them: no walk.
            const { skipped } = await this.staging.stage(sandbox, undefined, 'none');
            const out = await this.repo.keyGit(sandbox).raw(['diff-index', '--cached', '-z', '--no-renames', ref]);
            const raw = (0, gitOutput_1.parseRawDiff)(out);
            (0, storeNames_1.assertSnapshotPaths)(ref, raw.map((c) => c.path));
            return { changes: (0, gitOutput_1.pathChanges)(raw), skipped };
        });
    }
    async materialize(sandbox, ref) {
        (0, storeNames_1.assertObjectId)(ref);
        await this.repo.ensureKey(sandbox.key);
        const git = this.repo.keyGit(sandbox);
        await git.raw(['read-tree', '--reset', '-u', ref]);
        const tree = await this.repo.treeOf(ref);
        await this.repo.recordHead(sandbox.key, { commit: await this.repo.commitTree(tree, 'sandbox created'), tree, skipped: [] });
    }
    async changes(fromRef, toRef) {
        return (0, gitOutput_1.pathChanges)(await this.repo.rawChanges(fromRef, toRef));
    }
    async changesWithContent(fromRef, toRef) {
        return (await this.repo.rawChanges(fromRef, toRef)).map((c) => ({ path: c.path, change: c.change, contentAfter: c.newId }));
    }
    async prepareRestore(sandbox, fromRef, toRef, leaveAlone, only) {
        (0, storeNames_1.assertObjectId)(fromRef);
        (0, storeNames_1.assertObjectId)(toRef);
        await this.repo.ensureKey(sandbox.key);
        const keep = [...leaveAlone, ...this.staging.protectedIn(sandbox)];
        // Chosen paths: the sandbox as it is, with those paths taken from the target.
        const chosen = only === undefined ? toRef : await (0, treeOverlay_1.overlayTree)(this.repo, fromRef, toRef, only);
        const target = keep.length > 0 ? await (0, treeOverlay_1.overlayTree)(this.repo, chosen, fromRef, keep) : chosen;
        const [diff, targetTree, state] = await Promise.all([this.repo.rawChanges(fromRef, target), this.repo.treeOf(target), this.repo.readState(sandbox.key)]);
        const changes = (0, gitOutput_1.pathChanges)(diff);
        const uncaptured = await this.uncapturedInTheWay(sandbox, changes);
        const apply = async (progress) => {
            if (changes.length === 0)
                return;
            // The sandbox's size after the restore, from its size now and what the restore changes,
            // looked up while the files are written (a failure only means the next snapshot measures all).
            const measuring = state?.commit === fromRef && state.sizeBytes !== undefined && state.fileCount !== undefined
                ? (0, snapshotSize_1.measureChanges)(this.repo.keyGit(sandbox), state, diff.map((c) => ({ before: c.oldOid, after: c.newOid }))).catch(() => ({}))
                : Promise.resolve({});
            // A folder the restore writes into that became a symlink (or a file) since the snapshot it
            // starts from: refused before anything is written (git would not follow it, but a changed
            // sandbox is not what the preview showed).
            const turned = (0, sandboxPaths_1.foldersTurnedAside)(sandbox.dir, diff);
            if (turned.length > 0) {
                throw new errors_1.SandboxError(`The sandbox changed after its snapshot was taken: ${turned.slice(0, 10).map((f) => `"${f}"`).join(', ')}${turned.length > 10 ? ', …' : ''} ${turned.length === 1 ? 'is' : 'are'} no longer a real folder (a symlink or a file now), and writing through it could reach outside the sandbox. Nothing was changed.`);
            }
            const git = this.repo.keyGit(sandbox);
            if (await this.writes.roomToWriteInPlace(sandbox.dir, diff)) {
                try {
                    // A two-tree merge writes only the paths that differ, keeps the stat data of the rest, and
                    // checks everything up front: it refuses rather than overwrite a file it does not know.
                    // With -v git reports "Updating files: 60% (12000/20000)" on stderr once it takes a while.
                    if (progress)
                        await git.rawStreaming(['read-tree', '-m', '-u', '-v', fromRef, target], (chunk) => reportGitProgress(chunk, progress));
                    else
                        await git.raw(['read-tree', '-m', '-u', fromRef, target]);
                }
                catch (error) {
                    await this.writes.putBack(sandbox, diff, error);
                }
            }
            else
                await this.writes.writeStaged(sandbox, git, diff, fromRef, target);
            progress?.(changes.length, changes.length);
            const [commit, measured] = await Promise.all([target === toRef ? toRef : this.repo.commitTree(targetTree, 'restored'), measuring]);
            await this.repo.recordHead(sandbox.key, { commit, tree: targetTree, ...measured, skipped: state?.skipped ?? [] });
        };
        return { changes, uncaptured, target, apply };
    }
    async settleInterruptedRestore(sandbox, fromRef, toRef, goal) {
        (0, storeNames_1.assertObjectId)(fromRef);
        (0, storeNames_1.assertObjectId)(toRef);
        await this.repo.ensureKey(sandbox.key);
        const goalRef = goal === 'before' ? fromRef : toRef;
        // Beside the checkpoint directory, in the data folder that no snapshot captures.
        const dataDir = path.dirname(this.options.checkpointDir);
        const keptRel = `recovered/${sandbox.key}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        const keptIn = path.join(dataDir, ...keptRel.split('/'));
        await (0, realDataPath_1.assertRealDataPath)(this.repo.base, keptIn);
        const git = this.repo.keyGit(sandbox);
        const [diff, tree, state] = await Promise.all([this.repo.rawChanges(fromRef, toRef), this.repo.treeOf(goalRef), this.repo.readState(sandbox.key)]);
        // The index becomes the goal's (keeping the stat data of entries whose content is the same), so
        // that the paths to write come from it.
        await git.raw(['read-tree', '--reset', goalRef]);
        let result;
        try {
            result = await (0, restoreSettle_1.settleRestore)(sandbox.dir, git, diff, goal, await this.writes.stagingParent(), { base: dataDir, rel: keptRel });
        }
        catch (error) {
            if (!(error instanceof stagedWrite_1.StagedWriteError && error.diskFull))
                throw error;
            throw new errors_1.IncompleteRestoreError(`Recovery stopped: ${error.unwritten.length} file(s) could not be written (disk full). Each file is whole (as before or after) and the operation stays recorded; free some space, then run "agents plan recover" again.`, { cause: error });
        }
        // An overlay's target is a tree: HEAD needs a commit. Sizes are left out: the next snapshot measures.
        const commit = tree === goalRef ? await this.repo.commitTree(tree, 'recovered') : goalRef;
        await this.repo.recordHead(sandbox.key, { commit, tree, skipped: state?.skipped ?? [] });
        return { ...result, keptIn };
    }
    async uncapturedInTheWay(sandbox, changes) {
        // Its git dir linked to the store first: git never reads one this program did not make.
        await this.repo.ensureKey(sandbox.key);
        return (0, uncapturedFiles_1.uncapturedFilesInTheWay)(sandbox.dir, this.repo.keyGit(sandbox), changes);
    }
    async overlay(baseRef, sourceRef, paths, pin) {
        (0, storeNames_1.assertObjectId)(baseRef);
        (0, storeNames_1.assertObjectId)(sourceRef);
        (0, storeNames_1.assertPin)(pin);
        await this.repo.ensureRepo();
        const tree = await (0, treeOverlay_1.overlayTree)(this.repo, baseRef, sourceRef, paths);
        const commit = await this.repo.commitTree(tree, `overlay for ${pin}`);
        await (0, gitRefFiles_1.writeRefs)(this.repo.gitDir, [[(0, storeNames_1.pinRef)(pin), commit]]);
        const { sizeBytes, fileCount } = await (0, snapshotSize_1.measureTree)(this.repo.repoGit(), tree);
        return { ref: commit, filesystemPath: (0, storeNames_1.pinPath)(pin), sizeBytes, fileCount, skipped: [] };
    }
    revertToolCalls(nowRef, calls) {
        calls.forEach((c) => [c.before, c.after].forEach(storeNames_1.assertObjectId));
        return (0, toolCallRevert_1.revertToolCalls)(this.repo, nowRef, calls);
    }
    async readFile(ref, filePath) {
        (0, storeNames_1.assertObjectId)(ref);
        const rel = (0, storeNames_1.assertRelative)(filePath);
        await this.repo.ensureRepo();
        const git = this.repo.repoGit();
        const entry = (await git.raw(['ls-tree', '-z', ref, '--', rel])).split('\0')[0];
        if (!entry || !/^\d{6} blob /.test(entry))
            return undefined;
        const buffer = await git.run(['cat-file', 'blob', `${ref}:${rel}`]);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    }
    async pinnedCheckpoints(planId) {
        (0, storeNames_1.assertKey)(planId);
        await this.repo.ensureRepo();
        // Under the store's lock a ref's `.lock` file is a killed writer's: take it away too.
        const folder = path.join(this.repo.gitDir, 'refs', 'checkpoints', planId);
        const names = await node_fs_1.promises.readdir(folder).catch(() => []);
        await Promise.all(names.filter((n) => n.endsWith('.lock')).map((n) => node_fs_1.promises.rm(path.join(folder, n), { force: true })));
        return (await (0, gitRefFiles_1.listRefNames)(this.repo.gitDir, `refs/checkpoints/${planId}`)).filter((name) => ids_1.ULID_PATTERN.test(name));
    }
    async unpin(pins) {
        pins.forEach(storeNames_1.assertPin);
        if (pins.length === 0)
            return;
        await this.repo.ensureRepo();
        await this.repo.deleteRefs(pins.map(storeNames_1.pinRef));
        const counter = path.join(this.repo.gitDir, 'unpinned-since-gc');
        const before = Number.parseInt(await node_fs_1.promises.readFile(counter, 'utf8').catch(() => '0'), 10) || 0;
        await (0, storeFiles_1.replaceFile)(counter, String(before + pins.length));
    }
    /**
     * Pins the two sides of a plan's operation record (`refs/operations/<plan>/from|to`) so that no
     * garbage collection deletes what recovery needs. A side that is a tree (an overlay) is pinned
     * through a commit of it. Call it under the store's lock, before the record is written.
     */
    async holdOperationRefs(planId, refs) {
        (0, storeNames_1.assertKey)(planId);
        refs.forEach(storeNames_1.assertObjectId);
        await this.repo.ensureRepo();
        const git = this.repo.repoGit();
        const sides = ['from', 'to'].slice(0, refs.length);
        const updates = await Promise.all(sides.map(async (side, i) => {
            const ref = refs[i];
            const type = (await git.raw(['cat-file', '-t', ref])).trim();
            return [(0, storeNames_1.operationRef)(planId, side), type === 'commit' ? ref : await this.repo.commitTree(await this.repo.treeOf(ref), `operation of plan ${planId}`)];
        }));
        await (0, gitRefFiles_1.writeRefs)(this.repo.gitDir, updates);
    }
    /** Drops what {@link holdOperationRefs} pinned, once the record is removed. */
    async releaseOperationRefs(planId) {
        (0, storeNames_1.assertKey)(planId);
        await this.repo.ensureRepo();
        await this.repo.deleteRefs([(0, storeNames_1.operationRef)(planId, 'from'), (0, storeNames_1.operationRef)(planId, 'to')]);
    }
    /** Pins what every open operation record names (a record written by a release without pins, or pinned by hand). */
    async holdOpenOperations() {
        const dir = this.options.operationsDir;
        if (dir === undefined)
            return;
        const names = (await node_fs_1.promises.readdir(dir).catch(() => [])).filter((n) => n.endsWith('.json'));
        for (const name of names) {
            const record = interruptedOperation_1.InterruptedOperationSchema.safeParse(await node_fs_1.promises.readFile(path.join(dir, name), 'utf8').then(JSON.parse, () => undefined).catch(() => undefined));
            if (!record.success)
                continue;
            const refs = [record.data.from_ref, record.data.to_ref].filter((r) => r !== null);
            // A side the store lacks cannot be kept; recovery then says so.
            const present = await Promise.all(refs.map((r) => this.repo.repoGit().raw(['cat-file', '-e', r]).then(() => true, () => false)));
            if (refs.length > 0 && present.every(Boolean))
                await this.holdOperationRefs(record.data.plan_id, refs);
        }
    }
    async collectGarbageIfWorthwhile() {
        if (this.options.deferGarbageCollection)
            return;
        if (await this.garbageDue())
            await this.collectGarbage();
    }
    /**
     * Runs the garbage collection that dropped pins made due, under the store's lock; whether it
     * ran. For a process that defers it (deferGarbageCollection), at a quiet moment.
     */
    async collectGarbageWhenDue() {
        if (!(await this.garbageDue()))
            return false;
        return this.options.lock('shadow-store', async () => {
            await this.repo.verify();
            // Another process may have collected meanwhile.
            if (!(await this.garbageDue()))
                return false;
            await this.collectGarbage();
            return true;
        });
    }
    async garbageDue() {
        const counter = path.join(this.repo.gitDir, 'unpinned-since-gc');
        const pending = Number.parseInt(await node_fs_1.promises.readFile(counter, 'utf8').catch(() => '0'), 10) || 0;
        return pending >= (this.options.gcAfterUnpins ?? 25);
    }
    /**
     * Packs what is pinned and deletes what no pin or sandbox reaches. Call it inside `exclusive`:
     * every sandbox's index then matches a pinned snapshot, so nothing in use can be deleted.
     */
    async collectGarbage() {
        await this.repo.ensureRepo();
        const git = this.repo.repoGit();
        await this.holdOpenOperations();
        // Unpinned snapshots leave an index ahead of its HEAD: pin each index's tree so that nothing a
        // sandbox's index names is deleted.
        const keys = await node_fs_1.promises.readdir(path.join(this.options.checkpointDir, 'indexes')).catch(() => []);
        for (const key of keys.filter((k) => storeNames_1.KEY_PATTERN.test(k))) {
            const tree = (await (await this.repo.linkedKeyGit(key))?.raw(['write-tree']).catch(() => '')) ?? '';
            if (ids_1.OBJECT_ID_PATTERN.test(tree.trim()))
                await (0, gitRefFiles_1.writeRefs)(this.repo.gitDir, [[(0, storeNames_1.indexRef)(key), await this.repo.commitTree(tree.trim(), 'index')]]);
        }
        await git.raw(['repack', '-a', '-d', '-q', '--no-write-bitmap-index']);
        await git.raw(['prune', '--expire=now']);
        await (0, storeFiles_1.replaceFile)(path.join(this.repo.gitDir, 'unpinned-since-gc'), '0');
    }
    /** Bytes the store takes on disk. */
    async diskUsage() {
        return (0, storeFiles_1.directorySize)(this.options.checkpointDir);
    }
    async forgetSandbox(key) {
        (0, storeNames_1.assertKey)(key);
        await this.repo.ensureRepo();
        await this.repo.deleteRefs([(0, storeNames_1.headRef)(key), (0, storeNames_1.indexRef)(key)]);
        await node_fs_1.promises.rm(this.repo.keyDir(key), { recursive: true, force: true });
    }
}
exports.ShadowGitSandbox = ShadowGitSandbox;
/** The last "(done/total)" of a piece of git's progress output, handed on; anything else is ignored. */
function reportGitProgress(chunk, progress) {
    const all = [...chunk.matchAll(/\((\d+)\/(\d+)\)/g)];
    const last = all.at(-1);
    if (!last)
        return;
    const done = Number(last[1]);
    const total = Number(last[2]);
    if (Number.isSafeInteger(done) && Number.isSafeInteger(total) && done <= total)
        progress(done, total);
}
//# sourceMappingURL=shadowGitSandbox.js.map
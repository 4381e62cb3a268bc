"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SnapshotWriter = void 0;
const node_fs_1 = require("node:fs");
const capturedPaths_1 = require("./capturedPaths");
const gitRefFiles_1 = require("./gitRefFiles");
const phaseTimer_1 = require("./phaseTimer");
const sandboxStaging_1 = require("./sandboxStaging");
const snapshotSize_1 = require("./snapshotSize");
const storeFiles_1 = require("./storeFiles");
const storeNames_1 = require("./storeNames");
/**
 * Takes a sandbox's snapshots on its persistent index: stages the files, puts back the paths
 * captured before the writes that came since (a pre_write taken after them), writes the tree and
 * the commit, measures, and pins. Call it under the store's lock.
 */
class SnapshotWriter {
    repo;
    staging;
    logger;
    constructor(repo, staging, logger) {
        this.repo = repo;
        this.staging = staging;
        this.logger = logger;
    }
    /**
     * A snapshot of the sandbox's files, pinned under `pin` (or, with `null`, a throw-away tree); with
     * `since`, undefined (nothing written) when the files are that snapshot's. `before` gives the
     * captured paths once the files are read.
     */
    snapshot(sandbox, pin, message, since, before) {
        const once = onceCaptured(before);
        return this.withIndex(sandbox, () => this.take(sandbox, pin, message, since, once.get), once.unused);
    }
    /**
     * Runs work on the sandbox's persistent index; an index that names lost objects is rebuilt once
     * (unless `mayRetry` says no: a second pass would read files that changed after the first).
     */
    async withIndex(sandbox, work, mayRetry = () => true) {
        await this.repo.ensureKey(sandbox.key);
        try {
            return await work();
        }
        catch (error) {
            if (!/invalid object|unable to read|bad object|corrupt/i.test(String(error)) || !mayRetry())
                throw (0, storeFiles_1.wrap)('Snapshot failed', error);
            // The persistent index names objects the store lost (a crash before a commit, then a
            // garbage collection): start that sandbox's index over, which re-hashes its files once.
            this.logger.warn(`Rebuilding the shadow index of ${sandbox.key}: ${String(error)}`);
            await node_fs_1.promises.rm(this.repo.keyDir(sandbox.key), { recursive: true, force: true });
            await this.repo.ensureKey(sandbox.key);
            try {
                return await work();
            }
            catch (second) {
                throw (0, storeFiles_1.wrap)('Snapshot failed', second);
            }
        }
    }
    /** With `since`: undefined, nothing committed or pinned, when the captured tree is that snapshot's. */
    async take(sandbox, pin, message, since, before) {
        const phases = new phaseTimer_1.PhaseTimer();
        const staged = await this.staging.stage(sandbox, phases, since === undefined ? 'beside-status' : 'after-status');
        const { state, entries } = staged;
        const git = this.repo.keyGit(sandbox);
        // The files are read: the paths written since the pre_write was asked for are put back as
        // they were (in a copy of the index), and from here on no capture joins.
        const captured = before ? await before() : [];
        const overlaid = captured.length > 0 ? await (0, capturedPaths_1.treeWithCaptured)(this.repo, sandbox, captured, staged.skipped) : undefined;
        if (overlaid)
            phases.mark('captured');
        const known = state && state.sizeBytes !== undefined && state.fileCount !== undefined ? state : undefined;
        // HEAD names the recorded state (it does unless a crash came between the two writes).
        const headKnown = known !== undefined && (await (0, gitRefFiles_1.readRef)(this.repo.gitDir, (0, storeNames_1.headRef)(sandbox.key))) === known.commit;
        // Status named nothing: files, index and HEAD agree, and the tree is known without a write-tree.
        const unchanged = !overlaid && headKnown && entries.length === 0;
        const treeWritten = overlaid ? Promise.resolve(overlaid.tree) : unchanged ? Promise.resolve(known.tree) : git.raw(['write-tree']).then(storeNames_1.objectIdIn);
        if (pin === null && state) {
            // A throw-away snapshot (to compare trees): the index moves ahead of HEAD, which keeps
            // naming the last pinned state, so nothing is committed or measured.
            const tree = await treeWritten;
            const skipped = withSpecials(overlaid?.skipped ?? staged.skipped, await staged.specialFiles());
            this.logger.debug(`snapshot ${sandbox.key} (unpinned): ${entries.length} changed path(s); ${phases}`);
            return { ref: tree, filesystemPath: '.', sizeBytes: state.sizeBytes ?? 0, fileCount: state.fileCount ?? 0, skipped };
        }
        // The size is measured beside write-tree and the commit: from the paths status named (all
        // that can differ from the last pinned state, which HEAD names: their blobs there, and in the
        // index now) when they are few, else from the whole tree. Batch input is line-based: a name
        // with a line break takes the long way.
        // With captured paths put back, the index no longer holds the tree: measured from the tree.
        // The few paths' measure starts now, beside write-tree (before the comparison with `since`):
        // its git's start overlaps the tree's write. A snapshot not taken after all drops its answer.
        const fewChanges = !unchanged && !overlaid && headKnown && entries.length <= sandboxStaging_1.BULK_STAGE_THRESHOLD && !entries.some((e) => /[\n\r]/.test(e.path));
        const changesMeasured = fewChanges ? (0, snapshotSize_1.measureChangesIn)(git, known, treeWritten, entries.map((e) => ({ before: e.headOid, path: e.path }))) : undefined;
        changesMeasured?.catch(() => undefined);
        if (since !== undefined) {
            // As with a throw-away snapshot, the index may move ahead of HEAD: nothing else is written.
            const [tree, sinceTree] = await Promise.all([treeWritten, this.repo.treeOf(since)]);
            if (tree === sinceTree) {
                staged.stopSpecials();
                this.logger.debug(`snapshot ${sandbox.key}: the same files as ${since}, not taken; ${phases}`);
                return undefined;
            }
        }
        const measuring = unchanged
            ? Promise.resolve({ sizeBytes: known.sizeBytes, fileCount: known.fileCount })
            : (changesMeasured ?? treeWritten.then((tree) => (0, snapshotSize_1.measureTree)(this.repo.repoGit(), tree)));
        const [tree, commit, measured, specials] = await Promise.all([treeWritten, treeWritten.then((t) => this.repo.commitTree(t, message)), measuring, staged.specialFiles()]);
        const skipped = withSpecials(overlaid?.skipped ?? staged.skipped, specials);
        phases.mark('tree+commit+measure+specials');
        await this.repo.recordHead(sandbox.key, { commit, tree, ...measured, skipped }, pin);
        phases.mark('pin');
        this.logger.debug(`snapshot ${sandbox.key}: ${entries.length} changed path(s); ${phases}`);
        return { ref: pin === null ? tree : commit, filesystemPath: pin === null ? '.' : (0, storeNames_1.pinPath)(pin), ...measured, skipped };
    }
}
exports.SnapshotWriter = SnapshotWriter;
/** `before`, called at most once; `unused` until it is (a snapshot that called it cannot start over). */
function onceCaptured(before) {
    if (!before)
        return { get: undefined, unused: () => true };
    let called = false;
    return {
        get: () => {
            called = true;
            return before();
        },
        unused: () => !called,
    };
}
/** The skipped paths with the special files a snapshot's walk found (some staging found too), in path order. */
function withSpecials(skipped, specials) {
    if (specials.length === 0)
        return [...skipped];
    const listed = new Set(skipped.map((s) => s.path));
    return [...skipped, ...specials.filter((s) => !listed.has(s.path))].sort((a, b) => (a.path < b.path ? -1 : 1));
}
//# sourceMappingURL=snapshotWriter.js.map
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { RevertedToolCalls, ToolCallRefs } from '../../core/agentOnlyRollback';
import type { SkippedPath } from '../../core/checkpoint';
import { IncompleteRestoreError, SandboxError } from '../../core/errors';
import { ULID_PATTERN } from '../../core/ids';
import type { CapturedBefore, CapturedPath, ContentChange, Logger, PreparedRestore, SandboxLocation, SandboxSnapshotter, Snapshot, SnapshotFile, SnapshotFileId } from '../../core/ports';
import type { OpenFence } from '../../core/openFences';
import type { PathChange } from '../../core/rollbackResult';
import { captureBeforeWrite } from './capturedPaths';
import { blobId, fileAtSnapshots, fileIdsAtSnapshots, readBlobs } from './fileVersions';
import { parseRawDiff, pathChanges, reportGitProgress } from './gitOutput';
import { listRefNames, readRef, writeRefs } from './gitRefFiles';
import { settleRestore } from './restoreSettle';
import { foldersTurnedAside } from './sandboxPaths';
import { StagedWriteError } from './stagedWrite';
import { SandboxStaging } from './sandboxStaging';
import { RestoreWriter } from './restoreWriter';
import { ShadowRepository } from './shadowRepository';
import { measureChanges, measureTree } from './snapshotSize';
import { SnapshotWriter } from './snapshotWriter';
import { StoreGarbage } from './storeGarbage';
import { directorySize } from './storeFiles';
import { assertKey, assertObjectId, assertPin, assertRelative, assertSnapshotPaths, headRef, indexRef, pinPath, pinRef } from './storeNames';
import { revertToolCalls } from './toolCallRevert';
import { pathEntry, withPath } from './pathGraft';
import { overlayTree } from './treeOverlay';
import { uncapturedFilesInTheWay } from './uncapturedFiles';
import { assertRealDataPath } from '../files/realDataPath';
import { readOpenFences, writeOpenFences } from '../files/openFenceFiles';
import type { FolderWatches } from '../files/folderWatch';

export interface ShadowGitSandboxOptions {
  /** Absolute path of the checkpoint directory (`.cleveragents/checkpoints`). */
  readonly checkpointDir: string;
  /** Files larger than this are not captured; they are listed as skipped. */
  readonly maxFileBytes: number;
  /** Cross-process mutual exclusion by name (a lock file). */
  readonly lock: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  readonly logger: Logger;
  /** How many dropped pins make a garbage collection worthwhile. */
  readonly gcAfterUnpins?: number;
  /**
   * A garbage collection made due by dropped pins is not run inside the call that dropped them
   * but by {@link ShadowGitSandbox.collectGarbageWhenDue}: the resident process runs it once idle,
   * so that no agent's tool call waits for a repack.
   */
  readonly deferGarbageCollection?: boolean;
  /**
   * Absolute paths of files the store itself writes (the database, its lock and temporary files):
   * wherever they are, no snapshot captures them and no restore touches them.
   */
  readonly protectedFiles?: readonly string[];
  /** The workspace folder: nothing from it down to the store may be a symbolic link (default: the checkpoint directory's parent). */
  readonly workspaceRoot?: string;
  /**
   * The folder of the operation records (`.cleveragents/operations`): a garbage collection keeps
   * every snapshot an open record names, even one whose pin is missing.
   */
  readonly operationsDir?: string;
  /**
   * Free space beyond twice a restore's new contents above which git writes the files in place
   * (fast); with less, they are staged first so that a disk filling up leaves no file half
   * written. Default 64 MiB; tests give Infinity to stage always.
   */
  readonly inPlaceMarginBytes?: number;
  /** The resident process's watches of sandbox folders: a snapshot of nothing new then runs no status (folderWatch.ts). */
  readonly folderWatches?: FolderWatches;
}

/**
 * Snapshots sandboxes into one shadow git repository under the checkpoint directory, never the
 * user's own `.git`. Every sandbox has a persistent index (and a HEAD naming its last snapshot) in
 * `indexes/<key>/`, linked to the shared object store like a git worktree, so an incremental
 * snapshot costs a stat of the tree plus the changed files. Each checkpoint is a parentless commit
 * pinned by `refs/checkpoints/<plan>/<checkpoint>`, so dropping a pin frees exactly its objects.
 */
export class ShadowGitSandbox implements SandboxSnapshotter {
  private readonly repo: ShadowRepository;
  private readonly staging: SandboxStaging;
  private readonly writes: RestoreWriter;
  private readonly snapshots: SnapshotWriter;
  private readonly garbage: StoreGarbage;

  constructor(private readonly options: ShadowGitSandboxOptions) {
    this.repo = new ShadowRepository(options.checkpointDir, (message) => options.logger.warn(message), options.workspaceRoot);
    this.writes = new RestoreWriter(this.repo, options.inPlaceMarginBytes);
    this.staging = new SandboxStaging(this.repo, options.maxFileBytes, options.protectedFiles ?? []);
    this.snapshots = new SnapshotWriter(this.repo, this.staging, options.logger, options.folderWatches);
    this.garbage = new StoreGarbage(this.repo, options);
  }

  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    assertKey(key);
    // One lock for the whole store: snapshots of different sandboxes share objects and the
    // garbage collector must never run beside a half-made snapshot.
    return this.options.lock('shadow-store', async () => {
      // The store may have changed since this process last checked it (a pull, an unpacked archive).
      await this.repo.verify();
      return work();
    });
  }

  snapshot(sandbox: SandboxLocation, pin: string | null, message: string, before?: CapturedBefore): Promise<Snapshot> {
    if (pin !== null) assertPin(pin);
    // Without `since` a snapshot is always taken.
    return this.snapshots.snapshot(sandbox, pin, message, undefined, before) as Promise<Snapshot>;
  }

  snapshotIfChanged(sandbox: SandboxLocation, pin: string, message: string, since: string, before?: CapturedBefore): Promise<Snapshot | undefined> {
    assertPin(pin);
    assertObjectId(since);
    return this.snapshots.snapshot(sandbox, pin, message, since, before);
  }

  watchAhead(sandbox: SandboxLocation): Promise<boolean> {
    return this.snapshots.watchAhead(sandbox);
  }

  async captureBeforeWrite(sandbox: SandboxLocation, rel: string): Promise<CapturedPath> {
    await this.repo.ensureRepo();
    return captureBeforeWrite(this.repo, sandbox, rel, this.options.maxFileBytes);
  }

  changesSince(sandbox: SandboxLocation, ref: string): Promise<{ changes: PathChange[]; skipped: SkippedPath[] }> {
    assertObjectId(ref);
    return this.snapshots.withIndex(sandbox, async () => {
      // The sandbox staged into its index, then compared with the snapshot: no tree is written.
      // Special files never appear among changes, and a rollback never touches them: no walk.
      const { skipped } = await this.staging.stage(sandbox, undefined, 'none');
      const out = await this.repo.keyGit(sandbox).raw(['diff-index', '--cached', '-z', '--no-renames', ref]);
      const raw = parseRawDiff(out);
      assertSnapshotPaths(ref, raw.map((c) => c.path));
      return { changes: pathChanges(raw), skipped };
    });
  }

  async materialize(sandbox: SandboxLocation, ref: string): Promise<void> {
    assertObjectId(ref);
    await this.repo.ensureKey(sandbox.key);
    const git = this.repo.keyGit(sandbox);
    await git.raw(['read-tree', '--reset', '-u', ref]);
    const tree = await this.repo.treeOf(ref);
    await this.repo.recordHead(sandbox.key, { commit: await this.repo.commitTree(tree, 'sandbox created'), tree, skipped: [] });
  }

  async changes(fromRef: string, toRef: string): Promise<PathChange[]> {
    return pathChanges(await this.repo.rawChanges(fromRef, toRef));
  }

  async changesWithContent(fromRef: string, toRef: string): Promise<ContentChange[]> {
    return (await this.repo.rawChanges(fromRef, toRef)).map((c) => ({ path: c.path, change: c.change, contentAfter: c.newId }));
  }

  async prepareRestore(sandbox: SandboxLocation, fromRef: string, toRef: string, leaveAlone: readonly string[], only?: readonly string[]): Promise<PreparedRestore> {
    assertObjectId(fromRef);
    assertObjectId(toRef);
    await this.repo.ensureKey(sandbox.key);
    const keep = [...leaveAlone, ...this.staging.protectedIn(sandbox)];
    // Chosen paths: the sandbox as it is, with those paths taken from the target.
    const chosen = only === undefined ? toRef : await overlayTree(this.repo, fromRef, toRef, only);
    const target = keep.length > 0 ? await overlayTree(this.repo, chosen, fromRef, keep) : chosen;
    const [diff, targetTree, state] = await Promise.all([this.repo.rawChanges(fromRef, target), this.repo.treeOf(target), this.repo.readState(sandbox.key)]);
    const changes = pathChanges(diff);
    const uncaptured = await this.uncapturedInTheWay(sandbox, changes);
    const apply = async (progress?: (written: number, total: number) => void): Promise<void> => {
      if (changes.length === 0) return;
      // The sandbox's size after the restore, from its size now and what the restore changes,
      // looked up while the files are written (a failure only means the next snapshot measures all).
      const measuring =
        state?.commit === fromRef && state.sizeBytes !== undefined && state.fileCount !== undefined
          ? measureChanges(this.repo.keyGit(sandbox), state, diff.map((c) => ({ before: c.oldOid, after: c.newOid }))).catch(() => ({}))
          : Promise.resolve({});
      // A folder the restore writes into that became a symlink (or a file) since the snapshot it
      // starts from: refused before anything is written (git would not follow it, but a changed
      // sandbox is not what the preview showed).
      const turned = foldersTurnedAside(sandbox.dir, diff);
      if (turned.length > 0) {
        throw new SandboxError(
          `The sandbox changed after its snapshot was taken: ${turned.slice(0, 10).map((f) => `"${f}"`).join(', ')}${turned.length > 10 ? ', …' : ''} ${turned.length === 1 ? 'is' : 'are'} no longer a real folder (a symlink or a file now), and writing through it could reach outside the sandbox. Nothing was changed.`,
        );
      }
      const git = this.repo.keyGit(sandbox);
      if (await this.writes.roomToWriteInPlace(sandbox.dir, diff)) {
        try {
          // A two-tree merge writes only the paths that differ, keeps the stat data of the rest, and
          // checks everything up front: it refuses rather than overwrite a file it does not know.
          // With -v git reports "Updating files: 60% (12000/20000)" on stderr once it takes a while.
          if (progress) await git.rawStreaming(['read-tree', '-m', '-u', '-v', fromRef, target], (chunk) => reportGitProgress(chunk, progress));
          else await git.raw(['read-tree', '-m', '-u', fromRef, target]);
        } catch (error) {
          await this.writes.putBack(sandbox, diff, error);
        }
      } else await this.writes.writeStaged(sandbox, git, diff, fromRef, target);
      progress?.(changes.length, changes.length);
      const [commit, measured] = await Promise.all([target === toRef ? toRef : this.repo.commitTree(targetTree, 'restored'), measuring]);
      await this.repo.recordHead(sandbox.key, { commit, tree: targetTree, ...measured, skipped: state?.skipped ?? [] });
    };
    return { changes, uncaptured, target, apply };
  }

  async settleInterruptedRestore(sandbox: SandboxLocation, fromRef: string, toRef: string, goal: 'before' | 'after'): Promise<{ left: string[]; kept: string[]; keptIn: string }> {
    assertObjectId(fromRef);
    assertObjectId(toRef);
    await this.repo.ensureKey(sandbox.key);
    const goalRef = goal === 'before' ? fromRef : toRef;
    // Beside the checkpoint directory, in the data folder that no snapshot captures.
    const dataDir = path.dirname(this.options.checkpointDir);
    const keptRel = `recovered/${sandbox.key}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const keptIn = path.join(dataDir, ...keptRel.split('/'));
    await assertRealDataPath(this.repo.base, keptIn);
    const git = this.repo.keyGit(sandbox);
    const [diff, tree, state] = await Promise.all([this.repo.rawChanges(fromRef, toRef), this.repo.treeOf(goalRef), this.repo.readState(sandbox.key)]);
    // The index becomes the goal's (keeping the stat data of entries whose content is the same), so
    // that the paths to write come from it.
    await git.raw(['read-tree', '--reset', goalRef]);
    let result: { left: string[]; kept: string[] };
    try {
      result = await settleRestore(sandbox.dir, git, diff, goal, await this.writes.stagingParent(), { base: dataDir, rel: keptRel });
    } catch (error) {
      if (!(error instanceof StagedWriteError && error.diskFull)) throw error;
      throw new IncompleteRestoreError(
        `Recovery stopped: ${error.unwritten.length} file(s) could not be written (disk full). Each file is whole (as before or after) and the operation stays recorded; free some space, then run "agents plan recover" again.`,
        { cause: error },
      );
    }
    // An overlay's target is a tree: HEAD needs a commit. Sizes are left out: the next snapshot measures.
    const commit = tree === goalRef ? await this.repo.commitTree(tree, 'recovered') : goalRef;
    await this.repo.recordHead(sandbox.key, { commit, tree, skipped: state?.skipped ?? [] });
    return { ...result, keptIn };
  }

  async uncapturedInTheWay(sandbox: SandboxLocation, changes: readonly PathChange[]): Promise<string[]> {
    // Its git dir linked to the store first: git never reads one this program did not make.
    await this.repo.ensureKey(sandbox.key);
    return uncapturedFilesInTheWay(sandbox.dir, this.repo.keyGit(sandbox), changes);
  }

  async overlay(baseRef: string, sourceRef: string, paths: readonly string[], pin: string): Promise<Snapshot> {
    assertObjectId(baseRef);
    assertObjectId(sourceRef);
    assertPin(pin);
    await this.repo.ensureRepo();
    const tree = await overlayTree(this.repo, baseRef, sourceRef, paths);
    const commit = await this.repo.commitTree(tree, `overlay for ${pin}`);
    await writeRefs(this.repo.gitDir, [[pinRef(pin), commit]]);
    const { sizeBytes, fileCount } = await measureTree(this.repo.repoGit(), tree);
    return { ref: commit, filesystemPath: pinPath(pin), sizeBytes, fileCount, skipped: [] };
  }

  revertToolCalls(nowRef: string, calls: readonly ToolCallRefs[]): Promise<RevertedToolCalls> {
    calls.forEach((c) => [c.before, c.after].forEach(assertObjectId));
    return revertToolCalls(this.repo, nowRef, calls);
  }

  async readFile(ref: string, filePath: string): Promise<Uint8Array | undefined> {
    assertObjectId(ref);
    const rel = assertRelative(filePath);
    await this.repo.ensureRepo();
    const git = this.repo.repoGit();
    const entry = (await git.raw(['ls-tree', '-z', ref, '--', rel])).split('\0')[0];
    if (!entry || !/^\d{6} blob /.test(entry)) return undefined;
    const buffer = await git.run(['cat-file', 'blob', `${ref}:${rel}`]);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }

  async pathMode(ref: string, filePath: string): Promise<string | undefined> {
    return (await pathEntry(this.repo, ref, filePath))?.mode;
  }

  withPath(baseRef: string, filePath: string, source: { readonly ref: string } | { readonly bytes: Uint8Array }): Promise<string> {
    return withPath(this.repo, baseRef, filePath, source);
  }

  async fileAtSnapshots(refs: readonly string[], filePath: string): Promise<SnapshotFile[]> {
    refs.forEach(assertObjectId);
    const rel = assertRelative(filePath);
    await this.repo.ensureRepo();
    return fileAtSnapshots(this.repo.repoGit(), refs, rel);
  }

  async fileIdsAtSnapshots(refs: readonly string[], filePath: string): Promise<SnapshotFileId[]> {
    refs.forEach(assertObjectId);
    const rel = assertRelative(filePath);
    await this.repo.ensureRepo();
    return fileIdsAtSnapshots(this.repo.repoGit(), refs, rel);
  }

  async readContents(ids: readonly string[]): Promise<Map<string, Uint8Array>> {
    ids.forEach(assertObjectId);
    if (ids.length === 0) return new Map();
    await this.repo.ensureRepo();
    return readBlobs(this.repo.repoGit(), [...new Set(ids)]);
  }

  contentId(content: Uint8Array, like: string): string {
    return blobId(content, like);
  }

  async pinnedCheckpoints(planId: string): Promise<string[]> {
    assertKey(planId);
    await this.repo.ensureRepo();
    // Under the store's lock a ref's `.lock` file is a killed writer's: take it away too.
    const folder = path.join(this.repo.gitDir, 'refs', 'checkpoints', planId);
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.endsWith('.lock')).map((n) => fs.rm(path.join(folder, n), { force: true })));
    return (await listRefNames(this.repo.gitDir, `refs/checkpoints/${planId}`)).filter((name) => ULID_PATTERN.test(name));
  }

  async unpin(pins: readonly string[]): Promise<void> {
    pins.forEach(assertPin);
    if (pins.length === 0) return;
    await this.repo.ensureRepo();
    await this.repo.deleteRefs(pins.map(pinRef));
    await this.garbage.countUnpinned(pins.length);
  }

  async openFences(planId: string): Promise<OpenFence[]> {
    assertKey(planId);
    return readOpenFences(this.dataRoot(), this.fencesDir(), planId, this.options.logger);
  }

  async keepOpenFences(planId: string, fences: readonly OpenFence[]): Promise<void> {
    assertKey(planId);
    writeOpenFences(this.dataRoot(), this.fencesDir(), planId, fences);
  }

  /** The folder from which no step to a state file may be a link (the workspace). */
  private dataRoot(): string {
    return this.options.workspaceRoot ?? path.dirname(this.options.checkpointDir);
  }

  private fencesDir(): string {
    return path.join(this.options.checkpointDir, 'fences');
  }

  /** The store's objects folder (made and checked first), which a remote's transport repository reads (src/remote). */
  async objectsDir(): Promise<string> {
    await this.repo.ensureRepo();
    return path.join(this.repo.gitDir, 'objects');
  }

  /**
   * Snapshots fetched from a remote: the pack (already checked by the fetch) indexed into the store,
   * then a commit of each tree pinned under its checkpoint. Call it inside `exclusive`. A pin already
   * there (an earlier, killed fetch) is kept: the answer names the commit it holds.
   */
  async importSnapshots(pack: Buffer, items: readonly { readonly pin: string; readonly tree: string; readonly message: string }[]): Promise<string[]> {
    items.forEach((i) => {
      assertPin(i.pin);
      assertObjectId(i.tree);
    });
    await this.repo.ensureRepo();
    const git = this.repo.repoGit();
    if (pack.length > 0) await git.run(['index-pack', '--stdin', '--strict'], pack);
    const commits: string[] = [];
    const updates: [string, string][] = [];
    for (const item of items) {
      const existing = await readRef(this.repo.gitDir, pinRef(item.pin));
      if (existing !== undefined && (await this.repo.treeOf(existing).catch(() => undefined)) === item.tree) {
        commits.push(existing);
        continue;
      }
      const type = (await git.raw(['cat-file', '-t', item.tree])).trim();
      if (type !== 'tree') throw new SandboxError(`The fetched snapshot ${item.tree} is not a tree`);
      const commit = await this.repo.commitTree(item.tree, item.message);
      commits.push(commit);
      updates.push([pinRef(item.pin), commit]);
    }
    await writeRefs(this.repo.gitDir, updates);
    return commits;
  }

  holdOperationRefs(planId: string, refs: readonly string[]): Promise<void> {
    return this.garbage.holdOperationRefs(planId, refs);
  }

  releaseOperationRefs(planId: string): Promise<void> {
    return this.garbage.releaseOperationRefs(planId);
  }

  async collectGarbageIfWorthwhile(): Promise<void> {
    if (this.options.deferGarbageCollection) return;
    if (await this.garbage.due()) await this.garbage.collect();
  }

  /**
   * Runs the garbage collection that dropped pins made due, under the store's lock; whether it
   * ran. For a process that defers it (deferGarbageCollection), at a quiet moment.
   */
  async collectGarbageWhenDue(): Promise<boolean> {
    if (!(await this.garbage.due())) return false;
    return this.options.lock('shadow-store', async () => {
      await this.repo.verify();
      // Another process may have collected meanwhile.
      if (!(await this.garbage.due())) return false;
      await this.garbage.collect();
      return true;
    });
  }

  /** Packs what is pinned and deletes what no pin or sandbox reaches. Call it inside `exclusive`. */
  collectGarbage(): Promise<void> {
    return this.garbage.collect();
  }

  /** Bytes the store takes on disk. */
  async diskUsage(): Promise<number> {
    return directorySize(this.options.checkpointDir);
  }

  async forgetSandbox(key: string): Promise<void> {
    assertKey(key);
    await this.repo.ensureRepo();
    await this.repo.deleteRefs([headRef(key), indexRef(key)]);
    await fs.rm(this.repo.keyDir(key), { recursive: true, force: true });
  }
}

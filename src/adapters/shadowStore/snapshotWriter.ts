import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SkippedPath } from '../../core/checkpoint';
import type { FolderWatch, FolderWatchOptions, FolderWatches } from '../files/folderWatch';
import { WORKSPACE_KEY, type CapturedBefore, type Logger, type SandboxLocation, type Snapshot } from '../../core/ports';
import { treeWithCaptured } from './capturedPaths';
import { readRef } from './gitRefFiles';
import { PhaseTimer } from './phaseTimer';
import { BULK_STAGE_THRESHOLD, type SandboxStaging } from './sandboxStaging';
import type { ShadowRepository } from './shadowRepository';
import { measureChangesIn, measureTree } from './snapshotSize';
import { wrap } from './storeFiles';
import { headRef, objectIdIn, pinPath } from './storeNames';

/**
 * Takes a sandbox's snapshots on its persistent index: stages the files, puts back the paths
 * captured before the writes that came since (a pre_write taken after them), writes the tree and
 * the commit, measures, and pins. Call it under the store's lock.
 */
export class SnapshotWriter {
  constructor(
    private readonly repo: ShadowRepository,
    private readonly staging: SandboxStaging,
    private readonly logger: Logger,
    /** The resident process's watches of sandbox folders (folderWatch.ts): a snapshot of nothing new then runs no status. */
    private readonly watches?: FolderWatches,
  ) {}

  /**
   * A snapshot of the sandbox's files, pinned under `pin` (or, with `null`, a throw-away tree); with
   * `since`, undefined (nothing written) when the files are that snapshot's. `before` gives the
   * captured paths once the files are read.
   */
  async snapshot(sandbox: SandboxLocation, pin: string | null, message: string, since?: string, before?: CapturedBefore): Promise<Snapshot | undefined> {
    const watch = this.watches?.of(sandbox.key, sandbox.dir, () => this.watchOptions(sandbox));
    if (watch && since !== undefined && pin !== null && (await watch.unchangedSince(since))) {
      // The watch saw no change since `since` was taken: these are its files, read without a status.
      const captured = before ? await before() : [];
      if (captured.length === 0) {
        this.logger.debug(`snapshot ${sandbox.key}: the same files as ${since}, not taken; no change since, the folder watch says`);
        return undefined;
      }
      // Paths captured before writes (none came, or the watch would have seen them): taken the long way.
      before = () => Promise.resolve(captured);
    }
    const once = onceCaptured(before);
    return this.withIndex(sandbox, () => this.take(sandbox, pin, message, since, once.get, watch), once.unused);
  }

  /**
   * Starts the watch of a sandbox snapshotted before (its index then names what git ignores, as
   * at a snapshot), ahead of its next snapshot: that one then finds the walk done.
   */
  async watchAhead(sandbox: SandboxLocation): Promise<boolean> {
    // No index of its own yet: git could not say what it ignores (and the walk would fail).
    if (!this.watches || !(await this.repo.readState(sandbox.key))) return false;
    this.watches.of(sandbox.key, sandbox.dir, () => this.watchOptions(sandbox)).start();
    return true;
  }

  /** What the watch of a sandbox's folders leaves out: the store, and what git ignores whole. */
  private watchOptions(sandbox: SandboxLocation): FolderWatchOptions {
    const store = path.relative(sandbox.dir, path.dirname(this.repo.checkpointDir));
    return {
      excluded: store === '' || store.startsWith('..') || path.isAbsolute(store) ? [] : [store.split(path.sep).join('/')],
      // Only the ignore files: a folder our skip list names (a nested repository) is watched, so
      // that the change that ends its skipping is seen.
      ignoredFolders: async () => {
        const out = await this.repo.keyGit(sandbox, { 'core.excludesFile': os.devNull }).raw(['ls-files', '--others', '--ignored', '--exclude-standard', '--directory', '-z']);
        return out.split('\0').filter((p) => p.endsWith('/')).map((p) => p.slice(0, -1));
      },
      log: (m) => this.logger.debug(m),
    };
  }

  /**
   * Runs work on the sandbox's persistent index; an index that names lost objects is rebuilt once
   * (unless `mayRetry` says no: a second pass would read files that changed after the first).
   */
  async withIndex<T>(sandbox: SandboxLocation, work: () => Promise<T>, mayRetry: () => boolean = () => true): Promise<T> {
    // A plan working on the whole folder in place starts from the workspace's own index, kept warm
    // by `warmWorkspaceIndex` (at hook install and Connect an Agent).
    const wholeFolder = sandbox.key !== WORKSPACE_KEY && path.resolve(sandbox.dir) === path.resolve(this.repo.base);
    const fresh = await this.repo.ensureKey(sandbox.key, wholeFolder ? WORKSPACE_KEY : undefined);
    try {
      const done = await work();
      // The first plan over the whole folder where nothing read it ahead of time (hooks installed
      // by an earlier release): its index, now up to date, becomes the workspace's, so that the
      // next session's first snapshot reads only what changed since. Once per workspace.
      if (fresh && wholeFolder) await this.repo.ensureKey(WORKSPACE_KEY, sandbox.key).catch((error: unknown) => this.logger.warn(`The workspace index was not made from ${sandbox.key}'s: ${String(error)}`));
      return done;
    } catch (error) {
      if (!/invalid object|unable to read|bad object|corrupt|index file|bad signature|bad index/i.test(String(error)) || !mayRetry()) throw wrap('Snapshot failed', error);
      // The persistent index names objects the store lost (a crash before a commit, then a
      // garbage collection): start that sandbox's index over, which re-hashes its files once.
      this.logger.warn(`Rebuilding the shadow index of ${sandbox.key}: ${String(error)}`);
      await fs.rm(this.repo.keyDir(sandbox.key), { recursive: true, force: true });
      await this.repo.ensureKey(sandbox.key);
      try {
        return await work();
      } catch (second) {
        throw wrap('Snapshot failed', second);
      }
    }
  }

  /** With `since`: undefined, nothing committed or pinned, when the captured tree is that snapshot's. */
  private async take(sandbox: SandboxLocation, pin: string | null, message: string, since?: string, before?: CapturedBefore, watch?: FolderWatch): Promise<Snapshot | undefined> {
    const phases = new PhaseTimer();
    // Before the status: any change from here on is an event the watch counts.
    const token = await watch?.begin();
    const staged = await this.staging.stage(sandbox, phases, since === undefined ? 'beside-status' : 'after-status');
    const { state, entries } = staged;
    const git = this.repo.keyGit(sandbox);
    // The files are read: the paths written since the pre_write was asked for are put back as
    // they were (in a copy of the index), and from here on no capture joins.
    const captured = before ? await before() : [];
    const overlaid = captured.length > 0 ? await treeWithCaptured(this.repo, sandbox, captured, staged.skipped) : undefined;
    if (overlaid) phases.mark('captured');
    const known = state && state.sizeBytes !== undefined && state.fileCount !== undefined ? state : undefined;
    // HEAD names the recorded state (it does unless a crash came between the two writes).
    const headKnown = known !== undefined && (await readRef(this.repo.gitDir, headRef(sandbox.key))) === known.commit;
    // Status named nothing: files, index and HEAD agree, and the tree is known without a write-tree.
    const unchanged = !overlaid && headKnown && entries.length === 0;
    const treeWritten = overlaid ? Promise.resolve(overlaid.tree) : unchanged ? Promise.resolve(known.tree) : git.raw(['write-tree']).then(objectIdIn);
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
    const fewChanges = !unchanged && !overlaid && headKnown && entries.length <= BULK_STAGE_THRESHOLD && !entries.some((e) => /[\n\r]/.test(e.path));
    const changesMeasured = fewChanges ? measureChangesIn(git, known, treeWritten, entries.map((e) => ({ before: e.headOid, path: e.path }))) : undefined;
    changesMeasured?.catch(() => undefined);
    if (since !== undefined) {
      // As with a throw-away snapshot, the index may move ahead of HEAD: nothing else is written.
      const [tree, sinceTree] = await Promise.all([treeWritten, this.repo.treeOf(since)]);
      if (tree === sinceTree) {
        staged.stopSpecials();
        if (!overlaid) watch?.settle(token, since);
        this.logger.debug(`snapshot ${sandbox.key}: the same files as ${since}, not taken; ${phases}`);
        return undefined;
      }
    }
    const measuring = unchanged
      ? Promise.resolve({ sizeBytes: known.sizeBytes!, fileCount: known.fileCount! })
      : (changesMeasured ?? treeWritten.then((tree) => measureTree(this.repo.repoGit(), tree)));
    const [tree, commit, measured, specials] = await Promise.all([treeWritten, treeWritten.then((t) => this.repo.commitTree(t, message)), measuring, staged.specialFiles()]);
    const skipped = withSpecials(overlaid?.skipped ?? staged.skipped, specials);
    phases.mark('tree+commit+measure+specials');
    await this.repo.recordHead(sandbox.key, { commit, tree, ...measured, skipped }, pin);
    if (!overlaid && pin !== null) watch?.settle(token, commit);
    phases.mark('pin');
    this.logger.debug(`snapshot ${sandbox.key}: ${entries.length} changed path(s); ${phases}`);
    return { ref: pin === null ? tree : commit, filesystemPath: pin === null ? '.' : pinPath(pin), ...measured, skipped };
  }
}

/** `before`, called at most once; `unused` until it is (a snapshot that called it cannot start over). */
function onceCaptured(before: CapturedBefore | undefined): { get: CapturedBefore | undefined; unused: () => boolean } {
  if (!before) return { get: undefined, unused: () => true };
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
function withSpecials(skipped: readonly SkippedPath[], specials: readonly SkippedPath[]): SkippedPath[] {
  if (specials.length === 0) return [...skipped];
  const listed = new Set(skipped.map((s) => s.path));
  return [...skipped, ...specials.filter((s) => !listed.has(s.path))].sort((a, b) => (a.path < b.path ? -1 : 1));
}

import { accessSync, constants as fsConstants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SkippedPath } from '../core/checkpoint';
import { SandboxError, ValidationError } from '../core/errors';
import { OBJECT_ID_PATTERN, RelativePathSchema, ULID_PATTERN } from '../core/ids';
import type { ContentChange, Logger, PreparedRestore, SandboxLocation, SandboxSnapshotter, Snapshot } from '../core/ports';
import type { PathChange } from '../core/rollbackResult';
import { NEUTRAL_ATTRIBUTES, SHADOW_REPO_CONFIG, shadowGit, type ShadowGit } from './gitEnvironment';
import { configText, exactIgnorePattern, nulList, parseBlobSizes, parseLsTree, parseRawDiff, parseStatus, pathChanges, type RawChange, type StatusEntry } from './gitOutput';
import { TEMP_FILE_SUFFIX, tempFileFor } from './atomicFile';
import { looseObjectTree, writeCommitObject } from './gitCommitObject';
import { deleteLooseRefs, readRef, writeRefs } from './gitRefFiles';
import { putBackAfterFailedRestore } from './restorePutBack';
import { lstatOrUndefined } from './sandboxPaths';
import { uncapturedFilesInTheWay } from './uncapturedFiles';

const ULID = ULID_PATTERN.source.slice(1, -1);
const KEY_PATTERN = new RegExp(`^(?:${ULID}|workspace)$`);
const PIN_PATTERN = new RegExp(`^${ULID}/(?:${ULID}|base|before-apply|applied)$`);
/** Above this many paths, staging goes through one `git add -A` that writes a single pack. */
const BULK_STAGE_THRESHOLD = 1000;

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
   * Absolute paths of files the store itself writes (the database, its lock and temporary files):
   * wherever they are, no snapshot captures them and no restore touches them.
   */
  readonly protectedFiles?: readonly string[];
}

/** What the shadow store remembers about a sandbox between snapshots. */
interface SandboxState {
  commit: string;
  tree: string;
  sizeBytes?: number;
  fileCount?: number;
  skipped: SkippedPath[];
}

/**
 * Snapshots sandboxes into one shadow git repository under the checkpoint directory, never the
 * user's own `.git`. Every sandbox has a persistent index (and a HEAD naming its last snapshot) in
 * `indexes/<key>/`, linked to the shared object store like a git worktree, so an incremental
 * snapshot costs a stat of the tree plus the changed files. Each checkpoint is a parentless commit
 * pinned by `refs/checkpoints/<plan>/<checkpoint>`, so dropping a pin frees exactly its objects.
 */
export class ShadowGitSandbox implements SandboxSnapshotter {
  private readonly gitDir: string;
  private ready: Promise<void> | undefined;

  constructor(private readonly options: ShadowGitSandboxOptions) {
    this.gitDir = path.join(options.checkpointDir, 'shadow.git');
  }

  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    assertKey(key);
    // One lock for the whole store: snapshots of different sandboxes share objects and the
    // garbage collector must never run beside a half-made snapshot.
    return this.options.lock('shadow-store', work);
  }

  snapshot(sandbox: SandboxLocation, pin: string | null, message: string): Promise<Snapshot> {
    if (pin !== null) assertPin(pin);
    return this.withIndex(sandbox, () => this.takeSnapshot(sandbox, pin, message));
  }

  changesSince(sandbox: SandboxLocation, ref: string): Promise<{ changes: PathChange[]; skipped: SkippedPath[] }> {
    assertObjectId(ref);
    return this.withIndex(sandbox, async () => {
      // The sandbox staged into its index, then compared with the snapshot: no tree is written.
      const { skipped } = await this.stage(sandbox);
      const out = await this.keyGit(sandbox).raw(['diff-index', '--cached', '-z', '--no-renames', ref]);
      return { changes: pathChanges(parseRawDiff(out)), skipped };
    });
  }

  async materialize(sandbox: SandboxLocation, ref: string): Promise<void> {
    assertObjectId(ref);
    await this.ensureKey(sandbox.key);
    const git = this.keyGit(sandbox);
    await git.raw(['read-tree', '--reset', '-u', ref]);
    const tree = await this.treeOf(ref);
    await this.recordHead(sandbox.key, { commit: await this.commitTree(tree, 'sandbox created'), tree, skipped: [] });
  }

  async changes(fromRef: string, toRef: string): Promise<PathChange[]> {
    return pathChanges(await this.rawChanges(fromRef, toRef));
  }

  async changesWithContent(fromRef: string, toRef: string): Promise<ContentChange[]> {
    return (await this.rawChanges(fromRef, toRef)).map((c) => ({ path: c.path, change: c.change, contentAfter: c.newId }));
  }

  async prepareRestore(sandbox: SandboxLocation, fromRef: string, toRef: string, leaveAlone: readonly string[]): Promise<PreparedRestore> {
    assertObjectId(fromRef);
    assertObjectId(toRef);
    await this.ensureKey(sandbox.key);
    const keep = [...leaveAlone, ...this.protectedIn(sandbox)];
    const target = keep.length > 0 ? await this.overlayTree(toRef, fromRef, keep) : toRef;
    const [diff, targetTree, state] = await Promise.all([this.rawChanges(fromRef, target), this.treeOf(target), this.readState(sandbox.key)]);
    const changes = pathChanges(diff);
    const uncaptured = await this.uncapturedInTheWay(sandbox, changes);
    const apply = async (): Promise<void> => {
      if (changes.length === 0) return;
      // The sandbox's size after the restore, from its size now and what the restore changes,
      // looked up while the files are written (a failure only means the next snapshot measures all).
      const measuring =
        state?.commit === fromRef && state.sizeBytes !== undefined && state.fileCount !== undefined
          ? this.measureChanges(sandbox, state, diff.map((c) => ({ before: c.oldOid, after: c.newOid }))).catch(() => ({}))
          : Promise.resolve({});
      try {
        // A two-tree merge writes only the paths that differ, keeps the stat data of the rest, and
        // checks everything up front: it refuses rather than overwrite a file it does not know.
        await this.keyGit(sandbox).raw(['read-tree', '-m', '-u', fromRef, target]);
      } catch (error) {
        await this.putBack(sandbox, diff, error);
      }
      const [commit, measured] = await Promise.all([target === toRef ? toRef : this.commitTree(targetTree, 'restored'), measuring]);
      await this.recordHead(sandbox.key, { commit, tree: targetTree, ...measured, skipped: state?.skipped ?? [] });
    };
    return { changes, uncaptured, apply };
  }

  uncapturedInTheWay(sandbox: SandboxLocation, changes: readonly PathChange[]): Promise<string[]> {
    return uncapturedFilesInTheWay(sandbox.dir, this.keyGit(sandbox), changes);
  }

  async overlay(baseRef: string, sourceRef: string, paths: readonly string[], pin: string): Promise<Snapshot> {
    assertObjectId(baseRef);
    assertObjectId(sourceRef);
    assertPin(pin);
    await this.ensureRepo();
    const tree = await this.overlayTree(baseRef, sourceRef, paths);
    const commit = await this.commitTree(tree, `overlay for ${pin}`);
    await writeRefs(this.gitDir, [[pinRef(pin), commit]]);
    const { sizeBytes, fileCount } = await this.measureTree(tree);
    return { ref: commit, filesystemPath: pinPath(pin), sizeBytes, fileCount, skipped: [] };
  }

  async readFile(ref: string, filePath: string): Promise<Uint8Array | undefined> {
    assertObjectId(ref);
    const rel = assertRelative(filePath);
    await this.ensureRepo();
    const git = this.repoGit();
    const entry = (await git.raw(['ls-tree', '-z', ref, '--', rel])).split('\0')[0];
    if (!entry || !/^\d{6} blob /.test(entry)) return undefined;
    const buffer = await git.run(['cat-file', 'blob', `${ref}:${rel}`]);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }

  async unpin(pins: readonly string[]): Promise<void> {
    pins.forEach(assertPin);
    if (pins.length === 0) return;
    await this.ensureRepo();
    await this.deleteRefs(pins.map(pinRef));
    const counter = path.join(this.gitDir, 'unpinned-since-gc');
    const before = Number.parseInt(await fs.readFile(counter, 'utf8').catch(() => '0'), 10) || 0;
    await replaceFile(counter, String(before + pins.length));
  }

  async collectGarbageIfWorthwhile(): Promise<void> {
    const counter = path.join(this.gitDir, 'unpinned-since-gc');
    const pending = Number.parseInt(await fs.readFile(counter, 'utf8').catch(() => '0'), 10) || 0;
    if (pending < (this.options.gcAfterUnpins ?? 25)) return;
    await this.collectGarbage();
  }

  /**
   * Packs what is pinned and deletes what no pin or sandbox reaches. Call it inside `exclusive`:
   * every sandbox's index then matches a pinned snapshot, so nothing in use can be deleted.
   */
  async collectGarbage(): Promise<void> {
    await this.ensureRepo();
    const git = this.repoGit();
    // Unpinned snapshots leave an index ahead of its HEAD: pin each index's tree so that nothing a
    // sandbox's index names is deleted.
    const keys = await fs.readdir(path.join(this.options.checkpointDir, 'indexes')).catch(() => [] as string[]);
    for (const key of keys.filter((k) => KEY_PATTERN.test(k))) {
      const tree = await shadowGit({ cwd: this.options.checkpointDir, gitDir: this.keyDir(key) }).raw(['write-tree']).catch(() => '');
      if (OBJECT_ID_PATTERN.test(tree.trim())) await writeRefs(this.gitDir, [[indexRef(key), await this.commitTree(tree.trim(), 'index')]]);
    }
    await git.raw(['repack', '-a', '-d', '-q', '--no-write-bitmap-index']);
    await git.raw(['prune', '--expire=now']);
    await replaceFile(path.join(this.gitDir, 'unpinned-since-gc'), '0');
  }

  /** Bytes the store takes on disk. */
  async diskUsage(): Promise<number> {
    return directorySize(this.options.checkpointDir);
  }

  async forgetSandbox(key: string): Promise<void> {
    assertKey(key);
    await this.ensureRepo();
    await this.deleteRefs([headRef(key), indexRef(key)]);
    await fs.rm(this.keyDir(key), { recursive: true, force: true });
  }

  /** Runs work on the sandbox's persistent index; an index that names lost objects is rebuilt once. */
  private async withIndex<T>(sandbox: SandboxLocation, work: () => Promise<T>): Promise<T> {
    await this.ensureKey(sandbox.key);
    try {
      return await work();
    } catch (error) {
      if (!/invalid object|unable to read|bad object|corrupt/i.test(String(error))) throw wrap('Snapshot failed', error);
      // The persistent index names objects the store lost (a crash before a commit, then a
      // garbage collection): start that sandbox's index over, which re-hashes its files once.
      this.options.logger.warn(`Rebuilding the shadow index of ${sandbox.key}: ${String(error)}`);
      await fs.rm(this.keyDir(sandbox.key), { recursive: true, force: true });
      await this.ensureKey(sandbox.key);
      try {
        return await work();
      } catch (second) {
        throw wrap('Snapshot failed', second);
      }
    }
  }

  private async takeSnapshot(sandbox: SandboxLocation, pin: string | null, message: string): Promise<Snapshot> {
    const phases = new PhaseTimer();
    const { state, statusOut, entries, skipped } = await this.stage(sandbox, phases);
    const git = this.keyGit(sandbox);
    const known = state && state.sizeBytes !== undefined && state.fileCount !== undefined ? state : undefined;
    // HEAD names the recorded state (it does unless a crash came between the two writes).
    const headKnown = known !== undefined && (await readRef(this.gitDir, headRef(sandbox.key))) === known.commit;
    // Status printed nothing: files, index and HEAD agree, and the tree is known without a write-tree.
    const unchanged = headKnown && statusOut.length === 0;
    const treeWritten = unchanged ? Promise.resolve(known.tree) : git.raw(['write-tree']).then(objectIdIn);
    if (pin === null && state) {
      // A throw-away snapshot (to compare trees): the index moves ahead of HEAD, which keeps
      // naming the last pinned state, so nothing is committed or measured.
      const tree = await treeWritten;
      this.options.logger.debug(`snapshot ${sandbox.key} (unpinned): ${entries.length} changed path(s); ${phases}`);
      return { ref: tree, filesystemPath: '.', sizeBytes: state.sizeBytes ?? 0, fileCount: state.fileCount ?? 0, skipped };
    }
    // The size is measured beside write-tree and the commit: from the paths status named (all
    // that can differ from the last pinned state, which HEAD names: their blobs there, and in the
    // index now) when they are few, else from the whole tree. Batch input is line-based: a name
    // with a line break takes the long way.
    const measuring = unchanged
      ? Promise.resolve({ sizeBytes: known.sizeBytes!, fileCount: known.fileCount! })
      : headKnown && entries.length <= BULK_STAGE_THRESHOLD && !entries.some((e) => /[\n\r]/.test(e.path))
        ? this.measureChanges(sandbox, known, entries.map((e) => ({ before: e.headOid, after: `:0:${e.path}` })))
        : treeWritten.then((tree) => this.measureTree(tree));
    const [tree, commit, measured] = await Promise.all([treeWritten, treeWritten.then((t) => this.commitTree(t, message)), measuring]);
    phases.mark('tree+commit+measure');
    await this.recordHead(sandbox.key, { commit, tree, ...measured, skipped }, pin);
    phases.mark('pin');
    this.options.logger.debug(`snapshot ${sandbox.key}: ${entries.length} changed path(s); ${phases}`);
    return { ref: pin === null ? tree : commit, filesystemPath: pin === null ? '.' : pinPath(pin), ...measured, skipped };
  }

  /**
   * Brings the sandbox's index up to date with its files: what status names is staged, except
   * nested repositories and files above the size limit, which are skipped (and listed).
   */
  private async stage(sandbox: SandboxLocation, phases = new PhaseTimer()): Promise<{ state: SandboxState | undefined; statusOut: string; entries: StatusEntry[]; skipped: SkippedPath[] }> {
    const state = await this.readState(sandbox.key);
    const skipped = await this.stillSkipped(sandbox, state?.skipped ?? []);
    const isProtected = this.protectedMatcher(sandbox);
    await this.writeSkipList(sandbox, skipped);
    const git = this.keyGit(sandbox);
    const firstTime = !state;
    phases.mark('prepare');
    const statusOut = await git.raw(['status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames']);
    const entries = parseStatus(statusOut);
    phases.mark('status');

    const toStage: string[] = [];
    // Gone from the index as they are from the files: deleted paths (also those behind a folder
    // that became a symlink, which a plain `--remove` refuses) and what must not be captured.
    const toDrop: string[] = [];
    await forEachInSlices(entries, (entry) => {
      if (isProtected(entry.path)) {
        if (entry.kind !== 'untracked') toDrop.push(entry.path);
        return;
      }
      if (entry.kind === 'nested') {
        skipped.push({ path: entry.path, reason: 'nested_repository' });
        return;
      }
      if (entry.kind === 'staged') return;
      if (entry.kind === 'deleted') {
        toDrop.push(entry.path);
        return;
      }
      const abs = path.join(sandbox.dir, entry.path);
      const stat = lstatOrUndefined(abs);
      if (!stat) {
        toStage.push(entry.path);
        return;
      }
      const why = stat.isSymbolicLink() ? undefined : stat.size > this.options.maxFileBytes ? 'too_large' : !isReadable(abs) ? 'unreadable' : undefined;
      if (why) {
        skipped.push(why === 'too_large' ? { path: entry.path, reason: why, size_bytes: stat.size } : { path: entry.path, reason: why });
        if (entry.kind === 'changed') toDrop.push(entry.path);
        return;
      }
      toStage.push(entry.path);
    });
    skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
    const allExcluded = await this.writeSkipList(sandbox, skipped);
    phases.mark('stat');

    if ((firstTime || toStage.length > BULK_STAGE_THRESHOLD) && allExcluded) {
      // One walk that streams every blob into a single pack (fast, and far smaller than loose
      // objects); the skip list keeps what is not captured out.
      const bulk = this.keyGit(sandbox, { 'core.bigFileThreshold': '1', 'pack.compression': '1' });
      await bulk.raw(['add', '-A']);
    } else {
      if (toStage.length > 0) await git.raw(['update-index', '--add', '--remove', '--replace', '-z', '--stdin'], nulList(toStage));
    }
    if (toDrop.length > 0) await git.raw(['update-index', '--force-remove', '-z', '--stdin'], nulList(toDrop));

    phases.mark('stage');
    return { state, statusOut, entries, skipped };
  }

  /** Paths skipped before stay skipped while they are still too large, unreadable or a repository. */
  private async stillSkipped(sandbox: SandboxLocation, previous: readonly SkippedPath[]): Promise<SkippedPath[]> {
    const kept: SkippedPath[] = [];
    for (const s of previous) {
      const abs = path.join(sandbox.dir, s.path);
      if (s.reason === 'nested_repository') {
        if (await fs.lstat(path.join(abs, '.git')).then(() => true, () => false)) kept.push(s);
        continue;
      }
      const stat = await fs.lstat(abs).catch(() => undefined);
      if (!stat || stat.isSymbolicLink()) continue;
      if (stat.size > this.options.maxFileBytes) kept.push({ path: s.path, reason: 'too_large', size_bytes: stat.size });
      else if (!isReadable(abs)) kept.push({ path: s.path, reason: 'unreadable' });
    }
    return kept;
  }

  /**
   * The previous size plus what changed since: the cost follows the changed paths. `before` and
   * `after` name each changed path's blob on either side (an object id, `<tree>:<path>`, or
   * `:0:<path>` for the index), or nothing where the path is absent.
   */
  private async measureChanges(sandbox: SandboxLocation, state: SandboxState, changes: ReadonlyArray<{ before?: string; after?: string }>): Promise<{ sizeBytes: number; fileCount: number }> {
    const names = changes.flatMap((c) => [c.before, c.after]).filter((n): n is string => n !== undefined);
    const sizes = new Map<string, number | undefined>();
    if (names.length > 0) {
      const out = await this.keyGit(sandbox).raw(['cat-file', '--batch-check=%(objecttype) %(objectsize)'], names.join('\n') + '\n');
      parseBlobSizes(out, names.length).forEach((size, i) => sizes.set(names[i]!, size));
    }
    let sizeBytes = state.sizeBytes ?? 0;
    let fileCount = state.fileCount ?? 0;
    for (const { before, after } of changes) {
      const [old, now] = [before === undefined ? undefined : sizes.get(before), after === undefined ? undefined : sizes.get(after)];
      sizeBytes += (now ?? 0) - (old ?? 0);
      fileCount += (now === undefined ? 0 : 1) - (old === undefined ? 0 : 1);
    }
    return { sizeBytes, fileCount };
  }

  private async rawChanges(fromRef: string, toRef: string): Promise<RawChange[]> {
    assertObjectId(fromRef);
    assertObjectId(toRef);
    await this.ensureRepo();
    return parseRawDiff(await this.repoGit().raw(['diff-tree', '-r', '-z', '--no-renames', fromRef, toRef]));
  }

  private async measureTree(tree: string): Promise<{ sizeBytes: number; fileCount: number }> {
    const entries = parseLsTree(await this.repoGit().raw(['ls-tree', '-r', '-z', '-l', tree]));
    return { sizeBytes: entries.reduce((sum, e) => sum + e.size, 0), fileCount: entries.length };
  }

  /** `baseRef` with `paths` (files or folders) replaced by what `sourceRef` has there. */
  private async overlayTree(baseRef: string, sourceRef: string, paths: readonly string[]): Promise<string> {
    const rels = paths.map(assertRelative);
    const indexFile = path.join(this.options.checkpointDir, 'tmp', `overlay-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(path.dirname(indexFile), { recursive: true });
    const emptyDir = path.join(this.options.checkpointDir, 'tmp', 'empty');
    await fs.mkdir(emptyDir, { recursive: true });
    const git = shadowGit({ cwd: this.options.checkpointDir, gitDir: this.gitDir, workTree: emptyDir, indexFile });
    try {
      await git.raw(['read-tree', baseRef]);
      const remove = parseLsTree(await git.raw(['ls-tree', '-r', '-z', '-l', baseRef, '--', ...rels])).map((e) => e.path);
      if (remove.length > 0) await git.raw(['update-index', '--force-remove', '-z', '--stdin'], nulList(remove));
      const add = parseLsTree(await git.raw(['ls-tree', '-r', '-z', '-l', sourceRef, '--', ...rels]));
      if (add.length > 0) await git.raw(['update-index', '--add', '-z', '--index-info'], nulList(add.map((e) => `${e.mode} ${e.oid}\t${e.path}`)));
      const tree = (await git.raw(['write-tree'])).trim();
      assertObjectId(tree);
      return tree;
    } finally {
      await fs.rm(indexFile, { force: true });
    }
  }

  /** After a failed restore: puts back what it changed (see {@link putBackAfterFailedRestore}) and says how that went. */
  private async putBack(sandbox: SandboxLocation, diff: readonly RawChange[], cause: unknown): Promise<never> {
    const reason = firstLine(cause);
    let left: string[];
    try {
      ({ left } = await putBackAfterFailedRestore(sandbox.dir, this.keyGit(sandbox), diff));
    } catch (second) {
      throw new SandboxError(`Rollback failed (${reason}) and the sandbox could not be put back automatically (${firstLine(second)}); roll back to the safety checkpoint to recover.`, { cause });
    }
    if (left.length > 0) {
      throw new SandboxError(
        `Rollback failed (${reason}); the sandbox was put back, except ${left.length} path(s) that changed meanwhile and were left as they are: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}. The safety checkpoint holds them as they were before the rollback.`,
        { cause },
      );
    }
    throw new SandboxError(`Rollback failed and the sandbox was put back as it was: ${reason}`, { cause });
  }

  private commitTree(tree: string, message: string): Promise<string> {
    const identity = { name: SHADOW_REPO_CONFIG['user.name']!, email: SHADOW_REPO_CONFIG['user.email']! };
    return writeCommitObject(path.join(this.gitDir, 'objects'), tree, message.slice(0, 2000) || 'snapshot', identity, new Date());
  }

  private async treeOf(ref: string): Promise<string> {
    assertObjectId(ref);
    await this.ensureRepo();
    const loose = await looseObjectTree(path.join(this.gitDir, 'objects'), ref);
    if (loose) return loose;
    const tree = (await this.repoGit().raw(['rev-parse', '--verify', '-q', `${ref}^{tree}`])).trim();
    if (!OBJECT_ID_PATTERN.test(tree)) throw new SandboxError(`The shadow store has no snapshot ${ref}`);
    return tree;
  }

  /** Points the sandbox's HEAD at its newest state, so the next status compares against it. */
  private async recordHead(key: string, state: SandboxState, pin: string | null = null): Promise<void> {
    const updates: [string, string][] = [[headRef(key), state.commit]];
    if (pin !== null) updates.push([pinRef(pin), state.commit]);
    // Either order survives a crash between the two: a snapshot trusts state.json only while HEAD
    // names the same commit.
    await Promise.all([writeRefs(this.gitDir, updates), replaceFile(path.join(this.keyDir(key), 'state.json'), JSON.stringify(state))]);
  }

  /** Loose refs are deleted as files; one that `git pack-refs` packed goes through git. */
  private async deleteRefs(refs: readonly string[]): Promise<void> {
    const packed = await deleteLooseRefs(this.gitDir, refs);
    if (packed.length > 0) await this.repoGit().raw(['update-ref', '--stdin'], packed.map((ref) => `delete ${ref}\n`).join(''));
  }

  private async readState(key: string): Promise<SandboxState | undefined> {
    try {
      const parsed = JSON.parse(await fs.readFile(path.join(this.keyDir(key), 'state.json'), 'utf8')) as SandboxState;
      if (!OBJECT_ID_PATTERN.test(parsed.commit) || !OBJECT_ID_PATTERN.test(parsed.tree)) return undefined;
      if (!(await fs.stat(path.join(this.keyDir(key), 'index')).then(() => true, () => false))) return undefined;
      return { ...parsed, skipped: Array.isArray(parsed.skipped) ? parsed.skipped.filter((s) => RelativePathSchema.safeParse(s.path).success) : [] };
    } catch {
      return undefined;
    }
  }

  /**
   * Writes the sandbox's exclude file: what is skipped, and the store's own files. Returns false
   * when a name cannot be written there (a line break in it): then only staging by explicit path
   * keeps it out.
   */
  private async writeSkipList(sandbox: SandboxLocation, skipped: readonly SkippedPath[]): Promise<boolean> {
    const file = path.join(this.keyDir(sandbox.key), 'skipped');
    const ownFiles = this.protectedIn(sandbox).flatMap((p) => [exactIgnorePattern(p), exactIgnorePattern(p) && `${exactIgnorePattern(p)}.*${TEMP_FILE_SUFFIX}`]);
    const patterns = [...ownFiles, ...skipped.map((s) => exactIgnorePattern(s.path, s.reason === 'nested_repository'))];
    const text = patterns.filter((p) => p !== undefined).map((p) => `${p}\n`).join('') || '\n';
    if ((await fs.readFile(file, 'utf8').catch(() => '')) !== text) await replaceFile(file, text);
    return patterns.every((p) => p !== undefined);
  }

  /** Whether a path of the sandbox is a protected file or one of its temporary files. */
  private protectedMatcher(sandbox: SandboxLocation): (rel: string) => boolean {
    const files = this.protectedIn(sandbox);
    return (rel) => files.some((p) => rel === p || (rel.startsWith(`${p}.`) && rel.endsWith(TEMP_FILE_SUFFIX)));
  }

  /** The protected files inside this sandbox, relative to it. */
  private protectedIn(sandbox: SandboxLocation): string[] {
    return (this.options.protectedFiles ?? [])
      .map((file) => path.relative(sandbox.dir, file).split(path.sep).join('/'))
      .filter((rel) => rel !== '' && rel !== '..' && !rel.startsWith('../') && !path.isAbsolute(rel));
  }

  private keyDir(key: string): string {
    assertKey(key);
    return path.join(this.options.checkpointDir, 'indexes', key);
  }

  private keyGit(sandbox: SandboxLocation, extraConfig: Record<string, string> = {}): ShadowGit {
    return shadowGit({
      cwd: sandbox.dir,
      gitDir: this.keyDir(sandbox.key),
      workTree: sandbox.dir,
      config: { 'core.excludesFile': path.join(this.keyDir(sandbox.key), 'skipped'), ...extraConfig },
    });
  }

  private repoGit(): ShadowGit {
    return shadowGit({ cwd: this.options.checkpointDir, gitDir: this.gitDir });
  }

  /** A per-sandbox git dir linked to the shared store, as `git worktree` links its own. */
  private async ensureKey(key: string): Promise<void> {
    await this.ensureRepo();
    const dir = this.keyDir(key);
    if (await fs.stat(path.join(dir, 'commondir')).then(() => true, () => false)) return;
    await fs.mkdir(dir, { recursive: true });
    await replaceFile(path.join(dir, 'HEAD'), `ref: ${headRef(key)}\n`);
    await replaceFile(path.join(dir, 'skipped'), '\n');
    await replaceFile(path.join(dir, 'commondir'), `${this.gitDir}\n`);
  }

  private ensureRepo(): Promise<void> {
    this.ready ??= this.initRepo().catch((error: unknown) => {
      this.ready = undefined;
      throw wrap('Could not create the checkpoint store', error);
    });
    return this.ready;
  }

  private async initRepo(): Promise<void> {
    if (await fs.stat(path.join(this.gitDir, 'HEAD')).then(() => true, () => false)) return;
    await fs.mkdir(this.options.checkpointDir, { recursive: true });
    // Made aside and renamed into place, so another process never sees a half-made store.
    const temp = `${this.gitDir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    const git = shadowGit({ cwd: this.options.checkpointDir, gitDir: temp });
    await git.raw(['init', '--bare', '--quiet', '--template=', temp]);
    await fs.mkdir(path.join(temp, 'no-hooks'), { recursive: true });
    const config = { ...SHADOW_REPO_CONFIG, 'core.hooksPath': path.join(this.gitDir, 'no-hooks') };
    await fs.appendFile(path.join(temp, 'config'), configText(config));
    await fs.mkdir(path.join(temp, 'info'), { recursive: true });
    await fs.writeFile(path.join(temp, 'info', 'exclude'), '.cleveragents/\n');
    await fs.writeFile(path.join(temp, 'info', 'attributes'), NEUTRAL_ATTRIBUTES);
    try {
      await fs.rename(temp, this.gitDir);
    } catch (error) {
      await fs.rm(temp, { recursive: true, force: true });
      if (!(await fs.stat(path.join(this.gitDir, 'HEAD')).then(() => true, () => false))) throw error;
    }
  }
}

/** Milliseconds per phase, for the debug log. */
class PhaseTimer {
  private last = performance.now();
  private readonly parts: string[] = [];
  mark(name: string): void {
    const now = performance.now();
    this.parts.push(`${name} ${(now - this.last).toFixed(1)} ms`);
    this.last = now;
  }
  toString(): string {
    return this.parts.join(', ');
  }
}

function headRef(key: string): string {
  return `refs/sandboxes/${key}/last`;
}

/** Keeps what a sandbox's index names alive through a garbage collection. */
function indexRef(key: string): string {
  return `refs/sandboxes/${key}/index`;
}

function pinRef(pin: string): string {
  return `refs/checkpoints/${pin}`;
}

/** Where the pin lives relative to the checkpoint directory (until git packs its refs). */
function pinPath(pin: string): string {
  return `shadow.git/${pinRef(pin)}`;
}

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new ValidationError(`not a sandbox key: ${JSON.stringify(key)}`);
}

function assertPin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new ValidationError(`not a checkpoint pin: ${JSON.stringify(pin)}`);
}

function assertObjectId(ref: string): void {
  if (!OBJECT_ID_PATTERN.test(ref)) throw new ValidationError(`not a git object id: ${JSON.stringify(ref)}`);
}

/** The object id a git command printed. */
function objectIdIn(output: string): string {
  const oid = output.trim();
  assertObjectId(oid);
  return oid;
}

function assertRelative(p: string): string {
  const parsed = RelativePathSchema.safeParse(p);
  if (!parsed.success || p === '.') throw new ValidationError(`not a relative path: ${JSON.stringify(p)}`);
  return parsed.data;
}

/** Whether this process may read the file (a file it cannot read is skipped, not a failed snapshot). */
function isReadable(file: string): boolean {
  try {
    accessSync(file, fsConstants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a quick synchronous step (an lstat: microseconds, where a promise round trip through the
 * thread pool costs ten times more) for each item, giving the event loop back every few hundred.
 */
async function forEachInSlices<T>(items: readonly T[], fn: (item: T) => void): Promise<void> {
  for (let start = 0; start < items.length; start += 256) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const item of items.slice(start, start + 256)) fn(item);
  }
}

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await directorySize(p);
    else total += (await fs.lstat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * Replaces a small bookkeeping file by rename, without fsync: all of these are rebuilt from git
 * when lost, and flushing them would double the cost of a small checkpoint.
 */
async function replaceFile(file: string, text: string): Promise<void> {
  const temp = tempFileFor(file);
  try {
    await fs.writeFile(temp, text);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').find((l) => l.trim().length > 0)?.trim() ?? text;
}

function wrap(what: string, error: unknown): Error {
  if (error instanceof SandboxError || error instanceof ValidationError) return error;
  return new SandboxError(`${what}: ${firstLine(error)}`, { cause: error });
}

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { SkippedPath } from '../../core/checkpoint';
import { SandboxError } from '../../core/errors';
import { OBJECT_ID_PATTERN, RelativePathSchema } from '../../core/ids';
import type { SandboxLocation } from '../../core/ports';
import { NEUTRAL_ATTRIBUTES, SHADOW_REPO_CONFIG, shadowGit, type ShadowGit } from './gitEnvironment';
import { configText, parseRawDiff, type RawChange } from './gitOutput';
import { looseObjectTree, writeCommitObject } from './gitCommitObject';
import { deleteLooseRefs, writeRefs } from './gitRefFiles';
import { assertKey, assertObjectId, assertSnapshotPaths, headRef, pinRef } from './storeNames';
import { clearStaleIndexLock } from './staleIndexLock';
import { replaceFile, wrap } from './storeFiles';
import { COMMON_DIR, StoreValidation } from './storeValidation';
import { assertRealDataPath } from '../files/realDataPath';

/**
 * The settings of a sandbox's persistent index (the one every snapshot stages into). Split: the
 * entries live in a shared file (`sharedindex.<id>` in the sandbox's git dir) that git rewrites
 * only once a fifth of them changed, and each write of the index (status refreshing it, staging,
 * write-tree saving its cache of trees) writes the few entries that changed since. A snapshot
 * writes the index two or three times: on a sandbox of 27,000 files, a whole write costs 15 to
 * 25 ms, a split one a few. Indexes made for one operation (a restore's staging) stay whole.
 */
export const KEY_INDEX_CONFIG: Readonly<Record<string, string>> = { 'core.splitIndex': 'true' };

/**
 * A git index as git writes it: its signature, a version git reads (2 to 4), and the SHA-1 of all
 * that comes before its last 20 bytes in them (a torn or altered copy fails it).
 */
function wholeIndex(bytes: Buffer): boolean {
  if (bytes.length < 32 || bytes.toString('latin1', 0, 4) !== 'DIRC') return false;
  const version = bytes.readUInt32BE(4);
  if (version < 2 || version > 4) return false;
  return createHash('sha1').update(bytes.subarray(0, bytes.length - 20)).digest().equals(bytes.subarray(bytes.length - 20));
}

/** What the shadow store remembers about a sandbox between snapshots. */
export interface SandboxState {
  commit: string;
  tree: string;
  sizeBytes?: number;
  fileCount?: number;
  skipped: SkippedPath[];
}

/**
 * The shadow repository on disk: `shadow.git/` (objects, pins) and one linked git dir per sandbox
 * under `indexes/<key>/` (its persistent index, HEAD, exclude file and `state.json`), the git
 * runners for both, and the objects and refs the store writes itself.
 */
export class ShadowRepository {
  readonly gitDir: string;
  private ready: Promise<void> | undefined;
  private readonly validation: StoreValidation;

  constructor(
    readonly checkpointDir: string,
    private readonly report: (message: string) => void = () => undefined,
    /** The workspace folder: nothing from it down to the store may be a symbolic link. */
    readonly base: string = path.dirname(checkpointDir),
  ) {
    this.gitDir = path.join(checkpointDir, 'shadow.git');
    this.validation = new StoreValidation(checkpointDir, base);
  }

  /** The store, made when missing and checked (once per process) before any git runs on it. */
  ensureRepo(): Promise<void> {
    this.ready ??= (async () => {
      await this.validation.check();
      await this.initRepo();
      await this.validation.check();
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw wrap('Could not create the checkpoint store', error);
    });
    return this.ready;
  }

  /**
   * The store checked again (a cheap look, a full check when it changed): at the start of each
   * locked operation. A missing store passes: `ensureRepo` makes it when it is needed.
   */
  verify(): Promise<void> {
    return this.validation.check().catch((error: unknown) => {
      throw wrap('Could not use the checkpoint store', error);
    });
  }

  private async initRepo(): Promise<void> {
    if (await fs.stat(path.join(this.gitDir, 'HEAD')).then(() => true, () => false)) return;
    await fs.mkdir(this.checkpointDir, { recursive: true });
    // Made aside and renamed into place, so another process never sees a half-made store.
    const temp = `${this.gitDir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    const git = shadowGit({ cwd: this.checkpointDir, gitDir: temp });
    await git.raw(['init', '--bare', '--quiet', '--template=', temp]);
    // No hook folder: every call names none (SAFE_GIT_CONFIG), whatever this file says.
    await fs.appendFile(path.join(temp, 'config'), configText(SHADOW_REPO_CONFIG));
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

  keyDir(key: string): string {
    assertKey(key);
    return path.join(this.checkpointDir, 'indexes', key);
  }

  /**
   * A per-sandbox git dir linked to the shared store, as `git worktree` links its own. A new one
   * starts from a copy of `seedFrom`'s index when given (a sandbox of the same folder): git then
   * re-reads only the files whose stat changed since, where an empty index hashes every file (on
   * a folder of 60,000 files, seconds against minutes). True when it made the folder now.
   */
  async ensureKey(key: string, seedFrom?: string): Promise<boolean> {
    await this.ensureRepo();
    const dir = this.keyDir(key);
    await assertRealDataPath(this.base, dir);
    const commondir = await fs.readFile(path.join(dir, 'commondir'), 'utf8').catch(() => undefined);
    if (commondir !== undefined) {
      // Earlier releases wrote an absolute path: a copied workspace then wrote into the original's store.
      if (commondir !== COMMON_DIR) await replaceFile(path.join(dir, 'commondir'), COMMON_DIR);
      await clearStaleIndexLock(dir, this.report);
      return false;
    }
    await fs.mkdir(dir, { recursive: true });
    await replaceFile(path.join(dir, 'HEAD'), `ref: ${headRef(key)}\n`);
    await replaceFile(path.join(dir, 'skipped'), '\n');
    if (seedFrom !== undefined && seedFrom !== key) await this.seedIndex(dir, seedFrom);
    // Last: a folder with its commondir is a finished one (above), seeded or not.
    await replaceFile(path.join(dir, 'commondir'), COMMON_DIR);
    return true;
  }

  /**
   * Copies another sandbox's index (and the shared index files it splits into, see
   * KEY_INDEX_CONFIG) into `dir`: only regular files of the store, and only an index whose
   * checksum holds. A copy that is refused or fails, or an index git then finds damaged anyway,
   * costs a full read of the files and nothing else (SnapshotWriter.withIndex rebuilds it).
   */
  private async seedIndex(dir: string, donorKey: string): Promise<void> {
    const donor = this.keyDir(donorKey);
    try {
      await assertRealDataPath(this.base, donor);
      // No index to copy yet (nothing read the folder ahead of time): the first snapshot reads it all.
      const listed = await fs.readdir(donor).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const names = listed.filter((n) => n === 'index' || /^sharedindex\.[0-9a-f]{40,64}$/.test(n));
      if (!names.includes('index')) return;
      const files = new Map<string, Buffer>();
      for (const name of names) {
        if (!(await fs.lstat(path.join(donor, name))).isFile()) return;
        files.set(name, await fs.readFile(path.join(donor, name)));
      }
      if (!wholeIndex(files.get('index')!)) return;
      // The shared files first, the index that names them last (git writes them in that order).
      for (const [name, bytes] of files) if (name !== 'index') await replaceFile(path.join(dir, name), bytes);
      await replaceFile(path.join(dir, 'index'), files.get('index')!);
    } catch (error) {
      this.report(`The index of ${donorKey} was not copied for a new sandbox (its first snapshot reads every file): ${String(error)}`);
      await fs.rm(path.join(dir, 'index'), { force: true });
    }
  }


  keyGit(sandbox: SandboxLocation, extraConfig: Record<string, string> = {}, refreshIndex = false): ShadowGit {
    return shadowGit({
      cwd: sandbox.dir,
      gitDir: this.keyDir(sandbox.key),
      workTree: sandbox.dir,
      config: { 'core.excludesFile': path.join(this.keyDir(sandbox.key), 'skipped'), ...KEY_INDEX_CONFIG, ...extraConfig },
      refreshIndex,
      before: () => this.ensureRepo(),
    });
  }

  /**
   * A git on a copy of the sandbox's index (`indexFile`), run in the sandbox's git dir: a split
   * index names its shared part, which git looks for in the git dir it runs in.
   */
  keyIndexCopyGit(sandbox: SandboxLocation, indexFile: string): ShadowGit {
    return shadowGit({ cwd: this.checkpointDir, gitDir: this.keyDir(sandbox.key), workTree: sandbox.dir, indexFile, config: KEY_INDEX_CONFIG, before: () => this.ensureRepo() });
  }

  repoGit(): ShadowGit {
    return shadowGit({ cwd: this.checkpointDir, gitDir: this.gitDir, before: () => this.ensureRepo() });
  }

  /** A git on the store with its own index file (an overlay's), checked like the others. */
  indexGit(workTree: string, indexFile: string): ShadowGit {
    return shadowGit({ cwd: this.checkpointDir, gitDir: this.gitDir, workTree, indexFile, before: () => this.ensureRepo() });
  }

  /**
   * The git of a sandbox's git dir that the garbage collector reads without a sandbox at hand; undefined
   * when that folder does not link to this store (a half-made one, or one this program did not make).
   */
  async linkedKeyGit(key: string): Promise<ShadowGit | undefined> {
    const dir = this.keyDir(key);
    const info = await fs.lstat(dir).catch(() => undefined);
    if (!info?.isDirectory()) return undefined;
    const commondir = await fs.readFile(path.join(dir, 'commondir'), 'utf8').catch(() => undefined);
    if (commondir === undefined) return undefined;
    if (commondir !== COMMON_DIR) await replaceFile(path.join(dir, 'commondir'), COMMON_DIR);
    return shadowGit({ cwd: this.checkpointDir, gitDir: dir, config: KEY_INDEX_CONFIG, before: () => this.ensureRepo() });
  }

  commitTree(tree: string, message: string): Promise<string> {
    const identity = { name: SHADOW_REPO_CONFIG['user.name']!, email: SHADOW_REPO_CONFIG['user.email']! };
    return writeCommitObject(path.join(this.gitDir, 'objects'), tree, message.slice(0, 2000) || 'snapshot', identity, new Date());
  }

  async treeOf(ref: string): Promise<string> {
    assertObjectId(ref);
    await this.ensureRepo();
    const loose = await looseObjectTree(path.join(this.gitDir, 'objects'), ref);
    if (loose) return loose;
    const tree = (await this.repoGit().raw(['rev-parse', '--verify', '-q', `${ref}^{tree}`])).trim();
    if (!OBJECT_ID_PATTERN.test(tree)) throw new SandboxError(`The shadow store has no snapshot ${ref}`);
    return tree;
  }

  async rawChanges(fromRef: string, toRef: string): Promise<RawChange[]> {
    assertObjectId(fromRef);
    assertObjectId(toRef);
    await this.ensureRepo();
    const changes = parseRawDiff(await this.repoGit().raw(['diff-tree', '-r', '-z', '--no-renames', fromRef, toRef]));
    // Every restore, recovery and apply writes, renames and deletes the paths of such a diff.
    for (const c of changes) assertSnapshotPaths(c.oldOid !== undefined ? fromRef : toRef, [c.path]);
    return changes;
  }

  /** Points the sandbox's HEAD at its newest state, so the next status compares against it. */
  async recordHead(key: string, state: SandboxState, pin: string | null = null): Promise<void> {
    const updates: [string, string][] = [[headRef(key), state.commit]];
    if (pin !== null) updates.push([pinRef(pin), state.commit]);
    // Either order survives a crash between the two: a snapshot trusts state.json only while HEAD
    // names the same commit.
    await Promise.all([writeRefs(this.gitDir, updates), replaceFile(path.join(this.keyDir(key), 'state.json'), JSON.stringify(state))]);
  }

  /** Loose refs are deleted as files; one that `git pack-refs` packed goes through git. */
  async deleteRefs(refs: readonly string[]): Promise<void> {
    const packed = await deleteLooseRefs(this.gitDir, refs);
    if (packed.length > 0) await this.repoGit().raw(['update-ref', '--stdin'], packed.map((ref) => `delete ${ref}\n`).join(''));
  }

  async readState(key: string): Promise<SandboxState | undefined> {
    try {
      const parsed = JSON.parse(await fs.readFile(path.join(this.keyDir(key), 'state.json'), 'utf8')) as SandboxState;
      if (!OBJECT_ID_PATTERN.test(parsed.commit) || !OBJECT_ID_PATTERN.test(parsed.tree)) return undefined;
      if (!(await fs.stat(path.join(this.keyDir(key), 'index')).then(() => true, () => false))) return undefined;
      return { ...parsed, skipped: Array.isArray(parsed.skipped) ? parsed.skipped.filter((s) => RelativePathSchema.safeParse(s.path).success) : [] };
    } catch {
      return undefined;
    }
  }
}

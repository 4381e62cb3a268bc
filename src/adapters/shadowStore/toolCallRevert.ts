import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { MARKER_LABELS, type AgentOnlyConflict, type ConflictReason, type RevertedToolCalls, type ToolCallRefs } from '../../core/agentOnlyRollback';
import { GitCommandError, shadowGit, type ShadowGit } from './gitEnvironment';
import { nulList } from './gitOutput';
import type { ShadowRepository } from './shadowRepository';
import { assertObjectId, objectIdIn } from './storeNames';

// Takes tool calls back out of a snapshot: each path a tool call changed is merged three ways, the
// way `git revert` would, with git's own merge. For a path, "ours" is what it holds now, "base" what
// the tool call left (its post_step) and "theirs" what it held before the call (its pre_write): a
// path nobody touched since the call becomes the pre_write's; a text file someone else changed on
// other lines gets the agent's lines taken out and keeps theirs; anything else that both changed is
// a conflict. A caller may ask for a conflict of lines to be written with git's conflict markers
// instead (each call then carries its side's label): the path is written, for a person to settle.

/** A path's entry in a tree: `<mode> <oid>`, or null where the tree does not hold it. */
type Entry = string | null;

const SYMLINK = '120000';
/** Git's own test for a binary file (`buffer_is_binary`): a NUL in the first 8000 bytes. */
const BINARY_PROBE = 8000;

/**
 * `nowRef` with the tool calls (newest first) taken out, as a commit; with the paths where that is
 * not possible, and why. Writes objects into the store (the merged blobs, a tree, a commit) but no
 * ref and no file of the sandbox.
 */
export async function revertToolCalls(repo: ShadowRepository, nowRef: string, calls: readonly ToolCallRefs[]): Promise<RevertedToolCalls> {
  assertObjectId(nowRef);
  await repo.ensureRepo();
  const git = repo.repoGit();
  const now = await treeEntries(git, nowRef);
  // What the result holds where it differs from now.
  const result = new Map<string, Entry>();
  const conflicts = new Map<string, ConflictReason>();
  const marked = new Set<string>();
  const merger = new TextMerger(repo, git);
  try {
    for (const call of calls) {
      for (const change of await repo.rawChanges(call.before, call.after)) {
        if (conflicts.has(change.path)) continue;
        const ours = result.has(change.path) ? result.get(change.path)! : (now.get(change.path) ?? null);
        // Markers once in a path are enough: a second conflict there would nest them, which no person can read.
        const label = marked.has(change.path) ? undefined : call.markerLabel;
        const merged = await mergeEntry(merger, change.newId ?? null, ours, change.oldId ?? null, label);
        if (typeof merged === 'object' && merged !== null) {
          if ('conflict' in merged) {
            conflicts.set(change.path, merged.conflict);
            marked.delete(change.path);
          } else {
            result.set(change.path, merged.marked);
            marked.add(change.path);
          }
        } else result.set(change.path, merged);
      }
    }
  } finally {
    await merger.dispose();
  }
  for (const [p, entry] of result) if (entry === (now.get(p) ?? null)) result.delete(p);
  for (const p of fileFolderClashes(now, result)) if (!conflicts.has(p)) conflicts.set(p, 'folder');
  const conflictList: AgentOnlyConflict[] = [...conflicts].map(([p, reason]) => ({ path: p, reason }));
  const markedList = [...marked].filter((p) => !conflicts.has(p)).sort();
  if (conflictList.length > 0 || result.size === 0) return { target: nowRef, conflicts: conflictList, marked: conflictList.length > 0 ? [] : markedList };
  const tree = await writeTree(repo, nowRef, result);
  return { target: await repo.commitTree(tree, 'agent-only rollback'), conflicts: [], marked: markedList };
}

/** A path merged three ways: its new entry, the entry with conflict markers (only with a label), or why it conflicts. */
async function mergeEntry(merger: TextMerger, base: Entry, ours: Entry, theirs: Entry, markerLabel: string | undefined): Promise<Entry | { conflict: ConflictReason } | { marked: string }> {
  if (ours === base) return theirs;
  if (ours === theirs) return ours;
  // Both changed the path, differently.
  if (theirs === null) return { conflict: 'created' };
  if (base === null) return { conflict: 'recreated' };
  if (ours === null) return { conflict: 'deleted' };
  const [b, o, t] = [split(base), split(ours), split(theirs)];
  const mode = o.mode === b.mode ? t.mode : t.mode === b.mode || t.mode === o.mode ? o.mode : undefined;
  if (mode === undefined) return { conflict: 'mode' };
  if (o.oid === b.oid) return `${mode} ${t.oid}`;
  if (t.oid === b.oid) return `${mode} ${o.oid}`;
  if ([b, o, t].some((e) => e.mode === SYMLINK)) return { conflict: 'symlink' };
  const oid = await merger.merge(b.oid, o.oid, t.oid, markerLabel);
  if (typeof oid === 'string') return `${mode} ${oid}`;
  return 'marked' in oid ? { marked: `${mode} ${oid.marked}` } : oid;
}

function split(entry: string): { mode: string; oid: string } {
  const space = entry.indexOf(' ');
  return { mode: entry.slice(0, space), oid: entry.slice(space + 1) };
}

/** `git merge-file` on blobs of the store: the three sides in temporary files, the result hashed back in. */
class TextMerger {
  private dir: string | undefined;

  constructor(
    private readonly repo: ShadowRepository,
    private readonly git: ShadowGit,
  ) {}

  /** The merged blob; with `markerLabel`, a conflict of lines gives the blob with conflict markers (`marked`) instead of refusing. */
  async merge(base: string, ours: string, theirs: string, markerLabel?: string): Promise<string | { conflict: ConflictReason } | { marked: string }> {
    const blobs = await Promise.all([ours, base, theirs].map((oid) => this.git.run(['cat-file', 'blob', oid])));
    if (blobs.some((b) => b.subarray(0, BINARY_PROBE).includes(0))) return { conflict: 'binary' };
    this.dir ??= await this.makeDir();
    const files = ['ours', 'base', 'theirs'].map((name) => path.join(this.dir!, name));
    await Promise.all(files.map((f, i) => fs.writeFile(f, blobs[i]!)));
    let merged: Buffer;
    try {
      // No -L labels, no marker options: on success the output is the merge, byte for byte.
      merged = await this.git.run(['merge-file', '-p', '-q', ...files]);
    } catch (error) {
      if (!isConflictExit(error)) throw error;
      if (markerLabel === undefined) return { conflict: 'lines' };
      return { marked: await this.hash(await this.mergeWithMarkers(files, markerLabel)) };
    }
    return this.hash(merged);
  }

  /**
   * The merge written into the `ours` file with conflict markers labelled for a person (the
   * result of a conflict is not on stdout when git exits with the count of conflicts, so it is
   * merged in place and read back).
   */
  private async mergeWithMarkers(files: readonly string[], markerLabel: string): Promise<Buffer> {
    const labels = [MARKER_LABELS.current, MARKER_LABELS.base, markerLabel].flatMap((l) => ['-L', l]);
    try {
      await this.git.run(['merge-file', '-q', ...labels, ...files]);
    } catch (error) {
      if (!isConflictExit(error)) throw error;
    }
    return fs.readFile(files[0]!);
  }

  private async hash(blob: Buffer): Promise<string> {
    return objectIdIn((await this.git.run(['hash-object', '-t', 'blob', '-w', '--no-filters', '--stdin'], blob)).toString('utf8'));
  }

  private async makeDir(): Promise<string> {
    const dir = path.join(this.repo.checkpointDir, 'tmp', `merge-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  async dispose(): Promise<void> {
    if (this.dir) await fs.rm(this.dir, { recursive: true, force: true });
  }
}

/** `git merge-file`'s exit code counts the conflicting hunks (1-127); a failure of git itself is 255. */
function isConflictExit(error: unknown): boolean {
  return error instanceof GitCommandError && error.exitCode !== null && error.exitCode > 0 && error.exitCode < 128;
}

/** Every file of a snapshot, path to `<mode> <oid>`. */
async function treeEntries(git: ShadowGit, ref: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for (const record of (await git.raw(['ls-tree', '-r', '-z', '--full-tree', ref])).split('\0')) {
    const m = /^(\d{6}) \w+ ([0-9a-f]+)\t([\s\S]+)$/.exec(record);
    if (m) entries.set(m[3]!, `${m[1]} ${m[2]}`);
  }
  return entries;
}

/** Paths the result would hold as a file where it also holds a folder (a file inside it), or inside a file. */
function fileFolderClashes(now: ReadonlyMap<string, string>, changed: ReadonlyMap<string, Entry>): string[] {
  const isFile = (p: string): boolean => (changed.has(p) ? changed.get(p) !== null : now.has(p));
  const folders = new Set<string>();
  const addFolders = (p: string): void => {
    for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) folders.add(p.slice(0, i));
  };
  for (const p of now.keys()) if (isFile(p)) addFolders(p);
  for (const [p, e] of changed) if (e !== null) addFolders(p);
  const clashes: string[] = [];
  for (const [p, e] of changed) {
    if (e === null) continue;
    if (folders.has(p)) clashes.push(p);
    for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) {
      if (isFile(p.slice(0, i))) clashes.push(p);
    }
  }
  return [...new Set(clashes)];
}

/** `baseRef`'s tree with the changed entries put in (null: removed), written into the store. */
export async function writeTree(repo: ShadowRepository, baseRef: string, changed: ReadonlyMap<string, Entry>): Promise<string> {
  const indexFile = path.join(repo.checkpointDir, 'tmp', `revert-${randomBytes(6).toString('hex')}`);
  const emptyDir = path.join(repo.checkpointDir, 'tmp', 'empty');
  await fs.mkdir(emptyDir, { recursive: true });
  const git = shadowGit({ cwd: repo.checkpointDir, gitDir: repo.gitDir, workTree: emptyDir, indexFile });
  try {
    await git.raw(['read-tree', baseRef]);
    const removed = [...changed].filter(([, e]) => e === null).map(([p]) => p);
    if (removed.length > 0) await git.raw(['update-index', '--force-remove', '-z', '--stdin'], nulList(removed));
    const added = [...changed].filter((pair): pair is [string, string] => pair[1] !== null).map(([p, e]) => `${e}\t${p}`);
    if (added.length > 0) await git.raw(['update-index', '--add', '-z', '--index-info'], nulList(added));
    return objectIdIn(await git.raw(['write-tree']));
  } finally {
    await fs.rm(indexFile, { force: true });
  }
}

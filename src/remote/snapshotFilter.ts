import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ShadowGit } from '../adapters/shadowStore/gitEnvironment';
import { objectIdIn } from '../adapters/shadowStore/storeNames';
import type { Withheld } from './planBundle';
import { secretIn, type PrivacyFilter } from './privacyRules';

// A snapshot as it may leave the machine: its tree rewritten without the files the privacy filter
// withholds, so that no object of theirs is reachable from what is pushed. Runs in the transport
// repository, which reads the shadow store's objects through its alternates.

interface TreeEntry {
  readonly mode: string;
  readonly type: string;
  readonly oid: string;
  readonly size: number;
  readonly path: string;
}

/** `ls-tree -r -l -z --full-tree` of a snapshot. */
async function listTree(git: ShadowGit, ref: string): Promise<TreeEntry[]> {
  const out = await git.raw(['ls-tree', '-r', '-l', '-z', '--full-tree', ref]);
  const entries: TreeEntry[] = [];
  for (const record of out.split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/);
    entries.push({ mode: mode!, type: type!, oid: oid!, size: size === '-' ? 0 : Number(size), path: record.slice(tab + 1) });
  }
  return entries;
}

/** The contents of blobs, read with one `cat-file --batch` per group of at most `maxBytes`. */
async function* readBlobs(git: ShadowGit, blobs: readonly { oid: string; size: number }[], maxBytes: number): AsyncGenerator<[string, Buffer]> {
  let group: string[] = [];
  let bytes = 0;
  const flush = async function* (): AsyncGenerator<[string, Buffer]> {
    if (group.length === 0) return;
    const out = await git.run(['cat-file', '--batch'], `${group.join('\n')}\n`);
    let at = 0;
    while (at < out.length) {
      const nl = out.indexOf(10, at);
      const [oid, , size] = out.subarray(at, nl).toString('latin1').split(' ');
      const length = Number(size);
      yield [oid!, out.subarray(nl + 1, nl + 1 + length)];
      at = nl + 1 + length + 1;
    }
    group = [];
    bytes = 0;
  };
  for (const blob of blobs) {
    if (group.length > 0 && bytes + blob.size > maxBytes) yield* flush();
    group.push(blob.oid);
    bytes += blob.size;
  }
  yield* flush();
}

export interface FilteredSnapshot {
  /** The tree that leaves the machine. */
  readonly tree: string;
  readonly withheld: Withheld[];
  /** Files (blobs and links) the tree holds. */
  readonly fileCount: number;
}

/** Filters snapshots, remembering what it learnt of each blob across them (one push). */
export class SnapshotFilter {
  private readonly secretOf = new Map<string, string | null>();
  private index = 0;

  constructor(
    private readonly git: ShadowGit,
    private readonly filter: PrivacyFilter,
    /** A folder of the transport repository for the temporary index files. */
    private readonly scratch: string,
  ) {}

  async filterSnapshot(commit: string): Promise<FilteredSnapshot> {
    const entries = await listTree(this.git, commit);
    const withheld: Withheld[] = [];
    const candidates: TreeEntry[] = [];
    for (const e of entries) {
      if (e.type !== 'blob') continue;
      const verdict = this.filter.byNameAndSize(e.path, e.size);
      if (verdict === 'too_large') withheld.push({ path: e.path, reason: verdict, detail: `${e.size} bytes` });
      else if (verdict === 'denied_name') withheld.push({ path: e.path, reason: verdict });
      else candidates.push(e);
    }
    const unread = candidates.filter((e) => !this.filter.isAllowed(e.path) && !this.secretOf.has(e.oid));
    const unique = [...new Map(unread.map((e) => [e.oid, { oid: e.oid, size: e.size }])).values()];
    for await (const [oid, content] of readBlobs(this.git, unique, 64 * 1024 * 1024)) this.secretOf.set(oid, secretIn(content.toString('latin1'))?.name ?? null);
    const kept: TreeEntry[] = [];
    for (const e of candidates) {
      const secret = this.filter.isAllowed(e.path) ? null : this.secretOf.get(e.oid);
      if (secret) withheld.push({ path: e.path, reason: 'secret_content', detail: secret });
      else kept.push(e);
    }
    const tree = withheld.length === 0 && kept.length === entries.length ? objectIdIn(await this.git.raw(['rev-parse', '--verify', `${commit}^{tree}`])) : await this.writeTree(kept);
    withheld.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { tree, withheld, fileCount: kept.length };
  }

  /** A tree of exactly these entries, through an index file of its own. */
  private async writeTree(entries: readonly TreeEntry[]): Promise<string> {
    const indexFile = path.join(this.scratch, `filter-${this.index++}.index`);
    await fs.rm(indexFile, { force: true });
    const git = this.git.withIndexFile(indexFile);
    await git.raw(['update-index', '-z', '--index-info'], entries.map((e) => `${e.mode} ${e.oid}\t${e.path}\0`).join(''));
    const tree = objectIdIn(await git.raw(['write-tree']));
    await fs.rm(indexFile, { force: true });
    return tree;
  }
}

import { createHash } from 'node:crypto';
import type { SnapshotFile, SnapshotFileId } from '../../core/ports';
import type { ShadowGit } from './gitEnvironment';

// One file at many snapshots in two git processes, whatever their number: `cat-file --batch-check`
// names the blob at each `<snapshot>:<path>`, then `cat-file --batch` reads each distinct blob
// once. Most checkpoints leave a given file alone, so 200 snapshots are often a few blobs.

/** `<oid> blob <size>` (anything else: missing, or not a file). */
const CHECK_LINE = /^([0-9a-f]{40}(?:[0-9a-f]{24})?) (\w+) (\d+)$/;

/**
 * The file at each snapshot (its blob id and bytes), absent where the snapshot holds no file there,
 * unreadable where the store no longer holds the snapshot. `path`: a clean relative path.
 */
export async function fileAtSnapshots(git: ShadowGit, refs: readonly string[], path: string): Promise<SnapshotFile[]> {
  if (refs.length === 0) return [];
  // The batch input is one line per object: a name with a line break is read one snapshot at a time.
  if (path.includes('\n')) return Promise.all(refs.map((r) => oneFile(git, r, path)));
  const found = await fileIdsAtSnapshots(git, refs, path);
  const distinct = [...new Set(found.flatMap((f) => (f.state === 'file' ? [f.id] : [])))];
  const blobs = distinct.length > 0 ? await readBlobs(git, distinct) : new Map<string, Uint8Array>();
  return found.map((f): SnapshotFile => (f.state === 'file' ? { state: 'file', id: f.id, content: blobs.get(f.id)! } : f));
}

/** The blob at each snapshot, named and not read: one `cat-file --batch-check` (see fileAtSnapshots). */
export async function fileIdsAtSnapshots(git: ShadowGit, refs: readonly string[], path: string): Promise<SnapshotFileId[]> {
  if (refs.length === 0) return [];
  if (path.includes('\n')) return (await Promise.all(refs.map((r) => oneFile(git, r, path)))).map((f) => (f.state === 'file' ? { state: 'file', id: f.id } : f));
  // Per snapshot, two lines: whether the snapshot is there at all, then the path in it.
  const input = refs.map((r) => `${r}^{tree}\n${r}:${path}\n`).join('');
  const check = (await git.raw(['cat-file', '--batch-check'], input)).split('\n');
  return refs.map((_, i): SnapshotFileId => {
    const tree = CHECK_LINE.exec(check[2 * i] ?? '');
    if (!tree || tree[2] !== 'tree') return { state: 'unreadable' };
    const m = CHECK_LINE.exec(check[2 * i + 1] ?? '');
    return m && m[2] === 'blob' ? { state: 'file', id: m[1]! } : { state: 'absent' };
  });
}

/** Git's id of `content` as a blob, in the form of `like` (40 hex digits: SHA-1; 64: SHA-256). */
export function blobId(content: Uint8Array, like: string): string {
  return createHash(like.length === 64 ? 'sha256' : 'sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Each blob's bytes, in one `cat-file --batch`. */
export async function readBlobs(git: ShadowGit, oids: readonly string[]): Promise<Map<string, Uint8Array>> {
  const blobs = new Map<string, Uint8Array>();
  const out = await git.run(['cat-file', '--batch'], `${oids.join('\n')}\n`);
  let at = 0;
  for (const oid of oids) {
    const nl = out.indexOf(0x0a, at);
    const m = nl < 0 ? null : CHECK_LINE.exec(out.toString('latin1', at, nl));
    if (!m || m[1] !== oid || m[2] !== 'blob') throw new Error(`git cat-file --batch gave an unexpected answer for ${oid}`);
    const size = Number.parseInt(m[3]!, 10);
    const start = nl + 1;
    if (start + size > out.length) throw new Error(`git cat-file --batch ended early reading ${oid}`);
    blobs.set(oid, new Uint8Array(out.buffer, out.byteOffset + start, size));
    at = start + size + 1;
  }
  return blobs;
}

/** One snapshot's file, by plumbing that takes any name. */
async function oneFile(git: ShadowGit, ref: string, path: string): Promise<SnapshotFile> {
  const there = await git.raw(['cat-file', '-e', `${ref}^{tree}`]).then(() => true, () => false);
  if (!there) return { state: 'unreadable' };
  const entry = (await git.raw(['ls-tree', '-z', ref, '--', path])).split('\0')[0] ?? '';
  const m = /^\d{6} blob ([0-9a-f]+)\t/.exec(entry);
  if (!m) return { state: 'absent' };
  const content = await git.run(['cat-file', 'blob', m[1]!]);
  return { state: 'file', id: m[1]!, content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength) };
}

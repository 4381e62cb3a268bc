import { ValidationError } from '../../core/errors';
import type { ShadowRepository } from './shadowRepository';
import { assertObjectId, assertRelative, objectIdIn } from './storeNames';
import { writeTree } from './toolCallRevert';

// One path of a snapshot set to another's, or to given bytes: the side of a three-way merge that
// takes back one tool call's change to one file (or one hunk of it), core/toolCallChange.ts.

/** `<mode> <oid>` of a path in a snapshot, or undefined when it holds no file (a blob or a link) there. */
export async function pathEntry(repo: ShadowRepository, ref: string, filePath: string): Promise<{ mode: string; oid: string } | undefined> {
  assertObjectId(ref);
  const rel = assertRelative(filePath);
  await repo.ensureRepo();
  const line = (await repo.repoGit().raw(['ls-tree', '-z', '--full-tree', ref, '--', rel])).split('\0')[0] ?? '';
  const m = /^(\d{6}) blob ([0-9a-f]+)\t([\s\S]+)$/.exec(line);
  // ls-tree matches a pathspec: only the entry of exactly this path counts.
  return m && m[3] === rel ? { mode: m[1]!, oid: m[2]! } : undefined;
}

/** A commit of `baseRef`'s tree with `filePath` taken from `source.ref` (removed when absent) or made of `source.bytes`. */
export async function withPath(repo: ShadowRepository, baseRef: string, filePath: string, source: { readonly ref: string } | { readonly bytes: Uint8Array }): Promise<string> {
  assertObjectId(baseRef);
  const rel = assertRelative(filePath);
  let entry: string | null;
  if ('ref' in source) {
    const from = await pathEntry(repo, source.ref, rel);
    entry = from ? `${from.mode} ${from.oid}` : null;
  } else {
    const base = await pathEntry(repo, baseRef, rel);
    // Lines are only ever put back into a regular file: a link's target is no file's lines.
    if (!base || (base.mode !== '100644' && base.mode !== '100755')) throw new ValidationError(`${rel} is not a regular file in snapshot ${baseRef}: its lines cannot be taken back one by one`);
    const oid = objectIdIn((await repo.repoGit().run(['hash-object', '-t', 'blob', '-w', '--no-filters', '--stdin'], Buffer.from(source.bytes))).toString('utf8'));
    entry = `${base.mode} ${oid}`;
  }
  const tree = await writeTree(repo, baseRef, new Map([[rel, entry]]));
  return repo.commitTree(tree, `one path of ${baseRef}`);
}

import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { standingOf } from './sandboxPaths';

/**
 * What a path of a sandbox holds, seen as git would record it, without following any symlink:
 * `file` with its id (`<mode> <object id>`, as in a raw diff), a real folder, nothing, or
 * `blocked` when a folder on its way is a symlink or a file.
 */
export type DiskEntry = { kind: 'file'; id: string } | { kind: 'directory' } | { kind: 'absent' } | { kind: 'blocked' };

export async function diskEntry(root: string, rel: string, objectIdLength: number): Promise<DiskEntry> {
  const standing = standingOf(root, rel);
  if (standing.kind === 'parent') return { kind: 'blocked' };
  const { stat } = standing;
  if (!stat) return { kind: 'absent' };
  if (stat.isDirectory()) return { kind: 'directory' };
  const abs = path.join(root, rel);
  const algorithm = objectIdLength === 64 ? 'sha256' : 'sha1';
  if (stat.isSymbolicLink()) {
    const target = await fs.readlink(abs, { encoding: 'buffer' });
    return { kind: 'file', id: `120000 ${createHash(algorithm).update(`blob ${target.length}\0`).update(target).digest('hex')}` };
  }
  // Git's blob id: the hash of `blob <size>\0` and the content, streamed.
  const hash = createHash(algorithm).update(`blob ${stat.size}\0`);
  let read = 0;
  for await (const chunk of createReadStream(abs)) {
    read += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  // A file that changed size while it was read matches no recorded id: it is someone else's.
  const oid = read === stat.size ? hash.digest('hex') : 'changed-while-read';
  return { kind: 'file', id: `${(stat.mode & 0o100) !== 0 ? '100755' : '100644'} ${oid}` };
}

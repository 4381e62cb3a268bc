import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { deflate as deflateCallback } from 'node:zlib';

const deflate = promisify(deflateCallback);

/**
 * Writes `content` into the store as git's loose object of `type` (`objects/ab/cdef…`, zlib of
 * `<type> <size>\0` and the bytes, SHA-1: the store's format version 0 allows no other), in this
 * process, and returns its id: a save waits for its objects, and a git process costs tens of
 * milliseconds, hundreds on a loaded machine. An object already there (the same name is the same
 * bytes) is left as it is.
 */
export async function writeLooseObject(objectsDir: string, type: 'blob' | 'commit', content: Uint8Array): Promise<string> {
  const header = Buffer.from(`${type} ${content.byteLength}\0`);
  const oid = createHash('sha1').update(header).update(content).digest('hex');
  const dir = path.join(objectsDir, oid.slice(0, 2));
  const file = path.join(dir, oid.slice(2));
  // The store is workspace content: a link planted in objects/ after this process checked the store
  // (it checks it once) must not carry the write out of it.
  for (const folder of [objectsDir, dir]) {
    const stat = await fs.lstat(folder).catch(() => undefined);
    if (stat !== undefined && !stat.isDirectory()) throw new Error(`${folder} is not a folder of the store (a link?): no object is written through it`);
  }
  if (await fs.stat(file).then(() => true, () => false)) return oid;
  const deflated = await deflate(Buffer.concat([header, content]));
  await fs.mkdir(dir, { recursive: true });
  // Git's own way: a temporary file in the same folder (a reader never sees half an object), linked
  // to the final name, then removed.
  const temp = path.join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  await fs.writeFile(temp, deflated, { mode: 0o444, flag: 'wx' });
  try {
    await fs.link(temp, file).catch(async (error: NodeJS.ErrnoException) => {
      // Another writer put the same object there first.
      if (error.code === 'EEXIST') return;
      // A file system without hard links: renamed instead (Windows refuses to rename over an object
      // another writer put there meanwhile, which has the same bytes).
      await fs.rename(temp, file).catch(async (renameError: unknown) => {
        if (!(await fs.stat(file).then(() => true, () => false))) throw renameError;
      });
    });
  } finally {
    await fs.rm(temp, { force: true });
  }
  return oid;
}

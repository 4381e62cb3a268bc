import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { OBJECT_ID_PATTERN } from '../../core/ids';
import { renameOver } from '../files/renameOver';

// Refs of the shadow store read and written as git's own loose ref files (`<git-dir>/<ref>` holding
// the object id), with git's `<ref>.lock` protocol. A git process costs 5-10 ms to start on a slow
// machine; these take well under one. Only for callers that hold the shadow store's lock: every
// writer of these refs does, so a `.lock` file found there was left by a crash.

/** Points each ref at its object id. */
export async function writeRefs(gitDir: string, updates: ReadonlyArray<readonly [ref: string, oid: string]>): Promise<void> {
  await Promise.all(updates.map(([ref, oid]) => writeRef(gitDir, ref, oid)));
}

async function writeRef(gitDir: string, ref: string, oid: string): Promise<void> {
  if (!OBJECT_ID_PATTERN.test(oid)) throw new Error(`not a git object id: ${oid}`);
  const file = refFile(gitDir, ref);
  const lock = `${file}.lock`;
  await fs.mkdir(path.dirname(file), { recursive: true });
  let handle;
  try {
    handle = await fs.open(lock, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await fs.rm(lock, { force: true });
    handle = await fs.open(lock, 'wx', 0o644);
  }
  try {
    await handle.writeFile(`${oid}\n`);
  } finally {
    await handle.close();
  }
  try {
    await renameOver(lock, file);
  } catch (error) {
    await fs.rm(lock, { force: true });
    throw error;
  }
}

/** The object id a ref points at (loose, else packed), or undefined when there is no such ref. */
export async function readRef(gitDir: string, ref: string): Promise<string | undefined> {
  const loose = await fs.readFile(refFile(gitDir, ref), 'utf8').catch(() => undefined);
  if (loose !== undefined) {
    const oid = loose.trim();
    return OBJECT_ID_PATTERN.test(oid) ? oid : undefined;
  }
  return (await packedRefs(gitDir)).get(ref);
}

/**
 * Deletes loose refs and returns the ones that are also in `packed-refs` (written by a `git gc` or
 * `pack-refs`, which this product never runs): the caller hands those to `git update-ref`.
 */
export async function deleteLooseRefs(gitDir: string, refs: readonly string[]): Promise<string[]> {
  await Promise.all(
    refs.map(async (ref) => {
      const file = refFile(gitDir, ref);
      await fs.rm(file, { force: true });
      // As git does: a ref folder left empty goes too (another ref in it keeps it).
      await fs.rmdir(path.dirname(file)).catch(() => undefined);
    }),
  );
  const packed = await packedRefs(gitDir);
  return refs.filter((ref) => packed.has(ref));
}

async function packedRefs(gitDir: string): Promise<Map<string, string>> {
  const text = await fs.readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  const refs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{40}|[0-9a-f]{64}) (refs\/\S+)$/.exec(line);
    if (m) refs.set(m[2]!, m[1]!);
  }
  return refs;
}

function refFile(gitDir: string, ref: string): string {
  if (!/^refs\/[A-Za-z0-9][A-Za-z0-9_\-/]*$/.test(ref) || ref.includes('//') || ref.endsWith('/')) {
    throw new Error(`not a ref name of the shadow store: ${ref}`);
  }
  return path.join(gitDir, ...ref.split('/'));
}

/** The names under a ref folder (`refs/checkpoints/<plan>`), loose or packed, one level deep. */
export async function listRefNames(gitDir: string, folder: string): Promise<string[]> {
  const loose = await fs.readdir(path.join(gitDir, ...folder.split('/'))).catch(() => [] as string[]);
  const packed = (await fs.readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => ''))
    .split('\n')
    .map((line) => /^[0-9a-f]+ (\S+)$/.exec(line)?.[1])
    .filter((ref): ref is string => ref !== undefined && ref.startsWith(`${folder}/`) && !ref.slice(folder.length + 1).includes('/'))
    .map((ref) => ref.slice(folder.length + 1));
  return [...new Set([...loose.filter((n) => !n.endsWith('.lock')), ...packed])];
}

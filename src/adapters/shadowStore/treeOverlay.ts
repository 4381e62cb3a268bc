import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { nulList, parseLsTree } from './gitOutput';
import type { ShadowRepository } from './shadowRepository';
import { assertObjectId, assertRelative, assertSnapshotPaths } from './storeNames';
import { pathsMatcher } from '../../core/restorePaths';

/** How many bytes of paths go on git's command line at most (Windows allows 32 KB in all). */
const PATHS_ON_COMMAND_LINE = 16 * 1024;

/** `baseRef` with `paths` (files or folders) replaced by what `sourceRef` has there. */
export async function overlayTree(repo: ShadowRepository, baseRef: string, sourceRef: string, paths: readonly string[]): Promise<string> {
  const rels = paths.map(assertRelative);
  const chosen = pathsMatcher(rels);
  // A few paths are named to git, which then reads only their folders. Beyond a command line's
  // room (32 KB on Windows; a correction may name tens of thousands), the whole trees are listed and
  // filtered here.
  const named = rels.reduce((bytes, r) => bytes + Buffer.byteLength(r) + 3, 0) <= PATHS_ON_COMMAND_LINE ? ['--', ...rels] : [];
  const indexFile = path.join(repo.checkpointDir, 'tmp', `overlay-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(path.dirname(indexFile), { recursive: true });
  const emptyDir = path.join(repo.checkpointDir, 'tmp', 'empty');
  await fs.mkdir(emptyDir, { recursive: true });
  const git = repo.indexGit(emptyDir, indexFile);
  const entriesOf = async (ref: string) => parseLsTree(await git.raw(['ls-tree', '-r', '-z', ref, ...named])).filter((e) => chosen(e.path));
  try {
    await git.raw(['read-tree', baseRef]);
    const remove = (await entriesOf(baseRef)).map((e) => e.path);
    if (remove.length > 0) await git.raw(['update-index', '--force-remove', '-z', '--stdin'], nulList(remove));
    const add = await entriesOf(sourceRef);
    assertSnapshotPaths(sourceRef, add.map((e) => e.path));
    if (add.length > 0) await git.raw(['update-index', '--add', '-z', '--index-info'], nulList(add.map((e) => `${e.mode} ${e.oid}\t${e.path}`)));
    const tree = (await git.raw(['write-tree'])).trim();
    assertObjectId(tree);
    return tree;
  } finally {
    await fs.rm(indexFile, { force: true });
  }
}

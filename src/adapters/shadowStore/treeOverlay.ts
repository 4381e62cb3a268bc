import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { nulList, parseLsTree } from './gitOutput';
import type { ShadowRepository } from './shadowRepository';
import { assertObjectId, assertRelative, assertSnapshotPaths } from './storeNames';

/** `baseRef` with `paths` (files or folders) replaced by what `sourceRef` has there. */
export async function overlayTree(repo: ShadowRepository, baseRef: string, sourceRef: string, paths: readonly string[]): Promise<string> {
  const rels = paths.map(assertRelative);
  const indexFile = path.join(repo.checkpointDir, 'tmp', `overlay-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(path.dirname(indexFile), { recursive: true });
  const emptyDir = path.join(repo.checkpointDir, 'tmp', 'empty');
  await fs.mkdir(emptyDir, { recursive: true });
  const git = repo.indexGit(emptyDir, indexFile);
  try {
    await git.raw(['read-tree', baseRef]);
    const remove = parseLsTree(await git.raw(['ls-tree', '-r', '-z', '-l', baseRef, '--', ...rels])).map((e) => e.path);
    if (remove.length > 0) await git.raw(['update-index', '--force-remove', '-z', '--stdin'], nulList(remove));
    const add = parseLsTree(await git.raw(['ls-tree', '-r', '-z', '-l', sourceRef, '--', ...rels]));
    assertSnapshotPaths(sourceRef, add.map((e) => e.path));
    if (add.length > 0) await git.raw(['update-index', '--add', '-z', '--index-info'], nulList(add.map((e) => `${e.mode} ${e.oid}\t${e.path}`)));
    const tree = (await git.raw(['write-tree'])).trim();
    assertObjectId(tree);
    return tree;
  } finally {
    await fs.rm(indexFile, { force: true });
  }
}

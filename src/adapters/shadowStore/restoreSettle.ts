import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { diskEntry, type DiskEntry } from './diskEntry';
import type { ShadowGit } from './gitEnvironment';
import type { RawChange } from './gitOutput';
import { ancestorsOf, makeRealFolders, reachable, standingOf } from './sandboxPaths';
import { refreshEntries, stageFiles } from './stagedWrite';

/**
 * Brings the paths of a restore (`diff`, from its `before` side to its `after` side) to one side,
 * after the restore failed or was killed half-way and its files hold a mix of both: `before` puts
 * it back, `after` finishes it. A path is written (its goal side, from the store)
 * or removed only when it holds the other side's content, is missing, or is an empty folder where
 * a file belongs. A path holding anything else (someone wrote it meanwhile), or sitting behind a
 * symlinked folder, is left as it is and returned. Nothing is written or deleted through a symlink:
 * the folders on a path's way are looked at again right before it is renamed or deleted.
 */
export async function settleRestore(
  root: string,
  git: ShadowGit,
  diff: readonly RawChange[],
  goal: 'before' | 'after',
  /** Where the contents to write are staged first (beside the store), so that none is left half written. */
  stagingParent: string,
  /**
   * After a kill (not a failure) a path may hold a file half written by the restore itself: with
   * this folder (`rel` under `base`, made without following a symlink), such content is moved
   * there (so nothing is lost) and the path is settled too.
   */
  keepUnknownIn?: { readonly base: string; readonly rel: string },
): Promise<{ left: string[]; kept: string[] }> {
  const idLength = diff.map((c) => c.oldOid ?? c.newOid).find((oid) => oid !== undefined)?.length ?? 40;
  const sides = diff.map((c) => ({ path: c.path, goal: goal === 'before' ? c.oldId : c.newId, other: goal === 'before' ? c.newId : c.oldId }));
  const left: string[] = [];
  const kept: string[] = [];
  /** Moves what a path holds out of the way, into `keepUnknownIn`; false when it cannot be. */
  const keep = async (rel: string, kind: DiskEntry['kind']): Promise<boolean> => {
    if (keepUnknownIn === undefined || (kind !== 'file' && kind !== 'directory')) return false;
    const folder = await makeRealFolders(keepUnknownIn.base, path.posix.join(keepUnknownIn.rel, path.posix.dirname(rel)));
    if (!reachable(root, rel)) return false;
    await fs.rename(path.join(root, rel), path.join(folder, path.posix.basename(rel)));
    kept.push(rel);
    return true;
  };
  // First the paths the goal does not have, so that folders made for them are empty again.
  const removed: string[] = [];
  for (const change of sides.filter((c) => c.goal === undefined)) {
    const now = await diskEntry(root, change.path, idLength);
    if (now.kind === 'absent') continue;
    if (now.kind === 'file' && now.id === change.other && reachable(root, change.path)) {
      await fs.unlink(path.join(root, change.path));
      removed.push(change.path);
    } else if (await keep(change.path, now.kind)) removed.push(change.path);
    else left.push(change.path);
  }
  for (const folder of [...new Set(removed.flatMap(ancestorsOf))].sort((a, b) => b.length - a.length)) {
    if (standingOf(root, folder).kind === 'entry') await fs.rmdir(path.join(root, folder)).catch(() => undefined);
  }
  const rewrite: string[] = [];
  for (const change of sides.filter((c) => c.goal !== undefined)) {
    let now = await diskEntry(root, change.path, idLength);
    if (now.kind === 'file' && now.id === change.goal) continue;
    if (now.kind === 'directory' && reachable(root, change.path) && (await fs.rmdir(path.join(root, change.path)).then(() => true, () => false))) now = { kind: 'absent' };
    if (now.kind === 'absent' || (now.kind === 'file' && now.id === change.other) || (await keep(change.path, now.kind))) rewrite.push(change.path);
    else left.push(change.path);
  }
  if (rewrite.length > 0) {
    // Staged, then renamed into place: a full disk leaves each file whole, old or new.
    const goalOf = new Map(sides.map((c) => [c.path, c.goal]));
    const staged = await stageFiles(git, rewrite.map((p) => ({ path: p, id: goalOf.get(p)! })), stagingParent);
    try {
      await staged.moveIntoPlace(root);
    } finally {
      await staged.discard();
    }
    await refreshEntries(git, rewrite);
  }
  return { left: left.sort(), kept: kept.sort() };
}

/**
 * Removes the files a restore takes away (a path behind a symlinked folder is left alone), then
 * the folders that left empty, deepest first.
 */
export async function removeFiles(root: string, paths: readonly string[]): Promise<void> {
  const removed: string[] = [];
  for (const rel of paths) {
    if (standingOf(root, rel).kind === 'parent') continue;
    await fs.rm(path.join(root, rel), { force: true });
    removed.push(rel);
  }
  for (const folder of [...new Set(removed.flatMap(ancestorsOf))].sort((a, b) => b.length - a.length)) {
    if (standingOf(root, folder).kind === 'entry') await fs.rmdir(path.join(root, folder)).catch(() => undefined);
  }
}

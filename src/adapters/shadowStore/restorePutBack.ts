import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { diskEntry } from './diskEntry';
import type { ShadowGit } from './gitEnvironment';
import { nulList, type RawChange } from './gitOutput';
import { ancestorsOf, standingOf } from './sandboxPaths';

/**
 * After a restore failed, puts back exactly what it changed: a path is written back from the
 * index (which still holds the state before the restore) or removed only when it holds what the
 * restore would have written there, or is missing where the restore removes it. A path that holds
 * anything else (someone wrote it meanwhile), or sits behind a symlinked folder, is left as it is
 * and returned. Nothing is ever written or deleted through a symlink.
 */
export async function putBackAfterFailedRestore(root: string, git: ShadowGit, diff: readonly RawChange[]): Promise<{ left: string[] }> {
  const idLength = diff.map((c) => c.oldOid ?? c.newOid).find((oid) => oid !== undefined)?.length ?? 40;
  const left: string[] = [];
  // First the paths the restore added, so that folders it made are empty again.
  const removed: string[] = [];
  for (const change of diff.filter((c) => c.oldId === undefined)) {
    const now = await diskEntry(root, change.path, idLength);
    if (now.kind === 'absent') continue;
    if (now.kind === 'file' && now.id === change.newId) {
      await fs.unlink(path.join(root, change.path));
      removed.push(change.path);
    } else left.push(change.path);
  }
  for (const folder of [...new Set(removed.flatMap(ancestorsOf))].sort((a, b) => b.length - a.length)) {
    if (standingOf(root, folder).kind === 'entry') await fs.rmdir(path.join(root, folder)).catch(() => undefined);
  }
  const rewrite: string[] = [];
  for (const change of diff.filter((c) => c.oldId !== undefined)) {
    let now = await diskEntry(root, change.path, idLength);
    if (now.kind === 'file' && now.id === change.oldId) continue;
    if (now.kind === 'directory' && (await fs.rmdir(path.join(root, change.path)).then(() => true, () => false))) now = { kind: 'absent' };
    if (now.kind === 'absent' || (now.kind === 'file' && now.id === change.newId)) rewrite.push(change.path);
    else left.push(change.path);
  }
  if (rewrite.length > 0) await git.raw(['checkout-index', '-f', '-u', '-z', '--stdin'], nulList(rewrite));
  return { left: left.sort() };
}

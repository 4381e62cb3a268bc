import * as path from 'node:path';
import type { PathChange } from '../../core/rollbackResult';
import type { ShadowGit } from './gitEnvironment';
import { ancestorsOf, lstatOrUndefined } from './sandboxPaths';
import { specialFilesUnder } from './specialFiles';

/**
 * The files a restore of `changes` would overwrite or delete although no snapshot holds them:
 * ignored files, files above the size limit, unreadable ones, nested repositories, special files. `changes` go
 * from the state the sandbox's index holds now (an `added` path is not in it) to the target.
 * Looks at each changed path, the folders on its way (a file or symlink where the target needs a
 * folder), and what a folder that the target replaces by a file holds. `git` runs on the sandbox.
 */
export async function uncapturedFilesInTheWay(root: string, git: ShadowGit, changes: readonly PathChange[]): Promise<string[]> {
  const captured = new Set(changes.filter((c) => c.change !== 'added').map((c) => c.path));
  const found = new Set<string>();
  const foldersToList: string[] = [];
  const checkedAncestors = new Map<string, 'folder' | 'stop'>();
  for (const change of changes) {
    let reachable = true;
    for (const ancestor of ancestorsOf(change.path)) {
      let verdict = checkedAncestors.get(ancestor);
      if (verdict === undefined) {
        const stat = lstatOrUndefined(path.join(root, ancestor));
        verdict = stat?.isDirectory() ? 'folder' : 'stop';
        if (stat && !stat.isDirectory() && !captured.has(ancestor)) found.add(ancestor);
        checkedAncestors.set(ancestor, verdict);
      }
      if (verdict === 'stop') {
        reachable = false;
        break;
      }
    }
    if (!reachable) continue;
    const stat = lstatOrUndefined(path.join(root, change.path));
    if (!stat) continue;
    if (stat.isDirectory()) foldersToList.push(change.path);
    else if (change.change === 'added') found.add(change.path);
  }
  // Everything in those folders that the index does not hold, ignored files included (no exclude
  // rules are given); a nested repository is listed as its folder.
  for (let i = 0; i < foldersToList.length; i += 500) {
    const out = await git.raw(['ls-files', '--others', '-z', '--', ...foldersToList.slice(i, i + 500)]);
    for (const p of out.split('\0')) if (p) found.add(p.replace(/\/$/, ''));
  }
  // And the FIFOs, sockets and devices there, which git does not list.
  for (const special of specialFilesUnder(root, foldersToList)) found.add(special);
  return [...found].sort();
}

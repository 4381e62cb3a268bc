import { lstatSync, type Stats } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { SandboxError } from '../../core/errors';

/**
 * How a path inside a sandbox stands on disk, looked at without following any symlink: `parent`
 * means some folder on its way is not a real folder (a symlink or a file), so nothing may be
 * written or deleted there through it; otherwise the entry's own lstat, or undefined when absent.
 */
export type PathStanding = { kind: 'parent'; at: string } | { kind: 'entry'; stat: Stats | undefined };

export function standingOf(root: string, rel: string): PathStanding {
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    const stat = lstatOrUndefined(path.join(root, prefix));
    if (!stat) return { kind: 'entry', stat: undefined };
    if (!stat.isDirectory()) return { kind: 'parent', at: prefix };
  }
  return { kind: 'entry', stat: lstatOrUndefined(path.join(root, rel)) };
}

/** The entry's lstat, or undefined when it is gone (or cannot be looked at). */
export function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/** Every proper ancestor folder of a `/`-separated path, nearest last: `a/b/c` gives `a`, `a/b`. */
export function ancestorsOf(rel: string): string[] {
  const parts = rel.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** Whether every folder on the way to `rel` under `root` is a real folder (or absent), looked at just now. */
export function reachable(root: string, rel: string): boolean {
  return standingOf(root, rel).kind === 'entry';
}

/**
 * Makes the folder `rel` (`/`-separated) under `base`, one level at a time, refusing a level that
 * is a symlink or a file: what is written there then stays under `base`.
 */
export async function makeRealFolders(base: string, rel: string): Promise<string> {
  let folder = base;
  for (const part of rel.split('/').filter((p) => p !== '' && p !== '.')) {
    folder = path.join(folder, part);
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    if (!lstatOrUndefined(folder)?.isDirectory()) throw new SandboxError(`${folder} is not a real folder (a symlink or a file): nothing is written through it`);
  }
  return folder;
}

/**
 * The folders on the way to the paths a restore writes or removes that are no longer real folders
 * (a symlink or a file now) although the snapshot the restore starts from has files inside them:
 * the sandbox changed since that snapshot, and writing there could reach outside it.
 */
export function foldersTurnedAside(root: string, changes: readonly { path: string; oldOid?: string }[]): string[] {
  const recordedAsFiles = new Set(changes.filter((c) => c.oldOid !== undefined).map((c) => c.path));
  const isFolder = new Map<string, boolean>();
  const found = new Set<string>();
  for (const change of changes) {
    for (const folder of ancestorsOf(change.path)) {
      let real = isFolder.get(folder);
      if (real === undefined) {
        const stat = lstatOrUndefined(path.join(root, folder));
        real = stat?.isDirectory() === true;
        // A file or symlink the snapshot recorded there is replaced by the restore itself.
        if (stat && !real && !recordedAsFiles.has(folder)) found.add(folder);
        isFolder.set(folder, real);
      }
      // Nothing deeper can be reached (or is there) past what is not a real folder.
      if (!real) break;
    }
  }
  return [...found].sort();
}

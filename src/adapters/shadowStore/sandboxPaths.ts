import { lstatSync, type Stats } from 'node:fs';
import * as path from 'node:path';

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

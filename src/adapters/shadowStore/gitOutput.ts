import { sortChanges, type ChangeKind, type PathChange } from '../../core/rollbackResult';

// Reading and writing git's plumbing formats (NUL-separated where git offers it, so that any file
// name survives).

export interface StatusEntry {
  path: string;
  /** `staged`: the file matches the index, which differs from HEAD (an unpinned snapshot staged it). */
  /** `folder`: untracked as a whole (status names it so); `nested`: a repository inside the sandbox. */
  kind: 'untracked' | 'changed' | 'deleted' | 'folder' | 'nested' | 'staged';
  /** The path's blob in HEAD; undefined when HEAD does not have it. */
  headOid?: string;
}

/** Git config file text for `section.key` pairs, values quoted. */
export function configText(config: Record<string, string>): string {
  const sections = new Map<string, string[]>();
  for (const [name, value] of Object.entries(config)) {
    const dot = name.lastIndexOf('.');
    const lines = sections.get(name.slice(0, dot)) ?? [];
    lines.push(`\t${name.slice(dot + 1)} = "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
    sections.set(name.slice(0, dot), lines);
  }
  return [...sections].map(([section, lines]) => `[${section}]\n${lines.join('\n')}\n`).join('');
}

/** Paths for a `-z --stdin` command. */
export function nulList(items: readonly string[]): string {
  return items.map((i) => `${i}\0`).join('');
}

/**
 * `status --porcelain=v2 -z --no-renames`: every path that differs between HEAD, index and files
 * (an untracked entry ending in `/` is a folder that holds nothing the index has: a nested
 * repository, or untracked files that `ls-files --others` lists).
 */
export function parseStatus(out: string): StatusEntry[] {
  const entries: StatusEntry[] = [];
  for (const record of out.split('\0')) {
    if (record.startsWith('? ')) {
      const p = record.slice(2);
      entries.push({ path: p.endsWith('/') ? p.slice(0, -1) : p, kind: p.endsWith('/') ? 'folder' : 'untracked' });
      continue;
    }
    // `1 XY sub mH mI mW hH hI path`
    const m = /^1 (.)(.) \S+ \d+ \d+ \d+ ([0-9a-f]+) [0-9a-f]+ ([\s\S]+)$/.exec(record);
    if (!m) continue;
    const [, inIndex, inFiles, headOid, p] = m as unknown as [string, string, string, string, string];
    const kind = inFiles === 'D' ? 'deleted' : inFiles !== '.' ? 'changed' : inIndex !== '.' ? 'staged' : undefined;
    if (kind) entries.push({ path: p, kind, headOid: objectOrNone(headOid) });
  }
  return entries;
}

/** `ls-files --others -z`: untracked files, and nested repositories (their folder, ending in `/`). */
export function parseOthers(out: string): StatusEntry[] {
  return out
    .split('\0')
    .filter(Boolean)
    .map((p) => (p.endsWith('/') ? { path: p.slice(0, -1), kind: 'nested' } : { path: p, kind: 'untracked' }));
}

/** The size of each object `cat-file --batch-check='%(objecttype) %(objectsize)'` was asked about; undefined when it is missing or not a blob. */
export function parseBlobSizes(out: string, count: number): (number | undefined)[] {
  const lines = out.split('\n');
  return Array.from({ length: count }, (_, i) => {
    const m = /^(blob|tree|commit|tag) (\d+)$/.exec(lines[i] ?? '');
    return m && m[1] === 'blob' ? Number.parseInt(m[2]!, 10) : undefined;
  });
}

/** One path of a raw diff (`diff-tree -r -z`, `diff-index -z`): its change and the blobs on each side. */
export interface RawChange extends PathChange {
  /** Undefined when the path is added. */
  readonly oldOid?: string;
  /** Undefined when the path is deleted. */
  readonly newOid?: string;
  /** `<mode> <oid>` of each side (as {@link DiskEntry} ids), undefined where the side has nothing. */
  readonly oldId?: string;
  readonly newId?: string;
}

/** The raw diff format with `-z`: `:<mode> <mode> <oid> <oid> <status>\0<path>\0` (type changes count as modified). */
export function parseRawDiff(out: string): RawChange[] {
  const parts = out.split('\0');
  const changes: RawChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(parts[i]!);
    const p = parts[i + 1];
    if (!m || p === undefined) continue;
    const [, oldMode, newMode, oldHex, newHex, status] = m as unknown as [string, string, string, string, string, string];
    const change: ChangeKind = status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'modified';
    const [oldOid, newOid] = [objectOrNone(oldHex), objectOrNone(newHex)];
    changes.push({ path: p, change, oldOid, newOid, oldId: oldOid && `${oldMode} ${oldOid}`, newId: newOid && `${newMode} ${newOid}` });
  }
  return changes;
}

/** Git writes an all-zero id where a side has no object. */
function objectOrNone(oid: string): string | undefined {
  return /^0+$/.test(oid) ? undefined : oid;
}

/** The paths and their changes only, sorted. */
export function pathChanges(raw: readonly RawChange[]): PathChange[] {
  return sortChanges(raw.map(({ path, change }) => ({ path, change })));
}

export interface TreeEntry {
  mode: string;
  oid: string;
  size: number;
  path: string;
}

export function parseLsTree(out: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of out.split('\0')) {
    // the size column only with -l
    const m = /^(\d{6}) (\w+) ([0-9a-f]+)(?: +(\S+))?\t([\s\S]*)$/.exec(record);
    if (!m || m[2] !== 'blob') continue;
    entries.push({ mode: m[1]!, oid: m[3]!, size: m[4] === undefined ? 0 : Number.parseInt(m[4], 10) || 0, path: m[5]! });
  }
  return entries;
}

/**
 * A gitignore line that matches exactly this path from the top (a folder only, with `folder`):
 * wildcards and specials escaped. Undefined for a name with a line break, which no gitignore line
 * can hold: such a path must be kept out by other means.
 */
export function exactIgnorePattern(p: string, folder = false): string | undefined {
  if (/[\n\r]/.test(p)) return undefined;
  return `/${p.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`).replace(/ $/, '\\ ')}${folder ? '/' : ''}`;
}

/** The last "(done/total)" of a piece of git's progress output, handed on; anything else is ignored. */
export function reportGitProgress(chunk: string, progress: (written: number, total: number) => void): void {
  const all = [...chunk.matchAll(/\((\d+)\/(\d+)\)/g)];
  const last = all.at(-1);
  if (!last) return;
  const done = Number(last[1]);
  const total = Number(last[2]);
  if (Number.isSafeInteger(done) && Number.isSafeInteger(total) && done <= total) progress(done, total);
}

import { sortChanges, type ChangeKind, type PathChange } from '../core/rollbackResult';

// Reading and writing git's plumbing formats (NUL-separated where git offers it, so that any file
// name survives).

export interface StatusEntry {
  path: string;
  kind: 'untracked' | 'changed' | 'deleted' | 'nested';
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

/** `status --porcelain=v1 -z`: what differs from the index (untracked entries ending in `/` are nested repositories). */
export function parseStatus(out: string): StatusEntry[] {
  const entries: StatusEntry[] = [];
  for (const record of out.split('\0')) {
    if (record.length < 4) continue;
    const code = record.slice(0, 2);
    const p = record.slice(3);
    if (code === '??') entries.push({ path: p.endsWith('/') ? p.slice(0, -1) : p, kind: p.endsWith('/') ? 'nested' : 'untracked' });
    else if (code[1] === 'D') entries.push({ path: p, kind: 'deleted' });
    else if (code[1] !== ' ') entries.push({ path: p, kind: 'changed' });
  }
  return entries;
}

/** Every path `status --porcelain=v1 -z` names, whatever differs there (index, files, or both). */
export function statusPaths(out: string): string[] {
  return out
    .split('\0')
    .filter((record) => record.length >= 4)
    .map((record) => record.slice(3).replace(/\/$/, ''));
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
  /** All zeros when the path is added. */
  readonly oldOid: string;
  /** All zeros when the path is deleted. */
  readonly newOid: string;
}

/** The raw diff format with `-z`: `:<mode> <mode> <oid> <oid> <status>\0<path>\0` (type changes count as modified). */
export function parseRawDiff(out: string): RawChange[] {
  const parts = out.split('\0');
  const changes: RawChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const m = /^:\d{6} \d{6} ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(parts[i]!);
    const p = parts[i + 1];
    if (!m || p === undefined) continue;
    const change: ChangeKind = m[3] === 'A' ? 'added' : m[3] === 'D' ? 'deleted' : 'modified';
    changes.push({ path: p, change, oldOid: m[1]!, newOid: m[2]! });
  }
  return changes;
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
    const m = /^(\d{6}) (\w+) ([0-9a-f]+) +(\S+)\t([\s\S]*)$/.exec(record);
    if (!m || m[2] !== 'blob') continue;
    entries.push({ mode: m[1]!, oid: m[3]!, size: Number.parseInt(m[4]!, 10) || 0, path: m[5]! });
  }
  return entries;
}

/** A literal path as a gitignore pattern: wildcards and leading specials escaped. */
export function escapeIgnorePattern(p: string): string {
  return p.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`).replace(/ $/, '\\ ');
}

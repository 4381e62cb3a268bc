// The workspace's files by their bytes: what the contract suite compares at each moment of a
// session. Each file's bytes are held as a latin1 string (one character per byte, so equality is
// byte equality, and ASCII content stays readable in a failure's diff).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export type FileBytes = Readonly<Record<string, string>>;

/** The store and the repository's own folder are not the sandbox's files. */
const LEFT_OUT = new Set(['.cleveragents', '.git']);

/** Every file under `root` (relative paths with `/`), symbolic links and folders left out, and the files `leftOut` names. */
export function readFiles(root: string, leftOut: (rel: string) => boolean = () => false): FileBytes {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && LEFT_OUT.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath);
      else if (entry.isFile() && !leftOut(relPath)) out[relPath] = readFileSync(path.join(dir, entry.name)).toString('latin1');
    }
  };
  walk(root, '');
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Writes files (creating their folders) as a person would, and removes the ones given as null. */
export function editFiles(root: string, changes: Readonly<Record<string, string | null>>): void {
  for (const [rel, bytes] of Object.entries(changes)) {
    const file = path.join(root, rel);
    if (bytes === null) rmSync(file);
    else {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(bytes, 'latin1'));
    }
  }
}

/** `base` with `changes` applied: null removes a path. */
export function withChanges(base: FileBytes, changes: Readonly<Record<string, string | null>>): FileBytes {
  const out: Record<string, string> = { ...base };
  for (const [rel, bytes] of Object.entries(changes)) {
    if (bytes === null) delete out[rel];
    else out[rel] = bytes;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

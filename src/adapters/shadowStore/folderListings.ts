import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { SpecialFileTypeSchema, type SpecialFileType } from '../../core/checkpoint';
import { replaceFile } from './storeFiles';

// The folder listings a special-file scan keeps between snapshots, in the sandbox's index folder.

/** What a folder held when last read: its subfolders and special files, and whether it is a repository. */
export interface FolderRecord {
  ctime: number;
  ino: number;
  /** Changed just before it was read: to be read again (its subfolders' names still count). */
  racy: boolean;
  nested: boolean;
  folders: string[];
  specials: [string, SpecialFileType][];
}

/** The kept listings: each folder's record, and the folders found ignored. */
export interface FolderListings {
  folders: Map<string, FolderRecord>;
  ignored: ReadonlySet<string>;
}

export function listingFileIn(indexDir: string): string {
  return path.join(indexDir, 'folders.json');
}

interface SavedListing {
  ignored: string[];
  folders: [rel: string, ctime: number, ino: number, racy: 0 | 1, nested: 0 | 1, folders: string[], specials: [string, SpecialFileType][]][];
}

/** The kept listings; none when there is no file or it is not as written (the scan starts afresh). */
export async function readListing(file: string): Promise<FolderListings> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const saved = isSavedListing(parsed) ? parsed : { ignored: [], folders: [] };
  return {
    folders: new Map(saved.folders.map(([rel, ctime, ino, racy, nested, folders, specials]) => [rel, { ctime, ino, racy: racy === 1, nested: nested === 1, folders, specials }])),
    ignored: new Set(saved.ignored),
  };
}

/** Writes the listings, without flush: a lost or stale file only means folders are read again. */
export async function writeListing(file: string, listings: FolderListings): Promise<void> {
  const saved: SavedListing = {
    ignored: [...listings.ignored].sort(),
    folders: [...listings.folders].map(([rel, f]) => [rel, f.ctime, f.ino, f.racy ? 1 : 0, f.nested ? 1 : 0, f.folders, f.specials]),
  };
  await replaceFile(file, JSON.stringify(saved)).catch(() => undefined);
}

/** Checked by hand rather than by a schema: thousands of rows are read before every snapshot. */
function isSavedListing(value: unknown): value is SavedListing {
  if (typeof value !== 'object' || value === null) return false;
  const { ignored, folders } = value as Record<string, unknown>;
  const isStrings = (a: unknown): boolean => Array.isArray(a) && a.every((x) => typeof x === 'string');
  return (
    isStrings(ignored) &&
    Array.isArray(folders) &&
    folders.every(
      (row) =>
        Array.isArray(row) &&
        row.length === 7 &&
        typeof row[0] === 'string' &&
        typeof row[1] === 'number' &&
        typeof row[2] === 'number' &&
        (row[3] === 0 || row[3] === 1) &&
        (row[4] === 0 || row[4] === 1) &&
        isStrings(row[5]) &&
        Array.isArray(row[6]) &&
        (row[6] as unknown[]).every((s) => Array.isArray(s) && s.length === 2 && typeof s[0] === 'string' && SpecialFileTypeSchema.safeParse(s[1]).success),
    )
  );
}

import { promises as fs, type BigIntStats } from 'node:fs';
import * as path from 'node:path';
import { SpecialFileTypeSchema, type SpecialFileType } from '../../core/checkpoint';
import { tempFileFor } from '../files/atomicFile';
import { renameOver } from '../files/renameOver';
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

/**
 * The listing last read or written from each file, with the file's stamp. A long-lived process
 * (the resident process, the extension host) parses a large sandbox's listings (thousands of
 * folders, 2 MB on a sandbox of 13,000) again only when the file was replaced since: every write
 * is a rename, so a new inode, and another process's write is seen. Our own write is kept with
 * the stamp of the file we wrote, taken from its open handle after the rename (not from the path,
 * which another process could have replaced meanwhile), so the next snapshot does not parse it.
 */
const lastRead = new Map<string, { stamp: string; listings: FolderListings }>();

function stampFrom(s: BigIntStats): string {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

async function stampOf(file: string): Promise<string | undefined> {
  try {
    return stampFrom(await fs.stat(file, { bigint: true }));
  } catch {
    return undefined;
  }
}

/**
 * The kept listings; none when there is no file or it is not as written (the scan starts afresh).
 * Read only: the same object may be handed to the next scan.
 */
export async function readListing(file: string): Promise<FolderListings> {
  // stamped before the read: a replacement in between is a new stamp at the next read
  const stamp = await stampOf(file);
  const known = stamp === undefined ? undefined : lastRead.get(file);
  if (known && known.stamp === stamp) return known.listings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const saved = isSavedListing(parsed) ? parsed : { ignored: [], folders: [] };
  const listings: FolderListings = {
    folders: new Map(saved.folders.map(([rel, ctime, ino, racy, nested, folders, specials]) => [rel, { ctime, ino, racy: racy === 1, nested: nested === 1, folders, specials }])),
    ignored: new Set(saved.ignored),
  };
  if (stamp === undefined) lastRead.delete(file);
  else lastRead.set(file, { stamp, listings });
  return listings;
}

/**
 * Writes the listings, without flush: a lost or stale file only means folders are read again.
 * The caller hands them over: the next scan may get the same object (read only).
 */
export async function writeListing(file: string, listings: FolderListings): Promise<void> {
  lastRead.delete(file);
  const saved: SavedListing = {
    ignored: [...listings.ignored].sort(),
    folders: [...listings.folders].map(([rel, f]) => [rel, f.ctime, f.ino, f.racy ? 1 : 0, f.nested ? 1 : 0, f.folders, f.specials]),
  };
  const text = JSON.stringify(saved);
  // Windows may refuse a rename over a file while a handle is open on the new one: written as any bookkeeping file, not kept.
  if (process.platform === 'win32') return replaceFile(file, text).catch(() => undefined);
  const temp = tempFileFor(file);
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(temp, 'wx');
    await handle.writeFile(text);
    await renameOver(temp, file);
    // The file we wrote, whatever is at its path by now: its stamp if it is still there.
    lastRead.set(file, { stamp: stampFrom(await handle.stat({ bigint: true })), listings });
  } catch {
    lastRead.delete(file);
    await fs.rm(temp, { force: true }).catch(() => undefined);
  } finally {
    await handle?.close().catch(() => undefined);
  }
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

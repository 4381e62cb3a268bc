import { promises as fs, lstatSync, readdirSync, type Dirent, type Stats } from 'node:fs';
import * as path from 'node:path';
import { SpecialFileTypeSchema, type SkippedPath, type SpecialFileType } from '../../core/checkpoint';
import { GitCommandError, type ShadowGit } from './gitEnvironment';
import { nulList } from './gitOutput';
import { replaceFile } from './storeFiles';

/** How long the walk runs before it lets the event loop (git's output, the editor) have a turn. */
const SLICE_MS = 4;
/**
 * A folder changed this recently may change again within the same timestamp tick, unseen: its
 * listing is not kept (git's "racily clean" rule).
 */
const RACY_MS = 2000;
/** The file, in the sandbox's index folder, that keeps the folder listings between snapshots. */
export const FOLDER_LISTING_FILE = 'folders.json';

/** What a folder held when last read: its subfolders and special files, and whether it is a repository. */
interface FolderRecord {
  ctime: number;
  ino: number;
  nested: boolean;
  folders: string[];
  specials: [string, SpecialFileType][];
}

/**
 * Finds the FIFOs, sockets and devices of a sandbox, which git never reports as new files (it
 * neither reads nor lists them), so that a checkpoint can list them as not captured. It looks in
 * every folder git would look in: not `.git`, not nested repositories, not the ignored folders.
 *
 * What makes it cost next to nothing: it runs beside `status`, in short slices, and keeps each
 * folder's listing between snapshots. A folder whose change time and inode are those of its kept
 * listing is not read again (adding, removing or renaming an entry changes a folder's change
 * time), and its subfolders are ignored or not as they were. Git is asked (`check-ignore`) only
 * about folders it has not seen before, a batch per level, and about every folder when an ignore
 * file changed. It stops when the snapshot is not taken after all.
 */
export class SpecialFileScan {
  private changed = false;
  private readonly kept = new Map<string, FolderRecord>();
  private readonly keptIgnored = new Set<string>();
  private readonly seen = new Map<string, FolderRecord>();
  private readonly listingFile: string;
  private readonly loaded: Promise<boolean>;
  private early?: Walk;
  private late?: Walk;

  /**
   * A scan of the sandbox at `root`, with the listings kept in `indexDir` (none is fine). `early`:
   * the walk starts now, beside status; else in {@link finish}.
   */
  constructor(
    private readonly root: string,
    indexDir: string,
    private readonly git: ShadowGit,
    early: boolean,
  ) {
    this.listingFile = path.join(indexDir, FOLDER_LISTING_FILE);
    this.loaded = readListing(this.listingFile).then((saved) => {
      for (const [rel, ctime, ino, nested, folders, specials] of saved?.folders ?? []) this.kept.set(rel, { ctime, ino, nested: nested === 1, folders, specials });
      for (const folder of saved?.ignored ?? []) this.keptIgnored.add(folder);
      return saved !== undefined;
    });
    // Beside status (which starts first); a scan stopped at once reads nothing.
    if (early) this.early = this.walk(true);
  }

  /**
   * The special files no ignore rule covers (only those are worth listing). `rulesChanged`: an
   * ignore file changed since the last snapshot, so what was ignored may no longer be: every
   * folder is asked about again.
   */
  finish(rulesChanged: boolean): Promise<SkippedPath[]> {
    if (rulesChanged) this.early?.stop();
    const walk = rulesChanged || !this.early ? (this.late = this.walk(!rulesChanged)) : this.early;
    const found = (async () => {
      const specials = await walk.found;
      if (!walk.stopped) await this.save(walk.ignored);
      return withoutIgnored(this.git, specials);
    })();
    // Awaited by whoever needs the list; a scan nobody waits for must not fail the process.
    found.catch(() => undefined);
    return found;
  }

  /** Ends the walk at its next slice. */
  stop(): void {
    this.early?.stop();
    this.late?.stop();
  }

  /**
   * Every folder git would look in, from the root; `trustKept`: a subfolder the kept listings knew
   * is ignored or not as it was, else git is asked.
   */
  private walk(trustKept: boolean): Walk {
    const walk = new Walk();
    walk.found = (async () => {
      await this.loaded;
      const specials: SkippedPath[] = [];
      const stack = [''];
      let sliceStart = Date.now();
      while (stack.length > 0 && !walk.stopped) {
        const unknown: string[] = [];
        while (stack.length > 0 && !walk.stopped) {
          const rel = stack.pop()!;
          const before = this.kept.get(rel);
          const folder = this.read(rel);
          // Unreadable (status lists it) or gone meanwhile; a nested repository is skipped whole.
          if (!folder || (rel !== '' && folder.nested)) continue;
          const prefix = rel === '' ? '' : `${rel}/`;
          for (const [name, type] of folder.specials) specials.push({ path: prefix + name, reason: 'special_file', file_type: type });
          const knownBefore = trustKept && before ? new Set(before.folders) : undefined;
          for (const name of folder.folders) {
            const child = prefix + name;
            if (!knownBefore?.has(name)) unknown.push(child);
            else if (this.keptIgnored.has(child)) walk.ignored.add(child);
            else stack.push(child);
          }
          if (Date.now() - sliceStart >= SLICE_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            sliceStart = Date.now();
          }
        }
        if (unknown.length === 0 || walk.stopped) break;
        const ignoredNow = await ignoredAmong(this.git, unknown);
        this.changed = true;
        for (const child of unknown) {
          if (ignoredNow.has(child)) walk.ignored.add(child);
          else stack.push(child);
        }
      }
      return specials;
    })();
    walk.found.catch(() => undefined);
    return walk;
  }

  /** The folder's listing: the kept one while its change time and inode say it is the same, else read. */
  private read(rel: string): FolderRecord | undefined {
    const abs = path.join(this.root, rel);
    let stat: Stats;
    let entries: Dirent[];
    try {
      stat = lstatSync(abs);
      if (!stat.isDirectory()) return undefined;
      const kept = this.kept.get(rel);
      if (kept && kept.ctime === stat.ctimeMs && kept.ino === stat.ino) {
        this.seen.set(rel, kept);
        return kept;
      }
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return undefined;
    }
    const folder: FolderRecord = { ctime: stat.ctimeMs, ino: stat.ino, nested: false, folders: [], specials: [] };
    for (const entry of entries) {
      if (entry.name === '.git') folder.nested = true;
      else if (entry.isDirectory()) folder.folders.push(entry.name);
      else {
        const type = specialFileType(entry);
        if (type) folder.specials.push([entry.name, type]);
      }
    }
    // Kept for next time only once its change time is safely in the past.
    if (stat.ctimeMs < Date.now() - RACY_MS) {
      this.seen.set(rel, folder);
      this.changed = true;
    }
    return folder;
  }

  /** Keeps the listings (no flush: a lost or stale file only means folders are read again). */
  private async save(ignored: ReadonlySet<string>): Promise<void> {
    const sameIgnored = ignored.size === this.keptIgnored.size && [...ignored].every((f) => this.keptIgnored.has(f));
    const sameFolders = !this.changed && [...this.kept.keys()].every((rel) => this.seen.has(rel));
    if (sameIgnored && sameFolders && this.kept.size > 0) return;
    const listing: SavedListing = {
      ignored: [...ignored].sort(),
      folders: [...this.seen].map(([rel, f]) => [rel, f.ctime, f.ino, f.nested ? 1 : 0, f.folders, f.specials]),
    };
    await replaceFile(this.listingFile, JSON.stringify(listing)).catch(() => undefined);
  }
}

/** One walk of the sandbox: what it found, and a way to end it early. */
class Walk {
  stopped = false;
  /** The ignored folders it came across. */
  readonly ignored = new Set<string>();
  found: Promise<SkippedPath[]> = Promise.resolve([]);
  stop(): void {
    this.stopped = true;
  }
}

interface SavedListing {
  ignored: string[];
  folders: [rel: string, ctime: number, ino: number, nested: 0 | 1, folders: string[], specials: [string, SpecialFileType][]][];
}

/** The kept listings; undefined when there are none or they are not as written (the scan starts afresh). */
async function readListing(file: string): Promise<SavedListing | undefined> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return isSavedListing(parsed) ? parsed : undefined;
  } catch {
    return undefined;
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
        row.length === 6 &&
        typeof row[0] === 'string' &&
        typeof row[1] === 'number' &&
        typeof row[2] === 'number' &&
        (row[3] === 0 || row[3] === 1) &&
        isStrings(row[4]) &&
        Array.isArray(row[5]) &&
        (row[5] as unknown[]).every((s) => Array.isArray(s) && s.length === 2 && typeof s[0] === 'string' && SpecialFileTypeSchema.safeParse(s[1]).success),
    )
  );
}

/** The special files in and under these folders (relative to `root`), ignored or not, nested repositories left out. */
export function specialFilesUnder(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const stack = [...folders];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    if (entries.some((e) => e.name === '.git')) continue;
    for (const entry of entries) {
      if (entry.isDirectory()) stack.push(`${rel}/${entry.name}`);
      else if (specialFileType(entry)) found.push(`${rel}/${entry.name}`);
    }
  }
  return found;
}

/** What a FIFO, socket or device is; undefined for files, folders and symlinks. */
export function specialFileType(entry: Dirent | Stats): SpecialFileType | undefined {
  if (entry.isFIFO()) return 'fifo';
  if (entry.isSocket()) return 'socket';
  if (entry.isBlockDevice()) return 'block_device';
  if (entry.isCharacterDevice()) return 'character_device';
  return undefined;
}

/** The special files no ignore rule covers (a `*.sock` rule, say): only those are worth listing. */
async function withoutIgnored(git: ShadowGit, specials: SkippedPath[]): Promise<SkippedPath[]> {
  const ignored = await ignoredAmong(git, specials.map((s) => s.path));
  return specials.filter((s) => !ignored.has(s.path));
}

/** Which of these paths (files or folders, relative to the sandbox) an ignore rule covers. */
async function ignoredAmong(git: ShadowGit, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  let out: string;
  try {
    // `./` first: no name is read as pathspec magic.
    out = await git.withMagicPathspecs().raw(['check-ignore', '-z', '--stdin'], nulList(paths.map((p) => `./${p}`)));
  } catch (error) {
    // Exit code 1: none of them is ignored.
    if (error instanceof GitCommandError && error.exitCode === 1) return new Set();
    throw error;
  }
  return new Set(out.split('\0').filter(Boolean).map((p) => p.slice(2)));
}

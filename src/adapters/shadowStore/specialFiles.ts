import { lstatSync, readdirSync, type Dirent, type Stats } from 'node:fs';
import * as path from 'node:path';
import type { SkippedPath, SpecialFileType } from '../../core/checkpoint';
import { listingFileIn, readListing, writeListing, type FolderRecord } from './folderListings';
import { GitCommandError, type ShadowGit } from './gitEnvironment';
import { nulList } from './gitOutput';

/**
 * How long the walk runs before it lets the event loop (git's output, the editor) have a turn:
 * each git's answer waits for the slice under way, and a snapshot runs three gits in a row beside
 * the walk (4 ms slices cost a post_step on prettier about 8 ms more than 1 ms ones).
 */
const SLICE_MS = 1;
/**
 * A folder changed this recently may change again within the same timestamp tick, unseen: its
 * listing is not trusted next time (git's "racily clean" rule).
 */
const RACY_MS = 2000;

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
  private kept = new Map<string, FolderRecord>();
  private keptIgnored: ReadonlySet<string> = new Set<string>();
  private readonly seen = new Map<string, FolderRecord>();
  private readonly listingFile: string;
  private readonly loaded: Promise<void>;
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
    this.listingFile = listingFileIn(indexDir);
    this.loaded = readListing(this.listingFile).then((kept) => {
      this.kept = kept.folders;
      this.keptIgnored = kept.ignored;
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
      let sliceStart = performance.now();
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
          // Which subfolders the kept listing named: all of them when the folder is unchanged.
          const knownBefore = !trustKept || !before ? undefined : folder === before ? 'all' : new Set(before.folders);
          for (const name of folder.folders) {
            const child = prefix + name;
            if (knownBefore !== 'all' && !knownBefore?.has(name)) unknown.push(child);
            else if (this.keptIgnored.has(child)) walk.ignored.add(child);
            else stack.push(child);
          }
          if (performance.now() - sliceStart >= SLICE_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            sliceStart = performance.now();
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
      if (kept && !kept.racy && kept.ctime === stat.ctimeMs && kept.ino === stat.ino) {
        this.seen.set(rel, kept);
        return kept;
      }
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return undefined;
    }
    // A folder changed very recently may change again unseen: its listing is read again next
    // time, but the subfolders it names keep what git said about them.
    const folder: FolderRecord = { ctime: stat.ctimeMs, ino: stat.ino, racy: stat.ctimeMs >= Date.now() - RACY_MS, nested: false, folders: [], specials: [] };
    for (const entry of entries) {
      if (entry.name === '.git') folder.nested = true;
      else if (entry.isDirectory()) folder.folders.push(entry.name);
      else {
        const type = specialFileType(entry);
        if (type) folder.specials.push([entry.name, type]);
      }
    }
    // A repository's subfolders are never walked, so nothing is known about them.
    if (folder.nested && rel !== '') folder.folders = [];
    this.seen.set(rel, folder);
    if (!sameRecord(folder, this.kept.get(rel))) this.changed = true;
    return folder;
  }

  /** Keeps the listings when they changed. */
  private async save(ignored: ReadonlySet<string>): Promise<void> {
    const sameIgnored = ignored.size === this.keptIgnored.size && [...ignored].every((f) => this.keptIgnored.has(f));
    const sameFolders = !this.changed && [...this.kept.keys()].every((rel) => this.seen.has(rel));
    if (sameIgnored && sameFolders && this.kept.size > 0) return;
    await writeListing(this.listingFile, { folders: this.seen, ignored });
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

function sameRecord(a: FolderRecord, b: FolderRecord | undefined): boolean {
  return (
    b !== undefined &&
    a.ctime === b.ctime &&
    a.ino === b.ino &&
    a.racy === b.racy &&
    a.nested === b.nested &&
    a.folders.join('/') === b.folders.join('/') &&
    a.specials.join('/') === b.specials.join('/')
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

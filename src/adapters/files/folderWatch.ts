import { readFileSync, readdirSync, statfsSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import * as path from 'node:path';

// A watch on a sandbox's folders (Linux's inotify, through fs.watch on each folder), kept by the
// resident process so that a snapshot asked for when nothing changed since the last one is
// answered without a `git status`: the same question git's fsmonitor answers, and for the same
// reason. Status must lstat every captured file (2,300 on eslint: 9 ms of its 10 here), and the
// commonest hook of all is the `pre_write` that follows a `post_step` with nothing in between.
//
// The watch only ever says "nothing changed"; anything it is unsure of sends the snapshot to
// status. It certifies that the files are still a snapshot's when:
//   - every folder git would look into was watched from before that snapshot's status began
//     (a full walk done, every folder an event named looked at again for new subfolders);
//   - no event came from any of them since (every event counts, whatever it was).
// A folder made after the walk is named by an event in its parent: its own watch then comes from
// a new walk, and until that walk is done nothing is certified. An event is in the kernel's queue
// when the write returns, before the agent starts the hook that asks, so the two turns of the
// event loop taken before answering have read it.
//
// Not trusted, so the watch stays off (status as before): other systems than Linux (macOS's
// FSEvents deliver late), folders on file systems whose changes may not reach inotify (network
// and FUSE mounts, WSL's Windows drives), more folders than MAX_FOLDERS, or a watch the kernel
// refuses (its limit of watches). Writes through a shared memory map are not seen by inotify, as
// with git's fsmonitor: no editor or agent writes a source file that way.

/** Beyond this many folders the watch costs more than the statuses it saves: status it is. */
export const MAX_FOLDERS = 20_000;

/**
 * Events read since a walk began beyond which it is done again. inotify's queue (one per process,
 * `fs.inotify.max_queued_events`, 16,384 by default) drops what comes once it is full, and libuv
 * reads no sign of that: an event lost may be the one that named a new folder. A queue can only
 * fill with that many events read from it, so a walk after a quarter of it catches such a folder.
 */
const BURST_EVENTS = Math.max(16, Math.floor(queueLength() / 4));

/** Events read by every watch of this process (they share one inotify queue). */
let eventsRead = 0;

/** Sandboxes watched at once by one process (a session's plan each): the oldest stops beyond. */
const KEPT_WATCHES = 4;

/** How long a walk reads before it lets the event loop run. */
const WALK_SLICE_MS = 4;

/** File systems whose every local change reaches inotify: statfs's f_type, and the mount table's names. */
const LOCAL_FILE_SYSTEMS = new Map<number, readonly string[]>([
  [0xef53, ['ext2', 'ext3', 'ext4']],
  [0x58465342, ['xfs']],
  [0x9123683e, ['btrfs']],
  [0x01021994, ['tmpfs']],
  [0x794c7630, ['overlay']],
  [0xf2f52010, ['f2fs']],
  [0x2fc12fc1, ['zfs']],
  [0xca451a4e, ['bcachefs']],
]);
const LOCAL_FILE_SYSTEM_NAMES = new Set([...LOCAL_FILE_SYSTEMS.values()].flat());

export interface FolderWatchOptions {
  /** Folders (relative to the root, `/`-separated) never watched: the store's own. `.git` never is. */
  readonly excluded: readonly string[];
  /** The folders git ignores whole (relative, no trailing `/`): asked at each walk. */
  readonly ignoredFolders: () => Promise<readonly string[]>;
  /** Told once why the watch is off, and of each walk. */
  readonly log: (message: string) => void;
  /** Tests: a lower limit. */
  readonly maxFolders?: number;
  /** Waited for before a walk and between its slices: the resident process's requests come first. */
  readonly quiet?: () => Promise<void>;
}

type WatchState = 'off' | 'walking' | 'ready' | 'stopped';

/** The watch of one root folder. */
export class FolderWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private ignored = new Set<string>();
  private readonly excluded: Set<string>;
  /** Bumped by every event and every change of what is watched. */
  private generation = 0;
  private state: WatchState = 'off';
  private walkAgain = false;
  private walking: Promise<void> | undefined;
  /** Folders an event named, not yet looked at again for new subfolders. */
  private readonly pending = new Set<string>();
  private rescans: Promise<void> = Promise.resolve();
  /** Snapshot commit -> the generation its status began at (a few, newest last). */
  private readonly settled = new Map<string, number>();
  /** The mount table when the last walk began: a file system mounted since may hide changes. */
  private mounts = '';
  /** `eventsRead` when the last walk began. */
  private eventsAtWalk = 0;

  constructor(
    readonly root: string,
    private readonly options: FolderWatchOptions,
  ) {
    this.excluded = new Set(options.excluded);
  }

  /** Whether the watch is certifying. */
  get ready(): boolean {
    return this.state === 'ready';
  }

  /** Folders watched. */
  get folders(): number {
    return this.watchers.size;
  }

  /** Once the walk under way (if any) and the looks at event-named folders are done. */
  async settledDown(): Promise<void> {
    await queueRead();
    while (this.walking) await this.walking;
    await this.rescans;
    if (this.walking) return this.settledDown();
  }

  /**
   * Called as a snapshot begins, before its status: a token to give `settle` with the snapshot's
   * commit, or undefined when the watch cannot vouch for this moment (starting, walking, off).
   */
  async begin(): Promise<number | undefined> {
    await this.rescans;
    if (this.burst()) return undefined;
    return this.state === 'ready' && this.pending.size === 0 ? this.generation : undefined;
  }

  /**
   * The snapshot begun at `token` holds the files as they were then: `commit`'s tree. The first
   * one starts the watch: its walk runs after that snapshot, not beside it.
   */
  settle(token: number | undefined, commit: string): void {
    this.start();
    if (token === undefined) return;
    const known = this.settled.get(commit);
    if (known !== undefined && known > token) return;
    this.settled.delete(commit);
    this.settled.set(commit, token);
    while (this.settled.size > 8) this.settled.delete(this.settled.keys().next().value!);
  }

  /** True only when the files are certainly still those of the snapshot `commit` (see above). */
  async unchangedSince(commit: string): Promise<boolean> {
    const token = this.settled.get(commit);
    if (token === undefined || this.state !== 'ready') return false;
    await queueRead();
    if (mountTable() !== this.mounts) {
      // A folder mounted over hides the one its watch is on: every watch is made again.
      this.unwatch('');
      this.walk();
      return false;
    }
    return !this.burst() && this.state === 'ready' && this.pending.size === 0 && this.settled.get(commit) === this.generation;
  }

  stop(): void {
    this.state = 'stopped';
    this.generation++;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.settled.clear();
  }

  /** Starts the watch (its first walk), once: snapshots begun after the walk can be vouched for. */
  start(): void {
    if (this.state !== 'off') return;
    const why = untrustedReason(this.root);
    if (why) return this.turnOff(why);
    this.walk();
  }

  private turnOff(why: string): void {
    this.stop();
    this.options.log(`The folder watch of ${this.root} is off (every snapshot runs git status): ${why}.`);
  }

  /** A walk of the whole tree (again): until it is done, nothing is certified. */
  private walk(): void {
    if (this.state === 'stopped') return;
    this.generation++;
    this.state = 'walking';
    if (this.walking) {
      this.walkAgain = true;
      return;
    }
    this.walking = (async () => {
      do {
        this.walkAgain = false;
        try {
          await this.walkOnce();
        } catch (error) {
          return this.turnOff((error as Error).message);
        }
      } while (this.walkAgain && this.state !== 'stopped');
      if (this.state === 'walking') this.state = 'ready';
    })().finally(() => (this.walking = undefined));
  }

  private async walkOnce(): Promise<void> {
    const started = performance.now();
    this.eventsAtWalk = eventsRead;
    this.mounts = mountTable();
    const mounted = untrustedMount(this.root, this.mounts);
    if (mounted) throw new Error(mounted);
    await this.options.quiet?.();
    this.ignored = new Set(await this.options.ignoredFolders());
    const seen = new Set<string>();
    // Synchronous reads in short slices: a walk's thousands of calls never queue ahead of a hook's
    // own in libuv's few threads, and a request waits at most one slice for the event loop. No
    // call reaches a file system other than a local one (the mount table was checked above).
    const queue = [''];
    let slice = performance.now();
    while (queue.length > 0) {
      if (performance.now() - slice > WALK_SLICE_MS) {
        await turn();
        await this.options.quiet?.();
        slice = performance.now();
      }
      if (this.state === 'stopped') return;
      const rel = queue.pop()!;
      const abs = path.join(this.root, rel);
      // Each folder is watched before it is read: a subfolder made after the read is named by an event.
      const entries = this.watchers.has(rel) || this.add(rel, abs) ? readFolder(abs) : undefined;
      if (!entries) {
        if (rel === '') throw new Error('the folder is gone');
        this.close(rel);
        continue;
      }
      seen.add(rel);
      for (const e of entries) if (e.isDirectory() && !this.skipped(join(rel, e.name), e.name)) queue.push(join(rel, e.name));
    }
    for (const rel of [...this.watchers.keys()]) if (!seen.has(rel)) this.close(rel);
    this.options.log(`The folder watch of ${this.root} walked ${this.watchers.size} folder(s) in ${(performance.now() - started).toFixed(0)} ms.`);
  }

  /** Watches one folder; false when it is gone. Throws what turns the watch off. */
  private add(rel: string, abs: string): boolean {
    if (this.watchers.size >= (this.options.maxFolders ?? MAX_FOLDERS)) throw new Error(`more than ${this.options.maxFolders ?? MAX_FOLDERS} folders`);
    let watcher: FSWatcher;
    try {
      watcher = watch(abs, { persistent: false }, (_event, name) => this.event(rel, typeof name === 'string' ? name : undefined));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      throw new Error(code === 'ENOSPC' ? "the system's limit of inotify watches is reached (fs.inotify.max_user_watches)" : `a folder could not be watched (${String(error)})`);
    }
    // A folder removed or moved away ends its watch: look again at what is there.
    watcher.on('error', () => this.walk());
    this.watchers.set(rel, watcher);
    return true;
  }

  /** So many events were read since the last walk that the queue may have dropped some: a walk is started. */
  private burst(): boolean {
    if (eventsRead - this.eventsAtWalk < BURST_EVENTS || this.state === 'stopped') return false;
    this.walk();
    return true;
  }

  private event(rel: string, name: string | undefined): void {
    eventsRead++;
    if (this.state === 'stopped') return;
    this.generation++;
    // An ignore file changed: which folders git looks into may have changed.
    if (name === '.gitignore') return this.walk();
    // The watched folder itself removed or moved (inotify then names it by its own name; an entry
    // of that name counts too): its watch, and those below it, end; a walk watches what is there.
    if (name === undefined || name === path.basename(path.join(this.root, rel))) {
      this.unwatch(rel);
      return this.walk();
    }
    this.pending.add(rel);
    if (this.pending.size === 1) this.rescans = this.rescans.then(() => this.rescan());
  }

  /** Looks again at the folders events named: a new subfolder (or one gone) needs a new walk. */
  private async rescan(): Promise<void> {
    await turn();
    while (this.pending.size > 0) {
      const rel = this.pending.values().next().value!;
      this.pending.delete(rel);
      const entries = readFolder(path.join(this.root, rel));
      const unwatched = (e: { name: string; isDirectory(): boolean }) => e.isDirectory() && !this.watchers.has(join(rel, e.name)) && !this.skipped(join(rel, e.name), e.name);
      if (!entries || entries.some(unwatched)) {
        // The walk reads every folder again, after every event looked at so far.
        this.pending.clear();
        return this.walk();
      }
    }
  }

  /** Ends the watches of `rel` and of every folder below it. */
  private unwatch(rel: string): void {
    for (const r of [...this.watchers.keys()]) if (rel === '' || r === rel || r.startsWith(`${rel}/`)) this.close(r);
  }

  private close(rel: string): void {
    this.watchers.get(rel)?.close();
    this.watchers.delete(rel);
  }

  private skipped(rel: string, name: string): boolean {
    return name === '.git' || this.excluded.has(rel) || this.ignored.has(rel);
  }
}

/**
 * The watches of one process, one per sandbox (its key and folder): what git ignores whole is asked
 * of that sandbox's own index, so a folder holding files it tracks is watched even where ignore
 * rules name it. The few used last are kept.
 */
export class FolderWatches {
  private readonly watches = new Map<string, FolderWatch>();

  /** `quiet`: as in FolderWatchOptions, for every watch. */
  constructor(private readonly quiet?: () => Promise<void>) {}

  of(sandboxKey: string, root: string, options: () => FolderWatchOptions): FolderWatch {
    const dir = path.resolve(root);
    const key = `${sandboxKey}\0${dir}`;
    let watch = this.watches.get(key);
    if (watch) this.watches.delete(key);
    else watch = new FolderWatch(dir, { quiet: this.quiet, ...options() });
    this.watches.set(key, watch);
    for (const [k, w] of this.watches) {
      if (this.watches.size <= KEPT_WATCHES) break;
      w.stop();
      this.watches.delete(k);
    }
    return watch;
  }

  /** Folders watched by the watches that are ready to vouch. */
  readyFolders(): number {
    let n = 0;
    for (const w of this.watches.values()) if (w.ready) n += w.folders;
    return n;
  }

  stopAll(): void {
    for (const w of this.watches.values()) w.stop();
    this.watches.clear();
  }
}

function join(rel: string, name: string): string {
  return rel === '' ? name : `${rel}/${name}`;
}

/** The kernel's length of an inotify queue (its default where it cannot be read). */
function queueLength(): number {
  try {
    const n = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim());
    return Number.isSafeInteger(n) && n > 0 ? n : 16_384;
  } catch {
    return 16_384;
  }
}

/** Once the events already in the kernel's queue are read: they are in a poll phase, and two turns see one through. */
async function queueRead(): Promise<void> {
  await turn();
  await turn();
}

function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function readFolder(abs: string): Dirent[] | undefined {
  try {
    return readdirSync(abs, { withFileTypes: true });
  } catch {
    return undefined;
  }
}

/** `/proc/self/mountinfo` ('' where it cannot be read: then nothing is known to be mounted below). */
function mountTable(): string {
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return '';
  }
}

/** A file system mounted inside `root` whose changes may not reach inotify (mountinfo's fields). */
export function untrustedMount(root: string, table: string): string | undefined {
  for (const line of table.split('\n')) {
    const [before, after] = line.split(' - ');
    const point = before?.split(' ')[4]?.replace(/\\([0-7]{3})/g, (_m, octal: string) => String.fromCharCode(parseInt(octal, 8)));
    const type = after?.split(' ')[0];
    if (!point || !type || !point.startsWith(`${root}/`) || LOCAL_FILE_SYSTEM_NAMES.has(type)) continue;
    return `${point} is a ${type} mount, whose changes may not reach inotify`;
  }
  return undefined;
}

/** Why changes under `dir` may not reach inotify; undefined when they do. */
function untrustedReason(dir: string): string | undefined {
  if (process.platform !== 'linux') return `on ${process.platform}, file events may come late`;
  let type: number;
  try {
    type = statfsSync(dir).type;
  } catch (error) {
    return `its file system could not be read (${(error as Error).message})`;
  }
  return LOCAL_FILE_SYSTEMS.has(type) ? undefined : `${dir} is on a file system (0x${type.toString(16)}) whose changes may not reach inotify`;
}

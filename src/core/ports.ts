import type { OpenFence } from './openFences';
import type { RevertedToolCalls, ToolCallRefs } from './toolCallReverts';
import type { Checkpoint, SkippedPath } from './checkpoint';
import type { Correction, Decision } from './decision';
import type { InterruptedOperation } from './interruptedOperation';
import type { Plan } from './plan';
import type { PlanStateChange } from './planLifecycle';
import type { PathChange } from './pathChange';

export interface Clock {
  now(): Date;
}

/** Makes ULIDs that sort in creation order, also within one millisecond. */
export interface IdGenerator {
  next(): string;
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface PlanRepository {
  get(planId: string): Plan | undefined;
  /** Oldest first. */
  list(): Plan[];
  insert(plan: Plan): void;
  update(plan: Plan): void;
  /** Removes the plan's row; its checkpoints and state changes must be gone first. */
  delete(planId: string): void;
}

export interface CheckpointRepository {
  get(checkpointId: string): Checkpoint | undefined;
  /** One plan's checkpoints, oldest first (created_at, then id). Uses the plan index. */
  listForPlan(planId: string): Checkpoint[];
  countForPlan(planId: string): number;
  /** The plan's newest checkpoint (the last of listForPlan) without reading the others; undefined when it has none. */
  lastForPlan(planId: string): Checkpoint | undefined;
  /** The ids of the plan's checkpoints, every row's (a row that would be left out of listForPlan too), unordered. */
  idsForPlan(planId: string): string[];
  insert(checkpoint: Checkpoint): void;
  delete(checkpointId: string): void;
  /** Removes every checkpoint of the plan; returns how many. */
  deleteForPlan(planId: string): number;
}

/** The history of each plan's state: when it changed, from what to what. */
export interface PlanStateChangeRepository {
  insert(change: PlanStateChange): void;
  /** Oldest first. */
  listForPlan(planId: string): PlanStateChange[];
  deleteForPlan(planId: string): number;
}

export interface DecisionRepository {
  get(decisionId: string): Decision | undefined;
  /** One plan's decisions, oldest first (created_at, then id), each with what it depends on. */
  listForPlan(planId: string): Decision[];
  /** Ids of the decisions that depend directly on this one, oldest first. Uses the dependents index. */
  dependents(decisionId: string): string[];
  /**
   * Records a decision and its dependencies. Refuses (ValidationError) a dependency that does not
   * exist, belongs to another plan, or would close a cycle.
   */
  insert(decision: Decision): void;
  /** Sets the state (and who reverted it, when) of these decisions. */
  setState(decisionIds: readonly string[], state: Decision['state'], revertedBy: string | null, at: string | null): void;
}

export interface CorrectionRepository {
  get(correctionId: string): Correction | undefined;
  /** One plan's corrections, oldest first. */
  listForPlan(planId: string): Correction[];
  insert(correction: Correction): void;
  markUndone(correctionId: string, at: string): void;
  /** Takes a mark of `markUndone` back (a recovery undoing an interrupted undo). */
  markApplied(correctionId: string): void;
}

/** Every id the database holds, of every kind, read without decoding a row (for short ids). */
export interface IdRepository {
  /** The ids of all plans, checkpoints, decisions and corrections, in no particular order. */
  all(): string[];
}

/** The spec's UnitOfWorkContext: the repositories of one transaction. */
export interface UnitOfWork {
  readonly plans: PlanRepository;
  readonly checkpoints: CheckpointRepository;
  readonly stateChanges: PlanStateChangeRepository;
  readonly decisions: DecisionRepository;
  readonly corrections: CorrectionRepository;
  readonly ids: IdRepository;
}

/**
 * The database. `write` runs `work` in one transaction under the cross-process lock, on the newest
 * state of the file, and persists it atomically; if `work` throws, nothing is written. `work` is
 * synchronous on purpose: no I/O may interleave with an open transaction.
 */
export interface CheckpointStore {
  /** Where the data lives, for messages. */
  readonly location: string;
  read<T>(work: (uow: UnitOfWork) => T): Promise<T>;
  write<T>(work: (uow: UnitOfWork) => T): Promise<T>;
  close(): void;
}

/**
 * One sandbox as the snapshotter sees it: `key` names its persistent index (a plan id, or
 * `workspace` for the workspace folder itself) and `dir` is its absolute, validated folder.
 */
export interface SandboxLocation {
  readonly key: string;
  readonly dir: string;
}

/** The workspace's key in the shadow store: its own persistent index, separate from any plan's. */
export const WORKSPACE_KEY = 'workspace';

export interface Snapshot {
  /** Full object id of the snapshot in the shadow store. */
  readonly ref: string;
  /** The file that pins it, relative to the checkpoint directory. */
  readonly filesystemPath: string;
  /** Total bytes of the captured files. */
  readonly sizeBytes: number;
  readonly fileCount: number;
  readonly skipped: SkippedPath[];
}

/**
 * A path of a sandbox as it was just before a write (a save) changed it, captured so that a
 * snapshot taken after the write can still show it as it was: its blob (already written to the
 * store, its bytes kept too), absent, too large to capture, or not captured at all (it resolves
 * outside the sandbox, or is no regular file). `path` is where the write lands, relative to the
 * sandbox, symlinks resolved.
 */
export type CapturedPath =
  | { readonly path: string; readonly state: 'file'; readonly oid: string; readonly mode: '100644' | '100755'; readonly content: Uint8Array }
  | { readonly path: string; readonly state: 'absent' }
  | { readonly path: string; readonly state: 'too_large'; readonly sizeBytes: number }
  | { readonly path: string; readonly state: 'uncaptured' };

/**
 * Called by a snapshot once it has read the sandbox's files (and before it writes its tree): the
 * paths to show as captured before writes that may have come since. After the call, no further
 * capture can join: a write from then on came after the files were read.
 */
export type CapturedBefore = () => Promise<readonly CapturedPath[]>;

/**
 * A path at a snapshot: a file (`id` names its content: equal ids, equal bytes), nothing (or no
 * regular file), or a snapshot the store no longer holds.
 */
export type SnapshotFile = { readonly state: 'file'; readonly id: string; readonly content: Uint8Array } | { readonly state: 'absent' } | { readonly state: 'unreadable' };

/** A path at a snapshot, its content named but not read (see SnapshotFile). */
export type SnapshotFileId = { readonly state: 'file'; readonly id: string } | { readonly state: 'absent' } | { readonly state: 'unreadable' };

/** A changed path and what it holds afterwards: undefined when deleted. */
export interface ContentChange extends PathChange {
  readonly contentAfter?: string;
}

/** A restore worked out and not yet written: callers record what they must first, then apply. */
export interface PreparedRestore {
  /** What applying it changes, sorted; empty when the sandbox already matches. */
  readonly changes: PathChange[];
  /** The snapshot (commit or tree) the files are made equal to. */
  readonly target: string;
  /**
   * Paths holding files that no snapshot captured (ignored, skipped, nested repositories) which
   * applying would overwrite or delete. Callers refuse rather than apply while there are any.
   */
  readonly uncaptured: string[];
  /**
   * Writes only the paths that differ; if that fails half-way, puts them back and says so.
   * `progress` hears how many of `changes` are written while it runs (a large restore).
   */
  apply(progress?: (written: number, total: number) => void): Promise<void>;
}

/** The shadow store: snapshots of sandboxes, diffs between them, and restoring one. */
export interface SandboxSnapshotter {
  /** Runs `work` while no other process or call works on the same sandbox. */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * Captures the sandbox's files and pins the result under `pinName`; with `null` nothing is
   * pinned (a throw-away snapshot, for comparing its tree with others). `before`: as in
   * `snapshotIfChanged`.
   */
  snapshot(sandbox: SandboxLocation, pinName: string | null, message: string, before?: CapturedBefore): Promise<Snapshot>;
  /**
   * `snapshot`, unless the files are exactly those of the snapshot `since`: then nothing is
   * committed or pinned, and undefined comes back. One pass over the files where asking
   * `changesSince` first would take two. With `before`, the paths it gives are put back to their
   * captured state in the snapshot (a pinned one) and in the comparison with `since`.
   */
  snapshotIfChanged(sandbox: SandboxLocation, pinName: string, message: string, since: string, before?: CapturedBefore): Promise<Snapshot | undefined>;
  /**
   * Starts watching a sandbox's folders ahead of its next snapshot, where snapshots keep a watch
   * (the resident process's: a snapshot when nothing changed then runs no status). Does nothing,
   * and says false, elsewhere or for a sandbox never snapshotted.
   */
  watchAhead(sandbox: SandboxLocation): Promise<boolean>;
  /**
   * A path of the sandbox as it is now, before a write: its bytes hashed into the store (a file
   * read, no git process, whatever the sandbox's size). Needs no lock: the blob is kept by the
   * snapshot that names it, and its bytes ride along should a garbage collection drop it first.
   */
  captureBeforeWrite(sandbox: SandboxLocation, path: string): Promise<CapturedPath>;
  /**
   * What changed going from the snapshot `ref` to the sandbox's files now (captured as an unpinned
   * snapshot would, but without writing a tree), and what the sandbox's capture skips.
   */
  changesSince(sandbox: SandboxLocation, ref: string): Promise<{ changes: PathChange[]; skipped: SkippedPath[] }>;
  /** Fills an empty folder with a snapshot's files, as a new sandbox. */
  materialize(sandbox: SandboxLocation, ref: string): Promise<void>;
  /** Paths that differ going from `fromRef` to `toRef`, sorted. */
  changes(fromRef: string, toRef: string): Promise<PathChange[]>;
  /** Like `changes`, with an id of each path's content in `toRef` (equal ids: equal content and mode). */
  changesWithContent(fromRef: string, toRef: string): Promise<ContentChange[]>;
  /**
   * Of the paths a restore of `changes` (from the sandbox's last snapshot, staged or pinned, to a
   * target) writes or removes, those holding files no snapshot captured, as `PreparedRestore.uncaptured`.
   */
  uncapturedInTheWay(sandbox: SandboxLocation, changes: readonly PathChange[]): Promise<string[]>;
  /**
   * Works out, without writing anything, how to make the sandbox's files equal `toRef`, given that
   * they equal `fromRef` now (a snapshot just taken). Paths in `leaveAlone` are not touched. With
   * `only`, just those paths (files or folders) are made equal to `toRef`; the rest stay `fromRef`'s.
   */
  prepareRestore(sandbox: SandboxLocation, fromRef: string, toRef: string, leaveAlone: readonly string[], only?: readonly string[]): Promise<PreparedRestore>;
  /**
   * A new snapshot equal to `baseRef` with the given paths taken from `sourceRef` (deleted ones
   * removed): what an isolated sandbox's changes look like on top of the workspace.
   */
  overlay(baseRef: string, sourceRef: string, paths: readonly string[], pinName: string): Promise<Snapshot>;
  /**
   * `nowRef` with tool calls (newest first, each the snapshots before and after it) taken back
   * out, path by path with a three-way merge (see core/agentOnlyRollback.ts); or the paths where
   * that is not possible. Writes no ref and no file of a sandbox.
   */
  revertToolCalls(nowRef: string, calls: readonly ToolCallRefs[]): Promise<RevertedToolCalls>;
  /** A file's bytes at a snapshot; undefined when the snapshot does not hold it. */
  readFile(ref: string, path: string): Promise<Uint8Array | undefined>;
  /** A path's git mode at a snapshot (`100644`, `100755`, `120000` a symlink, …); undefined when the snapshot does not hold it as a file. */
  pathMode(ref: string, path: string): Promise<string | undefined>;
  /**
   * A new snapshot (a commit, pinned by nothing) equal to `baseRef` but for one path: what
   * `source.ref` holds there (removed when it holds nothing), or `source.bytes` in a file of the
   * mode `baseRef` gives it. Writes no ref and no file of a sandbox.
   */
  withPath(baseRef: string, path: string, source: { readonly ref: string } | { readonly bytes: Uint8Array }): Promise<string>;
  /**
   * One file at each of many snapshots, read in one pass (what line provenance reads).
   */
  fileAtSnapshots(refs: readonly string[], path: string): Promise<SnapshotFile[]>;
  /** One file at each of many snapshots, named by its content's id and not read (one pass). */
  fileIdsAtSnapshots(refs: readonly string[], path: string): Promise<SnapshotFileId[]>;
  /** The bytes of files by their content ids (as fileIdsAtSnapshots names them), read in one pass. */
  readContents(ids: readonly string[]): Promise<Map<string, Uint8Array>>;
  /** The id the store gives `content` (as fileIdsAtSnapshots names files; `like`: an id it gave, whose form it takes). */
  contentId(content: Uint8Array, like: string): string;
  /**
   * After a restore from `fromRef` to `toRef` was killed half-way: makes its paths equal one side
   * (`before` undoes it, `after` finishes it). What a path holds that is neither side (half
   * written by the killed restore, or written since) is moved into the folder `keptIn` first
   * (`kept`); a path that cannot be reached without going through a symlink is left (`left`).
   */
  settleInterruptedRestore(sandbox: SandboxLocation, fromRef: string, toRef: string, goal: 'before' | 'after'): Promise<{ left: string[]; kept: string[]; keptIn: string }>;
  /** The checkpoint ids the store holds a pin for under this plan (call it inside `exclusive`). */
  pinnedCheckpoints(planId: string): Promise<string[]>;
  /** Drops pins so the objects only they kept can be reclaimed. */
  unpin(pinNames: readonly string[]): Promise<void>;
  /** The plan's open fences (core/openFences.ts); one whose call is not known when what is kept cannot be read. */
  openFences(planId: string): Promise<OpenFence[]>;
  /** Keeps the plan's open fences (none: nothing is kept). Call it inside `exclusive`. */
  keepOpenFences(planId: string, fences: readonly OpenFence[]): Promise<void>;
  /** Reclaims unreferenced objects when enough were dropped to be worth it; never on a hot path. */
  collectGarbageIfWorthwhile(): Promise<void>;
  /** Forgets the persistent index of a sandbox that is gone. */
  forgetSandbox(key: string): Promise<void>;
}

/**
 * Line provenance's cache between processes: per line of a file's version, where its author comes
 * from (core/provenance/lineProvenance.ts, LineTokens), by a key naming everything that decided
 * them. A cache: a lookup may miss, a write may fail, and neither changes an answer.
 */
export interface LineTokenCache {
  get(key: string): Int32Array | undefined;
  set(key: string, tokens: Int32Array): void;
  /** Drops what `key` keeps (superseded by a later version's): nothing there is not an error. */
  remove(key: string): void;
}

/** Where operations that write files record themselves while they run (one per plan). */
export interface OperationJournal {
  /** Records the operation durably; it must not be under way already. */
  begin(operation: InterruptedOperation): Promise<void>;
  end(planId: string): Promise<void>;
  get(planId: string): Promise<InterruptedOperation | undefined>;
  /** Every operation recorded as under way, of any plan. */
  list(): Promise<InterruptedOperation[]>;
  /**
   * Whether the operation's owner is still running it (then it is in progress, not interrupted):
   * a live process on this machine, not a later one with its pid. Absent: never running.
   */
  ownerRunning?(operation: InterruptedOperation): boolean;
  /** This process gives up the plan's operation half way and leaves its record: from now on it reads as interrupted. */
  abandon?(planId: string): void;
}

/** The workspace folder's files, as far as plans need them. */
export interface WorkspaceFiles {
  /** Absolute path of the workspace folder. */
  readonly root: string;
  /**
   * The absolute folder for a path relative to the workspace. Refuses (ValidationError) anything
   * that leaves the workspace: `..`, absolute paths, symlinks pointing out.
   */
  resolveSandbox(relativePath: string): Promise<string>;
  /** The canonical relative form (POSIX separators, no `./`, `.` for the root) of a sandbox path. */
  normalizeSandboxPath(relativePath: string): string;
  /** Whether the folder exists and is a directory. */
  isDirectory(absolutePath: string): Promise<boolean>;
  /**
   * What tells this very folder from any other put in its place (device and inode, looked at
   * without following a symlink); undefined when no real folder is there.
   */
  folderIdentity(absolutePath: string): Promise<string | undefined>;
  /** The folder an isolated sandbox of this plan lives in, relative to the workspace. */
  isolatedSandboxPath(planId: string): string;
  /**
   * A file of the workspace as it is now (`relativePath` relative to the workspace), read without
   * following a symbolic link anywhere on its way: a ValidationError for a path that leaves the
   * workspace, goes through or is a link, or is no regular file; `content` undefined when nothing
   * is there. `path`: the path in its canonical form (POSIX separators, no `./`).
   */
  readFile(relativePath: string): Promise<{ path: string; content: Uint8Array | undefined }>;
  createEmptyDirectory(absolutePath: string): Promise<void>;
  removeDirectory(absolutePath: string): Promise<void>;
}

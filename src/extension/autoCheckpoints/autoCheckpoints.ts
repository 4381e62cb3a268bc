import * as vscode from 'vscode';
import { AUTOMATIC_SOURCE_TOOL } from '../../core/checkpoint';
import { hookAgentOf } from '../../core/hookCheckpoints';
import { hookFedPlanIds } from '../../hooks/sessionPlans';
import { DATA_DIR_NAME } from '../../adapters/files/nodeWorkspaceFiles';
import type { CapturedPath, Logger } from '../../core/ports';
import type { PreWriteCaptures } from '../../core/preWriteCaptures';
import { BusinessRuleViolation, UnreadableDatabaseError } from '../../core/errors';
import { BurstScheduler, systemTimers, type AutoCheckpointType, type CheckpointAttempt, type SchedulerTimers } from './burstScheduler';
import type { FolderServices } from '../folderServices';
import type { AutoCheckpointSettings } from '../rollback/rollbackSettings';
import type { WriteSuppressor } from '../rollback/rollbackCommands';
import { fetchedOrigins } from '../tree/remoteGroup';

export type AutoCheckpointFolders = Pick<FolderServices, 'folders' | 'services' | 'databaseExists' | 'databaseUri' | 'onDidChangeDatabase'>;

/** An executing plan whose sandbox is watched. */
interface WatchedSandbox {
  readonly key: string;
  readonly folder: vscode.WorkspaceFolder;
  readonly planId: string;
  /** The plan's sandbox path, relative to the workspace folder. */
  readonly sandboxPath: string;
  /** The sandbox folder, as a path prefix ending in '/'. */
  readonly prefix: string;
  /** The database file and its temporaries (the store writes next to it), as a prefix. */
  readonly databasePrefix: string;
}

/** An automatic checkpoint that could not be taken. */
export interface AutoCheckpointFailure {
  readonly planId: string;
  readonly type: AutoCheckpointType;
  readonly message: string;
  readonly at: Date;
  /** The first failure since the plan's last automatic checkpoint that worked (the start of a run of them). */
  readonly first: boolean;
}

/** Watcher events arriving this long after a rollback are the rollback's own writes. */
const SUPPRESS_TAIL_MS = 1500;
/** Executing plans are looked up again this long after the database changed. */
const REFRESH_DELAY_MS = 300;

/**
 * Opt-in automatic checkpoints for agents that write files directly (the terminal, another
 * extension): while a plan is `executing`, a `pre_write` checkpoint before the first save or file
 * operation of a burst of writes in its sandbox, a `post_step` when the burst settles. The timing
 * is BurstScheduler's; this class maps VS Code's file events to plans and takes the checkpoints,
 * never one of a tree that did not change since the plan's last checkpoint.
 */
export class AutoCheckpointer implements vscode.Disposable, WriteSuppressor {
  private scheduler: BurstScheduler | undefined;
  private listeners: vscode.Disposable[] = [];
  private sandboxes: WatchedSandbox[] = [];
  /** Every sandbox watched since the start: a burst still open when its plan stopped executing finds it here. */
  private readonly known = new Map<string, WatchedSandbox>();
  private current: AutoCheckpointSettings | undefined;
  private readonly suppressed = new Map<string, { running: number; until: number }>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly taken = new vscode.EventEmitter<{ planId: string; type: AutoCheckpointType; checkpointId: string }>();
  private readonly failed = new vscode.EventEmitter<AutoCheckpointFailure>();
  private readonly recentSaveWaits: number[] = [];
  /** Plans whose last automatic checkpoint failed: the next failure of the same run is not news. */
  private readonly failing = new Set<string>();

  /** Fires after each automatic checkpoint. */
  readonly onDidTakeCheckpoint = this.taken.event;
  /** Fires when an automatic checkpoint fails; `first` for the first failure since the plan's last success. */
  readonly onDidFail = this.failed.event;
  private readonly unreadableFound = new vscode.EventEmitter<{ folder: vscode.WorkspaceFolder; message: string }>();
  private readonly unreadableFolders = new Set<string>();
  /** Fires once per folder whose database cannot be read: its saves are not checkpointed until it is moved aside. */
  readonly onDidFindUnreadableDatabase = this.unreadableFound.event;

  constructor(
    private readonly folders: AutoCheckpointFolders,
    private readonly settings: () => AutoCheckpointSettings,
    private readonly log: Logger,
    private readonly timers: SchedulerTimers = systemTimers,
  ) {
    this.disposables.push(
      this.taken,
      this.failed,
      this.unreadableFound,
      folders.onDidChangeDatabase(() => this.scheduleRefresh()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.restart()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.configure()),
    );
    this.configure();
  }

  /** How long the last saves (up to 20, newest last) were held back by automatic checkpoints, in ms: for tests and diagnostics. */
  get saveWaits(): readonly number[] {
    return [...this.recentSaveWaits];
  }

  get enabled(): boolean {
    return this.scheduler !== undefined;
  }

  /** Whether the plan's sandbox is watched now (automatic checkpoints on, plan executing). */
  watches(planId: string): boolean {
    return this.sandboxes.some((s) => s.planId === planId);
  }

  /** Reads the settings again: starts, stops or restarts with the new timing. */
  configure(): void {
    const next = this.settings();
    const same = this.current && next.enabled === this.current.enabled && next.debounceMs === this.current.debounceMs && next.minIntervalMs === this.current.minIntervalMs;
    if (same && (this.scheduler !== undefined) === (next.enabled && vscode.workspace.isTrusted)) return;
    this.current = next;
    this.stop();
    // Checkpoints run git and write files: not in Restricted Mode.
    if (next.enabled && vscode.workspace.isTrusted) this.start(next);
  }

  /** Waits until the list of executing plans is current (for tests, after a plan changed state). */
  async refreshNow(): Promise<void> {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.refreshing = this.refreshing.then(() => this.refreshPlans());
    await this.refreshing;
  }

  /** Takes the post_step of every open burst now. */
  async flush(): Promise<void> {
    await this.scheduler?.flush();
  }

  async suppress<T>(planId: string, work: () => Promise<T>): Promise<T> {
    const entry = this.suppressed.get(planId) ?? { running: 0, until: 0 };
    entry.running += 1;
    this.suppressed.set(planId, entry);
    try {
      return await work();
    } finally {
      entry.running -= 1;
      entry.until = this.timers.now() + SUPPRESS_TAIL_MS;
    }
  }

  dispose(): void {
    this.stop();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    for (const d of this.disposables) d.dispose();
  }

  private start(settings: AutoCheckpointSettings): void {
    const scheduler = new BurstScheduler(
      { quietMs: settings.debounceMs, minIntervalMs: settings.minIntervalMs },
      { checkpoint: (key, type, captures) => this.take(key, type, captures) },
      this.timers,
    );
    this.scheduler = scheduler;
    const announce = (uris: readonly vscode.Uri[]): Promise<void> | undefined => {
      const keys = new Set(uris.flatMap((u) => this.route(u, true)));
      if (keys.size === 0) return undefined;
      return Promise.all([...keys].map((k) => scheduler.willWrite(k))).then(() => undefined);
    };
    // A save changes one file: it captures that file and goes ahead; the pending pre_write shows
    // it as captured. Creates, deletes and renames (folders too) wait for the whole pre_write.
    const saving = (uri: vscode.Uri): Promise<void> | undefined => {
      const targets = this.routeWithPath(uri);
      if (targets.length === 0) return undefined;
      return Promise.all(targets.map((t) => scheduler.willWrite(t.sandbox.key, { path: t.path, take: () => this.capture(t.sandbox, t.path) }))).then(() => undefined);
    };
    const seen = (uri: vscode.Uri) => {
      for (const key of this.route(uri, false)) scheduler.didWrite(key);
    };
    const files = (e: { readonly files: readonly vscode.Uri[] }) => e.files;
    const renamed = (e: { readonly files: readonly { oldUri: vscode.Uri; newUri: vscode.Uri }[] }) => e.files.flatMap((f) => [f.oldUri, f.newUri]);
    this.listeners.push(
      // waitUntil must be called synchronously, and only when there is something to wait for.
      vscode.workspace.onWillSaveTextDocument((e) => {
        const started = this.timers.now();
        const wait = saving(e.document.uri);
        if (!wait) return;
        e.waitUntil(wait);
        const note = () => {
          this.recentSaveWaits.push(this.timers.now() - started);
          if (this.recentSaveWaits.length > 20) this.recentSaveWaits.shift();
        };
        void wait.then(note, note);
      }),
      vscode.workspace.onWillCreateFiles((e) => {
        const wait = announce(files(e));
        if (wait) e.waitUntil(wait);
      }),
      vscode.workspace.onWillDeleteFiles((e) => {
        const wait = announce(files(e));
        if (wait) e.waitUntil(wait);
      }),
      vscode.workspace.onWillRenameFiles((e) => {
        const wait = announce(renamed(e));
        if (wait) e.waitUntil(wait);
      }),
      vscode.workspace.onDidSaveTextDocument((d) => seen(d.uri)),
      vscode.workspace.onDidCreateFiles((e) => files(e).forEach(seen)),
      vscode.workspace.onDidDeleteFiles((e) => files(e).forEach(seen)),
      vscode.workspace.onDidRenameFiles((e) => renamed(e).forEach(seen)),
    );
    for (const folder of this.folders.folders()) {
      // Writes from outside VS Code (a terminal, a tool) are only seen by a watcher.
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*'));
      this.listeners.push(watcher, watcher.onDidCreate(seen), watcher.onDidChange(seen), watcher.onDidDelete(seen));
    }
    this.log.info(`Automatic checkpoints on: a burst settles after ${settings.debounceMs} ms; at most one checkpoint of a plan every ${settings.minIntervalMs} ms.`);
    void this.refreshNow();
  }

  private stop(): void {
    const scheduler = this.scheduler;
    this.scheduler = undefined;
    for (const d of this.listeners) d.dispose();
    this.listeners = [];
    this.sandboxes = [];
    if (scheduler) {
      // Open bursts still get their post_step.
      void scheduler.flush().finally(() => scheduler.dispose());
      this.log.info('Automatic checkpoints off.');
    }
  }

  private restart(): void {
    this.current = undefined;
    this.configure();
  }

  private scheduleRefresh(): void {
    if (!this.scheduler) return;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.refreshing = this.refreshing.then(() => this.refreshPlans());
    }, REFRESH_DELAY_MS);
  }

  /** The sandboxes of the plans that are executing now, in every folder with a database. */
  private async refreshPlans(): Promise<void> {
    if (!this.scheduler) return;
    const found: WatchedSandbox[] = [];
    const unprotected = new Set<string>();
    for (const folder of this.folders.folders()) {
      try {
        if (!(await this.folders.databaseExists(folder))) continue;
        const services = await this.folders.services(folder);
        const fedByHooks = await hookFedPlanIds(folder.uri.fsPath);
        // Fetched from a remote: read-only here, whatever state it was pushed in.
        const fetched = fetchedOrigins(folder, (m) => this.log.warn(m));
        for (const plan of await services.plans.listPlans()) {
          if (plan.state !== 'executing' || fetched.has(plan.plan_id)) continue;
          // An agent's hooks checkpoint this plan around each tool call already: no second set.
          if (fedByHooks.has(plan.plan_id)) continue;
          const checkpoints = await services.checkpoints.listCheckpoints(plan.plan_id);
          if (hookAgentOf(checkpoints) !== undefined) continue;
          if (!this.sandboxes.some((s) => s.planId === plan.plan_id) && checkpoints.length === 0) {
            unprotected.add(plan.plan_id);
          }
          // As VS Code names the files (the folder's URI), not as the file system resolves them.
          const dir = plan.sandbox_path === '.' ? folder.uri : vscode.Uri.joinPath(folder.uri, ...plan.sandbox_path.split('/'));
          found.push({
            key: `${folder.uri.toString()}#${plan.plan_id}`,
            folder,
            planId: plan.plan_id,
            sandboxPath: plan.sandbox_path,
            prefix: withSlash(dir.path),
            databasePrefix: this.folders.databaseUri(folder).path,
          });
        }
      } catch (error) {
        this.log.warn(`Automatic checkpoints: could not list the executing plans of ${folder.name}: ${String(error)}`);
        // Saves go on unprotected: said once per folder (until it can be read again), not on every refresh.
        if (error instanceof UnreadableDatabaseError && !this.unreadableFolders.has(folder.uri.toString())) {
          this.unreadableFolders.add(folder.uri.toString());
          this.unreadableFound.fire({ folder, message: error.message });
        }
        continue;
      }
      this.unreadableFolders.delete(folder.uri.toString());
    }
    const before = new Set(this.sandboxes.map((s) => s.planId));
    this.sandboxes = found;
    for (const s of found) this.known.set(s.key, s);
    const now = found.filter((s) => !before.has(s.planId)).map((s) => s.planId);
    if (now.length > 0) this.log.info(`Automatic checkpoints watch the sandbox of ${now.join(', ')}.`);
    // A plan's first checkpoint reads every file of its sandbox, which can take seconds: longer
    // than VS Code waits for a save (1.5 s), after which the save would go ahead while the
    // pre_write is still reading, and the pre_write could hold the saved file. So it is taken now,
    // before any write, and the saves only wait for what changed since.
    for (const s of found) if (unprotected.has(s.planId)) void this.scheduler?.willWrite(s.key);
  }

  /** The plans whose sandbox holds the file; never the extension's own data, nor git's. */
  private route(uri: vscode.Uri, announced: boolean): string[] {
    return this.routeWithPath(uri, announced).map((t) => t.sandbox.key);
  }

  /** As `route`, with the file's path relative to each sandbox. */
  private routeWithPath(uri: vscode.Uri, announced = true): { sandbox: WatchedSandbox; path: string }[] {
    if (uri.scheme !== 'file' || !this.scheduler) return [];
    const path = uri.path;
    const found: { sandbox: WatchedSandbox; path: string }[] = [];
    for (const s of this.sandboxes) {
      if (!path.startsWith(s.prefix) || path.startsWith(s.databasePrefix)) continue;
      const relative = path.slice(s.prefix.length);
      const top = relative.split('/')[0];
      if (top === DATA_DIR_NAME || top === '.git' || relative === '') continue;
      if (!announced && this.isSuppressed(s.planId)) continue;
      found.push({ sandbox: s, path: relative });
    }
    return found;
  }

  /** The file as it is before a save, for the pending pre_write (a failure makes the save wait for it instead). */
  private async capture(s: WatchedSandbox, rel: string): Promise<CapturedPath> {
    const services = await this.folders.services(s.folder);
    return services.checkpoints.captureBeforeWrite(s.planId, s.sandboxPath, rel);
  }

  private isSuppressed(planId: string): boolean {
    const entry = this.suppressed.get(planId);
    return entry !== undefined && (entry.running > 0 || this.timers.now() < entry.until);
  }

  private async take(key: string, type: AutoCheckpointType, captures?: PreWriteCaptures): Promise<CheckpointAttempt> {
    const s = this.known.get(key);
    if (!s) return 'skipped';
    // The scheduler only starts in a trusted workspace; checked again where the write happens.
    if (!vscode.workspace.isTrusted) return 'skipped';
    try {
      const services = await this.folders.services(s.folder);
      const plan = await services.plans.getPlan(s.planId);
      // A burst that began while the plan executed still gets its post_step after the plan finished.
      if (type === 'pre_write' && plan.state !== 'executing') return 'skipped';
      if (plan.state === 'applied' || plan.state === 'cancelled') return 'skipped';
      if (await services.checkpoints.sandboxMissing(s.planId)) {
        // Said in the user's terms, with the ways out, rather than as the engine's refusal.
        throw new BusinessRuleViolation(
          `the sandbox folder ${plan.sandbox_path} of “${plan.title}” is missing, so its writes cannot be checkpointed. ` +
            (plan.sandbox_kind === 'isolated' ? 'Recreate it from its newest checkpoint (Recreate Sandbox from Checkpoint), or cancel the plan' : 'Put the folder back, or cancel the plan'),
        );
      }
      const created = await services.checkpoints.createCheckpointIfChanged(
        s.planId,
        {
          type,
          reason: type === 'pre_write' ? 'Automatic: before writes' : 'Automatic: after writes settled',
          sourceTool: AUTOMATIC_SOURCE_TOOL,
          phase: 'execute',
        },
        captures && (() => captures.close()),
      );
      if (!created) {
        this.log.debug(`Automatic ${type} checkpoint of ${s.planId} not taken: nothing changed since its last checkpoint.`);
        return 'unchanged';
      }
      const { checkpoint } = created;
      this.log.info(`Automatic ${type} checkpoint ${checkpoint.checkpoint_id} of plan ${s.planId}.`);
      this.failing.delete(s.planId);
      this.taken.fire({ planId: s.planId, type, checkpointId: checkpoint.checkpoint_id });
      return 'taken';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`Automatic ${type} checkpoint of plan ${s.planId} failed: ${message}`);
      const first = !this.failing.has(s.planId);
      this.failing.add(s.planId);
      this.failed.fire({ planId: s.planId, type, message, at: new Date(this.timers.now()), first });
      return 'failed';
    }
  }
}

function withSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

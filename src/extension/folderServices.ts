import * as vscode from 'vscode';
import { isWholeId, resolveIdPrefix, type IdCandidate } from '../core/idPrefix';
import { OPERATIONS_DIR_NAME } from '../adapters/files/fileOperationJournal';
import { DATA_DIR_NAME } from '../adapters/files/nodeWorkspaceFiles';
import { writeLogPath } from '../adapters/sqlStore/databasePaths';
import type { WorkspaceServices } from '../composition';
import { NotFoundError, UnreadableDatabaseError, ValidationError } from '../core/errors';
import { moveDatabaseAside } from '../adapters/files/moveAside';
import type { Plan } from '../core/plan';
import type { Logger } from '../core/ports';
import { SETTINGS_SECTION } from './commandIds';
import { channelLogger, type ErrorReporter } from './log';
import { loadEngine } from './loadEngine';
import { affectsEngine, readFolderSettings, type FolderSettings } from './settings';
import { keepAttributionOf, type AttributionKeeping } from './agentChanges/attributionKeeping';

interface FolderEntry {
  readonly folder: vscode.WorkspaceFolder;
  settings: FolderSettings;
  /** Made on first use: this is what loads sql.js and, later, git. */
  services: Promise<WorkspaceServices> | undefined;
  /** The keeper of line attribution of what these services record (agentChanges/attributionKeeping.ts). */
  keeping: AttributionKeeping | undefined;
  watcher: vscode.Disposable;
}

export interface FolderServicesOptions {
  /** The folder holding sql.js's `sql-wasm.wasm` (the extension's `dist/`). */
  readonly wasmDir: string;
  readonly channel: vscode.LogOutputChannel;
  readonly reporter: ErrorReporter;
}

/**
 * The services of each workspace folder, made lazily, and a watcher on each folder's database file.
 * Creating this costs nothing: the engine (sql.js, git) loads when a folder's services are first
 * asked for, which happens when the tree is shown or a command runs.
 */
/** A plan with the folder it lives in and that folder's services. */
export interface FolderPlan {
  readonly folder: vscode.WorkspaceFolder;
  readonly services: WorkspaceServices;
  readonly plan: Plan;
}

export class FolderServices implements vscode.Disposable {
  private readonly entries = new Map<string, FolderEntry>();
  private readonly changed = new vscode.EventEmitter<vscode.WorkspaceFolder>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly shownProblems = new Set<string>();
  private loaded = false;

  /** A database file was created, changed or deleted (by anyone); not debounced. */
  readonly onDidChangeDatabase = this.changed.event;

  constructor(private readonly options: FolderServicesOptions) {
    this.syncFolders();
    this.disposables.push(
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.syncFolders()),
      vscode.workspace.onDidChangeConfiguration((event) => this.reconfigure(event)),
    );
  }

  /** Whether any folder's services were made, i.e. the engine was loaded. */
  get engineLoaded(): boolean {
    return this.loaded;
  }

  /** The workspace folders on the local file system, in workspace order (others are not supported). */
  folders(): vscode.WorkspaceFolder[] {
    return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  }

  settings(folder: vscode.WorkspaceFolder): FolderSettings {
    return this.entry(folder).settings;
  }

  databaseUri(folder: vscode.WorkspaceFolder): vscode.Uri {
    return vscode.Uri.joinPath(folder.uri, ...this.settings(folder).databasePath.split('/'));
  }

  /** Checked before loading the engine: a folder without a database needs none to be listed. */
  async databaseExists(folder: vscode.WorkspaceFolder): Promise<boolean> {
    try {
      const stat = await vscode.workspace.fs.stat(this.databaseUri(folder));
      return (stat.type & vscode.FileType.File) !== 0;
    } catch {
      return false;
    }
  }

  services(folder: vscode.WorkspaceFolder): Promise<WorkspaceServices> {
    const entry = this.entry(folder);
    entry.services ??= this.create(entry).catch((error: unknown) => {
      entry.services = undefined;
      throw error;
    });
    return entry.services;
  }

  /**
   * The error that makes the folder's database unusable as it is (not SQLite, damaged, of a newer
   * release), or undefined when it can be read or is not there yet. Commands that need the
   * database ask this before any question: a refusal after a title was typed is a dead end.
   */
  async unreadable(folder: vscode.WorkspaceFolder): Promise<UnreadableDatabaseError | undefined> {
    if (!(await this.databaseExists(folder))) return undefined;
    try {
      await (await this.services(folder)).plans.listPlans();
      return undefined;
    } catch (error) {
      if (error instanceof UnreadableDatabaseError) return error;
      throw error;
    }
  }

  /** Refuses (the database's own error) when the folder's database cannot be read. */
  async requireReadable(folder: vscode.WorkspaceFolder): Promise<void> {
    const error = await this.unreadable(folder);
    if (error) throw error;
  }

  /**
   * Renames the folder's database beside itself with the time in its name (never deletes it), so
   * that the next use starts with an empty one. The folder's services are closed first. Returns
   * the new file's path.
   */
  async moveDatabaseAside(folder: vscode.WorkspaceFolder): Promise<string> {
    const entry = this.entry(folder);
    const services = entry.services;
    entry.services = undefined;
    this.stopKeeping(entry);
    await services?.then((s) => s.dispose(), () => undefined);
    const moved = await moveDatabaseAside(folder.uri.fsPath, this.databaseUri(folder).fsPath, new Date());
    this.logger(folder).warn(`Moved the unreadable database ${entry.settings.databasePath} aside to ${moved}; the next plan starts a new one.`);
    this.changed.fire(folder);
    return moved;
  }

  /** The plans of every folder with a database that pass `filter`, newest first, for a quick pick. */
  async planChoices(filter: (plan: Plan) => boolean): Promise<{ plan: Plan; folderName: string | undefined; value: FolderPlan }[]> {
    const folders = this.folders();
    const choices: { plan: Plan; folderName: string | undefined; value: FolderPlan }[] = [];
    for (const folder of folders) {
      if (!(await this.databaseExists(folder))) continue;
      const services = await this.services(folder);
      for (const plan of [...(await services.plans.listPlans())].reverse()) {
        if (filter(plan)) choices.push({ plan, folderName: folders.length > 1 ? folder.name : undefined, value: { folder, services, plan } });
      }
    }
    return choices;
  }

  /** Finds the folder whose database holds the plan; `planId` may be its short id (or a prefix), as the tree's tooltips and the CLI show it. */
  async findPlan(planId: string, folder?: vscode.WorkspaceFolder): Promise<FolderPlan> {
    const candidates = folder ? [folder] : this.folders();
    if (!isWholeId(planId)) {
      const plans: IdCandidate[] = [];
      const where = new Map<string, vscode.WorkspaceFolder>();
      for (const f of candidates) {
        if (!(await this.databaseExists(f))) continue;
        for (const p of await (await this.services(f)).plans.listPlans()) {
          plans.push({ id: p.plan_id, label: p.title });
          where.set(p.plan_id, f);
        }
      }
      const id = resolveIdPrefix(planId, plans, 'plan');
      const f = where.get(id)!;
      const services = await this.services(f);
      return { folder: f, services, plan: await services.plans.getPlan(id) };
    }
    for (const f of candidates) {
      if (!folder && !(await this.databaseExists(f))) continue;
      const services = await this.services(f);
      try {
        return { folder: f, services, plan: await services.plans.getPlan(planId) };
      } catch (error) {
        if (!(error instanceof NotFoundError) || folder) throw error;
      }
    }
    throw new NotFoundError('plan', planId);
  }

  dispose(): void {
    for (const entry of this.entries.values()) this.disposeEntry(entry);
    this.entries.clear();
    for (const d of this.disposables) d.dispose();
  }

  private entry(folder: vscode.WorkspaceFolder): FolderEntry {
    const key = folder.uri.toString();
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { folder, settings: this.readSettings(folder), services: undefined, keeping: undefined, watcher: new vscode.Disposable(() => undefined) };
      entry.watcher = this.watch(entry);
      this.entries.set(key, entry);
    }
    return entry;
  }

  private async create(entry: FolderEntry): Promise<WorkspaceServices> {
    const logger = this.logger(entry.folder);
    logger.info(`Opening the checkpoint database ${entry.settings.databasePath}`);
    const { createWorkspaceServices } = loadEngine();
    this.loaded = true;
    const services = createWorkspaceServices({
      workspaceRoot: entry.folder.uri.fsPath,
      wasmDir: this.options.wasmDir,
      logger,
      databasePath: entry.settings.databasePath,
      maxFileBytes: entry.settings.maxFileBytes,
      // read at each plan's creation, so a changed setting applies at once
      defaultPolicy: () => this.entry(entry.folder).settings.retention,
    });
    this.stopKeeping(entry);
    entry.keeping = keepAttributionOf(services, { log: (m) => logger.debug(m) });
    return services;
  }

  private stopKeeping(entry: FolderEntry): void {
    entry.keeping?.dispose();
    entry.keeping = undefined;
  }

  private logger(folder: vscode.WorkspaceFolder): Logger {
    return channelLogger(this.options.channel, this.folders().length > 1 ? folder.name : '');
  }

  /**
   * Watches the database file itself (a save is a rename onto it, seen as a create or a change),
   * its write log (where a large database's writes go, and which a fold removes) and the records of operations under way, which come and go without a database write (a
   * rollback recovered by `agents plan recover` clears its plan's warning).
   */
  private watch(entry: FolderEntry): vscode.Disposable {
    const database = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(entry.folder, entry.settings.databasePath));
    const log = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(entry.folder, writeLogPath(entry.settings.databasePath)));
    const operations = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(entry.folder, `${DATA_DIR_NAME}/${OPERATIONS_DIR_NAME}/*.json`), false, true, false);
    const fire = () => this.changed.fire(entry.folder);
    return vscode.Disposable.from(
      database,
      log,
      operations,
      database.onDidCreate(fire),
      database.onDidChange(fire),
      database.onDidDelete(fire),
      log.onDidCreate(fire),
      log.onDidChange(fire),
      operations.onDidCreate(fire),
      operations.onDidDelete(fire),
    );
  }

  private readSettings(folder: vscode.WorkspaceFolder): FolderSettings {
    const { settings, problems } = readFolderSettings(folder);
    for (const problem of problems) {
      if (this.shownProblems.has(problem)) continue;
      this.shownProblems.add(problem);
      this.options.reporter.warn(problem);
    }
    return settings;
  }

  private syncFolders(): void {
    const current = new Set(this.folders().map((f) => f.uri.toString()));
    for (const [key, entry] of this.entries) {
      if (current.has(key)) continue;
      this.disposeEntry(entry);
      this.entries.delete(key);
    }
  }

  private reconfigure(event: vscode.ConfigurationChangeEvent): void {
    if (!event.affectsConfiguration(SETTINGS_SECTION)) return;
    for (const entry of this.entries.values()) {
      const rebuild = affectsEngine(event, entry.folder);
      entry.settings = this.readSettings(entry.folder);
      if (!rebuild) continue;
      // Another database or size limit: new services and a new watcher, made on next use.
      this.disposeEntry(entry);
      entry.services = undefined;
      entry.watcher = this.watch(entry);
      this.changed.fire(entry.folder);
    }
  }

  private disposeEntry(entry: FolderEntry): void {
    entry.watcher.dispose();
    const services = entry.services;
    entry.services = undefined;
    this.stopKeeping(entry);
    void services?.then((s) => s.dispose(), () => undefined);
  }
}

/** A workspace folder named by a command's argument: its URI, its path or its name; unknown ones are refused. */
export function folderNamed(folders: readonly vscode.WorkspaceFolder[], given: string | undefined): vscode.WorkspaceFolder | undefined {
  if (given === undefined) return undefined;
  const found = folders.find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
  if (!found) throw new ValidationError(`"${given}" is not a workspace folder`);
  return found;
}

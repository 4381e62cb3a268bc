import * as vscode from 'vscode';
import { explainRestricted } from '../commands/trustedCommands';
import { setStatus, shown, shownMarkdown, showPick, withProgressTitled } from '../shownText';
import { CommandTitles, Commands, TREE_VIEW_ID } from '../commandIds';
import { UnreadableDatabaseError } from '../../core/errors';
import { commandFits } from '../planLifecycle/commandFits';
import { checkpointsSameAsNow, pickCheckpoint } from '../commands/prompts';
import { ContextKeys, planStatesValue } from '../tree/contextKeys';
import type { AutoCheckpointFailure } from '../autoCheckpoints/autoCheckpoints';
import type { SkippedFileWarnings } from '../commands/skippedWarnings';
import type { WorkspaceServices } from '../../composition';
import { displayText, formatCount } from '../../core/displayText';
import type { Plan } from '../../core/plan';
import { chooseActivePlan } from './activePlan';
import { fetchedOrigins } from '../tree/remoteGroup';
import { Debouncer } from '../debouncer';
import type { FolderServices } from '../folderServices';
import type { RollbackDialogs } from '../rollback/rollbackDialogs';
import { RollbackCommands, RollbackCommandTitles } from '../rollback/rollbackCommandIds';
import { checkpointLabel, escapeMarkdown } from '../tree/treePresentation';
import { plural } from '../../core/displayText';

export type StatusBarFolders = Pick<FolderServices, 'folders' | 'services' | 'databaseExists' | 'onDidChangeDatabase'>;

export interface ActivePlan {
  readonly folder: vscode.WorkspaceFolder;
  readonly services: WorkspaceServices;
  readonly plan: Plan;
  readonly checkpointCount: number;
  /** Its sandbox folder is gone: the menu offers the ways out instead of checkpoints. */
  readonly sandboxMissing?: boolean;
}

interface UnreadableFolder {
  readonly folder: vscode.WorkspaceFolder;
  readonly message: string;
}

/** Waits this long after activation before the first look (the engine loads then, not during activation). */
export const STATUS_BAR_FIRST_LOOK_MS = 3000;

/** What the status bar knows of automatic checkpoints (the AutoCheckpointer). */
export interface AutoCheckpointStatus {
  readonly enabled: boolean;
  watches(planId: string): boolean;
}

/**
 * A status-bar item: the active plan, its checkpoint count, whether automatic checkpoints watch it
 * and when the last one failed. A click opens a menu of what can be done with the plan.
 */
export class CheckpointStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('cleveragents.checkpoints.status', vscode.StatusBarAlignment.Left, 40);
  private readonly debouncer = new Debouncer(() => void this.refresh(), 300, 1500);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private active: ActivePlan | undefined;
  /** A folder whose database cannot be read, shown when no plan is. */
  private unreadable: UnreadableFolder | undefined;
  private generation = 0;
  private latest: Promise<void> = Promise.resolve();
  private firstLook: ReturnType<typeof setTimeout> | undefined;
  private lastFailure: AutoCheckpointFailure | undefined;
  private readonly auto: AutoCheckpointStatus | undefined;
  private readonly skipped: Pick<SkippedFileWarnings, 'warn'> | undefined;
  private readonly reveal: ((folder: vscode.WorkspaceFolder, planId: string) => Promise<void>) | undefined;
  private readonly selection: { planId(): string | undefined; onDidChange: vscode.Event<unknown> } | undefined;

  constructor(
    private readonly folders: StatusBarFolders,
    private readonly dialogs: RollbackDialogs,
    private readonly log: { warn(message: string): void },
    options: {
      firstLookMs?: number;
      auto?: AutoCheckpointStatus;
      reveal?: (folder: vscode.WorkspaceFolder, planId: string) => Promise<void>;
      skipped?: Pick<SkippedFileWarnings, 'warn'>;
      /** The plan of the row selected in the tree, and when the selection changes: the status bar follows it. */
      selection?: { planId(): string | undefined; onDidChange: vscode.Event<unknown> };
    } = {},
  ) {
    this.selection = options.selection;
    this.skipped = options.skipped;
    this.auto = options.auto;
    this.reveal = options.reveal;
    this.item.name = 'CleverAgents Checkpoints';
    this.item.command = RollbackCommands.statusBarMenu;
    this.disposables.push(
      folders.onDidChangeDatabase(() => this.debouncer.schedule()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.debouncer.schedule()),
      vscode.commands.registerCommand(RollbackCommands.checkpointActivePlan, () => this.checkpoint()),
      vscode.commands.registerCommand(RollbackCommands.statusBarMenu, () => this.menu()),
      ...(options.selection ? [options.selection.onDidChange(() => this.debouncer.schedule())] : []),
    );
    this.firstLook = setTimeout(() => void this.refresh(), options.firstLookMs ?? STATUS_BAR_FIRST_LOOK_MS);
  }

  get activePlan(): ActivePlan | undefined {
    return this.active;
  }

  get failure(): AutoCheckpointFailure | undefined {
    return this.lastFailure;
  }

  /** An automatic checkpoint failed: shown until one of the same plan works. */
  noteFailure(failure: AutoCheckpointFailure | undefined): void {
    this.lastFailure = failure;
    this.render();
  }

  /** What the item shows (for tests): undefined when hidden. */
  get text(): string | undefined {
    return this.active || this.unreadable ? this.item.text : undefined;
  }

  /** Reads the plans again; resolves when what it shows is current (a newer refresh included). */
  refresh(): Promise<void> {
    const generation = ++this.generation;
    this.latest = this.load().then((active) => {
      if (generation === this.generation) {
        this.active = active;
        this.render();
      }
    });
    const mine = this.latest;
    // A refresh that a newer one overtook resolves with the newer one.
    return mine.then(() => (this.latest === mine ? undefined : this.latest));
  }

  private async load(): Promise<ActivePlan | undefined> {
    const candidates: { folder: vscode.WorkspaceFolder; services: WorkspaceServices; plan: Plan; sandboxMissing: boolean }[] = [];
    let unreadable: UnreadableFolder | undefined;
    for (const folder of this.folders.folders()) {
      try {
        if (!(await this.folders.databaseExists(folder))) continue;
        const services = await this.folders.services(folder);
        // A plan fetched from a remote is read-only here: never the one a checkpoint goes into.
        const fetched = fetchedOrigins(folder, (m) => this.log.warn(m));
        for (const plan of await services.plans.listPlans()) {
          if (fetched.has(plan.plan_id)) continue;
          const open = plan.state !== 'applied' && plan.state !== 'cancelled';
          const sandboxMissing = open && (await services.checkpoints.sandboxMissing(plan.plan_id).catch(() => false));
          candidates.push({ folder, services, plan, sandboxMissing });
        }
      } catch (error) {
        if (error instanceof UnreadableDatabaseError) unreadable ??= { folder, message: error.message };
        this.log.warn(`Status bar: could not read the plans of ${folder.name}: ${String(error)}`);
      }
    }
    this.unreadable = unreadable;
    // The palette offers a lifecycle command only when some plan fits it (package.json's `when`).
    await ContextKeys.planStates.set(planStatesValue(candidates.map((c) => c.plan)));
    const chosen = chooseActivePlan(candidates, this.selection?.planId());
    if (!chosen) return undefined;
    try {
      return { ...chosen, checkpointCount: (await chosen.services.checkpoints.listCheckpoints(chosen.plan.plan_id)).length };
    } catch (error) {
      this.log.warn(`Status bar: could not count the checkpoints of ${chosen.plan.plan_id}: ${String(error)}`);
      return undefined;
    }
  }

  dispose(): void {
    if (this.firstLook) clearTimeout(this.firstLook);
    this.debouncer.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private render(): void {
    const a = this.active;
    if (!a && this.unreadable) {
      // Said, not hidden: saves are not checkpointed while the database cannot be read.
      const u = this.unreadable;
      this.item.text = '$(error) Checkpoints: database unreadable';
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      this.item.tooltip = shownMarkdown(
        `**The checkpoint database${this.folders.folders().length > 1 ? ` of ${escapeMarkdown(u.folder.name)}` : ''} cannot be read**\n\n${escapeMarkdown(u.message)}\n\n` +
          'No checkpoints are taken until it is moved aside. Click to move it aside and start fresh, or to open the log.',
      );
      this.item.accessibilityInformation = { label: shown(`Checkpoints: the database cannot be read. ${u.message} Activate for a menu.`) };
      this.item.show();
      return;
    }
    if (!a) {
      this.item.hide();
      return;
    }
    const watched = this.auto?.watches(a.plan.plan_id) === true;
    const failure = this.lastFailure?.planId === a.plan.plan_id ? this.lastFailure : undefined;
    const autoText = a.sandboxMissing ? ' · $(warning) sandbox missing' : failure ? ' · $(warning) auto failed' : watched ? ' · $(eye) auto' : '';
    this.item.text = shown(`$(history) ${displayText(a.plan.title, 30)} · ${formatCount(a.checkpointCount)}${autoText}`);
    this.item.backgroundColor = failure ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const autoLine = this.autoLine(a, watched, failure);
    const multi = this.folders.folders().length > 1 ? ` in ${escapeMarkdown(a.folder.name)}` : '';
    this.item.tooltip = shownMarkdown(
      `**${escapeMarkdown(a.plan.title)}** (${escapeMarkdown(a.plan.state)})${multi}\n\n` +
        `${plural(a.checkpointCount, 'checkpoint')}\n\n${escapeMarkdown(autoLine)}\n\nClick for checkpoints, rollback and the plan's state.`,
    );
    this.item.accessibilityInformation = {
      label: shown(`Checkpoints: plan ${a.plan.title}, ${a.plan.state}, ${plural(a.checkpointCount, 'checkpoint')}. ${autoLine} Activate for a menu.`),
    };
    this.item.show();
  }

  private autoLine(a: ActivePlan, watched: boolean, failure: AutoCheckpointFailure | undefined): string {
    if (failure) return `The last automatic ${failure.type} checkpoint failed at ${failure.at.toLocaleTimeString()}: ${failure.message}`;
    if (watched) return 'Automatic checkpoints: on (the plan is executing).';
    if (!this.auto?.enabled) return 'Automatic checkpoints: off (setting).';
    return a.plan.state === 'executing' ? 'Automatic checkpoints: on, starting to watch.' : `Automatic checkpoints: only while a plan is executing (this one is ${a.plan.state}).`;
  }

  /** The click: what can be done with the active plan, as a quick pick. */
  private async menu(): Promise<void> {
    try {
      if (!this.active) await this.refresh();
      const a = this.active;
      if (!a && this.unreadable) {
        const folder = this.unreadable.folder.uri.toString();
        const picked = await showPick(
          [
            { label: `$(archive) ${CommandTitles.moveDatabaseAside}…`, detail: 'Renames the file with the time in its name (never deletes it); the next plan starts a new database.', run: () => vscode.commands.executeCommand(Commands.moveDatabaseAside, { folder }) },
            { label: '$(output) Show Log', run: () => vscode.commands.executeCommand(Commands.showLog) },
          ],
          { title: 'Checkpoints: the database cannot be read', placeHolder: shown(this.unreadable.message) },
        );
        await picked?.run();
        return;
      }
      if (!a) {
        this.dialogs.info('There is no active plan: create a plan first, or start one.');
        return;
      }
      const plan = { planId: a.plan.plan_id, folder: a.folder.uri.toString() };
      type Item = vscode.QuickPickItem & { run: () => Thenable<unknown> };
      const items: Item[] = [];
      // In Restricted Mode only what reads: the rest runs git or writes.
      const trusted = vscode.workspace.isTrusted;
      if (trusted && a.sandboxMissing) {
        if (a.plan.sandbox_kind === 'isolated') {
          items.push({ label: `$(history) ${CommandTitles.recreateSandbox}…`, detail: 'Its folder is missing: make it again from the newest checkpoint.', run: () => vscode.commands.executeCommand(Commands.recreateSandbox, plan) });
        }
        if (commandFits('cancelPlan', a.plan)) items.push({ label: '$(circle-slash) Cancel Plan', run: () => vscode.commands.executeCommand(Commands.cancelPlan, plan) });
      } else if (trusted && a.plan.state !== 'applied') {
        items.push({ label: '$(device-camera) Create Checkpoint', detail: 'A manual checkpoint of the sandbox now.', run: () => vscode.commands.executeCommand(Commands.checkpointActivePlan) });
        if (a.checkpointCount > 0) items.push({ label: '$(discard) Roll Back…', detail: 'Choose a checkpoint to roll the sandbox back to.', run: () => this.rollBack(a) });
      }
      if (trusted && !a.sandboxMissing && commandFits('startPlan', a.plan)) items.push({ label: '$(play) Start Plan', detail: 'Executing: automatic checkpoints (when on) watch its sandbox.', run: () => vscode.commands.executeCommand(Commands.startPlan, plan) });
      if (trusted && commandFits('completePlan', a.plan)) items.push({ label: '$(pass) Complete Plan', run: () => vscode.commands.executeCommand(Commands.completePlan, plan) });
      items.push({ label: '$(list-tree) Show in Tree', run: () => (this.reveal ? this.reveal(a.folder, a.plan.plan_id) : vscode.commands.executeCommand(`${TREE_VIEW_ID}.focus`)) });
      items.push({ label: '$(output) Show Log', run: () => vscode.commands.executeCommand(Commands.showLog) });
      const picked = await showPick(items, { title: `Checkpoints: ${a.plan.title} (${a.plan.state})`, placeHolder: 'What to do with the active plan' });
      await picked?.run();
    } catch (error) {
      this.dialogs.error(error, 'Checkpoints Menu');
    }
  }

  private async rollBack(a: ActivePlan): Promise<unknown> {
    const list = await a.services.checkpoints.listCheckpoints(a.plan.plan_id);
    const checkpoint = await pickCheckpoint(list, `Roll “${a.plan.title}” back to…`, await checkpointsSameAsNow(a.services.checkpoints, a.plan.plan_id, list));
    if (!checkpoint) return undefined;
    return vscode.commands.executeCommand(Commands.rollback, { planId: a.plan.plan_id, checkpointId: checkpoint.checkpoint_id, folder: a.folder.uri.toString() });
  }

  /** The click: a manual checkpoint of the active plan, at once. */
  private async checkpoint(): Promise<string | undefined> {
    const title = RollbackCommandTitles.checkpointActivePlan;
    if (!vscode.workspace.isTrusted) {
      explainRestricted(title);
      return undefined;
    }
    try {
      if (!this.active) await this.refresh();
      const a = this.active;
      if (!a) {
        this.dialogs.info('There is no active plan to checkpoint: create a plan first, or start one.');
        return undefined;
      }
      const { checkpoint, pruned } = await withProgressTitled(vscode.ProgressLocation.Window, 'Creating a checkpoint…', () =>
        a.services.checkpoints.createCheckpoint(a.plan.plan_id, { type: 'manual', reason: 'Manual checkpoint (status bar)', sourceTool: 'vscode' }),
      );
      setStatus(
        `$(check) Checkpoint “${checkpointLabel(checkpoint)}” of “${a.plan.title}” created` + (pruned.length ? `; ${plural(pruned.length, 'older checkpoint')} pruned by the retention policy` : ''),
        5000,
      );
      this.skipped?.warn(checkpoint, a.folder);
      await this.refresh();
      return checkpoint.checkpoint_id;
    } catch (error) {
      this.dialogs.error(error, title);
      return undefined;
    }
  }
}

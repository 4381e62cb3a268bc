import * as vscode from 'vscode';
import { setStatus, shown, shownMarkdown, withProgressTitled } from '../shownText';
import type { WorkspaceServices } from '../../composition';
import { displayText } from '../../core/displayText';
import type { Plan } from '../../core/plan';
import { chooseActivePlan } from './activePlan';
import { explainRestricted } from '../commands/commands';
import { Debouncer } from '../debouncer';
import type { FolderServices } from '../folderServices';
import type { RollbackDialogs } from '../rollback/rollbackDialogs';
import { RollbackCommands, RollbackCommandTitles } from '../rollback/rollbackCommandIds';
import { checkpointLabel, escapeMarkdown } from '../tree/treePresentation';

export type StatusBarFolders = Pick<FolderServices, 'folders' | 'services' | 'databaseExists' | 'onDidChangeDatabase'>;

export interface ActivePlan {
  readonly folder: vscode.WorkspaceFolder;
  readonly services: WorkspaceServices;
  readonly plan: Plan;
  readonly checkpointCount: number;
}

/** Waits this long after activation before the first look (the engine loads then, not during activation). */
export const STATUS_BAR_FIRST_LOOK_MS = 3000;

/** A status-bar item: the active plan and its checkpoint count; a click takes a manual checkpoint. */
export class CheckpointStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('cleveragents.checkpoints.status', vscode.StatusBarAlignment.Left, 40);
  private readonly debouncer = new Debouncer(() => void this.refresh(), 300, 1500);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private active: ActivePlan | undefined;
  private generation = 0;
  private latest: Promise<void> = Promise.resolve();
  private firstLook: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly folders: StatusBarFolders,
    private readonly dialogs: RollbackDialogs,
    private readonly log: { warn(message: string): void },
    options: { firstLookMs?: number } = {},
  ) {
    this.item.name = 'CleverAgents Checkpoints';
    this.item.command = RollbackCommands.checkpointActivePlan;
    this.disposables.push(
      folders.onDidChangeDatabase(() => this.debouncer.schedule()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.debouncer.schedule()),
      vscode.commands.registerCommand(RollbackCommands.checkpointActivePlan, () => this.checkpoint()),
    );
    this.firstLook = setTimeout(() => void this.refresh(), options.firstLookMs ?? STATUS_BAR_FIRST_LOOK_MS);
  }

  get activePlan(): ActivePlan | undefined {
    return this.active;
  }

  /** What the item shows (for tests): undefined when hidden. */
  get text(): string | undefined {
    return this.active ? this.item.text : undefined;
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
    const candidates: { folder: vscode.WorkspaceFolder; services: WorkspaceServices; plan: Plan }[] = [];
    for (const folder of this.folders.folders()) {
      try {
        if (!(await this.folders.databaseExists(folder))) continue;
        const services = await this.folders.services(folder);
        for (const plan of await services.plans.listPlans()) candidates.push({ folder, services, plan });
      } catch (error) {
        this.log.warn(`Status bar: could not read the plans of ${folder.name}: ${String(error)}`);
      }
    }
    const chosen = chooseActivePlan(candidates);
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
    if (!a) {
      this.item.hide();
      return;
    }
    this.item.text = shown(`$(history) ${displayText(a.plan.title, 30)} · ${a.checkpointCount}`);
    const multi = this.folders.folders().length > 1 ? ` in ${escapeMarkdown(a.folder.name)}` : '';
    this.item.tooltip = shownMarkdown(
      `**${escapeMarkdown(a.plan.title)}** (${escapeMarkdown(a.plan.state)})${multi}\n\n` +
        `${a.checkpointCount} checkpoint${a.checkpointCount === 1 ? '' : 's'}\n\nClick to create a manual checkpoint.`,
    );
    this.item.accessibilityInformation = { label: `Checkpoints: plan ${shown(a.plan.title)}, ${a.plan.state}, ${a.checkpointCount} checkpoints. Click to create a manual checkpoint.` };
    this.item.show();
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
      const { checkpoint } = await withProgressTitled(vscode.ProgressLocation.Window, 'Creating a checkpoint…', () =>
        a.services.checkpoints.createCheckpoint(a.plan.plan_id, { type: 'manual', reason: 'Manual checkpoint (status bar)', sourceTool: 'vscode' }),
      );
      setStatus(`$(check) Checkpoint “${checkpointLabel(checkpoint)}” of “${a.plan.title}” created`, 5000);
      await this.refresh();
      return checkpoint.checkpoint_id;
    } catch (error) {
      this.dialogs.error(error, title);
      return undefined;
    }
  }
}

import * as vscode from 'vscode';
import { registerGuardedCommands } from './trustedCommands';
import { resolveCheckpointId } from '../../core/idPrefix';
import { setStatus, showInfo } from '../shownText';
import { withProgress } from '../delayedProgress';
import type { z } from 'zod';
import type { Checkpoint } from '../../core/checkpoint';
import { ValidationError } from '../../core/errors';
import type { Plan } from '../../core/plan';
import {
  CheckpointArgsSchema,
  CreateCheckpointArgsSchema,
  CreatePlanArgsSchema,
  PlanArgsSchema,
  FolderArgsSchema,
  RetentionArgsSchema,
  parseArgs,
} from './commandArgs';
import { AUTO_CHECKPOINTS_SETTING } from '../tree/autoCheckpointsRow';
import { BuiltinCommands, Commands, SETTINGS_SECTION, TRUSTED_ONLY_COMMANDS, type AgentHookCommandName, type CommandName, type DecisionCommandName, type PlanLifecycleCommandName, type RollbackCommandName, type WaysOutCommandName, type AgentChangesCommandName, type RemoteCommandName } from '../commandIds';
import type { CheckpointTree, TreeNode } from '../tree/checkpointTree';
import type { FolderPlan, FolderServices } from '../folderServices';
import type { ErrorReporter } from '../log';
import { askCheckpointReason, askPlanTitle, askRetentionPolicy, askSandbox, confirmDelete, checkpointsSameAsNow, pickCheckpoint, pickPlan, type SandboxChoice } from './prompts';
import { formatBytes } from '../../core/formatBytes';
import type { SkippedFileWarnings } from './skippedWarnings';
import { checkpointLabel } from '../tree/treePresentation';
import { plural } from '../../core/displayText';

export interface CommandDeps {
  readonly folders: FolderServices;
  readonly tree: CheckpointTree;
  readonly view: vscode.TreeView<TreeNode>;
  readonly channel: vscode.LogOutputChannel;
  readonly reporter: ErrorReporter;
  readonly skipped: SkippedFileWarnings;
}

type PlanTarget = FolderPlan;

interface CheckpointTarget extends PlanTarget {
  readonly checkpoint: Checkpoint;
}

const STATUS_MESSAGE_MS = 5000;

/**
 * Registers every command of `Commands`. Each one takes an optional argument: a tree node (from a
 * menu), a plain object (from code; see commandArgs.ts), or nothing (the command palette: it uses
 * the tree's selection, or asks). Failures become error notifications; the command then returns
 * undefined. Commands that create something return its id.
 */
export function registerCommands(deps: CommandDeps): vscode.Disposable {
  const c = new CheckpointCommands(deps);
  const handlers: Record<Exclude<CommandName, RollbackCommandName | DecisionCommandName | PlanLifecycleCommandName | AgentHookCommandName | WaysOutCommandName | AgentChangesCommandName | RemoteCommandName>, (arg: unknown) => Promise<unknown>> = {
    createPlan: (arg) => c.createPlan(arg),
    createCheckpoint: (arg) => c.createCheckpoint(arg),
    refresh: async () => deps.tree.refresh(),
    copyCheckpointId: (arg) => c.copyCheckpointId(arg),
    copyPlanId: (arg) => c.copyPlanId(arg),
    deleteCheckpoint: (arg) => c.deleteCheckpoint(arg),
    setRetentionPolicy: (arg) => c.setRetentionPolicy(arg),
    revealDatabase: (arg) => c.revealDatabase(arg),
    showLog: async () => deps.channel.show(true),
    turnOnAutoCheckpoints: async () => {
      // In the user's settings: a workspace's own settings may switch them on, never off (rollbackSettings.ts).
      await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(AUTO_CHECKPOINTS_SETTING, true, vscode.ConfigurationTarget.Global);
      deps.tree.refresh();
      if (vscode.workspace.isTrusted) {
        setStatus('$(check) Automatic checkpoints are on', STATUS_MESSAGE_MS);
        return;
      }
      // The setting is on, but nothing is taken in Restricted Mode (a checkpoint runs git): said, not left to look broken.
      const manage = 'Manage Workspace Trust';
      const choice = await showInfo('Automatic checkpoints are on, but they start only once you trust this workspace: taking one runs git, and this workspace is in Restricted Mode.', manage);
      if (choice === manage) await vscode.commands.executeCommand(BuiltinCommands.manageTrust);
    },
  };
  const trustedOnly = new Set<CommandName>(TRUSTED_ONLY_COMMANDS);
  return registerGuardedCommands(Object.keys(handlers) as (keyof typeof handlers)[], {
    run: (name, arg) => handlers[name](arg),
    onError: (error, title) => deps.reporter.report(error, title),
    trustedOnly: (name) => trustedOnly.has(name),
  });
}


class CheckpointCommands {
  constructor(private readonly deps: CommandDeps) {}

  async createPlan(arg: unknown): Promise<string | undefined> {
    const node = this.deps.tree.isNode(arg) ? arg : undefined;
    const args = node || arg === undefined ? {} : parseArgs(CreatePlanArgsSchema, arg, Commands.createPlan);
    // A single folder's database is checked before anything is asked: typing a title into a dead end is worse than no question.
    const only = node?.folder ?? (args.folder === undefined && this.deps.folders.folders().length === 1 ? this.deps.folders.folders()[0] : undefined);
    if (only) await this.deps.folders.requireReadable(only);
    const folder = node ? node.folder : await this.chooseFolder(args.folder, 'Workspace folder of the new plan');
    if (!folder) return undefined;
    if (folder !== only) await this.deps.folders.requireReadable(folder);
    const title = args.title ?? (await askPlanTitle());
    if (title === undefined) return undefined;
    let sandbox: SandboxChoice | undefined;
    if (args.sandbox !== undefined || args.isolated !== undefined) sandbox = { sandbox: args.sandbox, isolated: args.isolated };
    else sandbox = args.title !== undefined ? {} : await askSandbox(folder);
    if (!sandbox) return undefined;
    const services = await this.deps.folders.services(folder);
    const plan = await withProgress(`Creating the plan “${title}”…`, () => services.plans.createPlan({ title, ...sandbox }));
    // Its first checkpoint now: the state before any work is what a first rollback goes back to,
    // and automatic checkpoints then only read what changed since.
    const first = await withProgress(`Taking the first checkpoint of “${plan.title}”…`, () =>
      services.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'Plan created', sourceTool: 'vscode' }),
    );
    this.deps.skipped.warn(first.checkpoint, folder);
    setStatus(`$(check) Plan “${plan.title}” created, with its first checkpoint`, STATUS_MESSAGE_MS);
    await this.show(folder, plan.plan_id);
    return plan.plan_id;
  }

  async createCheckpoint(arg: unknown): Promise<string | undefined> {
    let target: PlanTarget | undefined;
    let reason: string | undefined;
    const interactive = arg === undefined || this.deps.tree.isNode(arg);
    if (this.deps.tree.isNode(arg)) {
      target = await this.planOfNode(arg);
    } else if (arg !== undefined) {
      const args = parseArgs(CreateCheckpointArgsSchema, arg, Commands.createCheckpoint);
      target = await this.deps.folders.findPlan(args.planId, this.folderArg(args.folder));
      reason = args.reason;
    }
    target ??= (await this.selectedPlan(true)) ?? (await this.pickPlan('Plan to checkpoint', (p) => p.state !== 'applied'));
    if (!target) return undefined;
    if (interactive) {
      reason = await askCheckpointReason(target.plan);
      if (reason === undefined) return undefined;
    }
    const { plan, services } = target;
    const { checkpoint, pruned } = await withProgress(`Creating a checkpoint of “${plan.title}”…`, () =>
      services.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: reason || undefined, sourceTool: 'vscode' }),
    );
    const files = checkpoint.metadata.file_count;
    setStatus(
      `$(check) Checkpoint “${checkpointLabel(checkpoint)}” created: ${files ?? '?'} files, ${formatBytes(checkpoint.size_bytes)}` +
        (pruned.length ? `; ${plural(pruned.length, 'older checkpoint')} pruned by the retention policy` : ''),
      STATUS_MESSAGE_MS,
    );
    this.deps.skipped.warn(checkpoint, target.folder);
    await this.show(target.folder, plan.plan_id, checkpoint.checkpoint_id);
    return checkpoint.checkpoint_id;
  }

  async copyCheckpointId(arg: unknown): Promise<string | undefined> {
    const target = await this.checkpointTarget(arg, 'Checkpoint whose ID to copy', Commands.copyCheckpointId);
    if (!target) return undefined;
    await vscode.env.clipboard.writeText(target.checkpoint.checkpoint_id);
    setStatus(`$(copy) Copied the checkpoint ID ${target.checkpoint.checkpoint_id}`, STATUS_MESSAGE_MS);
    return target.checkpoint.checkpoint_id;
  }

  /** The plan's whole id on the clipboard; the CLI takes it, or any unique prefix of it. */
  async copyPlanId(arg: unknown): Promise<string | undefined> {
    let target: PlanTarget | undefined;
    if (this.deps.tree.isNode(arg)) target = await this.planOfNode(arg);
    else if (arg !== undefined) {
      const given = parseArgs(PlanArgsSchema, arg, Commands.copyPlanId);
      target = await this.deps.folders.findPlan(given.planId, this.folderArg(given.folder));
    }
    target ??= (await this.selectedPlan(false)) ?? (await this.pickPlan('Plan whose ID to copy', () => true));
    if (!target) return undefined;
    await vscode.env.clipboard.writeText(target.plan.plan_id);
    setStatus(`$(copy) Copied the plan ID ${target.plan.plan_id}`, STATUS_MESSAGE_MS);
    return target.plan.plan_id;
  }

  async deleteCheckpoint(arg: unknown): Promise<void> {
    const target = await this.checkpointTarget(arg, 'Checkpoint to delete', Commands.deleteCheckpoint);
    if (!target) return;
    const skip = !this.deps.tree.isNode(arg) && arg !== undefined && parseArgs(CheckpointArgsSchema, arg, Commands.deleteCheckpoint).skipConfirmation === true;
    if (!skip && !(await confirmDelete(target.checkpoint, target.plan))) return;
    await withProgress('Deleting the checkpoint…', () => target.services.checkpoints.deleteCheckpoint(target.plan.plan_id, target.checkpoint.checkpoint_id));
    setStatus(`$(trash) Checkpoint “${checkpointLabel(target.checkpoint)}” deleted`, STATUS_MESSAGE_MS);
    this.deps.tree.refresh();
  }

  async setRetentionPolicy(arg: unknown): Promise<void> {
    let target: PlanTarget | undefined;
    let given: z.output<typeof RetentionArgsSchema> | undefined;
    if (this.deps.tree.isNode(arg)) {
      target = await this.planOfNode(arg);
    } else if (arg !== undefined) {
      given = parseArgs(RetentionArgsSchema, arg, Commands.setRetentionPolicy);
      target = await this.deps.folders.findPlan(given.planId, this.folderArg(given.folder));
    }
    target ??= (await this.selectedPlan(true)) ?? (await this.pickPlan('Plan whose retention policy to set', (p) => p.state !== 'applied'));
    if (!target) return;
    const policy = given
      ? { max_checkpoints: given.maxCheckpoints ?? target.plan.retention.max_checkpoints, auto_prune: given.autoPrune ?? target.plan.retention.auto_prune }
      : await askRetentionPolicy(target.plan);
    if (!policy) return;
    const plan = await target.services.plans.setRetentionPolicy(target.plan.plan_id, policy);
    const count = (await target.services.checkpoints.listCheckpoints(plan.plan_id)).length;
    const later = plan.retention.auto_prune && count > plan.retention.max_checkpoints ? ' The extra checkpoints go when the next one is made.' : '';
    setStatus(
      `$(check) “${plan.title}” keeps at most ${plan.retention.max_checkpoints} checkpoints${plan.retention.auto_prune ? ', pruned automatically' : ', never pruned'}.${later}`,
      STATUS_MESSAGE_MS,
    );
    this.deps.tree.refresh();
  }

  async revealDatabase(arg: unknown): Promise<void> {
    const node = this.deps.tree.isNode(arg) ? arg : undefined;
    const args = node || arg === undefined ? {} : parseArgs(FolderArgsSchema, arg, Commands.revealDatabase);
    const folder = node ? node.folder : await this.chooseFolder(args.folder, 'Workspace folder whose database to reveal');
    if (!folder) return;
    const uri = this.deps.folders.databaseUri(folder);
    if (!(await this.deps.folders.databaseExists(folder))) {
      const create = 'Create Plan';
      const relative = this.deps.folders.settings(folder).databasePath;
      void showInfo(`There is no checkpoint database at ${relative} in “${folder.name}” yet: the first plan creates it.`, create).then((choice) => {
        if (choice === create) void vscode.commands.executeCommand(Commands.createPlan, { folder: folder.uri.toString() });
      });
      return;
    }
    await vscode.commands.executeCommand(BuiltinCommands.revealInExplorer, uri);
  }

  /** Refreshes the tree and, when it is visible, selects what was just made. */
  private async show(folder: vscode.WorkspaceFolder, planId: string, checkpointId?: string): Promise<void> {
    this.deps.tree.refresh();
    if (!this.deps.view.visible) return;
    try {
      const node = await this.deps.tree.findNode(folder, planId, checkpointId);
      if (node) await this.deps.view.reveal(node, { select: true, focus: false, expand: checkpointId === undefined });
    } catch (error) {
      this.deps.channel.debug(`Could not reveal ${checkpointId ?? planId}: ${String(error)}`);
    }
  }

  private async planOfNode(node: TreeNode): Promise<PlanTarget | undefined> {
    if (node.kind !== 'plan' && node.kind !== 'checkpoint') return undefined;
    return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
  }

  /** The plan of the tree's selected row, if any (with `skipApplied`, only a plan not applied). */
  private async selectedPlan(skipApplied: boolean): Promise<PlanTarget | undefined> {
    const node = this.deps.view.selection[0];
    if (!node || (node.kind !== 'plan' && node.kind !== 'checkpoint')) return undefined;
    if (skipApplied && node.plan.state === 'applied') return undefined;
    return this.planOfNode(node);
  }

  private async checkpointTarget(arg: unknown, placeHolder: string, command: string): Promise<CheckpointTarget | undefined> {
    let node: TreeNode | undefined;
    if (this.deps.tree.isNode(arg)) node = arg;
    else if (arg !== undefined) {
      const args = parseArgs(CheckpointArgsSchema, arg, command);
      const found = await this.deps.folders.findPlan(args.planId, this.folderArg(args.folder));
      const planId = found.plan.plan_id;
      return { ...found, checkpoint: await found.services.checkpoints.getCheckpoint(planId, await resolveCheckpointId(found.services.checkpoints, planId, args.checkpointId)) };
    } else node = this.deps.view.selection[0];
    if (node?.kind === 'checkpoint') {
      const found = await this.deps.folders.findPlan(node.plan.plan_id, node.folder);
      return { ...found, checkpoint: await found.services.checkpoints.getCheckpoint(node.plan.plan_id, node.checkpoint.checkpoint_id) };
    }
    const plan = node?.kind === 'plan' ? await this.planOfNode(node) : await this.pickPlan('Plan of the checkpoint', () => true);
    if (!plan) return undefined;
    const checkpoints = await plan.services.checkpoints.listCheckpoints(plan.plan.plan_id);
    if (checkpoints.length === 0) {
      void showInfo(`The plan “${plan.plan.title}” has no checkpoints.`);
      return undefined;
    }
    const checkpoint = await pickCheckpoint(checkpoints, placeHolder, await checkpointsSameAsNow(plan.services.checkpoints, plan.plan.plan_id, checkpoints));
    return checkpoint ? { ...plan, checkpoint } : undefined;
  }

  /** Asks for one of the plans of all folders that pass `filter`, newest first. */
  private async pickPlan(placeHolder: string, filter: (plan: Plan) => boolean): Promise<PlanTarget | undefined> {
    const choices = await this.deps.folders.planChoices(filter);
    if (choices.length === 0) {
      const create = 'Create Plan';
      void showInfo('There is no plan to choose: create a plan first.', create).then((choice) => {
        if (choice === create) void vscode.commands.executeCommand(Commands.createPlan);
      });
      return undefined;
    }
    return pickPlan(choices, placeHolder);
  }

  private async chooseFolder(given: string | undefined, placeHolder: string): Promise<vscode.WorkspaceFolder | undefined> {
    if (given !== undefined) return this.folderArg(given);
    const folders = this.deps.folders.folders();
    if (folders.length === 0) {
      void showInfo('Open a folder first: plans and checkpoints live in a workspace folder.');
      return undefined;
    }
    if (folders.length === 1) return folders[0];
    return vscode.window.showWorkspaceFolderPick({ placeHolder, ignoreFocusOut: true });
  }

  /** A folder named by an argument: its URI, its path or its name. */
  private folderArg(given: string | undefined): vscode.WorkspaceFolder | undefined {
    if (given === undefined) return undefined;
    const found = this.deps.folders.folders().find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
    if (!found) throw new ValidationError(`"${given}" is not a workspace folder`);
    return found;
  }
}

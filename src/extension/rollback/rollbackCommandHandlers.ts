import * as vscode from 'vscode';
import { explainRestricted } from '../commands/trustedCommands';
import * as z from 'zod';
import type { WorkspaceServices } from '../../composition';
import type { Checkpoint } from '../../core/checkpoint';
import { resolveCheckpointId } from '../../core/idPrefix';
import type { Plan } from '../../core/plan';
import type { RollbackOutcome } from '../../core/rollbackResult';
import { undoRequest } from '../../core/safetyCheckpoints';
import type { PanelState } from '../../webview/protocol';
import { parseArgs } from '../commands/commandArgs';
import { checkpointsSameAsNow, pickCheckpoint, pickPlan } from '../commands/prompts';
import { folderNamed, type FolderPlan } from '../folderServices';
import type { TreeNode } from '../tree/checkpointTree';
import { pickScope } from './keepMineChoices';
import { PRESERVE_FOCUS, RollbackCommands, RollbackCommandTitles } from './rollbackCommandIds';
import { ROLLBACK_CONTROLLER_COMMAND_NAMES } from '../commandIds';
import { reportingErrors, type RollbackDialogs } from './rollbackDialogs';
import { CompareArgsSchema, RollbackArgsSchema, UndoArgsSchema, type RollbackRequest } from './rollbackRequests';
import type { CheckpointTarget, RollbackFolders, TreeAccess } from './rollbackTarget';

// The rollback commands of the palette, the menus and code: each finds its checkpoint (a tree row,
// arguments, the selection, or a pick) and hands it to the controller's operations.

/** What the commands ask of the controller (RollbackController). */
export interface RollbackOperations {
  rollback(t: CheckpointTarget, request: RollbackRequest): Promise<RollbackOutcome | undefined>;
  compareWithCurrent(t: CheckpointTarget, preserveFocus?: boolean): Promise<PanelState>;
  compareWithPrevious(t: CheckpointTarget): Promise<PanelState | undefined>;
  lastSafetyCheckpoint(services: WorkspaceServices, planId: string): Promise<Checkpoint | undefined>;
  target(planId: string, checkpointId: string, folder?: string | vscode.WorkspaceFolder, undoing?: boolean): Promise<CheckpointTarget>;
}

export interface RollbackCommandDeps {
  readonly folders: RollbackFolders;
  readonly dialogs: RollbackDialogs;
  /** Whether to ask before a rollback (the `rollback.confirm` setting). */
  readonly confirmByDefault: () => boolean;
  readonly tree?: TreeAccess;
}

export class RollbackCommandHandlers {
  constructor(
    private readonly ops: RollbackOperations,
    private readonly deps: RollbackCommandDeps,
  ) {}

  /** Registers the commands; each reports its failure as an error notification and returns undefined. */
  register(): vscode.Disposable {
    const handlers: Record<(typeof ROLLBACK_CONTROLLER_COMMAND_NAMES)[number], (arg: unknown, extra?: unknown) => Promise<unknown>> = {
      rollback: (arg) => this.rollbackCommand(arg),
      rollbackAgentOnly: (arg) => this.rollbackCommand(arg, true),
      undoRollback: (arg) => this.undoCommand(arg),
      compareWithCurrent: async (arg, extra) => {
        const t = await this.resolveTarget(arg, RollbackCommands.compareWithCurrent, 'Checkpoint to compare with the sandbox as it is now', () => true);
        return t ? this.ops.compareWithCurrent(t, extra === PRESERVE_FOCUS) : undefined;
      },
      compareWithPrevious: async (arg) => {
        const t = await this.resolveTarget(arg, RollbackCommands.compareWithPrevious, 'Checkpoint to compare with the one before it', () => true);
        return t ? this.ops.compareWithPrevious(t) : undefined;
      },
    };
    return vscode.Disposable.from(
      ...ROLLBACK_CONTROLLER_COMMAND_NAMES.map((name) =>
        vscode.commands.registerCommand(RollbackCommands[name], async (arg?: unknown, extra?: unknown) => {
          if (!vscode.workspace.isTrusted) {
            explainRestricted(RollbackCommandTitles[name]);
            return undefined;
          }
          return reportingErrors(this.deps.dialogs, RollbackCommandTitles[name], () => handlers[name](arg, extra));
        }),
      ),
    );
  }

  /** Roll Back to Checkpoint, or with `agentOnly` Undo Agent Changes Since Here (Keep Mine). */
  private async rollbackCommand(arg: unknown, agentOnly = false): Promise<unknown> {
    const command = agentOnly ? RollbackCommands.rollbackAgentOnly : RollbackCommands.rollback;
    const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? parseArgs(RollbackArgsSchema, arg, command) : undefined;
    const t = await this.resolveTarget(arg, command, agentOnly ? 'Checkpoint since which to undo the agent’s changes' : 'Checkpoint to roll back to', (p) => p.state !== 'applied');
    if (!t) return undefined;
    const scope = agentOnly ? (given?.scope ?? (await pickScope(this.deps.dialogs, t))) : undefined;
    if (agentOnly && scope === undefined) return undefined;
    const outcome = await this.ops.rollback(t, {
      confirm: given?.skipConfirmation ? false : this.deps.confirmByDefault(),
      interactive: true,
      undo: false,
      showPanel: true,
      agentOnly,
      ...(scope ? { scope } : {}),
      ...(agentOnly && given?.conflicts ? { conflicts: given.conflicts } : {}),
    });
    return outcome ? plainOutcome(outcome) : undefined;
  }

  private async undoCommand(arg: unknown): Promise<unknown> {
    let plan: { folder: vscode.WorkspaceFolder; services: WorkspaceServices; plan: Plan } | undefined;
    let checkpointId: string | undefined;
    let skip = false;
    if (this.deps.tree?.isNode(arg)) {
      const node = arg;
      if (node.kind !== 'plan' && node.kind !== 'checkpoint') return undefined;
      plan = await this.deps.folders.findPlan(node.plan.plan_id, node.folder);
    } else if (arg !== undefined) {
      const args = parseArgs(UndoArgsSchema, arg, RollbackCommands.undoRollback);
      plan = await this.deps.folders.findPlan(args.planId, folderNamed(this.deps.folders.folders(), args.folder));
      checkpointId = args.checkpointId;
      skip = args.skipConfirmation === true;
    } else {
      plan = await this.pickPlanTarget('Plan whose last rollback to undo', (p) => p.state !== 'applied');
    }
    if (!plan) return undefined;
    const checkpoint = checkpointId
      ? await plan.services.checkpoints.getCheckpoint(plan.plan.plan_id, await resolveCheckpointId(plan.services.checkpoints, plan.plan.plan_id, checkpointId))
      : await this.ops.lastSafetyCheckpoint(plan.services, plan.plan.plan_id);
    if (!checkpoint) {
      this.deps.dialogs.info(`The plan “${plan.plan.title}” has no rollback to undo.`);
      return undefined;
    }
    const how = undoRequest(checkpoint, skip ? false : this.deps.confirmByDefault());
    const outcome = await this.ops.rollback({ ...plan, checkpoint }, { ...how, interactive: true, showPanel: true });
    return outcome ? plainOutcome(outcome) : undefined;
  }

  /** A checkpoint from a tree node, from arguments, from the tree's selection, or asked for. */
  async resolveTarget(arg: unknown, command: string, placeHolder: string, planFilter: (plan: Plan) => boolean): Promise<CheckpointTarget | undefined> {
    let node: TreeNode | undefined;
    // A row the command was run on is taken as it is (a refused rollback then says why); the
    // selection, when the command comes from the palette, only if it passes the filter.
    if (this.deps.tree?.isNode(arg)) {
      if (arg.kind === 'checkpoint') return this.ops.target(arg.plan.plan_id, arg.checkpoint.checkpoint_id, arg.folder);
      node = arg;
    } else if (arg !== undefined) {
      const args = parseArgs(CompareArgsSchema.extend({ skipConfirmation: z.boolean().optional() }).strict(), arg, command);
      return this.ops.target(args.planId, args.checkpointId, args.folder);
    } else node = this.deps.tree?.selection()[0];
    if (node?.kind === 'checkpoint' && planFilter(node.plan)) return this.ops.target(node.plan.plan_id, node.checkpoint.checkpoint_id, node.folder);
    const plan = node?.kind === 'plan' && planFilter(node.plan) ? await this.deps.folders.findPlan(node.plan.plan_id, node.folder) : await this.pickPlanTarget('Plan of the checkpoint', planFilter);
    if (!plan) return undefined;
    const checkpoints = await plan.services.checkpoints.listCheckpoints(plan.plan.plan_id);
    if (checkpoints.length === 0) {
      this.deps.dialogs.info(`The plan “${plan.plan.title}” has no checkpoints.`);
      return undefined;
    }
    const checkpoint = await pickCheckpoint(checkpoints, placeHolder, await checkpointsSameAsNow(plan.services.checkpoints, plan.plan.plan_id, checkpoints));
    return checkpoint ? { ...plan, checkpoint } : undefined;
  }

  private async pickPlanTarget(placeHolder: string, filter: (plan: Plan) => boolean): Promise<FolderPlan | undefined> {
    const choices = await this.deps.folders.planChoices(filter);
    if (choices.length === 0) {
      this.deps.dialogs.info('There is no plan to choose (applied plans cannot be rolled back).');
      return undefined;
    }
    return pickPlan(choices, placeHolder);
  }
}

/** What the command returns to code: the outcome as plain data. */
function plainOutcome(o: RollbackOutcome): RollbackOutcome {
  return { plan_id: o.plan_id, result: { ...o.result, changed_paths: o.result.changed_paths.map((c) => ({ ...c })) }, undo_checkpoint_id: o.undo_checkpoint_id, elapsed_seconds: o.elapsed_seconds };
}

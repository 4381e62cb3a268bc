import * as vscode from 'vscode';
import { registerGuardedCommands } from '../commands/trustedCommands';
import * as z from 'zod';
import { ApplyConflictError, ValidationError } from '../../core/errors';
import { IdOrPrefixSchema } from '../../core/idPrefix';
import type { Plan } from '../../core/plan';
import type { DeletedPlan } from '../../core/planService';
import type { PathChange } from '../../core/rollbackResult';
import { CommandTitles, Commands, type PlanLifecycleCommandName } from '../commandIds';
import { ACTION_OF, commandFits } from './commandFits';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../../core/planLifecycle';
import { parseArgs } from '../commands/commandArgs';
import { pickPlan } from '../commands/prompts';
import { withProgress } from '../delayedProgress';
import type { FolderPlan, FolderServices } from '../folderServices';
import type { TreeAccess } from '../rollback/rollbackCommands';
import type { RollbackDialogs } from '../rollback/rollbackDialogs';
import { setStatus } from '../shownText';
import { plural } from '../../core/displayText';
import {
  APPLY,
  DELETE_PLAN,
  MARK_APPLIED,
  actionProgress,
  applyConfirmation,
  deleteConfirmation,
  deletedStatus,
  markAppliedConfirmation,
  stateChangedStatus,
} from './planLifecycleText';

export type LifecycleFolders = Pick<FolderServices, 'folders' | 'findPlan' | 'planChoices'>;

export interface PlanLifecycleDeps {
  readonly folders: LifecycleFolders;
  readonly dialogs: RollbackDialogs;
  readonly tree?: TreeAccess;
  /** Called after every change: the tree and the status bar show it at once. */
  readonly changed: () => void;
  /** Counts the files of an isolated sandbox for the delete dialog (undefined: not shown). */
  readonly countFiles?: (folder: vscode.WorkspaceFolder, relative: string) => Promise<number | undefined>;
}

/** What code may pass to the lifecycle commands. */
export const PlanLifecycleArgsSchema = z
  .object({
    folder: z.string().min(1).max(4096).optional(),
    planId: IdOrPrefixSchema,
    /** Apply, Mark Applied and Delete Plan without their modal (for callers that asked the user themselves). */
    skipConfirmation: z.boolean().optional(),
  })
  .strict();

const STATUS_MESSAGE_MS = 5000;

/** How long after a start another Start of the same plan is taken as the same click, not refused. */
const JUST_STARTED_MS = 10_000;

/**
 * Start, Complete, Mark Failed, Cancel, Mark Applied, Apply and Delete Plan, from the tree's rows,
 * the palette and the API. Every rule is the core's (planLifecycle.ts): a refused change says why.
 */
export class PlanLifecycleController {
  /** Starts under way, by plan: a second click joins the first instead of failing. */
  private readonly starting = new Map<string, Promise<Plan>>();

  constructor(private readonly deps: PlanLifecycleDeps) {}

  async changeState(t: FolderPlan, action: LifecycleAction): Promise<Plan> {
    if (action === 'start') {
      // A double click on the row's Start: the second one sees the plan executing (or about to be).
      const under = this.starting.get(t.plan.plan_id);
      if (under) return under;
      if (t.plan.state === 'executing' && Date.now() - Date.parse(t.plan.updated_at) < JUST_STARTED_MS) return t.plan;
      const started = this.setState(t, action).finally(() => this.starting.delete(t.plan.plan_id));
      this.starting.set(t.plan.plan_id, started);
      return started;
    }
    return this.setState(t, action);
  }

  private async setState(t: FolderPlan, action: LifecycleAction): Promise<Plan> {
    const plan = await withProgress(actionProgress(action, t.plan.title), () => t.services.plans.setState(t.plan.plan_id, LIFECYCLE_ACTIONS[action]));
    setStatus(`$(check) ${stateChangedStatus(plan, t.plan.state)}`, STATUS_MESSAGE_MS);
    this.deps.changed();
    return plan;
  }

  /** Apply (isolated) or Mark Applied (in place), after the modal unless `confirm` is false; undefined when declined. */
  async apply(t: FolderPlan, confirm: boolean): Promise<{ plan: Plan; changes: PathChange[] } | undefined> {
    if (confirm) {
      const preview = await t.services.plans.previewApply(t.plan.plan_id);
      // Applying would refuse anyway: say so now rather than ask first.
      if (preview.conflicts.length > 0) throw new ApplyConflictError(preview.conflicts);
      const inPlace = t.plan.sandbox_kind === 'in_place';
      const text = inPlace
        ? markAppliedConfirmation(t.plan, (await t.services.checkpoints.listCheckpoints(t.plan.plan_id)).length)
        : applyConfirmation(t.plan, preview.changes);
      const action = inPlace ? MARK_APPLIED : APPLY;
      if ((await this.deps.dialogs.confirm(text.message, text.detail, [action])) !== action) return undefined;
    }
    const result = await withProgress(`Applying “${t.plan.title}”…`, () => t.services.plans.applyPlan(t.plan.plan_id));
    setStatus(
      `$(verified-filled) “${result.plan.title}” applied` + (t.plan.sandbox_kind === 'isolated' ? `: ${plural(result.changes.length, 'file')} changed in the workspace` : ''),
      STATUS_MESSAGE_MS,
    );
    this.deps.changed();
    return result;
  }

  /** Deletes the plan after the modal unless `confirm` is false; undefined when declined. */
  async delete(t: FolderPlan, confirm: boolean): Promise<DeletedPlan | undefined> {
    if (confirm) {
      // The preview refuses as the delete would (an interrupted operation) before anything is asked.
      const { plan, checkpoints } = await t.services.plans.previewDelete(t.plan.plan_id);
      const files = plan.sandbox_kind === 'isolated' ? await this.deps.countFiles?.(t.folder, plan.sandbox_path) : undefined;
      const text = deleteConfirmation(plan, checkpoints, new Date(), files);
      if ((await this.deps.dialogs.confirm(text.message, text.detail, [DELETE_PLAN])) !== DELETE_PLAN) return undefined;
    }
    const deleted = await withProgress(`Deleting “${t.plan.title}”…`, () => t.services.plans.deletePlan(t.plan.plan_id));
    setStatus(`$(trash) ${deletedStatus(deleted.plan, deleted.checkpointIds.length)}`, STATUS_MESSAGE_MS);
    this.deps.changed();
    return deleted;
  }

  registerCommands(): vscode.Disposable {
    const names = Object.keys(COMMAND_PLACEHOLDERS) as PlanLifecycleCommandName[];
    return registerGuardedCommands(names, { run: (name, arg) => this.run(name, arg), onError: (error, title) => this.deps.dialogs.error(error, title) });
  }

  /** Runs one command; returns plain data to code that ran it (the plan, the apply or the delete). */
  private async run(name: PlanLifecycleCommandName, arg: unknown): Promise<unknown> {
    const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? parseArgs(PlanLifecycleArgsSchema, arg, Commands[name]) : undefined;
    const t = await this.target(name, arg, given);
    if (!t) return undefined;
    const confirm = given?.skipConfirmation !== true;
    const action = ACTION_OF[name];
    if (action) return { ...(await this.changeState(t, action)) };
    if (name === 'deletePlan') {
      const deleted = await this.delete(t, confirm);
      return deleted && { plan_id: deleted.plan.plan_id, checkpoint_ids: [...deleted.checkpointIds], removed_sandbox: deleted.removedSandbox };
    }
    // Apply and Mark Applied are one operation of the core; each command says which kind it expects.
    const expected = name === 'applyPlan' ? 'isolated' : 'in_place';
    if (t.plan.sandbox_kind !== expected) {
      throw new ValidationError(
        expected === 'isolated'
          ? `the plan “${t.plan.title}” works in place: its changes are already in the folder; use ${CommandTitles.markPlanApplied}`
          : `the plan “${t.plan.title}” works in an isolated copy; use ${CommandTitles.applyPlan} to bring its changes into the workspace`,
      );
    }
    const applied = await this.apply(t, confirm);
    return applied && { plan: { ...applied.plan }, changes: applied.changes.map((c) => ({ path: c.path, change: c.change })) };
  }

  /** The plan of a row (as it is: a refusal then says why), of arguments, of the selection when it fits, or asked for among those that fit. */
  private async target(name: PlanLifecycleCommandName, arg: unknown, given: z.output<typeof PlanLifecycleArgsSchema> | undefined): Promise<FolderPlan | undefined> {
    if (this.deps.tree?.isNode(arg)) {
      if (arg.kind !== 'plan' && arg.kind !== 'checkpoint') return undefined;
      return this.deps.folders.findPlan(arg.plan.plan_id, arg.folder);
    }
    if (given) return this.deps.folders.findPlan(given.planId, this.folderArg(given.folder));
    const node = this.deps.tree?.selection()[0];
    if ((node?.kind === 'plan' || node?.kind === 'checkpoint') && commandFits(name, node.plan)) return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
    const choices = await this.deps.folders.planChoices((p) => commandFits(name, p));
    if (choices.length === 0) {
      this.deps.dialogs.info(`No plan can be chosen for “${CommandTitles[name]}”: ${COMMAND_PLACEHOLDERS[name].none}.`);
      return undefined;
    }
    return pickPlan(choices, COMMAND_PLACEHOLDERS[name].pick);
  }

  private folderArg(given: string | undefined): vscode.WorkspaceFolder | undefined {
    if (given === undefined) return undefined;
    const found = this.deps.folders.folders().find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
    if (!found) throw new ValidationError(`"${given}" is not a workspace folder`);
    return found;
  }
}

/** What the quick pick asks, and why it may have nothing to offer. */
const COMMAND_PLACEHOLDERS: Record<PlanLifecycleCommandName, { pick: string; none: string }> = {
  startPlan: { pick: 'Plan to start (draft, failed or completed)', none: 'only a draft, failed or completed plan can start' },
  completePlan: { pick: 'Executing plan to mark completed', none: 'no plan is executing' },
  failPlan: { pick: 'Executing plan to mark failed', none: 'no plan is executing' },
  cancelPlan: { pick: 'Plan to cancel', none: 'every plan is applied or cancelled already' },
  markPlanApplied: { pick: 'In-place plan to mark applied', none: 'no plan working in place is open' },
  applyPlan: { pick: 'Isolated plan whose changes to apply to the workspace', none: 'no plan with an isolated copy is open' },
  deletePlan: { pick: 'Plan to delete, with its checkpoints', none: 'there are no plans' },
  endSession: { pick: 'Agent session to end', none: 'no agent session is active' },
};

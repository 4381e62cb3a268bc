import * as vscode from 'vscode';
import { registerGuardedCommands } from '../commands/trustedCommands';
import { UnreadableDatabaseError } from '../../core/errors';
import { Commands } from '../commandIds';
import { FolderArgsSchema, PlanArgsSchema, parseArgs } from '../commands/commandArgs';
import { pickPlan } from '../commands/prompts';
import { withProgress } from '../delayedProgress';
import { folderNamed, type FolderPlan, type FolderServices } from '../folderServices';
import type { TreeAccess, WriteSuppressor } from '../rollback/rollbackCommands';
import type { RollbackDialogs } from '../rollback/rollbackDialogs';
import { setStatus } from '../shownText';
import { plural } from '../../core/displayText';
import { checkpointLabel } from '../tree/treePresentation';
import { MOVE_ASIDE, RECREATE_SANDBOX, moveAsideConfirmation, recreateConfirmation } from './waysOutText';
import * as z from 'zod';

export type WaysOutFolders = Pick<FolderServices, 'folders' | 'findPlan' | 'planChoices' | 'services' | 'unreadable' | 'moveDatabaseAside' | 'settings'>;

export interface WaysOutDeps {
  readonly folders: WaysOutFolders;
  readonly dialogs: RollbackDialogs;
  readonly tree?: TreeAccess;
  /** Keeps automatic checkpoints from reacting to the recreated files. */
  readonly writes?: WriteSuppressor;
  /** Called after every change: the tree, the status bar and automatic checkpoints see it at once. */
  readonly changed: () => void;
}

const STATUS_MESSAGE_MS = 5000;

const RecreateArgsSchema = PlanArgsSchema.extend({ skipConfirmation: z.boolean().optional() }).strict();
const MoveAsideArgsSchema = FolderArgsSchema.extend({ skipConfirmation: z.boolean().optional() }).strict();

/**
 * The ways out of two dead ends: a plan whose isolated sandbox folder was deleted (Recreate
 * Sandbox from Checkpoint) and a database that cannot be read (Move Aside and Start Fresh). Both
 * write files: refused in Restricted Mode, asked before, and said after.
 */
export class WaysOut {
  constructor(private readonly deps: WaysOutDeps) {}

  registerCommands(): vscode.Disposable {
    const handlers = {
      recreateSandbox: (arg: unknown) => this.recreateSandbox(arg),
      moveDatabaseAside: (arg: unknown) => this.moveDatabaseAside(arg),
    } as const;
    return registerGuardedCommands(Object.keys(handlers) as (keyof typeof handlers)[], {
      run: (name, arg) => handlers[name](arg),
      onError: (error, title) => this.deps.dialogs.error(error, title),
    });
  }

  /** Recreates a missing isolated sandbox from the plan's newest checkpoint; returns that checkpoint's id, or undefined when declined. */
  async recreateSandbox(arg: unknown): Promise<string | undefined> {
    const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? parseArgs(RecreateArgsSchema, arg, Commands.recreateSandbox) : undefined;
    const t = await this.planTarget(arg, given);
    if (!t) return undefined;
    const { plan, services } = t;
    const checkpoints = await services.checkpoints.listCheckpoints(plan.plan_id);
    const newest = checkpoints.at(-1);
    if (given?.skipConfirmation !== true) {
      // Refusals that need no question come first: the service would refuse these after the modal.
      if (!(await services.checkpoints.sandboxMissing(plan.plan_id))) {
        this.deps.dialogs.info(`The sandbox of “${plan.title}” is there: nothing to recreate. Roll back to a checkpoint to change its files.`);
        return undefined;
      }
      if (!newest) {
        this.deps.dialogs.info(`“${plan.title}” has no checkpoint to recreate its sandbox from. Cancel the plan, or delete it.`);
        return undefined;
      }
      const text = recreateConfirmation(plan, newest, new Date());
      if ((await this.deps.dialogs.confirm(text.message, text.detail, [RECREATE_SANDBOX])) !== RECREATE_SANDBOX) return undefined;
    }
    const work = () => withProgress(`Recreating the sandbox of “${plan.title}”…`, () => services.sandboxes.recreateSandbox(plan.plan_id));
    const done = this.deps.writes ? await this.deps.writes.suppress(plan.plan_id, work) : await work();
    setStatus(`$(check) Sandbox of “${plan.title}” recreated from “${checkpointLabel(done.checkpoint)}”: ${plural(done.restored_files_count, 'path')}`, STATUS_MESSAGE_MS);
    this.deps.changed();
    return done.checkpoint.checkpoint_id;
  }

  /** Moves a folder's unreadable database aside; returns the new file's path, or undefined when declined or not needed. */
  async moveDatabaseAside(arg: unknown): Promise<string | undefined> {
    const node = this.deps.tree?.isNode(arg) ? arg : undefined;
    const given = node || arg === undefined ? undefined : parseArgs(MoveAsideArgsSchema, arg, Commands.moveDatabaseAside);
    const folders = this.deps.folders.folders();
    let folder = node?.folder ?? folderNamed(folders, given?.folder);
    let problem: UnreadableDatabaseError | undefined;
    if (folder) problem = await this.deps.folders.unreadable(folder);
    else {
      // The palette: the folders whose database cannot be read; asked only when there are several.
      const found: { folder: vscode.WorkspaceFolder; problem: UnreadableDatabaseError }[] = [];
      for (const f of folders) {
        const p = await this.deps.folders.unreadable(f).catch(() => undefined);
        if (p) found.push({ folder: f, problem: p });
      }
      const chosen = found.length <= 1 ? found[0] : await pickFolder(found);
      folder = chosen?.folder;
      problem = chosen?.problem;
      if (found.length > 1 && !chosen) return undefined;
    }
    if (!folder || !problem) {
      this.deps.dialogs.info('Every checkpoint database of this window can be read: nothing to move aside.');
      return undefined;
    }
    const relative = this.deps.folders.settings(folder).databasePath;
    if (given?.skipConfirmation !== true) {
      const text = moveAsideConfirmation(folder.name, relative, problem.message);
      if ((await this.deps.dialogs.confirm(text.message, text.detail, [MOVE_ASIDE])) !== MOVE_ASIDE) return undefined;
    }
    const moved = await this.deps.folders.moveDatabaseAside(folder);
    const name = moved.split(/[\\/]/).pop() ?? moved;
    this.deps.dialogs.info(`The unreadable database of “${folder.name}” was renamed to ${name}, beside where it was. The next plan starts a new database.`);
    this.deps.changed();
    return moved;
  }

  private async planTarget(arg: unknown, given: z.output<typeof RecreateArgsSchema> | undefined): Promise<FolderPlan | undefined> {
    if (this.deps.tree?.isNode(arg)) {
      if (arg.kind !== 'plan' && arg.kind !== 'checkpoint') return undefined;
      return this.deps.folders.findPlan(arg.plan.plan_id, arg.folder);
    }
    if (given) return this.deps.folders.findPlan(given.planId, folderNamed(this.deps.folders.folders(), given.folder));
    const node = this.deps.tree?.selection()[0];
    if ((node?.kind === 'plan' || node?.kind === 'checkpoint') && node.plan.sandbox_kind === 'isolated') return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
    const choices = [];
    for (const c of await this.deps.folders.planChoices((p) => p.sandbox_kind === 'isolated' && p.state !== 'applied')) {
      if (await c.value.services.checkpoints.sandboxMissing(c.plan.plan_id).catch(() => false)) choices.push(c);
    }
    if (choices.length === 0) {
      this.deps.dialogs.info('No plan has a missing isolated sandbox: nothing to recreate.');
      return undefined;
    }
    return pickPlan(choices, 'Plan whose sandbox to recreate from its newest checkpoint');
  }
}

async function pickFolder<T extends { folder: vscode.WorkspaceFolder }>(found: readonly T[]): Promise<T | undefined> {
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Workspace folder whose database to move aside', ignoreFocusOut: true });
  return picked && found.find((f) => f.folder.uri.toString() === picked.uri.toString());
}

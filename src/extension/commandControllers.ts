import * as path from 'node:path';
import * as vscode from 'vscode';
import type * as Api from '../../api/cleveragents-checkpoints';
import { sandboxContents } from '../cli/sandboxContents';
import { createAgentApi } from './api/agentApi';
import { DecisionController } from './decisions/decisionCommands';
import type { FolderServices } from './folderServices';
import { PlanLifecycleController } from './planLifecycle/planLifecycleCommands';
import { RemoteCommands } from './remote/remoteCommands';
import { RollbackController, type TreeAccess, type WriteSuppressor } from './rollback/rollbackCommands';
import type { RollbackDialogs } from './rollback/rollbackDialogs';
import { RollbackPanels, type PanelTrust } from './rollback/panel/rollbackPanel';
import { WaysOut } from './waysOut/waysOutCommands';

// The extension's commands that act on plans and checkpoints (rollback, its panel and comparisons,
// decisions, the plan's lifecycle, the ways out, git remotes) and the API behind them: a bundle of
// their own (dist/extensionCommands.js), read when one of them is first needed
// (rollbackFeatures.ts registers stand-ins for their commands at activation).

export interface CommandControllerDeps {
  readonly extensionUri: vscode.Uri;
  readonly folders: FolderServices;
  readonly dialogs: RollbackDialogs;
  readonly channel: vscode.LogOutputChannel;
  readonly tree?: TreeAccess;
  /** Automatic checkpoints: kept from reacting to the files a rollback writes. */
  readonly writes: WriteSuppressor;
  /** Whether to ask before a rollback, a correction (the `rollback.confirm` setting). */
  readonly confirmByDefault: () => boolean;
  /** After a change of plans: the tree, the status bar and automatic checkpoints see it at once. */
  readonly changed: () => void;
  readonly trust: PanelTrust;
  /** A failure the user should hear about although the caller carries on. */
  readonly warn: (message: string) => void;
  /** Test mode: where "Copy as JSON" copies. */
  readonly clipboard?: { writeText(text: string): Thenable<void> };
}

export interface CommandControllers extends vscode.Disposable {
  readonly controller: RollbackController;
  readonly panels: RollbackPanels;
  readonly api: Api.CleverAgentsCheckpointsApi;
}

/** Makes the controllers and registers their commands (under the ids of COMMAND_CONTROLLER_NAMES). */
export function commandControllers(deps: CommandControllerDeps): CommandControllers {
  const { folders, dialogs, tree, writes, changed } = deps;
  const controller = new RollbackController({ folders, dialogs, confirmByDefault: deps.confirmByDefault, log: deps.channel, tree, writes, clipboard: deps.clipboard });
  const panels = new RollbackPanels(deps.extensionUri, controller.panelActions, deps.channel, (uri) => folders.folders().some((f) => f.uri.toString() === uri), deps.trust);
  controller.attachPanels(panels);
  const decisions = new DecisionController({ folders, dialogs, rollback: controller, confirmByDefault: deps.confirmByDefault, tree, writes, log: (line) => deps.channel.info(line) });
  const lifecycle = new PlanLifecycleController({
    folders,
    dialogs,
    tree,
    changed,
    countFiles: async (folder, relative) => (await sandboxContents(path.join(folder.uri.fsPath, ...relative.split('/')))).files,
  });
  const registered = vscode.Disposable.from(
    controller.registerCommands(),
    lifecycle.registerCommands(),
    decisions.registerCommands(),
    panels,
    new WaysOut({ folders, dialogs, tree, writes, changed }).registerCommands(),
    // Push Session… and Fetch from Remote…: their opt-in modal through the same dialogs (the tests answer it).
    new RemoteCommands({ folders, dialogs, channel: deps.channel, tree }).register(),
  );
  return {
    controller,
    panels,
    api: createAgentApi({ folders, controller, lifecycle, warn: deps.warn }),
    dispose: () => registered.dispose(),
  };
}

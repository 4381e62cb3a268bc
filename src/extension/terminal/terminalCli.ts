import * as path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod';
import { CliEnvironment } from '../../cliEnvironment';
import { SETTINGS_SECTION, SettingKeys } from '../commandIds';
import type { FolderServices } from '../folderServices';
import { shownMarkdown } from '../shownText';
import { NO_DAEMON_ENV } from '../../daemonClient/daemonFiles';
import { STABLE_CLI_ENV, stableCliPath } from '../../hooks/install/stableCli';
import { RESIDENT_PROCESS_SETTING, residentProcessEnabled } from '../agentHooks/residentProcessSetting';

/** `cleveragents.checkpoints.terminal.cliOnPath`: whether integrated terminals get `agents`. */
export const CLI_ON_PATH_SETTING = 'terminal.cliOnPath';

const DESCRIPTION =
  'Puts the `agents` command line of CleverAgents Checkpoints on the `PATH`, working on the checkpoint database this window shows ' +
  '(setting `cleveragents.checkpoints.terminal.cliOnPath`).';

/**
 * Puts the `agents` launchers this extension carries (bin/) on the integrated terminals' PATH. They
 * run the bundled CLI on the extension host's own runtime (`AGENTS_RUNTIME`, with
 * ELECTRON_RUN_AS_NODE=1 as VS Code's `code` command does), so no Node.js is needed, and each
 * workspace folder's terminals point it at the folder and the database the view shows. Terminals
 * opened before a change keep their environment; VS Code offers to relaunch them.
 */
export function registerTerminalCli(context: vscode.ExtensionContext, folders: FolderServices, channel: vscode.LogOutputChannel): vscode.Disposable {
  const collection = context.environmentVariableCollection;
  const apply = () => {
    collection.clear();
    const raw = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<unknown>(CLI_ON_PATH_SETTING);
    const parsed = z.boolean().optional().safeParse(raw);
    if (!parsed.success) channel.warn(`Setting "${SETTINGS_SECTION}.${CLI_ON_PATH_SETTING}" is not true or false (${JSON.stringify(raw)}); using true.`);
    if (parsed.success && parsed.data === false) return;
    collection.description = shownMarkdown(DESCRIPTION);
    collection.prepend('PATH', `${context.asAbsolutePath('bin')}${path.delimiter}`);
    collection.replace(CliEnvironment.runtime, process.execPath);
    // `agents hook install` and `agents mcp --print-config` then name the stable shim, not this versioned folder
    collection.replace(STABLE_CLI_ENV, stableCliPath(context.globalStorageUri.fsPath));
    if (!residentProcessEnabled()) collection.replace(NO_DAEMON_ENV, '1');
    for (const folder of folders.folders()) {
      const scoped = collection.getScoped({ workspaceFolder: folder });
      scoped.replace(CliEnvironment.workspace, folder.uri.fsPath);
      scoped.replace(CliEnvironment.database, folders.settings(folder).databasePath);
    }
  };
  apply();
  return vscode.Disposable.from(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (
        event.affectsConfiguration(`${SETTINGS_SECTION}.${CLI_ON_PATH_SETTING}`) ||
        event.affectsConfiguration(`${SETTINGS_SECTION}.${SettingKeys.databasePath}`) ||
        event.affectsConfiguration(`${SETTINGS_SECTION}.${RESIDENT_PROCESS_SETTING}`)
      )
        apply();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(apply),
  );
}

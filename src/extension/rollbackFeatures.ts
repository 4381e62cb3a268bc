import * as vscode from 'vscode';
import { explainRestricted } from './commands/trustedCommands';
import type * as Api from '../../api/cleveragents-checkpoints';
import { apiOnFirstUse } from './api/apiOnFirstUse';
import { AutoCheckpointer } from './autoCheckpoints/autoCheckpoints';
import { registerCheckpointContentProvider } from './checkpointDocuments/checkpointContentProvider';
import { CheckpointStatusBar } from './statusBar/checkpointStatusBar';
import type { SkippedFileWarnings } from './commands/skippedWarnings';
import { COMMAND_CONTROLLER_NAMES, CommandTitles, Commands, SETTINGS_SECTION } from './commandIds';
import { commandsOnFirstUse } from './commandsOnFirstUse';
import { loadPart } from './lazyPart';
import { showWarning } from './shownText';
import type { FolderServices } from './folderServices';
import { channelLogger, type ErrorReporter } from './log';
import { ROLLBACK_PANEL_VIEW_TYPE, TESTING_DIALOGS_COMMAND, TESTING_PANEL_COMMAND, TESTING_PROGRESS_COMMAND } from './rollback/rollbackCommandIds';
import { probeRestoreProgress } from './delayedProgress';
import type { TreeAccess } from './rollback/rollbackTarget';
import { ScriptedDialogs, WindowDialogs, type RollbackDialogs } from './rollback/rollbackDialogs';
import { parseRollbackSettings, safeguardValue, type RollbackSettings } from './rollback/rollbackSettings';
import { registerLanguageModelTools } from './languageModelTools/toolRegistration';

type CommandsPart = typeof import('./commandControllers');

export interface RollbackFeatureDeps {
  readonly folders: FolderServices;
  readonly channel: vscode.LogOutputChannel;
  readonly reporter: ErrorReporter;
  /** Warns about files checkpoints leave out, once per path. */
  readonly skipped?: SkippedFileWarnings;
  /** The checkpoint tree: commands from its menus get its nodes, the palette uses its selection. */
  readonly tree?: TreeAccess;
}

/**
 * Rollback from the UI, the diff panel, Compare with Current / Previous, automatic checkpoints,
 * the status-bar item and the API for agents (issue 6). Everything it makes goes into
 * `context.subscriptions`; the API is what `activate` returns.
 */
export function registerRollbackFeatures(context: vscode.ExtensionContext, deps: RollbackFeatureDeps): Api.CleverAgentsCheckpointsApi {
  const { folders, channel, reporter } = deps;
  const shownProblems = new Set<string>();
  const settings = (): RollbackSettings => {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const { settings: s, problems } = parseRollbackSettings((key) => safeguardValue(key, config.inspect(key), config.get(key)), SETTINGS_SECTION);
    for (const p of problems) {
      if (shownProblems.has(p)) continue;
      shownProblems.add(p);
      reporter.warn(p);
    }
    return s;
  };

  const windowDialogs = new WindowDialogs(reporter);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const scripted = testing ? new ScriptedDialogs(windowDialogs) : undefined;
  const dialogs: RollbackDialogs = scripted ?? windowDialogs;

  // Test mode: what "Copy as JSON" copied is kept for the tests (a headless browser's clipboard cannot be read back).
  let copied: string | undefined;
  const clipboard = testing ? { writeText: async (text: string) => void ((copied = text), await vscode.env.clipboard.writeText(text).then(undefined, () => undefined)) } : undefined;

  const auto = new AutoCheckpointer(folders, () => settings().auto, channelLogger(channel));
  const trustGranted = new vscode.EventEmitter<void>();
  const tree = deps.tree;
  const selection =
    tree?.onDidChangeSelection && {
      planId: () => {
        const node = tree.selection()[0];
        return node && 'plan' in node ? node.plan.plan_id : undefined;
      },
      onDidChange: tree.onDidChangeSelection,
    };
  const statusBar = new CheckpointStatusBar(folders, dialogs, channel, { auto, reveal: deps.tree?.reveal, skipped: deps.skipped, selection: selection || undefined });
  // Rollback, its panel, decisions, the plan's lifecycle, the ways out and remotes, with the API
  // behind them (dist/extensionCommands.js): read when one of their commands first runs, a panel is
  // restored, or a language model tool or the API first needs them.
  const commands = commandsOnFirstUse(
    COMMAND_CONTROLLER_NAMES.map((name) => Commands[name]),
    () =>
      loadPart<CommandsPart>('extensionCommands.js', 'commandControllers.js').commandControllers({
        extensionUri: context.extensionUri,
        folders,
        dialogs,
        channel,
        tree: deps.tree,
        writes: auto,
        confirmByDefault: () => settings().confirm,
        changed: () => {
          deps.tree?.refresh?.();
          void statusBar.refresh();
          // A plan that starts is watched at once, not after the database watcher's delay.
          void auto.refreshNow();
        },
        trust: { isTrusted: () => vscode.workspace.isTrusted, explain: explainRestricted, onDidGrant: trustGranted.event },
        warn: (m) => reporter.warn(m),
        clipboard,
      }),
  );

  context.subscriptions.push(
    trustGranted,
    vscode.workspace.onDidGrantWorkspaceTrust(() => trustGranted.fire()),
    registerCheckpointContentProvider(folders),
    commands,
    vscode.window.registerWebviewPanelSerializer(ROLLBACK_PANEL_VIEW_TYPE, { deserializeWebviewPanel: (panel, state) => commands.part().panels.restore(panel, state) }),
    auto,
    statusBar,
    auto.onDidTakeCheckpoint((e) => {
      if (statusBar.failure?.planId === e.planId) statusBar.noteFailure(undefined);
      void statusBar.refresh();
    }),
    auto.onDidFail((failure) => {
      statusBar.noteFailure(failure);
      // Once per run of failures: the next ones only go to the log and the status bar.
      if (failure.first) dialogs.warn(`An automatic ${failure.type} checkpoint failed: ${failure.message.replace(/\.?$/, ".")} Automatic checkpoints go on trying; the status bar shows the last failure.`);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTINGS_SECTION)) auto.configure();
    }),
    auto.onDidFindUnreadableDatabase(({ folder, message }) => {
      void statusBar.refresh();
      void showWarning(
        `Saves in “${folder.name}” are not checkpointed: its checkpoint database cannot be read. ${message}`,
        CommandTitles.moveDatabaseAside,
      ).then((choice) => {
        if (choice === CommandTitles.moveDatabaseAside) void vscode.commands.executeCommand(Commands.moveDatabaseAside, { folder: folder.uri.toString() });
      });
    }),
  );
  // Agents in VS Code's chat: the tools of `agents mcp`, their rollbacks through the rollback controller.
  context.subscriptions.push(registerLanguageModelTools(() => ({ folders, controller: commands.part().controller }), declaredToolNames(context)));

  if (scripted) {
    // Seams for the integration tests (extensionTestsPath runs only): not contributed, not in the palette.
    const heard: { title: string; message: string }[] = [];
    let cancelNext = false;
    context.subscriptions.push(
      probeRestoreProgress({ heard: (title, message) => void heard.push({ title, message }), cancel: () => cancelNext }),
      vscode.commands.registerCommand(TESTING_PROGRESS_COMMAND, (arg?: { cancel?: boolean }) => {
        if (typeof arg?.cancel === 'boolean') cancelNext = arg.cancel;
        return heard.splice(0);
      }),
      vscode.commands.registerCommand(TESTING_DIALOGS_COMMAND, (arg?: { answers?: (string | null)[] }) => {
        const shown = scripted.take();
        if (arg?.answers) scripted.script(arg.answers);
        return shown;
      }),
      vscode.commands.registerCommand(
        TESTING_PANEL_COMMAND,
        async (arg?: { message?: unknown; flushAuto?: boolean; refreshAuto?: boolean; refreshStatusBar?: boolean; closePanel?: boolean; watches?: string }) => {
          if (arg?.refreshAuto) await auto.refreshNow();
          if (arg?.flushAuto) await auto.flush();
          if (arg?.refreshStatusBar) await statusBar.refresh();
          const panels = commands.part().panels;
          if (arg?.message !== undefined) await panels.receive(arg.message);
          if (arg?.closePanel) panels.panel?.dispose();
          return { state: panels.state, statusBar: statusBar.text, autoCheckpoints: auto.enabled, saveWaits: auto.saveWaits, watches: arg?.watches === undefined ? undefined : auto.watches(arg.watches), html: panels.panel?.webview.html, copied, skippedWarned: deps.skipped?.warnedThisSession };
        },
      ),
    );
  }

  return apiOnFirstUse(() => commands.part().api);
}

/** The language model tools package.json declares (`contributes.languageModelTools`). */
function declaredToolNames(context: vscode.ExtensionContext): string[] {
  const declared = (context.extension.packageJSON as { contributes?: { languageModelTools?: { name?: unknown }[] } }).contributes?.languageModelTools ?? [];
  return declared.flatMap((t) => (typeof t.name === 'string' ? [t.name] : []));
}

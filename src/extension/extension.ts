import * as vscode from 'vscode';
import { stopGitRelay, useGitRelay } from '../adapters/shadowStore/gitRelay';
import { logShortenedTextTo } from './shownText';
import type { CheckpointsApi } from './api/api';
import { CheckpointTree, FinishedPlanDecorations, type TreeNode } from './tree/checkpointTree';
import { TREE_VIEW_ID } from './commandIds';
import { registerCommands } from './commands/commands';
import { SkippedFileWarnings } from './commands/skippedWarnings';
import { ContextKeys } from './tree/contextKeys';
import { FolderServices } from './folderServices';
import { timeFirstItems } from './tree/firstItemsTiming';
import { ErrorReporter, LOG_CHANNEL_NAME } from './log';
import { registerRollbackFeatures } from './rollbackFeatures';
import { registerInterruptedOperations } from './recovery/interruptedOperations';
import { registerTerminalCli } from './terminal/terminalCli';
import { registerAgentHookCommands } from './agentHooks/connectAgentCommands';
import { StableHookCommands } from './agentHooks/stableHookCommands';
import { openWalkthroughOnFirstRun } from './walkthrough/firstRun';
import { AgentChanges } from './agentChanges/agentChanges';

const RESTRICTED_MESSAGE =
  'Restricted Mode: plans and checkpoints are listed, but creating, deleting and rolling back are off because they run git and write files. Trust this workspace to turn them on.';

/**
 * The composition root. Cheap on purpose: it wires objects and registers contributions; the engine
 * (sql.js, git) loads when a folder's services are first needed (see FolderServices).
 */
export function activate(context: vscode.ExtensionContext): CheckpointsApi {
  const activatedAt = performance.now();
  const channel = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  const reporter = new ErrorReporter(channel);
  const folders = new FolderServices({ wasmDir: context.asAbsolutePath('dist'), channel, reporter });
  const tree = new CheckpointTree(folders, channel);
  const skipped = new SkippedFileWarnings(context.workspaceState, channel);
  const treeDataProvider = timeFirstItems(tree, activatedAt, (ms, rows) => channel.info(`First rows in the view ${ms.toFixed(0)} ms after activation (${rows} at the top level).`));
  const view = vscode.window.createTreeView<TreeNode>(TREE_VIEW_ID, { treeDataProvider, showCollapseAll: true });

  const showTrust = () => {
    view.message = vscode.workspace.isTrusted ? undefined : RESTRICTED_MESSAGE;
  };
  showTrust();

  // The extension host is a large process: git is started through a small one (gitRelay.ts), once
  // a first git runs.
  const relayed = useGitRelay();
  context.subscriptions.push(
    { dispose: stopGitRelay },
    channel,
    logShortenedTextTo((message) => channel.info(message)),
    folders,
    tree,
    view,
    tree.attach(view),
    registerCommands({ folders, tree, view, channel, reporter, skipped }),
    vscode.window.registerFileDecorationProvider(new FinishedPlanDecorations()),
    view.onDidChangeSelection((e) => {
      const node = e.selection[0];
      void ContextKeys.checkpointSelected.set(node?.kind === 'checkpoint');
      void ContextKeys.fetchedSelected.set(node?.kind === 'plan' ? node.origin !== undefined : node !== undefined && 'planNode' in node ? node.planNode.origin !== undefined : false);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      showTrust();
      tree.refresh();
    }),
    registerTerminalCli(context, folders, channel),
    new StableHookCommands({ storageDir: context.globalStorageUri.fsPath, extensionRoot: context.extensionPath, folders, channel }),
    registerAgentHookCommands({ folders, reporter, distDir: context.asAbsolutePath('dist'), storageDir: context.globalStorageUri.fsPath }),
    registerInterruptedOperations({ folders, channel, reporter, refresh: () => tree.refresh() }),
  );
  const revealPlan = async (folder: vscode.WorkspaceFolder, planId: string, checkpointId?: string): Promise<void> => {
    await vscode.commands.executeCommand(`${TREE_VIEW_ID}.focus`);
    const node = await tree.findNode(folder, planId, checkpointId);
    if (node) await view.reveal(node, { select: true, focus: true, expand: true });
  };
  const agentChanges = new AgentChanges(folders, revealPlan);
  context.subscriptions.push(agentChanges, tree.onDidChangeTreeData(() => agentChanges.checkpointsChanged()));
  const agentApi = registerRollbackFeatures(context, {
    folders,
    channel,
    reporter,
    skipped,
    tree: {
      isNode: (value): value is TreeNode => tree.isNode(value),
      selection: () => view.selection,
      onDidChangeSelection: view.onDidChangeSelection,
      refresh: () => tree.refresh(),
      reveal: revealPlan,
    },
  });
  channel.info(`Activated (${vscode.workspace.isTrusted ? 'trusted' : 'Restricted Mode'}, ${folders.folders().length} folder(s); git ${relayed ? 'through a perl relay' : 'started directly'}).`);
  openWalkthroughOnFirstRun(context).then(
    (opened) => opened && channel.info('Opened the walkthrough (first run after install).'),
    (error: unknown) => channel.warn(`Could not open the walkthrough: ${error instanceof Error ? error.message : String(error)}`),
  );

  return {
    ...agentApi,
    apiVersion: 1,
    onDidChangeTree: (listener, thisArgs, disposables) => tree.onDidChangeTreeData(() => listener.call(thisArgs), undefined, disposables),
    describeTree: () => tree.describe(),
    onDidSetAgentMarks: agentChanges.onDidSetMarks,
    agentMarks: (uri) => agentChanges.marksOf(uri),
    get engineLoaded() {
      return folders.engineLoaded;
    },
  };
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}

"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.activate = activate;
exports.deactivate = deactivate;
const vscode = __importStar(require("vscode"));
const gitRelay_1 = require("../adapters/shadowStore/gitRelay");
const shownText_1 = require("./shownText");
const checkpointTree_1 = require("./tree/checkpointTree");
const commandIds_1 = require("./commandIds");
const commands_1 = require("./commands/commands");
const skippedWarnings_1 = require("./commands/skippedWarnings");
const contextKeys_1 = require("./tree/contextKeys");
const folderServices_1 = require("./folderServices");
const firstItemsTiming_1 = require("./tree/firstItemsTiming");
const log_1 = require("./log");
const rollbackFeatures_1 = require("./rollbackFeatures");
const interruptedOperations_1 = require("./recovery/interruptedOperations");
const terminalCli_1 = require("./terminal/terminalCli");
const connectAgentCommands_1 = require("./agentHooks/connectAgentCommands");
const stableHookCommands_1 = require("./agentHooks/stableHookCommands");
const firstRun_1 = require("./walkthrough/firstRun");
const RESTRICTED_MESSAGE = 'Restricted Mode: plans and checkpoints are listed, but creating, deleting and rolling back are off because they run git and write files. Trust this workspace to turn them on.';
/**
 * The composition root. Cheap on purpose: it wires objects and registers contributions; the engine
 * (sql.js, git) loads when a folder's services are first needed (see FolderServices).
 */
function activate(context) {
    const activatedAt = performance.now();
    const channel = vscode.window.createOutputChannel(log_1.LOG_CHANNEL_NAME, { log: true });
    const reporter = new log_1.ErrorReporter(channel);
    const folders = new folderServices_1.FolderServices({ wasmDir: context.asAbsolutePath('dist'), channel, reporter });
    const tree = new checkpointTree_1.CheckpointTree(folders, channel);
    const skipped = new skippedWarnings_1.SkippedFileWarnings(context.workspaceState, channel);
    const treeDataProvider = (0, firstItemsTiming_1.timeFirstItems)(tree, activatedAt, (ms, rows) => channel.info(`First rows in the view ${ms.toFixed(0)} ms after activation (${rows} at the top level).`));
    const view = vscode.window.createTreeView(commandIds_1.TREE_VIEW_ID, { treeDataProvider, showCollapseAll: true });
    const showTrust = () => {
        view.message = vscode.workspace.isTrusted ? undefined : RESTRICTED_MESSAGE;
    };
    showTrust();
    // The extension host is a large process: git is started through a small one (gitRelay.ts), once
    // a first git runs.
    const relayed = (0, gitRelay_1.useGitRelay)();
    context.subscriptions.push({ dispose: gitRelay_1.stopGitRelay }, channel, (0, shownText_1.logShortenedTextTo)((message) => channel.info(message)), folders, tree, view, tree.attach(view), (0, commands_1.registerCommands)({ folders, tree, view, channel, reporter, skipped }), vscode.window.registerFileDecorationProvider(new checkpointTree_1.FinishedPlanDecorations()), view.onDidChangeSelection((e) => void contextKeys_1.ContextKeys.checkpointSelected.set(e.selection[0]?.kind === 'checkpoint')), vscode.workspace.onDidGrantWorkspaceTrust(() => {
        showTrust();
        tree.refresh();
    }), (0, terminalCli_1.registerTerminalCli)(context, folders, channel), new stableHookCommands_1.StableHookCommands({ storageDir: context.globalStorageUri.fsPath, extensionRoot: context.extensionPath, folders, channel }), (0, connectAgentCommands_1.registerAgentHookCommands)({ folders, reporter, distDir: context.asAbsolutePath('dist'), storageDir: context.globalStorageUri.fsPath }), (0, interruptedOperations_1.registerInterruptedOperations)({ folders, channel, reporter, refresh: () => tree.refresh() }));
    const agentApi = (0, rollbackFeatures_1.registerRollbackFeatures)(context, {
        folders,
        channel,
        reporter,
        skipped,
        tree: {
            isNode: (value) => tree.isNode(value),
            selection: () => view.selection,
            onDidChangeSelection: view.onDidChangeSelection,
            refresh: () => tree.refresh(),
            reveal: async (folder, planId) => {
                await vscode.commands.executeCommand(`${commandIds_1.TREE_VIEW_ID}.focus`);
                const node = await tree.findNode(folder, planId);
                if (node)
                    await view.reveal(node, { select: true, focus: true, expand: true });
            },
        },
    });
    channel.info(`Activated (${vscode.workspace.isTrusted ? 'trusted' : 'Restricted Mode'}, ${folders.folders().length} folder(s); git ${relayed ? 'through a perl relay' : 'started directly'}).`);
    (0, firstRun_1.openWalkthroughOnFirstRun)(context).then((opened) => opened && channel.info('Opened the walkthrough (first run after install).'), (error) => channel.warn(`Could not open the walkthrough: ${error instanceof Error ? error.message : String(error)}`));
    return {
        ...agentApi,
        apiVersion: 1,
        onDidChangeTree: (listener, thisArgs, disposables) => tree.onDidChangeTreeData(() => listener.call(thisArgs), undefined, disposables),
        describeTree: () => tree.describe(),
        get engineLoaded() {
            return folders.engineLoaded;
        },
    };
}
function deactivate() {
    // Everything is in context.subscriptions.
}
//# sourceMappingURL=extension.js.map
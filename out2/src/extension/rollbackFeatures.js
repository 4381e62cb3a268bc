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
exports.registerRollbackFeatures = registerRollbackFeatures;
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const agentApi_1 = require("./api/agentApi");
const decisionCommands_1 = require("./decisions/decisionCommands");
const autoCheckpoints_1 = require("./autoCheckpoints/autoCheckpoints");
const checkpointContentProvider_1 = require("./checkpointDocuments/checkpointContentProvider");
const checkpointStatusBar_1 = require("./statusBar/checkpointStatusBar");
const planLifecycleCommands_1 = require("./planLifecycle/planLifecycleCommands");
const sandboxContents_1 = require("../cli/sandboxContents");
const commands_1 = require("./commands/commands");
const commandIds_1 = require("./commandIds");
const shownText_1 = require("./shownText");
const waysOutCommands_1 = require("./waysOut/waysOutCommands");
const log_1 = require("./log");
const rollbackCommandIds_1 = require("./rollback/rollbackCommandIds");
const delayedProgress_1 = require("./delayedProgress");
const rollbackCommands_1 = require("./rollback/rollbackCommands");
const rollbackDialogs_1 = require("./rollback/rollbackDialogs");
const rollbackPanel_1 = require("./rollback/panel/rollbackPanel");
const rollbackSettings_1 = require("./rollback/rollbackSettings");
const languageModelTools_1 = require("./languageModelTools/languageModelTools");
/**
 * Rollback from the UI, the diff panel, Compare with Current / Previous, automatic checkpoints,
 * the status-bar item and the API for agents (issue 6). Everything it makes goes into
 * `context.subscriptions`; the API is what `activate` returns.
 */
function registerRollbackFeatures(context, deps) {
    const { folders, channel, reporter } = deps;
    const shownProblems = new Set();
    const settings = () => {
        const config = vscode.workspace.getConfiguration(commandIds_1.SETTINGS_SECTION);
        const { settings: s, problems } = (0, rollbackSettings_1.parseRollbackSettings)((key) => (0, rollbackSettings_1.safeguardValue)(key, config.inspect(key), config.get(key)), commandIds_1.SETTINGS_SECTION);
        for (const p of problems) {
            if (shownProblems.has(p))
                continue;
            shownProblems.add(p);
            reporter.warn(p);
        }
        return s;
    };
    const windowDialogs = new rollbackDialogs_1.WindowDialogs(reporter);
    const testing = context.extensionMode === vscode.ExtensionMode.Test;
    const scripted = testing ? new rollbackDialogs_1.ScriptedDialogs(windowDialogs) : undefined;
    const dialogs = scripted ?? windowDialogs;
    // Test mode: what "Copy as JSON" copied is kept for the tests (a headless browser's clipboard cannot be read back).
    let copied;
    const clipboard = testing ? { writeText: async (text) => void ((copied = text), await vscode.env.clipboard.writeText(text).then(undefined, () => undefined)) } : undefined;
    const auto = new autoCheckpoints_1.AutoCheckpointer(folders, () => settings().auto, (0, log_1.channelLogger)(channel));
    const controller = new rollbackCommands_1.RollbackController({ folders, dialogs, confirmByDefault: () => settings().confirm, log: channel, tree: deps.tree, writes: auto, clipboard });
    const trustGranted = new vscode.EventEmitter();
    const panels = new rollbackPanel_1.RollbackPanels(context.extensionUri, controller.panelActions, channel, (uri) => folders.folders().some((f) => f.uri.toString() === uri), {
        isTrusted: () => vscode.workspace.isTrusted,
        explain: commands_1.explainRestricted,
        onDidGrant: trustGranted.event,
    });
    controller.attachPanels(panels);
    const decisions = new decisionCommands_1.DecisionController({ folders, dialogs, rollback: controller, confirmByDefault: () => settings().confirm, tree: deps.tree, writes: auto, log: (line) => channel.info(line) });
    const tree = deps.tree;
    const selection = tree?.onDidChangeSelection && {
        planId: () => {
            const node = tree.selection()[0];
            return node && 'plan' in node ? node.plan.plan_id : undefined;
        },
        onDidChange: tree.onDidChangeSelection,
    };
    const statusBar = new checkpointStatusBar_1.CheckpointStatusBar(folders, dialogs, channel, { auto, reveal: deps.tree?.reveal, skipped: deps.skipped, selection: selection || undefined });
    const waysOut = new waysOutCommands_1.WaysOut({
        folders,
        dialogs,
        tree: deps.tree,
        writes: auto,
        changed: () => {
            deps.tree?.refresh?.();
            void statusBar.refresh();
            void auto.refreshNow();
        },
    });
    const lifecycle = new planLifecycleCommands_1.PlanLifecycleController({
        folders,
        dialogs,
        tree: deps.tree,
        changed: () => {
            deps.tree?.refresh?.();
            void statusBar.refresh();
            // A plan that starts is watched at once, not after the database watcher's delay.
            void auto.refreshNow();
        },
        countFiles: async (folder, relative) => (await (0, sandboxContents_1.sandboxContents)(path.join(folder.uri.fsPath, ...relative.split('/')))).files,
    });
    context.subscriptions.push(trustGranted, vscode.workspace.onDidGrantWorkspaceTrust(() => trustGranted.fire()), (0, checkpointContentProvider_1.registerCheckpointContentProvider)(folders), controller.registerCommands(), lifecycle.registerCommands(), decisions.registerCommands(), panels, auto, statusBar, auto.onDidTakeCheckpoint((e) => {
        if (statusBar.failure?.planId === e.planId)
            statusBar.noteFailure(undefined);
        void statusBar.refresh();
    }), auto.onDidFail((failure) => {
        statusBar.noteFailure(failure);
        // Once per run of failures: the next ones only go to the log and the status bar.
        if (failure.first)
            dialogs.warn(`An automatic ${failure.type} checkpoint failed: ${failure.message.replace(/\.?$/, ".")} Automatic checkpoints go on trying; the status bar shows the last failure.`);
    }), vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(commandIds_1.SETTINGS_SECTION))
            auto.configure();
    }), auto.onDidFindUnreadableDatabase(({ folder, message }) => {
        void statusBar.refresh();
        void (0, shownText_1.showWarning)(`Saves in “${folder.name}” are not checkpointed: its checkpoint database cannot be read. ${message}`, commandIds_1.CommandTitles.moveDatabaseAside).then((choice) => {
            if (choice === commandIds_1.CommandTitles.moveDatabaseAside)
                void vscode.commands.executeCommand(commandIds_1.Commands.moveDatabaseAside, { folder: folder.uri.toString() });
        });
    }), waysOut.registerCommands());
    // Agents in VS Code's chat: the tools of `agents mcp`, their rollbacks through this controller.
    context.subscriptions.push((0, languageModelTools_1.registerLanguageModelTools)({ folders, controller }));
    if (scripted) {
        // Seams for the integration tests (extensionTestsPath runs only): not contributed, not in the palette.
        const heard = [];
        let cancelNext = false;
        context.subscriptions.push((0, delayedProgress_1.probeRestoreProgress)({ heard: (title, message) => void heard.push({ title, message }), cancel: () => cancelNext }), vscode.commands.registerCommand(rollbackCommandIds_1.TESTING_PROGRESS_COMMAND, (arg) => {
            if (typeof arg?.cancel === 'boolean')
                cancelNext = arg.cancel;
            return heard.splice(0);
        }), vscode.commands.registerCommand(rollbackCommandIds_1.TESTING_DIALOGS_COMMAND, (arg) => {
            const shown = scripted.take();
            if (arg?.answers)
                scripted.script(arg.answers);
            return shown;
        }), vscode.commands.registerCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, async (arg) => {
            if (arg?.refreshAuto)
                await auto.refreshNow();
            if (arg?.flushAuto)
                await auto.flush();
            if (arg?.refreshStatusBar)
                await statusBar.refresh();
            if (arg?.message !== undefined)
                await panels.receive(arg.message);
            if (arg?.closePanel)
                panels.panel?.dispose();
            return { state: panels.state, statusBar: statusBar.text, autoCheckpoints: auto.enabled, saveWaits: auto.saveWaits, watches: arg?.watches === undefined ? undefined : auto.watches(arg.watches), html: panels.panel?.webview.html, copied, skippedWarned: deps.skipped?.warnedThisSession };
        }));
    }
    return (0, agentApi_1.createAgentApi)({ folders, controller, lifecycle, warn: (m) => reporter.warn(m) });
}
//# sourceMappingURL=rollbackFeatures.js.map
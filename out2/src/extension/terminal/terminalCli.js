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
exports.CLI_ON_PATH_SETTING = void 0;
exports.registerTerminalCli = registerTerminalCli;
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const cliEnvironment_1 = require("../../cliEnvironment");
const commandIds_1 = require("../commandIds");
const shownText_1 = require("../shownText");
const daemonFiles_1 = require("../../daemon/daemonFiles");
const stableCli_1 = require("../../hooks/install/stableCli");
const residentProcessSetting_1 = require("../agentHooks/residentProcessSetting");
/** `cleveragents.checkpoints.terminal.cliOnPath`: whether integrated terminals get `agents`. */
exports.CLI_ON_PATH_SETTING = 'terminal.cliOnPath';
const DESCRIPTION = 'Puts the `agents` command line of CleverAgents Checkpoints on the `PATH`, working on the checkpoint database this window shows ' +
    '(setting `cleveragents.checkpoints.terminal.cliOnPath`).';
/**
 * Puts the `agents` launchers this extension carries (bin/) on the integrated terminals' PATH. They
 * run the bundled CLI on the extension host's own runtime (`AGENTS_RUNTIME`, with
 * ELECTRON_RUN_AS_NODE=1 as VS Code's `code` command does), so no Node.js is needed, and each
 * workspace folder's terminals point it at the folder and the database the view shows. Terminals
 * opened before a change keep their environment; VS Code offers to relaunch them.
 */
function registerTerminalCli(context, folders, channel) {
    const collection = context.environmentVariableCollection;
    const apply = () => {
        collection.clear();
        const raw = vscode.workspace.getConfiguration(commandIds_1.SETTINGS_SECTION).get(exports.CLI_ON_PATH_SETTING);
        const parsed = z.boolean().optional().safeParse(raw);
        if (!parsed.success)
            channel.warn(`Setting "${commandIds_1.SETTINGS_SECTION}.${exports.CLI_ON_PATH_SETTING}" is not true or false (${JSON.stringify(raw)}); using true.`);
        if (parsed.success && parsed.data === false)
            return;
        collection.description = (0, shownText_1.shownMarkdown)(DESCRIPTION);
        collection.prepend('PATH', `${context.asAbsolutePath('bin')}${path.delimiter}`);
        collection.replace(cliEnvironment_1.CliEnvironment.runtime, process.execPath);
        // `agents hook install` and `agents mcp --print-config` then name the stable shim, not this versioned folder
        collection.replace(stableCli_1.STABLE_CLI_ENV, (0, stableCli_1.stableCliPath)(context.globalStorageUri.fsPath));
        if (!(0, residentProcessSetting_1.residentProcessEnabled)())
            collection.replace(daemonFiles_1.NO_DAEMON_ENV, '1');
        for (const folder of folders.folders()) {
            const scoped = collection.getScoped({ workspaceFolder: folder });
            scoped.replace(cliEnvironment_1.CliEnvironment.workspace, folder.uri.fsPath);
            scoped.replace(cliEnvironment_1.CliEnvironment.database, folders.settings(folder).databasePath);
        }
    };
    apply();
    return vscode.Disposable.from(vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${commandIds_1.SETTINGS_SECTION}.${exports.CLI_ON_PATH_SETTING}`) ||
            event.affectsConfiguration(`${commandIds_1.SETTINGS_SECTION}.${commandIds_1.SettingKeys.databasePath}`) ||
            event.affectsConfiguration(`${commandIds_1.SETTINGS_SECTION}.${residentProcessSetting_1.RESIDENT_PROCESS_SETTING}`))
            apply();
    }), vscode.workspace.onDidChangeWorkspaceFolders(apply));
}
//# sourceMappingURL=terminalCli.js.map
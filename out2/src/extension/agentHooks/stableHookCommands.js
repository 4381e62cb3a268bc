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
exports.StableHookCommands = void 0;
const os = __importStar(require("node:os"));
const vscode = __importStar(require("vscode"));
const path = __importStar(require("node:path"));
const stableCli_1 = require("../../hooks/install/stableCli");
const shownText_1 = require("../shownText");
const hookRuntime_1 = require("./hookRuntime");
const loadInstaller_1 = require("./loadInstaller");
class StableHookCommands {
    deps;
    subscriptions = [];
    shim;
    /** The last pass, for the tests: they wait for it. */
    lastPass;
    constructor(deps) {
        this.deps = deps;
        this.shim = (0, stableCli_1.writeStableCli)(deps.storageDir, deps.extensionRoot).catch((error) => {
            deps.channel.warn(`Could not write the stable entry of the CLI in ${deps.storageDir}: ${error instanceof Error ? error.message : String(error)}. Hooks connected from now on name it anyway and fail until it is written.`);
            return undefined;
        });
        // The runtime launcher that hooks connected earlier name: now for this start's runtime (an
        // update of VS Code or of its server may have removed the one it named).
        (0, hookRuntime_1.refreshLauncher)((0, hookRuntime_1.currentHost)(path.join(deps.extensionRoot, 'dist'), deps.storageDir)).catch((error) => {
            deps.channel.warn(`Could not update the hooks' runtime launcher in ${deps.storageDir}: ${error instanceof Error ? error.message : String(error)}. Hooks connected from VS Code may fail until it is written; connect the agent again.`);
        });
        // Cline keeps its MCP settings in VS Code's global storage, beside ours
        this.lastPass = this.rewrite({ home: deps.home ?? os.homedir(), globalStorage: path.dirname(deps.storageDir), ...this.workspace(deps.folders.folders()) });
        this.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void (this.lastPass = this.rewrite(this.workspace(deps.folders.folders())))), vscode.workspace.onDidChangeWorkspaceFolders((event) => void (this.lastPass = this.rewrite(this.workspace(event.added)))));
    }
    workspace(folders) {
        return { projectFolders: folders.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath), trusted: vscode.workspace.isTrusted };
    }
    async rewrite(roots) {
        const extensionsDir = (0, stableCli_1.extensionsDirOf)(this.deps.extensionRoot);
        // a development checkout: nothing it wrote names a versioned folder
        if (!extensionsDir)
            return;
        const shim = await this.shim;
        if (!shim)
            return;
        // the installer's part is read only here, for an installed extension, after activation
        const pass = await (0, loadInstaller_1.loadInstaller)().rewriteVersionedConfigs(roots, extensionsDir, shim);
        for (const file of pass.rewritten) {
            this.deps.channel.info(`Rewrote ${file.replaced} command path(s) in ${file.where} from a versioned dist/cli.js of this extension (${extensionsDir}) to ${shim}, which stays across updates.`);
        }
        for (const problem of pass.problems)
            this.deps.channel.warn(`Could not rewrite a hook or MCP command that names a versioned dist/cli.js, which an update of the extension deletes: ${problem}. Connect the agent again.`);
        for (const failure of pass.failures)
            this.deps.channel.warn(`Could not look for hook and MCP commands naming a versioned dist/cli.js in ${failure}`);
        if (pass.rewritten.length > 0) {
            void (0, shownText_1.showInfo)(`CleverAgents Checkpoints: the hook and MCP commands in ${pass.rewritten.map((f) => f.display).join(', ')} now name a path that stays across updates of the extension (see the output channel).`);
        }
    }
    dispose() {
        for (const s of this.subscriptions)
            s.dispose();
    }
}
exports.StableHookCommands = StableHookCommands;
//# sourceMappingURL=stableHookCommands.js.map
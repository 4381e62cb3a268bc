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
exports.quiet = exports.EXTENSION_ID = void 0;
exports.activateExtension = activateExtension;
exports.outsideServices = outsideServices;
exports.dialogs = dialogs;
exports.menuFor = menuFor;
exports.setAutoCheckpointTimings = setAutoCheckpointTimings;
exports.resetAutoCheckpointSettings = resetAutoCheckpointSettings;
// What the integration suites share: the extension under test activated, the workspace's services
// as another process (the CLI, an agent) has them, and the test-mode seams for dialogs and menus.
const assert = __importStar(require("node:assert/strict"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const composition_1 = require("../../src/composition");
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
exports.EXTENSION_ID = 'cleveragents.cleveragents-checkpoints';
exports.quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
/** The extension activated (failing when the host did not load it), its API, and the first workspace folder. */
async function activateExtension() {
    const extension = vscode.extensions.getExtension(exports.EXTENSION_ID);
    assert.ok(extension, `${exports.EXTENSION_ID} is not loaded`);
    const api = await extension.activate();
    return { api, extension, root: vscode.workspace.workspaceFolders[0].uri.fsPath };
}
/** The workspace's own services beside the extension's, on the same files (close them after the suite). */
function outsideServices(root, options = {}) {
    const wasmDir = path.join(vscode.extensions.getExtension(exports.EXTENSION_ID).extensionPath, 'dist');
    return (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir, logger: exports.quiet, ...options });
}
/** The dialogs shown since the last call (forgotten then); `answers` are given to the next ones, in order. */
async function dialogs(answers) {
    return (await vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_DIALOGS_COMMAND, answers ? { answers } : undefined)) ?? [];
}
/** The `view/item/context` entries of package.json whose `when` holds for a row with this context value. */
function menuFor(menus, contextValue) {
    const shown = [];
    for (const m of menus) {
        const when = m.when ?? '';
        const eq = /viewItem == ([\w.]+)/.exec(when);
        const re = /viewItem =~ \/(.+?)\/(?: |$)/.exec(when);
        const fits = eq ? eq[1] === contextValue : re ? new RegExp(re[1]).test(contextValue) : false;
        if (fits)
            shown.push(`${m.command.replace('cleveragents.checkpoints.', '')}${m.group?.startsWith('inline') ? ' (inline)' : ''}`);
    }
    return [...new Set(shown)].sort();
}
function settings() {
    return vscode.workspace.getConfiguration('cleveragents.checkpoints');
}
/** Automatic checkpoints' quiet time and least interval, shortened for a suite (user settings). */
async function setAutoCheckpointTimings(debounceMs, minIntervalMs) {
    await settings().update('autoCheckpoint.debounceMs', debounceMs, vscode.ConfigurationTarget.Global);
    await settings().update('autoCheckpoint.minIntervalMs', minIntervalMs, vscode.ConfigurationTarget.Global);
}
/** Automatic checkpoints' user settings back to their defaults (on, the default timings). */
async function resetAutoCheckpointSettings() {
    await settings().update('autoCheckpoint.enabled', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('autoCheckpoint.debounceMs', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('autoCheckpoint.minIntervalMs', undefined, vscode.ConfigurationTarget.Global);
}
//# sourceMappingURL=extensionUnderTest.js.map
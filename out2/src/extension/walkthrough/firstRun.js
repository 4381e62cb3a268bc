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
exports.WALKTHROUGH_ID = void 0;
exports.openWalkthroughOnFirstRun = openWalkthroughOnFirstRun;
const vscode = __importStar(require("vscode"));
// The walkthrough (package.json, contributes.walkthroughs) on the first activation after install.
// VS Code means to open an extension's walkthrough on install, but installed from a .vsix into a
// running code-server 1.100 nothing opened (test/installed/firstInstall.test.ts failed without
// this). So the extension opens it once itself, as VS Code would: only for a real install (not
// while developed or tested), and not when the user switched
// `workbench.welcomePage.walkthroughs.openOnInstall` off. VS Code leaves a walkthrough the user is
// in alone (the command does nothing then), and one it opened already is simply shown.
/** The walkthrough's id in package.json. */
exports.WALKTHROUGH_ID = 'firstSteps';
/** Set in globalState once the walkthrough was offered: it opens at most once per profile. */
const OFFERED_KEY = 'walkthrough.offered';
async function openWalkthroughOnFirstRun(context) {
    if (context.extensionMode !== vscode.ExtensionMode.Production)
        return false;
    if (context.globalState.get(OFFERED_KEY) === true)
        return false;
    await context.globalState.update(OFFERED_KEY, true);
    if (vscode.workspace.getConfiguration('workbench.welcomePage').get('walkthroughs.openOnInstall', true) === false)
        return false;
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${exports.WALKTHROUGH_ID}`, false);
    return true;
}
//# sourceMappingURL=firstRun.js.map
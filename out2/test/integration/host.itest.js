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
// The test host itself: the fixture workspace is open and this repository is loaded as the
// extension under development.
const assert = __importStar(require("node:assert/strict"));
const vscode = __importStar(require("vscode"));
describe('integration test host', () => {
    it('opens the fixture workspace', async () => {
        const folders = vscode.workspace.workspaceFolders ?? [];
        assert.equal(folders.length, 1);
        const readme = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folders[0].uri, 'README.md'));
        assert.match(Buffer.from(readme).toString('utf8'), /Fixture workspace/);
    });
    it('loads this repository as the extension under development', () => {
        const ext = vscode.extensions.getExtension('cleveragents.cleveragents-checkpoints');
        assert.ok(ext, 'cleveragents.cleveragents-checkpoints is not among the extensions');
        assert.equal(ext.packageJSON.displayName, 'CleverAgents Checkpoints');
    });
});
//# sourceMappingURL=host.itest.js.map
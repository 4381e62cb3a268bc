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
// The language model tools in a window of two folders (issue 25, item 8), in a real extension
// host: list_plans and create_plan act on the folder they are given, else on the active editor's,
// and say which one they used. The window is opened with two folders by
// `node scripts/runIntegrationTests.mjs --second-folder` (npm test runs it so); the one-folder run
// skips this suite.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const extensionUnderTest_1 = require("./extensionUnderTest");
const SECOND = 'second-folder';
async function invoke(tool, input) {
    const result = await vscode.lm.invokeTool(`cleveragents_${tool}`, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const parts = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
    assert.equal(parts.length, 2, `${tool}: ${parts.join(' | ')}`);
    return { text: parts[0], json: JSON.parse(parts[1]) };
}
async function openIn(dir, name) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${name}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
}
describe('Language model tools in a window of two folders', function () {
    this.timeout(90_000);
    let first;
    let secondDir;
    before(async function () {
        const folders = vscode.workspace.workspaceFolders ?? [];
        if (folders.length < 2)
            this.skip();
        await vscode.extensions.getExtension(extensionUnderTest_1.EXTENSION_ID).activate();
        first = folders[0];
        assert.equal(folders[1].name, SECOND);
        secondDir = folders[1].uri.fsPath;
    });
    after(async () => {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
    it('create_plan and list_plans act on the folder given, and say which', async () => {
        // The active editor is in the first folder: the folder given wins over it.
        await openIn(first.uri.fsPath, 'multi-root-first.txt');
        const created = await invoke('create_plan', { title: 'In the second folder', folder: SECOND });
        assert.equal(created.json.folder, SECOND);
        assert.match(created.text, new RegExp(`in the workspace folder “${SECOND}”`));
        assert.ok(fs.existsSync(path.join(secondDir, '.cleveragents', 'cleveragents.db')), 'the plan is in the second folder’s database');
        const listed = await invoke('list_plans', { folder: secondDir });
        assert.equal(listed.json.folder, SECOND);
        assert.match(listed.text, new RegExp(`in the workspace folder “${SECOND}”`));
        assert.deepEqual(listed.json.plans.map((p) => p.plan_id), [created.json.plan.plan_id]);
        const inFirst = await invoke('list_plans', { folder: first.name });
        assert.equal(inFirst.json.folder, first.name);
        assert.ok(!inFirst.json.plans.some((p) => p.plan_id === created.json.plan.plan_id), 'the first folder does not list the second’s plan');
    });
    it('without a folder they follow the active editor’s folder, and say which', async () => {
        await openIn(secondDir, 'multi-root-second.txt');
        const made = await invoke('create_plan', { title: 'Where the editor is' });
        assert.equal(made.json.folder, SECOND);
        const here = await invoke('list_plans', {});
        assert.equal(here.json.folder, SECOND);
        assert.ok(here.json.plans.some((p) => p.plan_id === made.json.plan.plan_id));
        await openIn(first.uri.fsPath, 'multi-root-first.txt');
        const there = await invoke('list_plans', {});
        assert.equal(there.json.folder, first.name);
        assert.match(there.text, new RegExp(`in the workspace folder “${first.name}”`));
        assert.ok(!there.json.plans.some((p) => p.plan_id === made.json.plan.plan_id));
    });
});
//# sourceMappingURL=multiRootTools.itest.js.map
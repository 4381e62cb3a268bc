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
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const rawOutputScan_1 = require("./helpers/rawOutputScan");
function sources(dir) {
    return (0, node_fs_1.readdirSync)(path.join(cliHarness_1.REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) => e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []);
}
describe('no raw output: untrusted text reaches a terminal or VS Code only through the display helpers', () => {
    it('src/cli and src/extension write and show text only through terminalOutput.ts and shownText.ts', () => {
        const files = [...sources('src/cli'), ...sources('src/extension')];
        assert.ok(files.includes(rawOutputScan_1.TERMINAL_WRITER) && files.includes(rawOutputScan_1.WINDOW_WRITER) && files.length > 30, 'the scan sees the sources');
        const found = files.flatMap((f) => (0, rawOutputScan_1.scanSource)(f, (0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, f), 'utf8')));
        assert.deepEqual(found, [], `raw output:\n${found.map((r) => `  ${r.file}:${r.line} ${r.what}`).join('\n')}`);
    });
    it('the scan catches each kind of raw output (so a pass above means something)', () => {
        const cli = (code) => (0, rawOutputScan_1.scanSource)('src/cli/commands.ts', code).map((r) => r.what);
        const ext = (code) => (0, rawOutputScan_1.scanSource)('src/extension/commands/commands.ts', code).map((r) => r.what);
        assert.deepEqual(cli('env.stdout.write(`${plan.title}\\n`);'), ['env.stdout.write() with text that is not a constant']);
        assert.deepEqual(cli('process.stderr\n  .write(text);'), ['process.stderr.write() with text that is not a constant']);
        assert.deepEqual(cli("console.log('x');"), ['console.log']);
        assert.deepEqual(cli("output.write('\\n');"), [], 'a constant is no data');
        assert.deepEqual(ext('void vscode.window.showInformationMessage(`Plan ${plan.title}`);'), ['vscode.window.showInformationMessage']);
        assert.deepEqual(ext("vscode.window\n  .showWarningMessage(m, { modal: true, detail }, 'Go');"), ['vscode.window.showWarningMessage']);
        assert.deepEqual(ext('const item = new vscode.TreeItem(plan.title);'), ['a TreeItem label that is not shown()']);
        assert.deepEqual(ext('item.tooltip = node.folder.uri.fsPath;'), ['.tooltip set to text that is not shown()']);
        assert.deepEqual(ext('item.description = shown(x); item.tooltip = c ? shown(a) : undefined; panel.title = panelTitle(s);'), []);
        assert.deepEqual((0, rawOutputScan_1.scanSource)(rawOutputScan_1.WINDOW_WRITER, 'vscode.window.showInformationMessage(shown(m));'), []);
        assert.deepEqual((0, rawOutputScan_1.scanSource)(rawOutputScan_1.TERMINAL_WRITER, 'sink.write(`${terminalLines(body)}\\n`);'), []);
    });
});
//# sourceMappingURL=rawOutputScan.test.js.map
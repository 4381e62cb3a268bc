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
// A history that reads itself, as a user meets it in chromium: two plans over one folder, the tree
// rows (time first, checkpoints under their decision) at a wide and a narrow sidebar and in a dark
// theme, and the rollback modal naming the other plan whose work it would undo. Screenshots go to
// test-results/ (history-*.png).
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const composition_1 = require("../../src/composition");
const workbench_1 = require("./workbench");
const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
/** Two plans over the whole folder, the second tidying a test after the first's target checkpoint; a decision with its checkpoints. */
async function prepare(dir, dark) {
    const put = (rel, text) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
    };
    if (dark)
        put('.vscode/settings.json', JSON.stringify({ 'workbench.colorTheme': 'Default Dark Modern' }));
    const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
    try {
        put('src/todo.js', 'module.exports = [];\n');
        put('test/todo.test.js', "require('assert').ok(true);\n");
        const dues = await s.plans.createPlan({ title: 'Add due dates' });
        const tidy = await s.plans.createPlan({ title: 'Tidy the tests' });
        await s.plans.setState(dues.plan_id, 'executing');
        await s.checkpoints.createCheckpoint(tidy.plan_id, { reason: 'Start tidying' });
        await s.checkpoints.createCheckpoint(dues.plan_id, { reason: 'before due module' });
        const d = await s.corrections.recordDecision(dues.plan_id, { title: 'Add a due module' });
        await s.checkpoints.createCheckpoint(dues.plan_id, { type: 'pre_write', decisionId: d.decision_id, reason: 'Before writing due.js', sourceTool: 'edit_file' });
        put('src/due.js', 'module.exports = (todo, date) => ({ ...todo, due: date });\n');
        await s.checkpoints.createCheckpoint(dues.plan_id, { type: 'post_step', decisionId: d.decision_id, reason: 'After writing due.js', sourceTool: 'edit_file' });
        put('test/todo.test.js', "const assert = require('assert');\nassert.ok(true, 'tidied');\n");
        await s.checkpoints.createCheckpoint(tidy.plan_id, { reason: 'Tests tidied' });
    }
    finally {
        s.dispose();
    }
}
for (const dark of [false, true]) {
    describe(`History in the Checkpoints view${dark ? ' (dark theme)' : ''}`, () => {
        const wb = (0, workbench_1.useWorkbench)({ viewport: { width: 1400, height: 860 }, prepare: (dir) => prepare(dir, dark) });
        const name = (n) => `history-${dark ? 'dark-' : ''}${n}`;
        it('rows say the time first; a decision holds its checkpoints', async () => {
            await (0, workbench_1.openView)(wb.page, VIEW);
            await (0, workbench_1.waitForTreeRow)(wb.page, 'before due module', VIEW);
            await (0, workbench_1.waitForTreeRow)(wb.page, 'Add a due module', VIEW);
            await (0, workbench_1.screenshot)(wb.page, name('0-narrow'));
            await (0, workbench_1.widenSideBar)(wb.page, 480);
            await (0, workbench_1.screenshot)(wb.page, name('1-wide'));
            const rows = await (0, workbench_1.treeItems)(wb.page, VIEW);
            const target = rows.find((r) => r.label === 'before due module');
            assert.match(target?.description ?? '', /^(just now|\d+ min ago) · /, JSON.stringify(target));
            assert.ok(!rows.some((r) => r.label === 'Before writing due.js'), 'the decision’s checkpoints are folded under it');
        });
        it('the rollback modal names the other plan whose later work it would undo', async () => {
            await (0, workbench_1.contextMenu)(wb.page, 'before due module', 'Roll Back to Checkpoint');
            const dialog = wb.page.locator('.monaco-dialog-box');
            await dialog.waitFor({ state: 'visible' });
            await (0, workbench_1.screenshot)(wb.page, name('2-whose-work'));
            const text = await (0, workbench_1.answerDialog)(wb.page, 'Cancel');
            assert.match(text, /Roll back “Add due dates” to “before due module”\?/);
            assert.match(text, /This also undoes later work of another plan and a decision on the same files:/);
            assert.match(text, /plan “Tidy the tests”: test\/todo\.test\.js/);
            assert.match(text, /decision “Add a due module”: src\/due\.js/);
        });
    });
}
//# sourceMappingURL=history.e2e.js.map
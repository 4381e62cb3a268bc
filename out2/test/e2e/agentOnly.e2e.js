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
// "Undo Agent Changes Since Here (Keep Mine)…" as a user does it in chromium: the checkpoint row's
// context menu, the modal (how many of the agent's changes go, how many of yours stay), Show
// Changes First, the panel with the reverted and the kept paths apart, and Undo Rollback.
// Screenshots go to test-results/ (agent-only-*.png).
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const composition_1 = require("../../src/composition");
const rollbackPanel_1 = require("./rollbackPanel");
const workbench_1 = require("./workbench");
const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const lines = (...l) => l.map((x) => `${x}\n`).join('');
describe('Undo Agent Changes Since Here (Keep Mine)', () => {
    let workspace = '';
    let before = {};
    const snapshotFiles = () => Object.fromEntries(['notes/todo.txt', 'notes/agent.txt', 'notes/mine.txt'].map((p) => [p, fs.existsSync(path.join(workspace, p)) ? fs.readFileSync(path.join(workspace, p), 'utf8') : '(none)']));
    const wb = (0, workbench_1.useWorkbench)({
        viewport: { width: 1400, height: 860 },
        prepare: async (dir) => {
            workspace = dir;
            const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
            try {
                fs.mkdirSync(path.join(dir, 'notes'), { recursive: true });
                fs.writeFileSync(path.join(dir, 'notes', 'todo.txt'), lines('buy milk', 'call Ada', 'fix the bike', 'read', 'sleep'));
                fs.writeFileSync(path.join(dir, 'notes', 'mine.txt'), lines('my notes'));
                const plan = await s.plans.createPlan({ title: 'Tidy the notes', sandbox: 'notes' });
                await s.plans.setState(plan.plan_id, 'executing');
                await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before: "tidy my notes"' });
                await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', reason: 'Edit todo.txt', sourceTool: 'Edit' });
                // the agent's tool call
                fs.writeFileSync(path.join(dir, 'notes', 'todo.txt'), lines('BUY MILK!!!', 'call Ada', 'fix the bike', 'read', 'sleep'));
                fs.writeFileSync(path.join(dir, 'notes', 'agent.txt'), lines('made by the agent'));
                await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', reason: 'Edited todo.txt', sourceTool: 'Edit' });
                // the user's own edits, after the tool call
                fs.writeFileSync(path.join(dir, 'notes', 'todo.txt'), lines('BUY MILK!!!', 'call Ada', 'fix the bike', 'read', 'sleep early'));
                fs.writeFileSync(path.join(dir, 'notes', 'mine.txt'), lines('my notes', 'and one more line of mine'));
            }
            finally {
                s.dispose();
            }
        },
    });
    it('is offered on a checkpoint’s row; its modal counts the agent’s changes and yours; Show Changes First shows both apart', async () => {
        await (0, workbench_1.openView)(wb.page, VIEW);
        await (0, workbench_1.widenSideBar)(wb.page, 420);
        await (0, workbench_1.waitForTreeRow)(wb.page, 'Before: "tidy my notes"', VIEW);
        before = snapshotFiles();
        await (0, workbench_1.contextMenu)(wb.page, 'Before: "tidy my notes"', 'Undo Agent Changes Since Here (Keep Mine)…');
        const dialog = wb.page.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible' });
        await (0, workbench_1.screenshot)(wb.page, 'agent-only-0-modal');
        const text = await (0, workbench_1.answerDialog)(wb.page, 'Show Changes First');
        assert.match(text, /Undo the agent’s changes to “Tidy the notes” since “Before: "tidy my notes"”, keeping yours\?/);
        assert.match(text, /2 paths of the agent’s changes \(1 tool call\) will be undone; 2 paths you \(or another program\) changed will be kept\./);
        const frame = await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Undo agent changes: preview');
        assert.deepEqual((await frame.locator('button.path .name').allInnerTexts()).map((t) => t.trim()), ['agent.txt', 'todo.txt']);
        assert.deepEqual((await frame.locator('ul.kept .name').allInnerTexts()).map((t) => t.trim()), ['mine.txt', 'todo.txt']);
        assert.deepEqual(snapshotFiles(), before, 'the preview touched the sandbox');
        await (0, workbench_1.screenshot)(wb.page, 'agent-only-1-preview');
    });
    it('the preview’s diff shows the files now against what the rollback will leave: the user’s line stays on the right', async () => {
        await (0, rollbackPanel_1.panelFrame)(wb.page).locator('button.path', { hasText: 'todo.txt' }).click();
        const tab = wb.page.locator('.editor-group-container .tab', { hasText: 'todo.txt (now ↔ after taking the agent’s changes out)' }).first();
        await tab.waitFor({ state: 'visible', timeout: 15_000 });
        const modified = wb.page.locator('.monaco-diff-editor .editor.modified');
        await modified.locator('.view-line', { hasText: 'sleep early' }).first().waitFor({ state: 'visible', timeout: 15_000 });
        // (a string in hasText ignores case; a regular expression does not. Monaco renders spaces as U+00A0: \s)
        await modified.locator('.view-line', { hasText: /buy\smilk/ }).first().waitFor({ state: 'visible' });
        assert.equal(await modified.locator('.view-line', { hasText: /BUY\sMILK/ }).count(), 0, 'the agent’s line is gone on the right');
        await wb.page.waitForTimeout(500); // let the diff decorations settle
        await (0, workbench_1.screenshot)(wb.page, 'agent-only-1b-preview-diff');
        // back to the panel, behind the diff editor
        await wb.page.locator('.editor-group-container .tab', { hasText: 'Undo agent changes' }).first().click();
        await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Undo agent changes: preview');
    });
    it('takes the agent’s changes out from the panel, keeping the user’s line and file', async () => {
        // The preview's list was the question: the click goes ahead without a second modal.
        await (0, rollbackPanel_1.panelFrame)(wb.page).locator('button[data-action="rollback"]', { hasText: 'Undo Agent Changes' }).click();
        const frame = await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Agent changes undone');
        assert.equal(fs.readFileSync(path.join(workspace, 'notes', 'todo.txt'), 'utf8'), lines('buy milk', 'call Ada', 'fix the bike', 'read', 'sleep early'));
        assert.equal(fs.existsSync(path.join(workspace, 'notes', 'agent.txt')), false);
        assert.equal(fs.readFileSync(path.join(workspace, 'notes', 'mine.txt'), 'utf8'), lines('my notes', 'and one more line of mine'));
        assert.match(await frame.locator('.kept-paths h2').innerText(), /Kept \(yours\): 2/);
        await wb.page.waitForTimeout(1500); // the progress notification closes, the status bar catches up
        await (0, workbench_1.screenshot)(wb.page, 'agent-only-2-panel');
    });
    it('Undo Rollback in the panel brings back the files as they were before', async () => {
        await (0, rollbackPanel_1.panelFrame)(wb.page).locator('button[data-action="undo"]').click();
        await (0, workbench_1.answerDialog)(wb.page, 'Undo Rollback');
        await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback undone');
        assert.deepEqual(snapshotFiles(), before);
        await (0, workbench_1.screenshot)(wb.page, 'agent-only-3-undone');
    });
});
//# sourceMappingURL=agentOnly.e2e.js.map
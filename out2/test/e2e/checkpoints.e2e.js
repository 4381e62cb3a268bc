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
// The Checkpoints view as a user meets it: the activity-bar icon, the welcome view, Create Plan and
// Create Manual Checkpoint from the command palette and the tree's menus, the rows they make, and
// deleting a checkpoint behind its confirmation. Screenshots go to test-results/.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const composition_1 = require("../../src/composition");
const workbench_1 = require("./workbench");
const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
/** The services on a workspace folder, as another process (the CLI, an agent) would use them. */
function services(dir) {
    return (0, composition_1.createWorkspaceServices)({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
}
/** Opens a workspace file in an editor through Quick Open. */
async function openFile(page, name) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible' });
    await input.press('Enter');
    await page.locator('.editor-group-container .tab', { hasText: name }).first().waitFor({ state: 'visible' });
}
/** Whether the quick input that opened asks which plan (rather than why the checkpoint). */
async function asksForPlan(page) {
    const widget = page.locator('.quick-input-widget');
    const input = widget.locator('.quick-input-box input');
    await input.waitFor({ state: 'visible' });
    for (let i = 0; i < 100; i++) {
        if ((await input.getAttribute('placeholder')) === 'Plan to checkpoint')
            return true;
        if ((await widget.innerText()).includes('Why this checkpoint?') || ((await input.getAttribute('placeholder')) ?? '').includes('Why this checkpoint?'))
            return false;
        await page.waitForTimeout(100);
    }
    return false;
}
async function rowsAfter(page, label) {
    await (0, workbench_1.waitForTreeRow)(page, label, VIEW);
    return (0, workbench_1.treeItems)(page, VIEW);
}
describe('Checkpoints view', () => {
    const wb = (0, workbench_1.useWorkbench)();
    it('opens from the activity bar with a welcome view offering Create Plan', async () => {
        await (0, workbench_1.openView)(wb.page, VIEW);
        const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
        await welcome.waitFor({ state: 'visible' });
        assert.match(await welcome.innerText(), /No checkpoints here yet/);
        await welcome.locator('a.monaco-button', { hasText: 'Create Plan' }).waitFor({ state: 'visible' });
        await (0, workbench_1.screenshot)(wb.page, 'checkpoints-1-welcome');
    });
    it('creates a plan from the command palette, answering the input box and the quick pick', async () => {
        await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Create Plan');
        await (0, workbench_1.answerInput)(wb.page, 'Refactor the greeting', { prompt: 'What is the plan about?' });
        await (0, workbench_1.pickQuickPickItem)(wb.page, 'src');
        const rows = await rowsAfter(wb.page, 'Refactor the greeting');
        // with its first checkpoint, taken when the plan was created
        assert.deepEqual(rows.map((r) => [r.label, r.description.replace(/ · \d+ B$/, '')]), [['Refactor the greeting', 'draft · src/'], ['Plan created', 'just now']]);
    });
    it('creates a manual checkpoint of the selected plan with a reason, and shows it in the tree', async () => {
        // The view's selection reaches the extension host a moment after the page shows it: on a busy
        // machine the command may still see none and ask which plan. Then wait a little and ask again.
        await (0, workbench_1.clickTreeRow)(wb.page, 'Refactor the greeting');
        for (let attempt = 0;; attempt++) {
            await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Create Manual Checkpoint');
            if (!(await asksForPlan(wb.page)) || attempt >= 10)
                break;
            await wb.page.keyboard.press('Escape');
            await wb.page.waitForTimeout(500);
        }
        await (0, workbench_1.answerInput)(wb.page, 'Before the refactor', { prompt: 'Why this checkpoint?' });
        const rows = await rowsAfter(wb.page, 'Before the refactor');
        assert.deepEqual(rows.map((r) => r.label), ['Refactor the greeting', 'Before the refactor', 'Plan created']);
        assert.equal(rows[0].expanded, true);
        assert.equal(rows[1].level, 2);
        assert.match(rows[1].description, /^just now · \d+ B$/);
        await (0, workbench_1.screenshot)(wb.page, 'checkpoints-2-first-checkpoint');
    });
    it('creates another checkpoint from the plan’s context menu; the newest comes first', async () => {
        fs.writeFileSync(path.join(wb.workspaceDir, 'src', 'greet.js'), "module.exports = (name) => `Hi, ${name}!`;\n");
        await (0, workbench_1.contextMenu)(wb.page, 'Refactor the greeting', 'Create Manual Checkpoint');
        await (0, workbench_1.answerInput)(wb.page, 'Renamed the greeting', { prompt: 'Why this checkpoint?' });
        const rows = await rowsAfter(wb.page, 'Renamed the greeting');
        assert.deepEqual(rows.map((r) => r.label), ['Refactor the greeting', 'Renamed the greeting', 'Before the refactor', 'Plan created']);
        await (0, workbench_1.screenshot)(wb.page, 'checkpoints-3-two-checkpoints');
    });
    it('deletes a checkpoint after a modal confirmation', async () => {
        await (0, workbench_1.contextMenu)(wb.page, 'Before the refactor', 'Delete Checkpoint');
        const question = await (0, workbench_1.answerDialog)(wb.page, 'Delete');
        assert.match(question, /Delete the checkpoint “Before the refactor”\?/);
        for (let i = 0; i < 50 && (await (0, workbench_1.treeItems)(wb.page, VIEW)).some((r) => r.label === 'Before the refactor'); i++)
            await wb.page.waitForTimeout(200);
        const labels = (await (0, workbench_1.treeItems)(wb.page, VIEW)).map((r) => r.label);
        assert.equal(labels.includes('Before the refactor'), false, `still listed: ${labels.join(' | ')}`);
        assert.ok(labels.includes('Renamed the greeting'));
        await (0, workbench_1.screenshot)(wb.page, 'checkpoints-4-after-delete');
    });
});
describe('Checkpoints view on a database made by the services', () => {
    const wb = (0, workbench_1.useWorkbench)({
        viewport: { width: 1200, height: 800 },
        prepare: async (dir) => {
            const s = services(dir);
            try {
                const shipped = await s.plans.createPlan({ title: 'Add a farewell', sandbox: 'src' });
                await s.checkpoints.createCheckpoint(shipped.plan_id, { reason: 'Start' });
                await s.plans.applyPlan(shipped.plan_id);
                const dropped = await s.plans.createPlan({ title: 'Rewrite in TypeScript', sandbox: '.' });
                await s.plans.setState(dropped.plan_id, 'cancelled');
                const plan = await s.plans.createPlan({ title: 'Refactor the greeting', sandbox: 'src' });
                await s.plans.setState(plan.plan_id, 'executing');
                await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'Before the agent starts' });
                fs.writeFileSync(path.join(dir, 'src', 'greet.js'), "module.exports = (name) => `Hi, ${name}!`;\n");
                await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', sourceTool: 'edit_file', phase: 'execute' });
                fs.appendFileSync(path.join(dir, 'src', 'main.js'), '// greet everyone\n');
                await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', phase: 'execute', reason: 'Step 1: rename greet()' });
            }
            finally {
                s.dispose();
            }
        },
    });
    it('lists the plans with their states, and their checkpoints newest first', async () => {
        await (0, workbench_1.openView)(wb.page, VIEW);
        const rows = await rowsAfter(wb.page, 'Step 1: rename greet()');
        assert.deepEqual(rows.map((r) => [r.label, r.level]), [
            ['Refactor the greeting', 1],
            ['Step 1: rename greet()', 2],
            ['Before edit_file', 2],
            ['Before the agent starts', 2],
            ['Rewrite in TypeScript', 1],
            ['Add a farewell', 1],
        ]);
        assert.equal(rows[0].description, 'executing · src/');
        assert.equal(rows[4].description, 'cancelled · whole folder');
        assert.equal(rows[5].description, 'applied · src/');
        assert.equal(rows[5].expanded, false);
    });
    it('asks which plan to checkpoint when nothing is selected, offering only plans not applied', async () => {
        await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Create Manual Checkpoint');
        await wb.page.locator('.quick-input-widget .quick-input-box input[placeholder="Plan to checkpoint"]').waitFor({ state: 'visible' });
        assert.deepEqual(await (0, workbench_1.quickPickItems)(wb.page), ['Refactor the greeting', 'Rewrite in TypeScript']);
        await (0, workbench_1.pickQuickPickItem)(wb.page, 'Refactor the greeting');
        await (0, workbench_1.answerInput)(wb.page, 'Picked from the palette', { prompt: 'Why this checkpoint?' });
        const rows = await rowsAfter(wb.page, 'Picked from the palette');
        assert.deepEqual(rows.slice(0, 2).map((r) => r.label), ['Refactor the greeting', 'Picked from the palette']);
    });
    it('a checkpoint’s tooltip says what it is, the tool, when, and its short id; not the database’s fields', async () => {
        await (0, workbench_1.widenSideBar)(wb.page, 470);
        await openFile(wb.page, 'greet.js');
        await (0, workbench_1.clickTreeRow)(wb.page, 'Step 1: rename greet()');
        await (0, workbench_1.screenshot)(wb.page, 'checkpoints-5-tree');
        const row = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Before edit_file' });
        await row.hover();
        // the hover opens on a mouse move that rests on the row
        const box = await row.boundingBox();
        if (box)
            await wb.page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 3 });
        const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Before a change' }).first();
        await hover.waitFor({ state: 'visible', timeout: 10_000 });
        const text = await hover.innerText();
        for (const part of ['Before edit_file', 'Before a change', 'edit_file', 'Taken', 'for the agents command line'])
            assert.ok(text.includes(part), `the tooltip lacks ${part}: ${text}`);
        for (const part of ['pre_write', 'Sandbox ref', 'Stored at', 'Phase', 'Audit'])
            assert.ok(!text.includes(part), `the tooltip shows ${part}: ${text}`);
        await (0, workbench_1.screenshot)(wb.page, 'checkpoints-6-tooltip');
    });
    it('refreshes by itself on an outside change, keeping what is expanded and selected', async () => {
        await wb.page.mouse.move(800, 600); // away from the tooltip
        await (0, workbench_1.clickTreeRow)(wb.page, 'Add a farewell'); // expands the applied plan and selects it
        await (0, workbench_1.waitForTreeRow)(wb.page, 'Start', VIEW);
        const s = services(wb.workspaceDir);
        try {
            const [plan] = (await s.plans.listPlans()).filter((p) => p.title === 'Refactor the greeting');
            await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', reason: 'Made by another process' });
        }
        finally {
            s.dispose();
        }
        const rows = await rowsAfter(wb.page, 'Made by another process');
        const byLabel = new Map(rows.map((r) => [r.label, r]));
        assert.equal(byLabel.get('Refactor the greeting')?.expanded, true);
        assert.equal(byLabel.get('Add a farewell')?.expanded, true, 'the applied plan collapsed again');
        assert.ok(byLabel.has('Start'));
        assert.deepEqual(rows.filter((r) => r.selected).map((r) => r.label), ['Add a farewell']);
    });
});
describe('Checkpoints view in a multi-root workspace', () => {
    let page;
    let context;
    let dir;
    before(async function () {
        this.timeout(200_000); // two tries of waitForWorkbench
        const host = (0, workbench_1.e2eHost)();
        dir = fs.mkdtempSync(path.join(host.tempDir, 'multi-'));
        for (const name of ['app', 'docs'])
            fs.cpSync(host.fixtureDir, path.join(dir, name), { recursive: true });
        const s = services(path.join(dir, 'app'));
        try {
            const plan = await s.plans.createPlan({ title: 'Tidy the app', sandbox: 'src' });
            await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Untidy' });
        }
        finally {
            s.dispose();
        }
        const workspaceFile = path.join(dir, 'both.code-workspace');
        fs.writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'app' }, { path: 'docs' }] }));
        context = await host.browser.newContext({ viewport: { width: 1200, height: 720 } });
        page = await context.newPage();
        page.setDefaultTimeout(30_000);
        // the host's URL opens a folder; a .code-workspace file goes in `workspace` instead
        await page.goto(host.url(workspaceFile).replace('?folder=', '?workspace='));
        await (0, workbench_1.waitForWorkbench)(page);
    });
    after(async () => {
        await context?.close();
        if (dir)
            fs.rmSync(dir, { recursive: true, force: true });
    });
    it('shows each workspace folder, with its plans or a hint to create one', async () => {
        await (0, workbench_1.openView)(page, VIEW);
        const rows = await rowsAfter(page, 'Untidy');
        assert.deepEqual(rows.map((r) => [r.label, r.level]), [
            ['app', 1],
            ['Tidy the app', 2],
            ['Untidy', 3],
            ['docs', 1],
            ['No plans yet', 2],
        ]);
        await (0, workbench_1.screenshot)(page, 'checkpoints-7-multi-root');
    });
});
//# sourceMappingURL=checkpoints.e2e.js.map
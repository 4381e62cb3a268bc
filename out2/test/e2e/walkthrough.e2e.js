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
// The first steps as a new user meets them in chromium: the empty Checkpoints view offering Connect
// an Agent, Create Plan and the walkthrough; the walkthrough on the Welcome page, its pictures, and
// its Create Plan button making a plan. Then, on a plan fed by Claude Code's hooks, the states the
// walkthrough's pictures show (connect, the tree by prompt, the rollback dialog, the panel with
// Undo Rollback), in the light and the dark theme: each is also saved cropped as
// test-results/walkthrough-media/<step>-<theme>.png, which media/walkthrough/ is copied from (see
// CONTRIBUTING.md). That the walkthrough opens by itself on a first install is tested on the
// installed .vsix (test/installed/firstInstall.test.ts).
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const rollbackPanel_1 = require("./rollbackPanel");
const workbench_1 = require("./workbench");
const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const TITLE = 'Get Started with Checkpoints';
const STEPS = ['Connect your agent', 'Or create a plan', 'See the checkpoints', 'Roll back', 'Undo the rollback'];
/** The walkthrough's page (VS Code's Welcome editor, plain DOM, no webview). */
function walkthroughPage(page) {
    return page.locator('.gettingStartedContainer');
}
/** Opens the step titled `title` (a collapsed step shows only its title). */
async function openStep(page, title) {
    const step = walkthroughPage(page).locator('.getting-started-step', { has: page.locator('.step-title', { hasText: title }) }).first();
    await step.click({ position: { x: 20, y: 12 } });
    await page.waitForFunction((t) => {
        const expanded = [...document.querySelectorAll('.getting-started-step.expanded .step-title')];
        return expanded.some((e) => e.textContent?.includes(t));
    }, title);
    return step;
}
/** The picture beside the open step, once it has loaded: its alt text and natural width. */
async function stepImage(page) {
    const img = walkthroughPage(page).locator('.getting-started-media img').first();
    await img.waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
        const i = document.querySelector('.gettingStartedContainer .getting-started-media img');
        return i?.complete === true;
    });
    return img.evaluate((i) => ({ alt: i.alt, width: i.naturalWidth, src: i.src }));
}
/** Saves the part of the page inside `box` (grown by `pad`) as test-results/walkthrough-media/<name>.png. */
async function mediaShot(page, name, box, pad = 8) {
    const view = page.viewportSize();
    const x = Math.max(0, box.x - pad);
    const y = Math.max(0, box.y - pad);
    const clip = { x, y, width: Math.min(view.width - x, box.width + 2 * pad), height: Math.min(view.height - y, box.height + 2 * pad) };
    const dir = path.join((0, workbench_1.e2eHost)().resultsDir, 'walkthrough-media');
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), clip });
}
async function boxOf(locator) {
    await locator.waitFor({ state: 'visible' });
    const box = await locator.boundingBox();
    if (!box)
        throw new Error('not on screen');
    return box;
}
function themeSettings(dir, dark) {
    fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'workbench.colorTheme': dark ? 'Default Dark Modern' : 'Default Light Modern' }));
}
function hookRun(root, name, prompt) {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks', 'claude-code', `${name}.json`), 'utf8');
    const input = text
        .replaceAll('"{{PROMPT}}"', JSON.stringify(prompt ?? ''))
        .replaceAll('{{WORKSPACE}}', JSON.stringify(root).slice(1, -1))
        .replaceAll('{{SESSION}}', 'walkthrough-session');
    const env = { ...process.env, CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000' };
    (0, node_child_process_1.execFileSync)(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'hook', 'run', 'claude-code'], { cwd: root, input, env });
}
describe('First steps: the empty view and the walkthrough', () => {
    const wb = (0, workbench_1.useWorkbench)({ viewport: { width: 1400, height: 860 } });
    it('offers Connect an Agent, Create Plan and the walkthrough in the empty Checkpoints view', async () => {
        await (0, workbench_1.openView)(wb.page, VIEW);
        const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
        await welcome.waitFor({ state: 'visible' });
        for (const button of ['Connect an Agent…', 'Create Plan'])
            await welcome.locator('a.monaco-button', { hasText: button }).waitFor({ state: 'visible' });
        await welcome.locator('a', { hasText: 'Walk through the first steps' }).waitFor({ state: 'visible' });
        await (0, workbench_1.screenshot)(wb.page, 'walkthrough-0-empty-view');
    });
    it('opens the walkthrough from the empty view: five steps, each with a picture that loads', async () => {
        await wb.page.locator('.part.sidebar .welcome-view-content a', { hasText: 'Walk through the first steps' }).click();
        const page = walkthroughPage(wb.page);
        await page.locator('.category-title', { hasText: TITLE }).first().waitFor({ state: 'visible' });
        const titles = (await page.locator('.getting-started-step .step-title').allInnerTexts()).map((t) => t.trim());
        assert.deepEqual(titles, STEPS);
        for (const title of STEPS) {
            await openStep(wb.page, title);
            const image = await stepImage(wb.page);
            assert.ok(image.width > 0, `the picture of “${title}” did not load: ${image.src}`);
            assert.ok(image.alt.length > 10, `the picture of “${title}” has no alt text`);
        }
        await openStep(wb.page, STEPS[0]);
        await wb.page.waitForTimeout(500); // the picture fades in
        await (0, workbench_1.screenshot)(wb.page, 'walkthrough-1-welcome-page');
    });
    it('ticks Connect your agent only once an agent is connected (a cancelled pick ticks nothing); the empty view then says what comes next', async () => {
        const ticked = (title) => wb.page.evaluate((t) => [...document.querySelectorAll('.gettingStartedContainer .getting-started-step')].some((s) => s.querySelector('.step-title')?.textContent?.includes(t) === true && s.querySelector('.codicon-pass-filled, .codicon-getting-started-step-checked') !== null), title);
        const step = await openStep(wb.page, STEPS[0]);
        await step.locator('.monaco-button', { hasText: 'Connect an Agent…' }).click();
        await (0, workbench_1.quickPickItems)(wb.page);
        await wb.page.keyboard.press('Escape');
        await wb.page.waitForTimeout(1500);
        assert.equal(await ticked(STEPS[0]), false, 'a cancelled pick ticked the step');
        await step.locator('.monaco-button', { hasText: 'Connect an Agent…' }).click();
        await (0, workbench_1.pickQuickPickItem)(wb.page, 'Claude Code');
        await (0, workbench_1.waitForNotification)(wb.page, /Claude Code is connected/);
        const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
        await welcome.getByText(/The agent is connected\. Nothing shows here until its next prompt in this folder/).waitFor({ state: 'visible' });
        await (0, workbench_1.screenshot)(wb.page, 'walkthrough-1b-connected');
        // (the Welcome page may go back to its start when a step's context changes: the walkthrough is opened again to read its ticks)
        await welcome.locator('a', { hasText: 'Walk through the first steps' }).click();
        await walkthroughPage(wb.page).locator('.category-title', { hasText: TITLE }).first().waitFor({ state: 'visible' });
        await wb.page.waitForFunction((t) => [...document.querySelectorAll('.gettingStartedContainer .getting-started-step')].some((s) => s.querySelector('.step-title')?.textContent?.includes(t) === true && s.querySelector('.codicon-pass-filled, .codicon-getting-started-step-checked') !== null), STEPS[0]);
        await (0, workbench_1.screenshot)(wb.page, 'walkthrough-1c-connect-ticked');
        fs.rmSync(path.join(wb.workspaceDir, '.claude'), { recursive: true, force: true });
    });
    it('makes a plan with the Create Plan button of its step, and ticks the step off', async () => {
        const step = await openStep(wb.page, 'Or create a plan');
        await step.locator('.monaco-button', { hasText: 'Create Plan' }).click();
        await (0, workbench_1.answerInput)(wb.page, 'First plan from the walkthrough', { prompt: 'What is the plan about?' });
        await (0, workbench_1.pickQuickPickItem)(wb.page, 'src');
        await (0, workbench_1.waitForTreeRow)(wb.page, 'First plan from the walkthrough', VIEW);
        await (0, workbench_1.waitForTreeRow)(wb.page, 'Plan created', VIEW);
        // the step's checkbox is ticked once its command ran
        await wb.page.waitForFunction(() => [...document.querySelectorAll('.gettingStartedContainer .getting-started-step')].some((s) => s.querySelector('.step-title')?.textContent?.includes('Or create a plan') && s.querySelector('.codicon-pass-filled, .codicon-getting-started-step-checked') !== null));
        await (0, workbench_1.screenshot)(wb.page, 'walkthrough-2-plan-created');
    });
});
for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    describe(`Pictures of the walkthrough’s steps (${theme} theme)`, () => {
        const wb = (0, workbench_1.useWorkbench)({
            viewport: { width: 1280, height: 760 },
            prepare: (dir) => {
                themeSettings(dir, dark);
                fs.writeFileSync(path.join(dir, 'notes.txt'), 'one\n');
                hookRun(dir, 'UserPromptSubmit', 'write the notes in full');
                hookRun(dir, 'PreToolUse-Edit');
                fs.writeFileSync(path.join(dir, 'notes.txt'), 'one\ntwo\nthree\n');
                hookRun(dir, 'PostToolUse-Edit');
                hookRun(dir, 'UserPromptSubmit', 'now add a greeting in French');
                hookRun(dir, 'PreToolUse-Bash');
                fs.writeFileSync(path.join(dir, 'src', 'greet.js'), "module.exports = (name) => `Bonjour, ${name} !`;\n");
                fs.writeFileSync(path.join(dir, 'src', 'fr.js'), "module.exports = { hello: 'Bonjour' };\n");
                hookRun(dir, 'PostToolUse-Bash');
            },
        });
        it('Connect an Agent lists the agents', async () => {
            await (0, workbench_1.openView)(wb.page, VIEW);
            await (0, workbench_1.widenSideBar)(wb.page, 520);
            await (0, workbench_1.waitForTreeRow)(wb.page, '“now add a greeting in French”', VIEW);
            await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Connect an Agent…');
            assert.ok((await (0, workbench_1.quickPickItems)(wb.page)).includes('Claude Code'));
            await mediaShot(wb.page, `connect-agent-${theme}`, await boxOf(wb.page.locator('.quick-input-widget')), 0);
            await wb.page.keyboard.press('Escape');
        });
        it('the tree shows the agent’s plan, its checkpoints under the prompts', async () => {
            await wb.page.locator('.part.sidebar .monaco-list-row', { hasText: '“now add a greeting in French”' }).first().hover();
            const sidebar = await boxOf(wb.page.locator('.part.sidebar'));
            await mediaShot(wb.page, `checkpoints-${theme}`, { ...sidebar, height: 150 }, 0);
        });
        it('Roll Back to Checkpoint asks first, listing the files', async () => {
            await (0, workbench_1.contextMenu)(wb.page, '“now add a greeting in French”', 'Roll Back to Checkpoint');
            const dialog = wb.page.locator('.monaco-dialog-box');
            await mediaShot(wb.page, `roll-back-${theme}`, await boxOf(dialog));
            const text = await (0, workbench_1.answerDialog)(wb.page, 'Roll Back');
            assert.match(text, /Roll back/);
        });
        it('the panel that opens offers Undo Rollback', async () => {
            const frame = await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback complete');
            await frame.locator('button', { hasText: 'Undo Rollback' }).first().waitFor({ state: 'visible' });
            await wb.page.waitForTimeout(1000); // the progress notification closes
            const editor = await boxOf(wb.page.locator('.part.editor'));
            await mediaShot(wb.page, `undo-${theme}`, { ...editor, height: Math.min(editor.height, 390) }, 0);
            assert.equal(fs.existsSync(path.join(wb.workspaceDir, 'src', 'fr.js')), false, 'the rollback left the agent’s new file');
        });
        it('Create Plan adds a plan with its first checkpoint', async () => {
            await (0, workbench_1.runCommand)(wb.page, 'View: Close All Editors');
            await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Create Plan');
            await (0, workbench_1.answerInput)(wb.page, 'Try a French greeting', { prompt: 'What is the plan about?' });
            await (0, workbench_1.pickQuickPickItem)(wb.page, 'src');
            await (0, workbench_1.waitForTreeRow)(wb.page, 'Try a French greeting', VIEW);
            await wb.page.mouse.move(1200, 700);
            const sidebar = await boxOf(wb.page.locator('.part.sidebar'));
            await mediaShot(wb.page, `create-plan-${theme}`, { ...sidebar, height: 200 }, 0);
        });
    });
}
//# sourceMappingURL=walkthrough.e2e.js.map
// The first steps as a new user meets them in chromium: the empty Checkpoints view offering Connect
// an Agent, Create Plan and the walkthrough; the walkthrough on the Welcome page, its pictures, and
// its Create Plan button making a plan. Then, on a plan fed by Claude Code's hooks, the states the
// walkthrough's pictures show (connect, the tree by prompt, the rollback dialog, the panel with
// Undo Rollback), in the light and the dark theme: each is also saved cropped as
// test-results/walkthrough-media/<step>-<theme>.png, which media/walkthrough/ is copied from (see
// CONTRIBUTING.md). That the walkthrough opens by itself on a first install is tested on the
// installed .vsix (test/installed/firstInstall.test.ts).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { waitForPanel } from './rollbackPanel';
import { answerDialog, answerInput, contextMenu, e2eHost, openView, pickQuickPickItem, quickPickItems, runCommand, screenshot, useWorkbench, waitForNotification, waitForTreeRow, widenSideBar } from './workbench';

// The page functions run in the browser; tsconfig has no DOM lib (see workbench.ts).
interface DomNode {
  readonly textContent: string | null;
  querySelector(selector: string): DomNode | null;
}
declare const document: { querySelectorAll(selector: string): Iterable<DomNode>; querySelector(selector: string): DomNode | null };

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const TITLE = 'Get Started with Checkpoints';
const STEPS = ['Connect your agent', 'Or create a plan', 'See the checkpoints', 'Roll back', 'Undo the rollback'];

/** The walkthrough's page (VS Code's Welcome editor, plain DOM, no webview). */
function walkthroughPage(page: Page): Locator {
  return page.locator('.gettingStartedContainer');
}

/** Opens the step titled `title` (a collapsed step shows only its title). */
async function openStep(page: Page, title: string): Promise<Locator> {
  const step = walkthroughPage(page).locator('.getting-started-step', { has: page.locator('.step-title', { hasText: title }) }).first();
  await step.click({ position: { x: 20, y: 12 } });
  await page.waitForFunction((t) => {
    const expanded = [...document.querySelectorAll('.getting-started-step.expanded .step-title')];
    return expanded.some((e) => e.textContent?.includes(t));
  }, title);
  return step;
}

/** The picture beside the open step, once it has loaded: its alt text and natural width. */
async function stepImage(page: Page): Promise<{ alt: string; width: number; src: string }> {
  const img = walkthroughPage(page).locator('.getting-started-media img').first();
  await img.waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const i = document.querySelector('.gettingStartedContainer .getting-started-media img') as unknown as { complete: boolean; naturalWidth: number } | null;
    return i?.complete === true;
  });
  return img.evaluate((i: { alt: string; naturalWidth: number; src: string }) => ({ alt: i.alt, width: i.naturalWidth, src: i.src }));
}

/** Saves the part of the page inside `box` (grown by `pad`) as test-results/walkthrough-media/<name>.png. */
async function mediaShot(page: Page, name: string, box: { x: number; y: number; width: number; height: number }, pad = 8): Promise<void> {
  const view = page.viewportSize()!;
  const x = Math.max(0, box.x - pad);
  const y = Math.max(0, box.y - pad);
  const clip = { x, y, width: Math.min(view.width - x, box.width + 2 * pad), height: Math.min(view.height - y, box.height + 2 * pad) };
  const dir = path.join(e2eHost().resultsDir, 'walkthrough-media');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), clip });
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await locator.waitFor({ state: 'visible' });
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

function themeSettings(dir: string, dark: boolean): void {
  fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'workbench.colorTheme': dark ? 'Default Dark Modern' : 'Default Light Modern' }));
}

function hookRun(root: string, name: string, prompt?: string): void {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks', 'claude-code', `${name}.json`), 'utf8');
  const input = text
    .replaceAll('"{{PROMPT}}"', JSON.stringify(prompt ?? ''))
    .replaceAll('{{WORKSPACE}}', JSON.stringify(root).slice(1, -1))
    .replaceAll('{{SESSION}}', 'walkthrough-session');
  const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000' };
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'hook', 'run', 'claude-code'], { cwd: root, input, env });
}

describe('First steps: the empty view and the walkthrough', () => {
  const wb = useWorkbench({ viewport: { width: 1400, height: 860 } });

  it('offers Connect an Agent, Create Plan and the walkthrough in the empty Checkpoints view', async () => {
    await openView(wb.page, VIEW);
    const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
    await welcome.waitFor({ state: 'visible' });
    for (const button of ['Connect an Agent…', 'Create Plan']) await welcome.locator('a.monaco-button', { hasText: button }).waitFor({ state: 'visible' });
    await welcome.locator('a', { hasText: 'Walk through the first steps' }).waitFor({ state: 'visible' });
    await screenshot(wb.page, 'walkthrough-0-empty-view');
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
    await openStep(wb.page, STEPS[0]!);
    await wb.page.waitForTimeout(500); // the picture fades in
    await screenshot(wb.page, 'walkthrough-1-welcome-page');
  });

  it('ticks Connect your agent only once an agent is connected (a cancelled pick ticks nothing); the empty view then says what comes next', async () => {
    const ticked = (title: string) =>
      wb.page.evaluate(
        (t) =>
          [...document.querySelectorAll('.gettingStartedContainer .getting-started-step')].some(
            (s) => s.querySelector('.step-title')?.textContent?.includes(t) === true && s.querySelector('.codicon-pass-filled, .codicon-getting-started-step-checked') !== null,
          ),
        title,
      );
    const step = await openStep(wb.page, STEPS[0]!);
    await step.locator('.monaco-button', { hasText: 'Connect an Agent…' }).click();
    await quickPickItems(wb.page);
    await wb.page.keyboard.press('Escape');
    await wb.page.waitForTimeout(1500);
    assert.equal(await ticked(STEPS[0]!), false, 'a cancelled pick ticked the step');
    await step.locator('.monaco-button', { hasText: 'Connect an Agent…' }).click();
    await pickQuickPickItem(wb.page, 'Claude Code');
    await waitForNotification(wb.page, /Claude Code is connected/);
    const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
    await welcome.getByText(/The agent is connected\. Nothing shows here until its next prompt in this folder/).waitFor({ state: 'visible' });
    await screenshot(wb.page, 'walkthrough-1b-connected');
    // (the Welcome page may go back to its start when a step's context changes: the walkthrough is opened again to read its ticks)
    await welcome.locator('a', { hasText: 'Walk through the first steps' }).click();
    await walkthroughPage(wb.page).locator('.category-title', { hasText: TITLE }).first().waitFor({ state: 'visible' });
    await wb.page.waitForFunction(
      (t) =>
        [...document.querySelectorAll('.gettingStartedContainer .getting-started-step')].some(
          (s) => s.querySelector('.step-title')?.textContent?.includes(t) === true && s.querySelector('.codicon-pass-filled, .codicon-getting-started-step-checked') !== null,
        ),
      STEPS[0]!,
    );
    await screenshot(wb.page, 'walkthrough-1c-connect-ticked');
    fs.rmSync(path.join(wb.workspaceDir, '.claude'), { recursive: true, force: true });
  });

  it('makes a plan with the Create Plan button of its step, and ticks the step off', async () => {
    const step = await openStep(wb.page, 'Or create a plan');
    await step.locator('.monaco-button', { hasText: 'Create Plan' }).click();
    await answerInput(wb.page, 'First plan from the walkthrough', { prompt: 'What is the plan about?' });
    await pickQuickPickItem(wb.page, 'src');
    await waitForTreeRow(wb.page, 'First plan from the walkthrough', VIEW);
    await waitForTreeRow(wb.page, 'Plan created', VIEW);
    // the step's checkbox is ticked once its command ran
    await wb.page.waitForFunction(() =>
      [...document.querySelectorAll('.gettingStartedContainer .getting-started-step')].some(
        (s) => s.querySelector('.step-title')?.textContent?.includes('Or create a plan') && s.querySelector('.codicon-pass-filled, .codicon-getting-started-step-checked') !== null,
      ),
    );
    await screenshot(wb.page, 'walkthrough-2-plan-created');
  });
});

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light';
  describe(`Pictures of the walkthrough’s steps (${theme} theme)`, () => {
    const wb = useWorkbench({
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
      await openView(wb.page, VIEW);
      await widenSideBar(wb.page, 520);
      await waitForTreeRow(wb.page, '“now add a greeting in French”', VIEW);
      await runCommand(wb.page, 'Checkpoints: Connect an Agent…');
      assert.ok((await quickPickItems(wb.page)).includes('Claude Code'));
      await mediaShot(wb.page, `connect-agent-${theme}`, await boxOf(wb.page.locator('.quick-input-widget')), 0);
      await wb.page.keyboard.press('Escape');
    });

    it('the tree shows the agent’s plan, its checkpoints under the prompts', async () => {
      await wb.page.locator('.part.sidebar .monaco-list-row', { hasText: '“now add a greeting in French”' }).first().hover();
      const sidebar = await boxOf(wb.page.locator('.part.sidebar'));
      await mediaShot(wb.page, `checkpoints-${theme}`, { ...sidebar, height: 150 }, 0);
    });

    it('Roll Back to Checkpoint asks first, listing the files', async () => {
      await contextMenu(wb.page, '“now add a greeting in French”', 'Roll Back to Checkpoint');
      const dialog = wb.page.locator('.monaco-dialog-box');
      await mediaShot(wb.page, `roll-back-${theme}`, await boxOf(dialog));
      const text = await answerDialog(wb.page, 'Roll Back');
      assert.match(text, /Roll back/);
    });

    it('the panel that opens offers Undo Rollback', async () => {
      const frame = await waitForPanel(wb.page, 'Rollback complete');
      await frame.locator('button', { hasText: 'Undo Rollback' }).first().waitFor({ state: 'visible' });
      await wb.page.waitForTimeout(1000); // the progress notification closes
      const editor = await boxOf(wb.page.locator('.part.editor'));
      await mediaShot(wb.page, `undo-${theme}`, { ...editor, height: Math.min(editor.height, 390) }, 0);
      assert.equal(fs.existsSync(path.join(wb.workspaceDir, 'src', 'fr.js')), false, 'the rollback left the agent’s new file');
    });

    it('Create Plan adds a plan with its first checkpoint', async () => {
      await runCommand(wb.page, 'View: Close All Editors');
      await runCommand(wb.page, 'Checkpoints: Create Plan');
      await answerInput(wb.page, 'Try a French greeting', { prompt: 'What is the plan about?' });
      await pickQuickPickItem(wb.page, 'src');
      await waitForTreeRow(wb.page, 'Try a French greeting', VIEW);
      await wb.page.mouse.move(1200, 700);
      const sidebar = await boxOf(wb.page.locator('.part.sidebar'));
      await mediaShot(wb.page, `create-plan-${theme}`, { ...sidebar, height: 200 }, 0);
    });
  });
}

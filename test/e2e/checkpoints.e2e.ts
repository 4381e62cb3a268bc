// The Checkpoints view as a user meets it: the activity-bar icon, the welcome view, Create Plan and
// Create Manual Checkpoint from the command palette and the tree's menus, the rows they make, and
// deleting a checkpoint behind its confirmation. Screenshots go to test-results/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { BrowserContext, Page } from 'playwright-core';
import type { Logger } from '../../src/core/ports';
import {
  answerDialog,
  answerInput,
  clickTreeRow,
  contextMenu,
  e2eHost,
  openView,
  pickQuickPickItem,
  quickPickItems,
  removeWorkspace,
  runCommand,
  screenshot,
  treeItems,
  useWorkbench,
  widenSideBar,
  waitForWorkbench,
  waitForTreeRow,
  type TreeRow,
} from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The services on a workspace folder, as another process (the CLI, an agent) would use them. */
function services(dir: string) {
  return createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
}

/** Opens a workspace file in an editor through Quick Open. */
async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible' });
  await input.press('Enter');
  await page.locator('.editor-group-container .tab', { hasText: name }).first().waitFor({ state: 'visible' });
}

/** Whether the quick input that opened asks which plan (rather than why the checkpoint). */
async function asksForPlan(page: Page): Promise<boolean> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await input.waitFor({ state: 'visible' });
  for (let i = 0; i < 100; i++) {
    if ((await input.getAttribute('placeholder')) === 'Plan to checkpoint') return true;
    if ((await widget.innerText()).includes('Why this checkpoint?') || ((await input.getAttribute('placeholder')) ?? '').includes('Why this checkpoint?')) return false;
    await page.waitForTimeout(100);
  }
  return false;
}

async function rowsAfter(page: Page, label: string): Promise<TreeRow[]> {
  await waitForTreeRow(page, label, VIEW);
  return treeItems(page, VIEW);
}

describe('Checkpoints view', () => {
  const wb = useWorkbench();

  it('opens from the activity bar with a welcome view offering Create Plan', async () => {
    await openView(wb.page, VIEW);
    const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
    await welcome.waitFor({ state: 'visible' });
    assert.match(await welcome.innerText(), /No checkpoints here yet/);
    await welcome.locator('a.monaco-button', { hasText: 'Create Plan' }).waitFor({ state: 'visible' });
    await screenshot(wb.page, 'checkpoints-1-welcome');
  });

  it('creates a plan from the command palette, answering the input box and the quick pick', async () => {
    await runCommand(wb.page, 'Checkpoints: Create Plan');
    await answerInput(wb.page, 'Refactor the greeting', { prompt: 'What is the plan about?' });
    await pickQuickPickItem(wb.page, 'src');
    // with its first checkpoint, taken when the plan was created: its row comes last (on a busy
    // machine the plan's row shows a moment before it)
    const rows = await rowsAfter(wb.page, 'Plan created');
    assert.deepEqual(rows.map((r) => [r.label, r.description.replace(/ · \d+ B$/, '')]), [['Refactor the greeting', 'draft · src/'], ['Plan created', 'just now']]);
  });

  it('creates a manual checkpoint of the selected plan with a reason, and shows it in the tree', async () => {
    // The view's selection reaches the extension host a moment after the page shows it: on a busy
    // machine the command may still see none and ask which plan. Then wait a little and ask again.
    await clickTreeRow(wb.page, 'Refactor the greeting');
    for (let attempt = 0; ; attempt++) {
      await runCommand(wb.page, 'Checkpoints: Create Manual Checkpoint');
      if (!(await asksForPlan(wb.page)) || attempt >= 10) break;
      await wb.page.keyboard.press('Escape');
      await wb.page.waitForTimeout(500);
    }
    await answerInput(wb.page, 'Before the refactor', { prompt: 'Why this checkpoint?' });
    const rows = await rowsAfter(wb.page, 'Before the refactor');
    assert.deepEqual(rows.map((r) => r.label), ['Refactor the greeting', 'Before the refactor', 'Plan created']);
    assert.equal(rows[0].expanded, true);
    assert.equal(rows[1].level, 2);
    assert.match(rows[1].description, /^just now · \d+ B$/);
    await screenshot(wb.page, 'checkpoints-2-first-checkpoint');
  });

  it('creates another checkpoint from the plan’s context menu; the newest comes first', async () => {
    fs.writeFileSync(path.join(wb.workspaceDir, 'src', 'greet.js'), "module.exports = (name) => `Hi, ${name}!`;\n");
    await contextMenu(wb.page, 'Refactor the greeting', 'Create Manual Checkpoint');
    await answerInput(wb.page, 'Renamed the greeting', { prompt: 'Why this checkpoint?' });
    const rows = await rowsAfter(wb.page, 'Renamed the greeting');
    assert.deepEqual(rows.map((r) => r.label), ['Refactor the greeting', 'Renamed the greeting', 'Before the refactor', 'Plan created']);
    await screenshot(wb.page, 'checkpoints-3-two-checkpoints');
  });

  it('deletes a checkpoint after a modal confirmation', async () => {
    await contextMenu(wb.page, 'Before the refactor', 'Delete Checkpoint');
    const question = await answerDialog(wb.page, 'Delete');
    assert.match(question, /Delete the checkpoint “Before the refactor”\?/);
    for (let i = 0; i < 50 && (await treeItems(wb.page, VIEW)).some((r) => r.label === 'Before the refactor'); i++) await wb.page.waitForTimeout(200);
    const labels = (await treeItems(wb.page, VIEW)).map((r) => r.label);
    assert.equal(labels.includes('Before the refactor'), false, `still listed: ${labels.join(' | ')}`);
    assert.ok(labels.includes('Renamed the greeting'));
    await screenshot(wb.page, 'checkpoints-4-after-delete');
  });
});

describe('Checkpoints view on a database made by the services', () => {
  const wb = useWorkbench({
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
      } finally {
        s.dispose();
      }
    },
  });

  it('lists the plans with their states, and their checkpoints newest first', async () => {
    await openView(wb.page, VIEW);
    const rows = await rowsAfter(wb.page, 'Step 1: rename greet()');
    assert.deepEqual(
      rows.map((r) => [r.label, r.level]),
      [
        ['Refactor the greeting', 1],
        ['Step 1: rename greet()', 2],
        ['Before edit_file', 2],
        ['Before the agent starts', 2],
        ['Rewrite in TypeScript', 1],
        ['Add a farewell', 1],
      ],
    );
    assert.equal(rows[0].description, 'executing · src/');
    assert.equal(rows[4].description, 'cancelled · whole folder');
    assert.equal(rows[5].description, 'applied · src/');
    assert.equal(rows[5].expanded, false);
  });

  it('asks which plan to checkpoint when nothing is selected, offering only plans not applied', async () => {
    await runCommand(wb.page, 'Checkpoints: Create Manual Checkpoint');
    await wb.page.locator('.quick-input-widget .quick-input-box input[placeholder="Plan to checkpoint"]').waitFor({ state: 'visible' });
    assert.deepEqual(await quickPickItems(wb.page), ['Refactor the greeting', 'Rewrite in TypeScript']);
    await pickQuickPickItem(wb.page, 'Refactor the greeting');
    await answerInput(wb.page, 'Picked from the palette', { prompt: 'Why this checkpoint?' });
    const rows = await rowsAfter(wb.page, 'Picked from the palette');
    assert.deepEqual(rows.slice(0, 2).map((r) => r.label), ['Refactor the greeting', 'Picked from the palette']);
  });

  it('a checkpoint’s tooltip says what it is, the tool, when, and its short id; not the database’s fields', async () => {
    await widenSideBar(wb.page, 470);
    await openFile(wb.page, 'greet.js');
    await clickTreeRow(wb.page, 'Step 1: rename greet()');
    await screenshot(wb.page, 'checkpoints-5-tree');
    const row = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Before edit_file' });
    await row.hover();
    // the hover opens on a mouse move that rests on the row
    const box = await row.boundingBox();
    if (box) await wb.page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 3 });
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Before a change' }).first();
    await hover.waitFor({ state: 'visible', timeout: 10_000 });
    const text = await hover.innerText();
    for (const part of ['Before edit_file', 'Before a change', 'edit_file', 'Taken', 'for the agents command line']) assert.ok(text.includes(part), `the tooltip lacks ${part}: ${text}`);
    for (const part of ['pre_write', 'Sandbox ref', 'Stored at', 'Phase', 'Audit']) assert.ok(!text.includes(part), `the tooltip shows ${part}: ${text}`);
    await screenshot(wb.page, 'checkpoints-6-tooltip');
  });

  it('refreshes by itself on an outside change, keeping what is expanded and selected', async () => {
    await wb.page.mouse.move(800, 600); // away from the tooltip
    await clickTreeRow(wb.page, 'Add a farewell'); // expands the applied plan and selects it
    await waitForTreeRow(wb.page, 'Start', VIEW);
    const s = services(wb.workspaceDir);
    try {
      const [plan] = (await s.plans.listPlans()).filter((p) => p.title === 'Refactor the greeting');
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', reason: 'Made by another process' });
    } finally {
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
  let page: Page | undefined;
  let context: BrowserContext | undefined;
  let dir: string;

  before(async function () {
    this.timeout(200_000); // two tries of waitForWorkbench
    const host = e2eHost();
    dir = fs.mkdtempSync(path.join(host.tempDir, 'multi-'));
    for (const name of ['app', 'docs']) fs.cpSync(host.fixtureDir, path.join(dir, name), { recursive: true });
    const s = services(path.join(dir, 'app'));
    try {
      const plan = await s.plans.createPlan({ title: 'Tidy the app', sandbox: 'src' });
      await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Untidy' });
    } finally {
      s.dispose();
    }
    const workspaceFile = path.join(dir, 'both.code-workspace');
    fs.writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'app' }, { path: 'docs' }] }));
    context = await host.browser.newContext({ viewport: { width: 1200, height: 720 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // the host's URL opens a folder; a .code-workspace file goes in `workspace` instead
    await page.goto(host.url(workspaceFile).replace('?folder=', '?workspace='));
    await waitForWorkbench(page);
  });

  after(async () => {
    await context?.close();
    if (dir) removeWorkspace(dir);
  });

  it('shows each workspace folder, with its plans or a hint to create one', async () => {
    await openView(page!, VIEW);
    const rows = await rowsAfter(page!, 'Untidy');
    assert.deepEqual(
      rows.map((r) => [r.label, r.level]),
      [
        ['app', 1],
        ['Tidy the app', 2],
        ['Untidy', 3],
        ['docs', 1],
        ['No plans yet', 2],
      ],
    );
    await screenshot(page!, 'checkpoints-7-multi-root');
  });
});

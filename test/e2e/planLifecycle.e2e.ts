// A plan's life as a user drives it in chromium: Start from the row's inline button, Complete and
// Mark Plan Applied from its context menu (which offers only what fits the state), Start Plan from
// the palette (which asks only among plans that can start), Delete Plan behind a modal that says
// what goes, and the status bar's menu. Screenshots go to test-results/lifecycle-*.png.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { inlineAction } from './rollbackPanel';
import { answerDialog, contextMenu, openContextMenu, openView, pickQuickPickItem, quickPickItems, runCommand, screenshot, treeItems, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The description of the row labelled `label`, once it contains `expected`. */
async function waitForDescription(page: Page, label: string, expected: RegExp, timeout = 15_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const row = (await treeItems(page, VIEW).catch(() => [])).find((r) => r.label === label);
    if (row && expected.test(row.description)) return row.description;
    if (Date.now() > deadline) throw new Error(`the row "${label}" shows "${row?.description ?? '(no row)'}", not ${String(expected)}`);
    await page.waitForTimeout(200);
  }
}

/** The items of the row's context menu (closed again). */
async function menuItems(page: Page, label: string): Promise<string[]> {
  const row = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
  const items = await openContextMenu(page, row);
  await page.keyboard.press('Escape');
  return items;
}

describe('A plan\'s lifecycle in the Checkpoints view', () => {
  let workspace = '';
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      workspace = dir;
      fs.writeFileSync(path.join(dir, 'src', 'todo.js'), 'export const todos = [];\n');
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
      try {
        const plan = await s.plans.createPlan({ title: 'Add due dates to todos', sandbox: 'src' });
        await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before the agent starts' });
        const iso = await s.plans.createPlan({ title: 'Try a new storage layer', isolated: true });
        await s.checkpoints.createCheckpoint(iso.plan_id, { reason: 'Copy made' });
      } finally {
        s.dispose();
      }
    },
  });

  it('starts a draft plan from its inline button', async () => {
    await openView(wb.page, VIEW);
    await widenSideBar(wb.page, 440);
    await waitForTreeRow(wb.page, 'Add due dates to todos', VIEW);
    await inlineAction(wb.page, 'Add due dates to todos', 'Start Plan');
    assert.match(await waitForDescription(wb.page, 'Add due dates to todos', /^executing/), /^executing · src\/$/);
    await screenshot(wb.page, 'lifecycle-1-started');
  });

  it('offers on an executing plan what fits it, and completes it from the menu', async () => {
    const items = await menuItems(wb.page, 'Add due dates to todos');
    for (const t of ['Complete Plan', 'Mark Plan Failed', 'Cancel Plan', 'Mark Plan Applied', 'Delete Plan', 'Create Manual Checkpoint']) assert.ok(items.includes(t), `${t} missing: ${items.join(' | ')}`);
    for (const t of ['Start Plan', 'Apply Plan to Workspace', 'Undo Rollback']) assert.ok(!items.includes(t), `${t} offered: ${items.join(' | ')}`);
    await contextMenu(wb.page, 'Add due dates to todos', 'Complete Plan');
    await waitForDescription(wb.page, 'Add due dates to todos', /^completed/);
  });

  it('the palette\'s Start Plan asks only among plans that can start', async () => {
    await runCommand(wb.page, 'Checkpoints: Start Plan');
    assert.deepEqual(await quickPickItems(wb.page), ['Try a new storage layer', 'Add due dates to todos']);
    await pickQuickPickItem(wb.page, 'Try a new storage layer');
    await waitForDescription(wb.page, 'Try a new storage layer', /^executing · isolated copy$/);
  });

  it('marks an in-place plan applied after a modal', async () => {
    await contextMenu(wb.page, 'Add due dates to todos', 'Mark Plan Applied');
    await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'visible' });
    await screenshot(wb.page, 'lifecycle-2-mark-applied');
    const text = await answerDialog(wb.page, 'Mark Applied');
    assert.match(text, /Mark “Add due dates to todos” applied\?/);
    assert.match(text, /its changes are already there, and no file is changed now/);
    await waitForDescription(wb.page, 'Add due dates to todos', /^applied/);
    const items = await menuItems(wb.page, 'Add due dates to todos');
    assert.deepEqual(
      items.filter((t) => /Plan|Checkpoint|Roll/.test(t)),
      ['Copy Plan ID', 'Delete Plan'],
      `an applied plan offers only its deletion (and its id): ${items.join(' | ')}`,
    );
  });

  it('deletes a plan after a modal that says what goes', async () => {
    await contextMenu(wb.page, 'Try a new storage layer', 'Delete Plan');
    await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'visible' });
    await screenshot(wb.page, 'lifecycle-3-delete');
    const text = await answerDialog(wb.page, 'Delete Plan');
    assert.match(text, /Delete the plan “Try a new storage layer” \(executing\)\?/);
    assert.match(text, /Its 1 checkpoint .* and their snapshots/);
    assert.match(text, /Its isolated copy of the workspace \([\d,]+ files?\), with any change never applied\./);
    assert.match(text, /This cannot be undone\./);
    const deadline = Date.now() + 15_000;
    while ((await treeItems(wb.page, VIEW)).some((r) => r.label === 'Try a new storage layer')) {
      if (Date.now() > deadline) throw new Error('the deleted plan is still listed');
      await wb.page.waitForTimeout(200);
    }
    assert.deepEqual(fs.readdirSync(path.join(workspace, '.cleveragents', 'sandboxes')), []);
  });

  it('the status bar opens a menu of the active plan', async () => {
    const item = wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Add due dates' }).first();
    await item.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
    // the applied plan is not active: with no open plan left, the item is hidden
    assert.equal(await item.isVisible(), false, 'an applied plan is not the active one');
    const s = createWorkspaceServices({ workspaceRoot: workspace, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
    try {
      await s.plans.createPlan({ title: 'Write the docs', sandbox: 'src' });
    } finally {
      s.dispose();
    }
    const docs = wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Write the docs' }).first();
    await docs.waitFor({ state: 'visible', timeout: 20_000 });
    await docs.click();
    // (details render as labels too: keep the items' own labels)
    const items = (await quickPickItems(wb.page)).filter((l) => !l.endsWith('.'));
    assert.deepEqual(items, ['Create Checkpoint', 'Start Plan', 'Show in Tree', 'Show Log'], 'no Roll Back… without checkpoints, no Complete on a draft');
    await screenshot(wb.page, 'lifecycle-4-status-bar-menu');
    await pickQuickPickItem(wb.page, 'Start Plan');
    await waitForDescription(wb.page, 'Write the docs', /^executing/);
  });
});

// The picture of a plan's menu in docs/CHECKPOINTS.md, on the demo project `npm start` opens (scripts/demoData.mjs):
// an agent is adding due dates to a small todo app, and its plan is executing.
describe('The demo project\'s plan menu (a screenshot for the docs)', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-fixture-'));
  const wb = useWorkbench({
    fixture: empty,
    viewport: { width: 1200, height: 760 },
    prepare: (dir) => {
      const script = `import(${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'demoData.mjs'))}).then((m) => m.prepareDemoData(${JSON.stringify(dir)}))`;
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`demo data: ${r.stderr}`);
    },
  });
  after(() => fs.rmSync(empty, { recursive: true, force: true }));

  it('offers the executing plan\'s lifecycle in its context menu', async () => {
    await openView(wb.page, VIEW);
    await widenSideBar(wb.page, 480);
    await waitForTreeRow(wb.page, 'Add due dates to todos', VIEW);
    await waitForDescription(wb.page, 'Add due dates to todos', /^executing · src\/$/);
    // the file the agent is changing, open beside the view
    await wb.page.keyboard.press('Control+P');
    const input = wb.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill('todoList.js');
    await wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'todoList.js' }).first().waitFor({ state: 'visible' });
    await input.press('Enter');
    await wb.page.locator('.editor-group-container .tab', { hasText: 'todoList.js' }).first().waitFor({ state: 'visible' });
    const row = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').filter({ has: wb.page.locator('.label-name', { hasText: 'Add due dates to todos' }) }).first();
    const box = await row.boundingBox();
    // near the row's right end, so that the menu opens over the editor and leaves the tree in sight
    const lifecycle = (items: readonly string[]) => items.includes('Complete Plan') && items.includes('Mark Plan Failed') && !items.includes('Start Plan');
    const items = await openContextMenu(wb.page, row, { position: { x: (box?.width ?? 300) - 60, y: (box?.height ?? 22) / 2 }, until: lifecycle });
    assert.ok(lifecycle(items), `the menu offered: ${items.join(' | ') || 'nothing'}`);
    await wb.page.locator('.monaco-menu .action-item', { hasText: 'Complete Plan' }).first().hover();
    await screenshot(wb.page, 'readme-plan-menu');
    await wb.page.keyboard.press('Escape');
  });
});

// Large changes, as a user meets them in chromium (issue 25, item 7): Compare with Current over
// 20,000 changed files draws a page of rows in natural order with a filter, and a rollback of
// them reports its counts in the progress notification. At a narrow and a wide editor and in a
// dark theme; screenshots go to test-results/ (large-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices, type WorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import type { Locator, Page } from 'playwright-core';
import { answerDialog, clickTreeRow, openView, pickQuickPickItem, screenshot, treeItems, useWorkbench, waitForTreeRow } from './workbench';
import { inlineAction, panelFrame, waitForPanel } from './rollbackPanel';

const VIEW = 'Checkpoints';
const FILES = 20_000;
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The folder `big` of the workspace: FILES files, each `<version> <n>`. */
function writeBigFiles(dir: string, version: 'v1' | 'v2'): void {
  const big = path.join(dir, 'big');
  fs.mkdirSync(big, { recursive: true });
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(big, `file${i}.txt`), `${version} ${i}\n`);
}

/** Work on the workspace's services before the workbench opens it; they are closed after. */
async function withServices(dir: string, work: (s: WorkspaceServices) => Promise<void>): Promise<void> {
  const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
  try {
    await work(s);
  } finally {
    s.dispose();
  }
}

/** A notification's line is not cut off (no "…" at its end): it reads whole without being expanded. */
async function assertReadsWhole(toast: Locator, mayEnd = false): Promise<void> {
  const message = toast.locator('.notification-list-item-message');
  const measure = message.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, text: el.textContent ?? '' }), undefined, { timeout: mayEnd ? 2_000 : 30_000 });
  // A notification of quick work closes when the work ends, maybe before it is measured: then
  // there is no line left to be cut off.
  const seen = await (mayEnd ? measure.catch(() => undefined) : measure);
  if (!seen) return;
  assert.equal(seen.cut, false, `the notification's line is cut off: ${seen.text}`);
}

/**
 * Waits until the plan's row in the view no longer says that an operation is in progress (its
 * record removed, the view reloaded); returns the row's description.
 */
async function waitForRowSettled(page: Page, label: string, timeout = 30_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const row = (await treeItems(page, VIEW)).find((r) => r.label === label);
    if (row && !/in progress/.test(row.description)) return row.description;
    if (Date.now() > deadline) throw new Error(`the row “${label}” still says “${row?.description ?? '(no row)'}” after the panel said the work was done`);
    await page.waitForTimeout(200);
  }
}

/**
 * Whether the plan's row said that an operation is in progress before the panel's heading became
 * `done` (the operation's end): the view is reloaded as the first file is written.
 */
async function rowInProgressBeforePanel(page: Page, label: string, done: string): Promise<boolean> {
  const heading = panelFrame(page).locator('h1', { hasText: done });
  for (;;) {
    const row = (await treeItems(page, VIEW)).find((r) => r.label === label);
    if (row && /in progress/.test(row.description)) return true;
    if (await heading.isVisible()) return false;
    await page.waitForTimeout(100);
  }
}

async function prepare(dir: string, dark: boolean): Promise<void> {
  if (dark) {
    fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'workbench.colorTheme': 'Default Dark Modern' }));
  }
  writeBigFiles(dir, 'v1');
  await withServices(dir, async (s) => {
    const plan = await s.plans.createPlan({ title: 'Rename everything', sandbox: 'big' });
    await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before the rename' });
  });
  writeBigFiles(dir, 'v2');
}

for (const dark of [false, true]) {
  describe(`Large changes in the rollback panel${dark ? ' (dark theme)' : ''}`, function () {
    this.timeout(240_000);
    const wb = useWorkbench({ viewport: { width: 1400, height: 860 }, prepare: (dir) => prepare(dir, dark) });
    const name = (n: string) => `large-${dark ? 'dark-' : ''}${n}`;

    it('Compare with Current lists a page of 20,000 paths in natural order, with a filter', async () => {
      await openView(wb.page, VIEW);
      await waitForTreeRow(wb.page, 'Before the rename', VIEW, 60_000);
      await clickTreeRow(wb.page, 'Before the rename');
      const frame = await waitForPanel(wb.page, 'Compare with current');
      await frame.locator('.list-status', { hasText: 'Showing 500 of 20,000 paths' }).waitFor({ state: 'visible', timeout: 60_000 });
      const names = await frame.locator('button.path .name').allTextContents();
      assert.equal(names.length, 500);
      assert.deepEqual(names.slice(0, 3), ['file0.txt', 'file1.txt', 'file2.txt']);
      // The badge, the summary and the folder's heading write counts as the filter does.
      assert.equal((await frame.locator('.counts .chip.modified').textContent())?.trim(), 'M20,000 modified');
      assert.equal(await frame.locator('h3.folder .muted').first().textContent(), ' 20,000');
      assert.ok(names.indexOf('file2.txt') < names.indexOf('file10.txt'), 'file2 before file10');
      await screenshot(wb.page, name('0-compare-wide'));
      const filter = frame.locator('input[data-filter]');
      await filter.fill('file1999');
      await frame.locator('.list-status', { hasText: '11 of 20,000 paths match' }).waitFor({ state: 'visible' });
      assert.equal(await frame.locator('button.path').count(), 11);
      // Typing goes on in the box after the list was redrawn.
      await filter.press('End');
      await filter.type('0');
      await frame.locator('.list-status', { hasText: '1 of 20,000 paths match' }).waitFor({ state: 'visible' });
      assert.deepEqual(await frame.locator('button.path .name').allTextContents(), ['file19990.txt']);
      await wb.page.setViewportSize({ width: 900, height: 860 });
      await screenshot(wb.page, name('1-filter-narrow'));
      await wb.page.setViewportSize({ width: 1400, height: 860 });
      await filter.fill('');
      await frame.locator('button[data-action="more"]').click();
      await frame.locator('.list-status', { hasText: 'Showing 1,000 of 20,000 paths' }).waitFor({ state: 'visible' });
    });

    it('a rollback of 20,000 files says how many it wrote in its notification', async () => {
      await panelFrame(wb.page).locator('button[data-action="rollback"]').click();
      const text = await answerDialog(wb.page, 'Roll Back');
      assert.match(text, /0 files will be added, 20,000 modified and 0 deleted\./, 'the modal writes the count as the panel does');
      const toast = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: /Rolling back/ }).first();
      await toast.waitFor({ state: 'visible', timeout: 60_000 });
      await screenshot(wb.page, name('2-progress'));
      const counted = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: /of 20,000 files restored|saving the current files first/ }).first();
      await counted.waitFor({ state: 'visible', timeout: 60_000 });
      await assertReadsWhole(counted);
      await waitForPanel(wb.page, 'Rollback complete');
      assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'big', 'file12345.txt'), 'utf8'), 'v1 12345\n');
      // 20,000 files written at once: the file watcher reports the record's removal late; the view reloads when the rollback ends.
      await waitForRowSettled(wb.page, 'Rename everything');
      await screenshot(wb.page, name('3-done'));
    });
  });
}

// Revert Decision and Undo Correction of a decision that rewrote 20,000 files: their notifications
// count the files written, as a rollback's does (issue 25, item 7). Screenshots: large-revert-*.png.
describe('Revert Decision of a large change', function () {
  this.timeout(300_000);
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      writeBigFiles(dir, 'v1');
      await withServices(dir, async (s) => {
        const plan = await s.plans.createPlan({ title: 'Rename everything', sandbox: 'big' });
        const d = await s.corrections.recordDecision(plan.plan_id, { title: 'Rewrite every file' });
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: d.decision_id, reason: 'Before the rewrite', sourceTool: 'edit_file' });
        writeBigFiles(dir, 'v2');
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: d.decision_id, reason: 'After the rewrite', sourceTool: 'edit_file' });
      });
    },
  });

  it('Revert Decision and Undo Correction say how many of the 20,000 files they wrote', async () => {
    await openView(wb.page, VIEW);
    await waitForTreeRow(wb.page, 'Rewrite every file', VIEW, 60_000);
    await inlineAction(wb.page, 'Rewrite every file', 'Revert Decision…');
    await pickQuickPickItem(wb.page, 'Revert and Undo Later Work');
    const text = await answerDialog(wb.page, 'Revert');
    assert.match(text, /20,000 modified/);
    const toast = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: /Reverting the decision/ }).first();
    await toast.waitFor({ state: 'visible', timeout: 60_000 });
    const writing = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: /Reverting the decision: [\d,]+ of 20,000 files restored/ }).first();
    await writing.waitFor({ state: 'visible', timeout: 60_000 });
    // It can no longer stop: the notification that counts the files has no Cancel button.
    assert.equal(await writing.locator('.monaco-button').count(), 0, 'no button on the notification once files are being written');
    await wb.page.waitForTimeout(300); // the toast fades in
    await assertReadsWhole(writing);
    await screenshot(wb.page, 'large-revert-0-progress');
    await waitForPanel(wb.page, 'Rollback complete');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'big', 'file12345.txt'), 'utf8'), 'v1 12345\n');
    await waitForRowSettled(wb.page, 'Rename everything');
    // Read before Undo Correction: once the undo is done (it can take a second) the panel says it is active again.
    await panelFrame(wb.page).locator('.correction .subtitle', { hasText: '“Rewrite every file” was marked reverted.' }).waitFor({ state: 'visible' });

    await panelFrame(wb.page).locator('button[data-action="undoCorrection"]').click();
    await answerDialog(wb.page, 'Undo Correction');
    const undoing = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: /Undoing the correction: [\d,]+ of 20,000 files restored/ }).first();
    // The notification comes only for work that takes over a second (delayedProgress.ts): on a
    // quick machine the undo (its files written, the revert's objects warm) can end before it.
    const toastShown = await Promise.race([
      // The loser goes on waiting: its failure is no failure (the panel is waited for below).
      undoing.waitFor({ state: 'visible', timeout: 60_000 }).then(() => true, () => false),
      waitForPanel(wb.page, 'Rollback undone').then(() => false, () => false),
    ]);
    if (toastShown) {
      assert.ok(await rowInProgressBeforePanel(wb.page, 'Rename everything', 'Rollback undone'), 'the row did not say "in progress" while the files were written');
      await wb.page.waitForTimeout(300); // the toast fades in
      await assertReadsWhole(undoing, true);
      await screenshot(wb.page, 'large-revert-1-undo-progress');
    }
    await waitForPanel(wb.page, 'Rollback undone');
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'big', 'file12345.txt'), 'utf8'), 'v2 12345\n');
    // The plan's row changes when the panel does: no "rollback in progress" left behind.
    await waitForRowSettled(wb.page, 'Rename everything');
    await screenshot(wb.page, 'large-revert-2-undone');
  });
});

// Rollback as a user does it in chromium: the inline action on a checkpoint in the tree, the modal
// confirmation, the diff panel (a webview: its rows, its escaping, its buttons), VS Code's diff
// editor opened from a row, Undo, and the panel surviving a window reload. Screenshots go to
// test-results/ (rollback-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { panelFrame, waitForPanel } from './rollbackPanel';
import { answerDialog, contextMenu, openContextMenu, openView, pickQuickPickItem, quickPickItems, runCommand, screenshot, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const EVIL = '<img src=x onerror=alert(1)>.txt';
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('Rollback from the Checkpoints view', () => {
  let workspace = '';
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      workspace = dir;
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
      try {
        const shipped = await s.plans.createPlan({ title: 'Add a farewell', sandbox: 'src' });
        await s.checkpoints.createCheckpoint(shipped.plan_id, { reason: 'Farewell started' });
        await s.plans.applyPlan(shipped.plan_id);

        const plan = await s.plans.createPlan({ title: 'Refactor the greeting', sandbox: '.' });
        await s.plans.setState(plan.plan_id, 'executing');
        fs.mkdirSync(path.join(dir, 'src', 'lib'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'src', 'lib', 'names.js'), "module.exports = ['Ada', 'Grace'];\n");
        await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before the agent' });
        // what the agent did afterwards
        fs.writeFileSync(
          path.join(dir, 'src', 'greet.js'),
          "// Greets someone, loudly.\nmodule.exports = function greet(name) {\n  return `HELLO, ${name.toUpperCase()}!!!`;\n};\n",
        );
        fs.rmSync(path.join(dir, 'src', 'lib', 'names.js'));
        fs.writeFileSync(path.join(dir, 'src', 'lib', 'shout.js'), 'module.exports = (s) => s.toUpperCase();\n');
        fs.writeFileSync(path.join(dir, 'src', EVIL), 'not an image\n');
        fs.appendFileSync(path.join(dir, 'README.md'), '\nEdited by the agent.\n');
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', reason: 'Step 1: louder greeting', sourceTool: 'edit_file', phase: 'execute' });
      } finally {
        s.dispose();
      }
    },
  });

  it('from the command palette asks for a plan (not an applied one), then a checkpoint', async () => {
    // the workbench settled and the extension active (nothing selected in the tree yet)
    await openView(wb.page, VIEW);
    await waitForTreeRow(wb.page, 'Before the agent', VIEW);
    await runCommand(wb.page, 'Checkpoints: Roll Back to Checkpoint');
    assert.deepEqual(await quickPickItems(wb.page), ['Refactor the greeting']);
    await pickQuickPickItem(wb.page, 'Refactor the greeting');
    // newest first; each row's detail is its type and time, never an id
    const offered = await quickPickItems(wb.page);
    assert.ok(!offered.some((l) => /^[0-9A-Z]{26}$/.test(l)), offered.join(' | '));
    // the newest holds the files as they are now: listed last, “same as now”, so the one selected first changes something
    assert.deepEqual(offered.filter((l) => !/, taken \d{4}-/.test(l)), ['Before the agent', 'Step 1: louder greeting']);
    await pickQuickPickItem(wb.page, 'Before the agent');
    const text = await answerDialog(wb.page, 'Cancel');
    assert.match(text, /Roll back “Refactor the greeting” to “Before the agent”\?/);
    assert.ok(fs.existsSync(path.join(workspace, 'src', EVIL)), 'Cancel changed the sandbox');
  });

  it('offers Rollback on checkpoints, but not on those of an applied plan', async () => {
    await widenSideBar(wb.page, 420);
    await waitForTreeRow(wb.page, 'Before the agent', VIEW);
    // expand the applied plan and look at its checkpoint's menu
    await wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Add a farewell' }).first().click();
    await waitForTreeRow(wb.page, 'Farewell started', VIEW);
    const row = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Farewell started' }).first();
    await row.hover();
    assert.equal(await row.locator('.actions .action-label[aria-label="Roll Back to Checkpoint"]').count(), 0, 'inline Rollback on an applied plan');
    const items = await openContextMenu(wb.page, row);
    await wb.page.keyboard.press('Escape');
    assert.ok(!items.includes('Roll Back to Checkpoint'), `the applied plan's checkpoint offers: ${items.join(' | ')}`);
    assert.ok(items.includes('Compare with Current') && items.includes('Copy Checkpoint ID'), items.join(' | '));
  });

  it('shows the changes first when asked, from the modal of the row\'s context menu', async () => {
    await contextMenu(wb.page, 'Before the agent', 'Roll Back to Checkpoint');
    await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'visible' });
    await screenshot(wb.page, 'rollback-1-confirm');
    const text = await answerDialog(wb.page, 'Show Changes First');
    assert.match(text, /Roll back “Refactor the greeting” to “Before the agent”\?/);
    assert.match(text, /1 file will be added, 2 modified and 2 deleted\./);
    assert.ok(text.includes(EVIL), text);
    const frame = await waitForPanel(wb.page, 'Rollback preview');
    assert.equal(await frame.locator('button.path').count(), 5);
    assert.ok(fs.existsSync(path.join(workspace, 'src', EVIL)), 'the preview touched the sandbox');
    await screenshot(wb.page, 'rollback-0-preview');
  });

  it('rolls back from the preview without asking the same again (the modal before it counted and listed the changes)', async () => {
    await panelFrame(wb.page).locator('button[data-action="rollback"]').click();

    const frame = await waitForPanel(wb.page, 'Rollback complete');
    assert.equal(fs.readFileSync(path.join(workspace, 'src', 'lib', 'names.js'), 'utf8'), "module.exports = ['Ada', 'Grace'];\n");
    assert.equal(fs.existsSync(path.join(workspace, 'src', EVIL)), false);
    assert.equal(fs.existsSync(path.join(workspace, 'src', 'lib', 'shout.js')), false);
    // grouped by folder, with the evil name shown as text
    assert.deepEqual((await frame.locator('h3.folder').allInnerTexts()).map((t) => t.replace(/\s+\d+$/, '').trim()), ['(top level)', 'src/', 'src/lib/']);
    const names = (await frame.locator('button.path .name').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(names, ['README.md', EVIL, 'greet.js', 'names.js', 'shout.js']);
    assert.equal(await frame.locator('img').count(), 0, 'the file name became an element');
    assert.deepEqual(wb.pageErrors.filter((e) => /alert|onerror/i.test(e)), []);
    await wb.page.waitForTimeout(1500); // the progress notification closes, the status bar catches up
    await screenshot(wb.page, 'rollback-2-panel');
  });

  it('opens a reverted path in VS Code\'s diff editor, before and after', async () => {
    const frame = panelFrame(wb.page);
    await frame.locator('button.path', { hasText: 'greet.js' }).click();
    const tab = wb.page.locator('.editor-group-container .tab', { hasText: 'greet.js (before ↔ after rollback)' }).first();
    await tab.waitFor({ state: 'visible', timeout: 15_000 });
    const diff = wb.page.locator('.monaco-diff-editor').first();
    await diff.waitFor({ state: 'visible' });
    await wb.page.locator('.monaco-diff-editor .editor.original .view-line', { hasText: 'HELLO' }).first().waitFor({ state: 'visible' });
    await wb.page.waitForTimeout(500); // let the diff decorations settle
    await screenshot(wb.page, 'rollback-3-diff');
  });

  it('restores the panel after a window reload', async () => {
    // VS Code's own reload: it saves the editors' state (the panel's included) before it goes
    await runCommand(wb.page, 'Developer: Reload Window');
    await wb.page.waitForEvent('load', { timeout: 60_000 });
    // the side bar shows the Checkpoints view, not the Explorer that waitForWorkbench looks for
    await wb.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    // the panel was behind the diff editor: bring it to the front
    const panelTab = wb.page.locator('.editor-group-container .tab', { hasText: 'Rollback complete' }).first();
    await panelTab.waitFor({ state: 'visible', timeout: 30_000 });
    await panelTab.click();
    const frame = await waitForPanel(wb.page, 'Rollback complete');
    assert.equal(await frame.locator('button.path').count(), 5);
    await screenshot(wb.page, 'rollback-4-restored');
  });

  it('undoes the rollback from the panel, behind the same confirmation', async () => {
    const frame = panelFrame(wb.page);
    await frame.locator('button[data-action="undo"]').click();
    const text = await answerDialog(wb.page, 'Undo Rollback');
    assert.match(text, /Undo the rollback of “Refactor the greeting”\?/);
    await waitForPanel(wb.page, 'Rollback undone');
    assert.equal(fs.existsSync(path.join(workspace, 'src', EVIL)), true);
    assert.equal(fs.existsSync(path.join(workspace, 'src', 'lib', 'names.js')), false);
    await wb.page.waitForTimeout(1500); // the progress notification closes, the status bar catches up
    await screenshot(wb.page, 'rollback-5-undone');
  });

  it('compares a checkpoint with the previous one from its context menu', async () => {
    await openView(wb.page, VIEW);
    await contextMenu(wb.page, 'Step 1: louder greeting', 'Compare with Previous');
    const frame = await waitForPanel(wb.page, 'Compare with previous');
    assert.equal(await frame.locator('button.path').count(), 5);
    await screenshot(wb.page, 'rollback-6-compare');
  });
});

// "Undo Agent Changes Since Here (Keep Mine)…" as a user does it in chromium: the checkpoint row's
// context menu, the modal (how many of the agent's changes go, how many of yours stay), Show
// Changes First, the panel with the reverted and the kept paths apart, and Undo Rollback.
// Screenshots go to test-results/ (agent-only-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { panelFrame, waitForPanel } from './rollbackPanel';
import { answerDialog, contextMenu, openView, screenshot, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const lines = (...l: string[]): string => l.map((x) => `${x}\n`).join('');

describe('Undo Agent Changes Since Here (Keep Mine)', () => {
  let workspace = '';
  let before: Record<string, string> = {};
  const snapshotFiles = (): Record<string, string> =>
    Object.fromEntries(['notes/todo.txt', 'notes/agent.txt', 'notes/mine.txt'].map((p) => [p, fs.existsSync(path.join(workspace, p)) ? fs.readFileSync(path.join(workspace, p), 'utf8') : '(none)']));
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      workspace = dir;
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
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
      } finally {
        s.dispose();
      }
    },
  });

  it('is offered on a checkpoint’s row; its modal counts the agent’s changes and yours; Show Changes First shows both apart', async () => {
    await openView(wb.page, VIEW);
    await widenSideBar(wb.page, 420);
    await waitForTreeRow(wb.page, 'Before: "tidy my notes"', VIEW);
    before = snapshotFiles();
    await contextMenu(wb.page, 'Before: "tidy my notes"', 'Undo Agent Changes Since Here (Keep Mine)…');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    await screenshot(wb.page, 'agent-only-0-modal');
    const text = await answerDialog(wb.page, 'Show Changes First');
    assert.match(text, /Undo the agent’s changes to “Tidy the notes” since “Before: "tidy my notes"”, keeping yours\?/);
    assert.match(text, /2 paths of the agent’s changes \(1 tool call\) will be undone; 1 path that is not the agent’s will be kept \(1 yours\)\./);
    const frame = await waitForPanel(wb.page, 'Undo agent changes: preview');
    assert.deepEqual((await frame.locator('button.path .name').allInnerTexts()).map((t) => t.trim()), ['agent.txt', 'todo.txt']);
    assert.deepEqual((await frame.locator('ul.kept .name').allInnerTexts()).map((t) => t.trim()), ['mine.txt', 'todo.txt']);
    assert.deepEqual(snapshotFiles(), before, 'the preview touched the sandbox');
    await screenshot(wb.page, 'agent-only-1-preview');
  });

  it('the preview’s diff shows the files now against what the rollback will leave: the user’s line stays on the right', async () => {
    await panelFrame(wb.page).locator('button.path', { hasText: 'todo.txt' }).click();
    const tab = wb.page.locator('.editor-group-container .tab', { hasText: 'todo.txt (now ↔ after taking the agent’s changes out)' }).first();
    await tab.waitFor({ state: 'visible', timeout: 15_000 });
    const modified = wb.page.locator('.monaco-diff-editor .editor.modified');
    await modified.locator('.view-line', { hasText: 'sleep early' }).first().waitFor({ state: 'visible', timeout: 15_000 });
    // (a string in hasText ignores case; a regular expression does not. Monaco renders spaces as U+00A0: \s)
    await modified.locator('.view-line', { hasText: /buy\smilk/ }).first().waitFor({ state: 'visible' });
    assert.equal(await modified.locator('.view-line', { hasText: /BUY\sMILK/ }).count(), 0, 'the agent’s line is gone on the right');
    await wb.page.waitForTimeout(500); // let the diff decorations settle
    await screenshot(wb.page, 'agent-only-1b-preview-diff');
    // back to the panel, behind the diff editor
    await wb.page.locator('.editor-group-container .tab', { hasText: 'Undo agent changes' }).first().click();
    await waitForPanel(wb.page, 'Undo agent changes: preview');
  });

  it('takes the agent’s changes out from the panel, keeping the user’s line and file', async () => {
    // The preview's list was the question: the click goes ahead without a second modal.
    await panelFrame(wb.page).locator('button[data-action="rollback"]', { hasText: 'Undo Agent Changes' }).click();
    const frame = await waitForPanel(wb.page, 'Agent changes undone');
    assert.equal(fs.readFileSync(path.join(workspace, 'notes', 'todo.txt'), 'utf8'), lines('buy milk', 'call Ada', 'fix the bike', 'read', 'sleep early'));
    assert.equal(fs.existsSync(path.join(workspace, 'notes', 'agent.txt')), false);
    assert.equal(fs.readFileSync(path.join(workspace, 'notes', 'mine.txt'), 'utf8'), lines('my notes', 'and one more line of mine'));
    assert.match(await frame.locator('.kept-paths h2').first().innerText(), /Kept \(not the agent’s\): 1 \(1 yours\)/);
    await wb.page.waitForTimeout(1500); // the progress notification closes, the status bar catches up
    await screenshot(wb.page, 'agent-only-2-panel');
  });

  it('Undo Rollback in the panel brings back the files as they were before', async () => {
    await panelFrame(wb.page).locator('button[data-action="undo"]').click();
    await answerDialog(wb.page, 'Undo Rollback');
    await waitForPanel(wb.page, 'Rollback undone');
    assert.deepEqual(snapshotFiles(), before);
    await screenshot(wb.page, 'agent-only-3-undone');
  });
});

// A Keep Mine conflict as a user meets it in chromium: the agent and the user changed the same
// line, the conflict dialog offers its ways on (Write Conflict Markers among them), the file is
// written with markers and opened, the panel lists it, and Undo Rollback puts it back.
// Screenshots go to test-results/ (keep-mine-conflict-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { waitForPanel } from './rollbackPanel';
import { answerDialog, contextMenu, openView, screenshot, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const lines = (...l: string[]): string => l.map((x) => `${x}\n`).join('');
const MINE = lines('buy oat milk', 'call Ada', 'fix the bike', 'read', 'sleep early');

describe('Keep Mine conflict: Write Conflict Markers', () => {
  let workspace = '';
  const todo = (): string => fs.readFileSync(path.join(workspace, 'notes', 'todo.txt'), 'utf8');
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      workspace = dir;
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
      try {
        fs.mkdirSync(path.join(dir, 'notes'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'notes', 'todo.txt'), lines('buy milk', 'call Ada', 'fix the bike', 'read', 'sleep'));
        const plan = await s.plans.createPlan({ title: 'Tidy the notes', sandbox: 'notes' });
        await s.plans.setState(plan.plan_id, 'executing');
        await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before: "shout the first line"' });
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', reason: 'Edit todo.txt', sourceTool: 'Edit' });
        // the agent's tool call, then the user's edit of the same line
        fs.writeFileSync(path.join(dir, 'notes', 'todo.txt'), lines('BUY MILK!!!', 'call Ada', 'fix the bike', 'read', 'sleep'));
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', reason: 'Edited todo.txt', sourceTool: 'Edit' });
        fs.writeFileSync(path.join(dir, 'notes', 'todo.txt'), MINE);
      } finally {
        s.dispose();
      }
    },
  });

  it('the conflict dialog offers Write Conflict Markers; the file then holds both versions, opened in an editor, and the panel lists it', async () => {
    await openView(wb.page, VIEW);
    await widenSideBar(wb.page, 420);
    await waitForTreeRow(wb.page, 'Before: "shout the first line"', VIEW);
    await contextMenu(wb.page, 'Before: "shout the first line"', 'Undo Agent Changes Since Here (Keep Mine)…');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    assert.equal(await dialog.locator('.dialog-buttons a.monaco-button', { hasText: 'Write Conflict Markers' }).count(), 1);
    await screenshot(wb.page, 'keep-mine-conflict-0-dialog');
    const question = await answerDialog(wb.page, 'Write Conflict Markers');
    assert.match(question, /cannot be undone alone: 1 path was changed both by the agent and by someone else/);
    assert.equal(todo(), MINE, 'nothing written before the confirmation');

    const confirmation = await answerDialog(wb.page, 'Undo Agent Changes');
    assert.match(confirmation, /Undo the agent’s changes to “Tidy the notes”/);
    const frame = await waitForPanel(wb.page, 'Agent changes undone');
    assert.match(todo(), /^<<<<<<< current \(yours and later calls\)\nbuy oat milk\n=======\nbuy milk\n>>>>>>> without the agent's change \(tool call \w{4,}\)\ncall Ada\nfix the bike\nread\nsleep early\n$/);
    assert.match(await frame.locator('.kept-paths').innerText(), /Conflict markers written: 1/);
    assert.deepEqual((await frame.locator('ul.conflict-markers .name').allInnerTexts()).map((t) => t.trim()), ['todo.txt']);
    // The panel's ids in their short form, the whole id in the tooltip.
    for (const code of await frame.locator('table.summary code').all()) {
      const [shown, whole] = [(await code.innerText()).trim(), (await code.getAttribute('title')) ?? ''];
      assert.ok(shown.length >= 4 && shown.length < 26 && whole.length === 26 && whole.endsWith(shown), `${shown} is a short form of ${whole}`);
    }
    // The marked file, in an editor of its own.
    const tab = wb.page.locator('.editor-group-container .tab', { hasText: 'todo.txt' }).first();
    await tab.waitFor({ state: 'visible', timeout: 15_000 });
    await tab.click();
    await wb.page.locator('.monaco-editor .view-line', { hasText: /<<<<<<<\scurrent/ }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await wb.page.waitForTimeout(1500); // the merge decorations and the status bar settle
    await screenshot(wb.page, 'keep-mine-conflict-1-marked-file');
  });

  it('Undo Rollback in the panel puts the user’s file back byte for byte', async () => {
    await wb.page.locator('.editor-group-container .tab', { hasText: 'Agent changes undone' }).first().click();
    const frame = await waitForPanel(wb.page, 'Agent changes undone');
    await frame.locator('button[data-action="undo"]').click();
    await answerDialog(wb.page, 'Undo Rollback');
    await waitForPanel(wb.page, 'Rollback undone');
    assert.equal(todo(), MINE);
    await screenshot(wb.page, 'keep-mine-conflict-2-undone');
  });
});

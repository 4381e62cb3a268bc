// A history that reads itself, as a user meets it in chromium: two plans over one folder, the tree
// rows (time first, checkpoints under their decision) at a wide and a narrow sidebar and in a dark
// theme, and the rollback modal naming the other plan whose work it would undo. Screenshots go to
// test-results/ (history-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { answerDialog, contextMenu, openView, screenshot, treeItems, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** Two plans over the whole folder, the second tidying a test after the first's target checkpoint; a decision with its checkpoints. */
async function prepare(dir: string, dark: boolean): Promise<void> {
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  if (dark) put('.vscode/settings.json', JSON.stringify({ 'workbench.colorTheme': 'Default Dark Modern' }));
  const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
  try {
    put('src/todo.js', 'module.exports = [];\n');
    put('test/todo.test.js', "require('assert').ok(true);\n");
    const dues = await s.plans.createPlan({ title: 'Add due dates' });
    const tidy = await s.plans.createPlan({ title: 'Tidy the tests' });
    await s.plans.setState(dues.plan_id, 'executing');
    await s.checkpoints.createCheckpoint(tidy.plan_id, { reason: 'Start tidying' });
    await s.checkpoints.createCheckpoint(dues.plan_id, { reason: 'before due module' });
    const d = await s.corrections.recordDecision(dues.plan_id, { title: 'Add a due module' });
    await s.checkpoints.createCheckpoint(dues.plan_id, { type: 'pre_write', decisionId: d.decision_id, reason: 'Before writing due.js', sourceTool: 'edit_file' });
    put('src/due.js', 'module.exports = (todo, date) => ({ ...todo, due: date });\n');
    await s.checkpoints.createCheckpoint(dues.plan_id, { type: 'post_step', decisionId: d.decision_id, reason: 'After writing due.js', sourceTool: 'edit_file' });
    put('test/todo.test.js', "const assert = require('assert');\nassert.ok(true, 'tidied');\n");
    await s.checkpoints.createCheckpoint(tidy.plan_id, { reason: 'Tests tidied' });
  } finally {
    s.dispose();
  }
}

for (const dark of [false, true]) {
  describe(`History in the Checkpoints view${dark ? ' (dark theme)' : ''}`, () => {
    const wb = useWorkbench({ viewport: { width: 1400, height: 860 }, prepare: (dir) => prepare(dir, dark) });
    const name = (n: string) => `history-${dark ? 'dark-' : ''}${n}`;

    it('rows say the time first; a decision holds its checkpoints', async () => {
      await openView(wb.page, VIEW);
      await waitForTreeRow(wb.page, 'before due module', VIEW);
      await waitForTreeRow(wb.page, 'Add a due module', VIEW);
      await screenshot(wb.page, name('0-narrow'));
      await widenSideBar(wb.page, 480);
      await screenshot(wb.page, name('1-wide'));
      const rows = await treeItems(wb.page, VIEW);
      const target = rows.find((r) => r.label === 'before due module');
      assert.match(target?.description ?? '', /^(just now|\d+ min ago) · /, JSON.stringify(target));
      assert.ok(!rows.some((r) => r.label === 'Before writing due.js'), 'the decision’s checkpoints are folded under it');
    });

    it('the rollback modal names the other plan whose later work it would undo', async () => {
      await contextMenu(wb.page, 'before due module', 'Roll Back to Checkpoint');
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible' });
      await screenshot(wb.page, name('2-whose-work'));
      const text = await answerDialog(wb.page, 'Cancel');
      assert.match(text, /Roll back “Add due dates” to “before due module”\?/);
      // Each path once: the other plan recorded test/todo.test.js, so it is named for it, not as an edit outside tool calls.
      assert.match(text, /This also undoes later work of another plan and a decision on the same files:/);
      assert.match(text, /plan “Tidy the tests”, 1 path: test\/todo\.test\.js/);
      assert.match(text, /decision “Add a due module”, 1 path: src\/due\.js/);
    });
  });
}

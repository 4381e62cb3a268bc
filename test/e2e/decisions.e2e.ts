// Decisions as a user meets them in chromium: the plan's decisions in the tree, Revert Decision…
// from a decision's inline action, the modal that lists what the BFS reaches, the rollback panel
// headed by the correction, and Undo Correction. Screenshots go to test-results/ (decisions-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { inlineAction, panelFrame, waitForPanel } from './rollbackPanel';
import { answerDialog, clickTreeRow, openView, pickQuickPickItem, quickPickItems, runCommand, screenshot, treeItems, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('Decisions in the Checkpoints view', () => {
  let workspace = '';
  const read = (rel: string) => fs.readFileSync(path.join(workspace, rel), 'utf8');
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      workspace = dir;
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
      const put = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
      };
      try {
        put('app/greet.js', "module.exports = (name) => 'Hello ' + name;\n");
        const plan = await s.plans.createPlan({ title: 'Tune the greeting', sandbox: 'app' });
        await s.plans.setState(plan.plan_id, 'executing');
        await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Start' });
        const decide = async (title: string, on: string[], edit: () => void) => {
          const d = await s.corrections.recordDecision(plan.plan_id, { title, dependsOn: on, rationale: `Why: ${title}` });
          await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: d.decision_id, reason: `Before: ${title}`, sourceTool: 'edit_file' });
          edit();
          await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: d.decision_id, reason: `After: ${title}`, sourceTool: 'edit_file' });
          return d.decision_id;
        };
        const module = await decide('Use a greeting module', [], () => put('app/lib/words.js', "module.exports = { hello: 'Hello' };\n"));
        const loud = await decide('Make the greeting loud', [module], () => put('app/greet.js', "const { hello } = require('./lib/words');\nmodule.exports = (name) => `${hello.toUpperCase()}, ${name.toUpperCase()}!`;\n"));
        await decide('Add an exclamation helper', [loud], () => put('app/lib/bang.js', "module.exports = (s) => s + '!!';\n"));
        await decide('Document the API', [], () => put('app/README.md', '# greet(name)\n\nReturns a greeting.\n'));
      } finally {
        s.dispose();
      }
    },
  });

  /** Waits until the decision's row says `state` after the time in its description (the tree reloads after a write). */
  async function stateInTree(label: string, state: 'reverted' | 'decision' | 'work undone by a correction'): Promise<void> {
    for (let i = 0; ; i++) {
      const row = (await treeItems(wb.page, VIEW)).find((r) => r.label === label);
      if (row?.description.split(' · ')[1] === state) return;
      if (i > 100) throw new Error(`the row "${label}" does not show "${state}": ${JSON.stringify(row)}`);
      await wb.page.waitForTimeout(200);
    }
  }

  it('shows each plan’s decisions, dependents under the decision they build on', async () => {
    await openView(wb.page, VIEW);
    await widenSideBar(wb.page, 460);
    await waitForTreeRow(wb.page, 'Add an exclamation helper', VIEW);
    await waitForTreeRow(wb.page, 'Document the API', VIEW);
    await screenshot(wb.page, 'decisions-0-tree');
  });

  it('Revert Decision… asks how, lists the decisions it reaches and the files, then shows the panel headed by the correction', async () => {
    await inlineAction(wb.page, 'Make the greeting loud', 'Revert Decision…');
    await pickQuickPickItem(wb.page, 'Revert, Keep Independent Work');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    await screenshot(wb.page, 'decisions-1-confirm');
    const text = await answerDialog(wb.page, 'Revert');
    assert.match(text, /Revert “Make the greeting loud” and 1 decision built on it\?/);
    assert.match(text, /Add an exclamation helper/);

    const frame = await waitForPanel(wb.page, 'Rollback complete');
    await frame.locator('.correction h2', { hasText: 'Decision reverted: Make the greeting loud' }).waitFor({ state: 'visible' });
    assert.equal(read('app/greet.js'), "module.exports = (name) => 'Hello ' + name;\n");
    assert.equal(fs.existsSync(path.join(workspace, 'app', 'lib', 'bang.js')), false);
    assert.equal(read('app/README.md'), '# greet(name)\n\nReturns a greeting.\n', 'independent work was kept');
    assert.equal(read('app/lib/words.js'), "module.exports = { hello: 'Hello' };\n", 'the decision it built on stays');
    await stateInTree('Make the greeting loud', 'reverted');
    await stateInTree('Add an exclamation helper', 'reverted');
    await wb.page.waitForTimeout(1500); // the progress notification closes
    await screenshot(wb.page, 'decisions-2-panel');
  });

  it('Undo Correction in the panel puts the files back and the decisions active again', async () => {
    await panelFrame(wb.page).locator('button[data-action="undoCorrection"]').click();
    const text = await answerDialog(wb.page, 'Undo Correction');
    assert.match(text, /Undo the correction of “Make the greeting loud”\?/);
    const frame = await waitForPanel(wb.page, 'Rollback undone');
    await frame.locator('.correction h2', { hasText: 'Correction undone' }).waitFor({ state: 'visible' });
    // Ids as the tree shows them: short, the whole id in the tooltip (issue 36).
    const ids = frame.locator('.correction code, table.summary code');
    assert.ok((await ids.count()) >= 4, 'the decisions, the correction, the plan and the checkpoints');
    for (const code of await ids.all()) {
      const [shown, whole] = [(await code.innerText()).trim(), (await code.getAttribute('title')) ?? ''];
      assert.match(whole, /^[0-9A-Z]{26}$/, `a tooltip with the whole id (${shown})`);
      assert.ok(shown.length >= 4 && shown.length < 26 && whole.endsWith(shown), `${shown} is a short form of ${whole}`);
    }
    assert.match(read('app/greet.js'), /toUpperCase/);
    assert.equal(read('app/lib/bang.js'), "module.exports = (s) => s + '!!';\n");
    await stateInTree('Make the greeting loud', 'decision');
    await wb.page.waitForTimeout(1500); // the progress notification closes
    await screenshot(wb.page, 'decisions-3-undone');
  });

  it('from the palette, Revert Decision… offers keeping independent work first; undoing later work marks the decision whose work it undid, and Undo Correction clears the mark', async () => {
    await wb.page.waitForTimeout(500);
    await clickTreeRow(wb.page, 'Make the greeting loud');
    await runCommand(wb.page, 'Checkpoints: Revert Decision…');
    await quickPickItems(wb.page);
    const offered = (await wb.page.locator('.quick-input-widget .monaco-list-row').allInnerTexts()).map((t) => t.trim());
    assert.match(offered[0] ?? '', /^Revert, Keep Independent Work/, offered.join(' | '));
    assert.match(offered[1] ?? '', /^Revert and Undo Later Work/, offered.join(' | '));
    assert.match(offered[1] ?? '', /Document the API/, `the second choice names whose later work it undoes: ${offered[1]}`);
    await screenshot(wb.page, 'decisions-4-palette-choices');
    await pickQuickPickItem(wb.page, 'Revert and Undo Later Work');
    await answerDialog(wb.page, 'Revert');
    await waitForPanel(wb.page, 'Rollback complete');
    assert.equal(fs.existsSync(path.join(workspace, 'app', 'README.md')), false, 'the later, independent work was undone too');
    await stateInTree('Document the API', 'work undone by a correction');
    await screenshot(wb.page, 'decisions-5-affected');
    await panelFrame(wb.page).locator('button[data-action="undoCorrection"]').click();
    await answerDialog(wb.page, 'Undo Correction');
    await waitForPanel(wb.page, 'Rollback undone');
    await stateInTree('Document the API', 'decision');
    assert.equal(read('app/README.md'), '# greet(name)\n\nReturns a greeting.\n');
  });
});

// Ways out of dead ends, as a user meets them in chromium (issue 25, item 3): a plan whose isolated
// sandbox folder was deleted, and a database file that is garbage. Each at a narrow and a wide
// sidebar and in a dark theme; screenshots go to test-results/ (waysout-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { answerDialog, openView, screenshot, treeItems, useWorkbench, waitForTreeRow, widenSideBar } from './workbench';
import { inlineAction } from './rollbackPanel';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function theme(dir: string, dark: boolean): void {
  if (!dark) return;
  fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'workbench.colorTheme': 'Default Dark Modern' }));
}

/** An executing isolated plan whose sandbox folder is then deleted, and an in-place draft beside it. */
async function missingSandbox(dir: string, dark: boolean): Promise<void> {
  theme(dir, dark);
  fs.writeFileSync(path.join(dir, 'notes.md'), '# notes\n');
  const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
  try {
    await s.plans.createPlan({ title: 'Everyday plan' });
    const iso = await s.plans.createPlan({ title: 'Isolated rewrite', isolated: true });
    fs.writeFileSync(path.join(dir, iso.sandbox_path, 'rewrite.md'), 'the rewrite so far\n');
    await s.checkpoints.createCheckpoint(iso.plan_id, { reason: 'Rewrite half done' });
    await s.plans.setState(iso.plan_id, 'executing');
    fs.rmSync(path.join(dir, iso.sandbox_path), { recursive: true });
  } finally {
    s.dispose();
  }
}

/** A database file that is not SQLite. */
function garbageDatabase(dir: string, dark: boolean): void {
  theme(dir, dark);
  fs.mkdirSync(path.join(dir, '.cleveragents'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.cleveragents', 'cleveragents.db'), 'garbage, not a database\n'.repeat(20));
}

for (const dark of [false, true]) {
  const name = (n: string) => `waysout-${dark ? 'dark-' : ''}${n}`;

  describe(`Ways out: a missing isolated sandbox${dark ? ' (dark theme)' : ''}`, () => {
    const wb = useWorkbench({ viewport: { width: 1400, height: 860 }, prepare: (dir) => missingSandbox(dir, dark) });

    it('the row says the sandbox is missing and offers Recreate and Cancel, not Start; the status bar stays on the other plan', async () => {
      await openView(wb.page, VIEW);
      const rows = await waitForTreeRow(wb.page, 'Isolated rewrite', VIEW);
      await screenshot(wb.page, name('0-missing-narrow'));
      const row = rows.find((r) => r.label === 'Isolated rewrite');
      assert.match(row?.description ?? '', /^sandbox missing · executing · isolated copy$/, JSON.stringify(row));
      const line = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').filter({ has: wb.page.locator('.label-name', { hasText: 'Isolated rewrite' }) }).first();
      await line.hover();
      const inline = await line.locator('.actions .action-label').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      // Executing, so Complete stays; Start and Create Checkpoint (which would only refuse) are gone.
      assert.deepEqual(inline.sort(), ['Cancel Plan', 'Complete Plan', 'Recreate Sandbox from Checkpoint'], `inline actions: ${inline.join(', ')}`);
      await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Everyday plan' }).first().waitFor({ state: 'visible', timeout: 30_000 });
      assert.equal(await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Isolated rewrite' }).count(), 0);
      await widenSideBar(wb.page, 520);
      await line.hover();
      await screenshot(wb.page, name('1-missing-wide'));
    });

    it('Recreate asks, naming the checkpoint by label and time, then brings the files back', async () => {
      await inlineAction(wb.page, 'Isolated rewrite', 'Recreate Sandbox from Checkpoint');
      await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'visible' });
      await screenshot(wb.page, name('2-recreate-modal'));
      const text = await answerDialog(wb.page, 'Recreate Sandbox');
      assert.match(text, /Recreate the sandbox of “Isolated rewrite” from “Rewrite half done” \((just now|\d+ min ago)\)\?/);
      assert.doesNotMatch(text, /[0-9A-HJKMNP-TV-Z]{26}/, 'no raw ids in the modal');
      const deadline = Date.now() + 20_000;
      let description = '';
      while (Date.now() < deadline) {
        description = (await treeItems(wb.page, VIEW)).find((r) => r.label === 'Isolated rewrite')?.description ?? '';
        if (description === 'executing · isolated copy') break;
        await wb.page.waitForTimeout(200);
      }
      assert.equal(description, 'executing · isolated copy');
      const sandboxes = path.join(wb.workspaceDir, '.cleveragents', 'sandboxes');
      const [only] = fs.readdirSync(sandboxes);
      assert.equal(fs.readFileSync(path.join(sandboxes, only, 'rewrite.md'), 'utf8'), 'the rewrite so far\n');
      await screenshot(wb.page, name('3-recreated'));
      // The plan stops executing, so that nothing watches its sandbox while the workspace is removed.
      await inlineAction(wb.page, 'Isolated rewrite', 'Complete Plan');
      await wb.page.waitForTimeout(1500);
    });
  });

  describe(`Ways out: an unreadable database${dark ? ' (dark theme)' : ''}`, () => {
    const wb = useWorkbench({ viewport: { width: 1400, height: 860 }, prepare: (dir) => garbageDatabase(dir, dark) });

    it('a readable error row with Move Aside below it, and the status bar says so', async () => {
      await openView(wb.page, VIEW);
      const rows = await waitForTreeRow(wb.page, 'Checkpoint database unreadable', VIEW, 30_000);
      assert.ok(rows.some((r) => r.label === 'Move Aside and Start Fresh…'), JSON.stringify(rows));
      await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Checkpoints: database unreadable' }).first().waitFor({ state: 'visible', timeout: 30_000 });
      await screenshot(wb.page, name('4-unreadable-narrow'));
      await widenSideBar(wb.page, 520);
      const row = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Checkpoint database unreadable' }).first();
      const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'not an SQLite database' }).first();
      // On a busy machine the workbench may miss a first hover (the tooltip is resolved when it
      // shows): the pointer leaves and comes back, up to three times, each given 15 s.
      for (let attempt = 1; ; attempt++) {
        await wb.page.mouse.move(900, 600);
        await row.hover();
        const box = await row.boundingBox();
        if (box) await wb.page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 3 });
        const shown = await hover.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, (error: unknown) => (attempt < 3 ? false : Promise.reject(error)));
        if (shown) break;
      }
      const tooltip = await hover.innerText();
      assert.doesNotMatch(tooltip, /\\n/, `a literal \\n in the tooltip: ${tooltip}`);
      assert.match(tooltip, /Click to open the log/);
      await screenshot(wb.page, name('5-unreadable-tooltip'));
    });

    it('Move Aside asks, renames the file with the time (not deleted) and the view starts fresh', async () => {
      await wb.page.mouse.move(900, 600);
      await wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Move Aside and Start Fresh…' }).first().click();
      await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'visible' });
      await screenshot(wb.page, name('6-move-aside-modal'));
      const text = await answerDialog(wb.page, 'Move Aside and Start Fresh');
      assert.match(text, /Move the unreadable checkpoint database of “workspace” aside and start fresh\?/);
      assert.match(text, /it is not deleted/);
      const data = path.join(wb.workspaceDir, '.cleveragents');
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && fs.existsSync(path.join(data, 'cleveragents.db'))) await wb.page.waitForTimeout(200);
      const moved = fs.readdirSync(data).filter((f) => /^cleveragents\.db\.unreadable-\d{8}T\d{6}Z$/.test(f));
      assert.equal(moved.length, 1, fs.readdirSync(data).join(', '));
      assert.match(fs.readFileSync(path.join(data, moved[0]), 'utf8'), /^garbage, not a database/);
      await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'database unreadable' }).first().waitFor({ state: 'hidden', timeout: 20_000 });
      const after = Date.now() + 15_000;
      while (Date.now() < after && (await treeItems(wb.page, VIEW).catch(() => [])).some((r) => r.label === 'Checkpoint database unreadable')) await wb.page.waitForTimeout(200);
      await screenshot(wb.page, name('7-fresh'));
      assert.ok(!(await treeItems(wb.page, VIEW).catch(() => [])).some((r) => r.label === 'Checkpoint database unreadable'));
    });
  });
}

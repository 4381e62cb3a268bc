// Show Agent Changes as a user sees it in chromium: the command from the palette, the marks on the
// lines an agent's tool call wrote and on the user's own line, and the hover of an agent's line
// with its links. Screenshots go to test-results/ (agent-changes-*.png).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { fullyDrawn, runCommand, screenshot, useWorkbench } from './workbench';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const numbered = (n: number, edit: Record<number, string> = {}): string => Array.from({ length: n }, (_, i) => `${edit[i + 1] ?? `line ${i + 1}`}\n`).join('');

async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible' });
  await input.press('Enter');
  await page.locator('.editor-group-container .tab', { hasText: name }).first().waitFor({ state: 'visible' });
}

describe('Show Agent Changes', () => {
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: async (dir) => {
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
      const file = path.join(dir, 'src', 'tidy.txt');
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, numbered(20));
        const plan = await s.plans.createPlan({ title: 'Tidy', sandbox: 'src' });
        await s.plans.setState(plan.plan_id, 'executing');
        await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before: "tidy lines 2 to 4"' });
        const call = async (id: string, write: () => void) => {
          await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: id } });
          write();
          await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: id } });
        };
        await call('t1', () => fs.writeFileSync(file, numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4' })));
        fs.writeFileSync(file, numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 18: 'user 18' }));
        await call('t2', () => fs.writeFileSync(file, numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' })));
      } finally {
        s.dispose();
      }
    },
  });

  it('marks the agent’s lines and the user’s, and the hover names the tool call with Undo This Change', async () => {
    const page = wb.page;
    await openFile(page, 'tidy.txt');
    await runCommand(page, 'Checkpoints: Show Agent Changes');
    const editor = page.locator('.editor-group-container .monaco-editor').first();
    // The hover of a marked line comes only once the marks are worked out: point at the agent's
    // text (a hover needs the pointer over text, not past the line's end) until it comes.
    const hover = page.locator('.monaco-hover', { hasText: 'Agent change' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      await editor.locator('.view-line span', { hasText: 'agent 3' }).first().hover();
      if (await hover.first().waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false)) break;
      if (Date.now() > deadline) assert.fail('no hover with the tool call on line 3');
      await page.mouse.move(5, 500);
    }
    const text = await hover.first().innerText();
    assert.match(text, /Agent change: Claude Code\n\nSession: Tidy \w{4,}\nTool call: Edit \w{4,}\n/);
    assert.match(text, /Tool call: Edit/);
    assert.match(text, /Undo This Change/);
    // The hover fades in: the picture waits until it is drawn whole.
    await fullyDrawn(hover.first());
    await screenshot(page, 'agent-changes-1-hover');
    await page.mouse.move(5, 500);
    await page.keyboard.press('Escape');
    await hover.first().waitFor({ state: 'hidden' });
    await screenshot(page, 'agent-changes-0-marks');
  });
});

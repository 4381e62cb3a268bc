// An operation a dead process left half done, as the user meets it in VS Code: a notification
// says which plan and what was interrupted, and its Finish It button completes the operation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { makeInterruptedRollback } from '../unit/helpers/interruptedRollback';
import { openView, screenshot, useWorkbench, waitForNotification, waitForTreeRow } from './workbench';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('An interrupted rollback, offered to finish when VS Code starts', () => {
  let planId = '';
  const wb = useWorkbench({
    prepare: async (dir) => {
      const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
      try {
        planId = (await makeInterruptedRollback(dir, s)).planId;
      } finally {
        s.dispose();
      }
    },
  });

  it('shows the notification; Finish It makes the files the checkpoint\'s and clears the record', async function () {
    this.timeout(120_000);
    const { page, workspaceDir } = wb;
    const message = await waitForNotification(page, /was interrupted/, 60_000);
    // The plan by its title, the checkpoint by its label and time: no ids.
    assert.match(message, /^“interrupted”: a rollback to “one” \(taken (just now|\d+ min ago)\) was interrupted \(started (just now|\d+ min ago) by process \d+\)/);
    assert.ok(!message.includes(planId), message);
    assert.doesNotMatch(message, /[0-9A-HJKMNP-TV-Z]{26}/);
    await openView(page, 'Checkpoints');
    const rows = await waitForTreeRow(page, 'interrupted');
    assert.match(rows.find((r) => r.label === 'interrupted')!.description, /^interrupted rollback · draft/);
    await screenshot(page, 'interrupted-1-notification');
    const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'was interrupted' }).first();
    await toast.locator('.monaco-button', { hasText: 'Finish It' }).click();
    await waitForNotification(page, /Finished a rollback to “one” \(taken (just now|\d+ min ago)\) of “interrupted”\./, 60_000);
    await waitForTreeRow(page, 'interrupted');
    await page.locator('.part.sidebar .monaco-list-row .label-description', { hasText: /^interrupted/ }).first().waitFor({ state: 'detached', timeout: 20_000 });
    await screenshot(page, 'interrupted-2-finished');
    assert.equal(fs.readFileSync(path.join(workspaceDir, 'a.txt'), 'utf8'), 'one\n');
    assert.equal(fs.readFileSync(path.join(workspaceDir, 'b.txt'), 'utf8'), 'one\n');
    assert.ok(!fs.existsSync(path.join(workspaceDir, '.cleveragents', 'operations', `${planId}.json`)));
  });
});

// An agent connected through its hooks, as a user sees it in chromium: a plan fed by Claude Code's
// hooks (the built CLI's `hook run claude-code`, with the documented events of the unit fixtures),
// grouped by prompt in the tree; and Checkpoints: Connect an Agent…, VS Code's agent mode first.
// Screenshots go to test-results/ (hooks-*.png).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openView, pickQuickPickItem, quickPickItems, runCommand, screenshot, useWorkbench, waitForNotification, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function hookRun(root: string, name: string, prompt?: string): void {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks', 'claude-code', `${name}.json`), 'utf8');
  const input = text
    .replaceAll('"{{PROMPT}}"', JSON.stringify(prompt ?? ''))
    .replaceAll('{{WORKSPACE}}', JSON.stringify(root).slice(1, -1))
    .replaceAll('{{SESSION}}', 'e2e-session');
  const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000' };
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'hook', 'run', 'claude-code'], { cwd: root, input, env });
}

describe('Agents through their hooks', () => {
  const wb = useWorkbench({
    viewport: { width: 1400, height: 860 },
    prepare: (dir) => {
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'one\n');
      fs.mkdirSync(path.join(dir, 'old'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'old', 'a.txt'), 'old\n');
      hookRun(dir, 'UserPromptSubmit', 'write the notes\nin full');
      hookRun(dir, 'PreToolUse-Edit');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'two\n');
      hookRun(dir, 'PostToolUse-Edit');
      hookRun(dir, 'UserPromptSubmit', 'now tidy up the old folder');
      hookRun(dir, 'PreToolUse-Bash');
      fs.rmSync(path.join(dir, 'old'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'fresh'));
      fs.writeFileSync(path.join(dir, 'fresh', 'c.txt'), 'fresh\n');
      hookRun(dir, 'PostToolUse-Bash');
    },
  });

  it('shows the hook-fed plan with the agent, its checkpoints grouped under the prompts', async () => {
    await openView(wb.page, VIEW);
    await widenSideBar(wb.page, 460);
    const rows = await waitForTreeRow(wb.page, '“now tidy up the old folder”', VIEW);
    const labels = rows.map((r) => r.label);
    assert.ok(labels.includes('Claude Code: write the notes'), labels.join(' | '));
    assert.ok(labels.includes('“write the notes”'), labels.join(' | '));
    assert.ok(labels.includes('After Bash'), labels.join(' | '));
    await wb.page.locator('.monaco-list-row', { hasText: '“now tidy up the old folder”' }).first().hover();
    await screenshot(wb.page, 'hooks-0-tree-by-prompt');
  });

  it('Connect an Agent… lists the five agents, VS Code’s agent mode first, and connects the one chosen; the message’s Undo disconnects it', async () => {
    await runCommand(wb.page, 'Checkpoints: Connect an Agent…');
    // (each item's detail, the configuration file, is read as a label too: those are left out)
    const items = (await quickPickItems(wb.page)).filter((l) => !l.includes('/'));
    assert.deepEqual(items, ['GitHub Copilot (VS Code agent mode)', 'Claude Code', 'Cursor', 'Gemini CLI', 'Cline']);
    await screenshot(wb.page, 'hooks-1-connect-an-agent');
    await pickQuickPickItem(wb.page, 'Claude Code');
    await waitForNotification(wb.page, /Claude Code is connected: wrote \.claude\/settings\.json/);
    assert.ok(fs.existsSync(path.join(wb.workspaceDir, '.claude', 'settings.json')));
    await screenshot(wb.page, 'hooks-2-connected');
    // the message's Undo uninstalls it: the file this connect created is gone again
    const toast = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: 'Claude Code is connected' }).first();
    await toast.locator('.monaco-button', { hasText: 'Undo' }).click();
    await waitForNotification(wb.page, /Claude Code is disconnected: removed its hooks from \.claude\/settings\.json/);
    assert.equal(fs.existsSync(path.join(wb.workspaceDir, '.claude', 'settings.json')), false);
  });
});

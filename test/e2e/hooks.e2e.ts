// An agent connected through its hooks, as a user sees it in chromium: a plan fed by Claude Code's
// hooks (the built CLI's `hook run claude-code`, with the documented events of the unit fixtures),
// grouped by prompt in the tree; and Checkpoints: Connect an Agent…, VS Code's agent mode first.
// Screenshots go to test-results/ (hooks-*.png).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { clickTreeRow, openContextMenu, openView, pickQuickPickItem, quickPickItems, runCommand, screenshot, useWorkbench, waitForNotification, waitForTreeRow, widenSideBar } from './workbench';

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
    // the row says what ran: the command's first line, as the hook recorded it
    assert.ok(labels.includes('After Bash: rm -rf old && mkdir fresh'), labels.join(' | '));
    assert.equal(rows.find((r) => r.label === 'Claude Code: write the notes')?.description, 'Claude Code session · active');
    await wb.page.locator('.monaco-list-row', { hasText: '“now tidy up the old folder”' }).first().hover();
    await screenshot(wb.page, 'hooks-0-tree-by-prompt');
    // its hover: what ran, when, the short id; no ULID, SHA, ref path or phase
    await wb.page.locator('.monaco-list-row', { hasText: 'After Bash: rm -rf old' }).first().hover();
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Ran' }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await hover.innerText();
    for (const part of ['After a tool call of Claude Code', 'rm -rf old && mkdir fresh', 'for the agents command line']) assert.ok(text.includes(part), `the hover lacks ${part}: ${text}`);
    for (const part of ['Phase', 'post_tool', 'toolu_', 'Sandbox ref', 'Stored at']) assert.ok(!text.includes(part), `the hover shows ${part}: ${text}`);
    assert.doesNotMatch(text, /[0-9A-HJKMNP-TV-Z]{26}|[0-9a-f]{40}/, 'no whole id, no hash');
    await screenshot(wb.page, 'hooks-0b-tool-call-hover');
    await wb.page.mouse.move(5, 5);
  });

  it('the short id `plan checkpoints` prints works in `plan rollback`; the safety checkpoints then sit folded under the prompt', async () => {
    const cli = (...args: string[]) => execFileSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), ...args], { cwd: wb.workspaceDir, encoding: 'utf8' });
    const plans = cli('plan', 'list');
    const planShort = /^(\S+)\s+executing\s/m.exec(plans)?.[1];
    assert.ok(planShort && planShort.length >= 4 && planShort.length < 26, plans);
    const listed = cli('plan', 'checkpoints', planShort);
    const promptShort = /^(\S+)\s+manual\s.*now tidy up the old folder/m.exec(listed)?.[1];
    assert.ok(promptShort && promptShort.length < 26, listed);
    const rolled = cli('plan', 'rollback', '--yes', planShort, promptShort);
    assert.match(rolled, new RegExp(`^Rolled back plan ${planShort} to checkpoint ${promptShort}: `));
    const undo = /Undo with: agents plan rollback (\S+) (\S+)$/m.exec(rolled);
    assert.ok(undo, rolled);
    cli('plan', 'rollback', '--yes', undo[1]!, undo[2]!);
    assert.equal(fs.readFileSync(path.join(wb.workspaceDir, 'fresh', 'c.txt'), 'utf8'), 'fresh\n', 'the undo put the work back');

    await waitForTreeRow(wb.page, 'Before 2 rollbacks', VIEW, 30_000);
    await clickTreeRow(wb.page, 'Before 2 rollbacks');
    const rows = await waitForTreeRow(wb.page, 'Before rollback #1', VIEW);
    const at = (label: string) => rows.find((r) => r.label === label);
    assert.equal(at('“now tidy up the old folder”')?.level, 2);
    assert.equal(at('Before 2 rollbacks')?.level, 3);
    assert.equal(at('Before rollback #1')?.level, 4);
    assert.equal(at('Before rollback #2 (undoing rollback #1)')?.level, 4);
    assert.ok(!rows.some((r) => r.level === 2 && r.label.startsWith('Before rollback')), 'no safety checkpoint among the prompts');
    await screenshot(wb.page, 'hooks-3-safety-under-prompt');
  });

  it('an agent session’s menu offers End Session and Delete Plan, not a plan’s lifecycle', async () => {
    const row = wb.page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Claude Code: write the notes' }).first();
    const offered = await openContextMenu(wb.page, row);
    for (const item of ['End Session', 'Delete Plan', 'Undo Rollback']) assert.ok(offered.includes(item), `${item} not in ${offered.join(' | ')}`);
    for (const item of ['Complete Plan', 'Mark Plan Failed', 'Cancel Plan', 'Mark Plan Applied', 'Start Plan']) assert.ok(!offered.includes(item), `${item} in ${offered.join(' | ')}`);
    await screenshot(wb.page, 'hooks-4-session-menu');
    await wb.page.keyboard.press('Escape');
  });

  it('Connect an Agent… lists the five agents, VS Code’s agent mode first, and connects the one chosen; the message’s Undo disconnects it', async () => {
    await runCommand(wb.page, 'Checkpoints: Connect an Agent…');
    // (each item's detail, the configuration file, is read as a label too: those are left out)
    const items = (await quickPickItems(wb.page)).filter((l) => !l.includes('/'));
    assert.deepEqual(items, ['GitHub Copilot (VS Code agent mode)', 'Claude Code', 'Cursor', 'Gemini CLI', 'Cline', 'Codex CLI', 'OpenCode']);
    await screenshot(wb.page, 'hooks-1-connect-an-agent');
    await pickQuickPickItem(wb.page, 'Claude Code');
    await waitForNotification(wb.page, /Claude Code is connected: wrote \.claude\/settings\.local\.json/);
    assert.ok(fs.existsSync(path.join(wb.workspaceDir, '.claude', 'settings.local.json')));
    await screenshot(wb.page, 'hooks-2-connected');
    // the message's Undo uninstalls it: the file this connect created is gone again
    const toast = wb.page.locator('.notifications-toasts .notification-list-item', { hasText: 'Claude Code is connected' }).first();
    await toast.locator('.monaco-button', { hasText: 'Undo' }).click();
    await waitForNotification(wb.page, /Claude Code is disconnected: removed its hooks from \.claude\/settings\.local\.json/);
    assert.equal(fs.existsSync(path.join(wb.workspaceDir, '.claude', 'settings.local.json')), false);
  });
});

// Workspace Trust in a real host: a folder opened untrusted (Restricted Mode) still lists its plans
// and checkpoints, but Create Plan, Create Manual Checkpoint, Rollback and the other commands that
// run git or write files are not offered anywhere a user would look (the view's title bar, the rows'
// inline buttons and context menus, the command palette), and the view says why.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { panelFrame } from './rollbackPanel';
import { answerDialog, openContextMenu, openView, pickQuickPickItem, runCommand, screenshot, useWorkbench, waitForNotification, waitForTreeRow } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const RESTRICTED_MESSAGE = /^Restricted Mode: plans and checkpoints are listed, but creating, deleting and rolling back are off/;
/** Commands that write (their palette titles), none of which Restricted Mode may offer. */
const WRITE_COMMANDS = [
  'Create Plan',
  'Create Manual Checkpoint',
  'Roll Back to Checkpoint',
  'Delete Checkpoint',
  'Undo Rollback',
  'Set Retention Policy',
  'Take Checkpoint Now (Active Plan)',
  'Start Plan',
  'Complete Plan',
  'Mark Plan Failed',
  'Cancel Plan',
  'Mark Plan Applied',
  'Apply Plan to Workspace',
  'Delete Plan',
  'Push Session…',
  'Fetch from Remote…',
];

/** Runs the built `agents` CLI on the workspace, as an agent's tooling would, and returns its JSON answer. */
function agents(workspaceDir: string, ...args: string[]): { plan?: { plan_id: string } } {
  const r = spawnSync(process.execPath, [CLI, '--workspace', workspaceDir, '--format', 'json', 'plan', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`agents plan ${args.join(' ')} failed (exit ${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout) as { plan?: { plan_id: string } };
}

/** The labels of the actions in the side bar's title bar (the view's buttons, merged into it). */
async function titleBarActions(page: Page): Promise<string[]> {
  const labels = await page.locator('.part.sidebar .composite.title .actions-container a.action-label').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.filter(Boolean);
}

/** The labels of the entries the command palette lists for `filter` (a short list: all of it renders). */
async function paletteEntries(page: Page, filter: string): Promise<string[]> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${filter}`);
  // the list is filtered as typed: wait for an entry every workspace has, then read the rest
  await widget.locator('.quick-input-list .monaco-list-row .label-name', { hasText: 'Checkpoints: Refresh' }).first().waitFor({ state: 'visible' });
  const labels = (await widget.locator('.quick-input-list .monaco-list-row .label-name').allInnerTexts()).map((l) => l.trim());
  await page.keyboard.press('Escape');
  await widget.waitFor({ state: 'hidden' });
  return labels;
}

function treeRow(page: Page, label: string): Locator {
  return page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
}

/**
 * The entries of a row's context menu (closed again afterwards). A row whose every entry is hidden
 * gets no menu at all: with `mayBeEmpty`, no menu within a few seconds means none.
 */
async function contextMenuEntries(page: Page, label: string, mayBeEmpty = false): Promise<string[]> {
  const entries = await openContextMenu(page, treeRow(page, label), mayBeEmpty ? { mayBeEmpty, timeoutMs: 6_000 } : {});
  if (entries.length === 0) return entries;
  await page.keyboard.press('Escape');
  await page.locator('.monaco-menu').first().waitFor({ state: 'hidden' });
  return entries;
}

describe('Checkpoints view in Restricted Mode (an untrusted workspace)', () => {
  const wb = useWorkbench({
    trusted: false,
    viewport: { width: 1200, height: 760 },
    prepare: (dir) => {
      const plan = agents(dir, 'create', '--title', 'Refactor the greeting', '--sandbox', 'src').plan;
      if (!plan) throw new Error('agents plan create answered no plan');
      agents(dir, 'checkpoint', plan.plan_id, '--reason', 'Before the agent starts');
    },
  });

  it('opens the folder untrusted: the status bar shows Restricted Mode', async () => {
    await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'visible' });
  });

  it('still lists the plan and its checkpoint', async () => {
    await openView(wb.page, VIEW);
    const plans = await waitForTreeRow(wb.page, 'Refactor the greeting', VIEW, 30_000);
    // a plan not applied yet shows expanded; a click on an expanded row would collapse it
    if (plans.find((r) => r.label === 'Refactor the greeting')?.expanded === false) await treeRow(wb.page, 'Refactor the greeting').click();
    const rows = await waitForTreeRow(wb.page, 'Before the agent starts', VIEW);
    assert.deepEqual(
      rows.map((r) => [r.label, r.level]),
      [
        ['Refactor the greeting', 1],
        ['Before the agent starts', 2],
      ],
    );
  });

  it('shows the Restricted Mode message in the view', async () => {
    const message = wb.page.locator('.part.sidebar', { hasText: 'Restricted Mode: plans and checkpoints are listed' }).getByText(RESTRICTED_MESSAGE).first();
    await message.waitFor({ state: 'visible' });
    assert.match((await message.innerText()).trim(), /Trust this workspace to turn them on\.$/);
  });

  it('offers no write command in the view’s title bar, only the read-only ones', async () => {
    await wb.page.locator('.part.sidebar .composite.title a.action-label[aria-label^="Refresh"]').waitFor({ state: 'visible' });
    const actions = await titleBarActions(wb.page);
    for (const title of WRITE_COMMANDS) assert.ok(!actions.some((a) => a.startsWith(title)), `the title bar offers ${title}: ${actions.join(' | ')}`);
    await wb.page.mouse.move(700, 600); // off the activity bar, whose tooltip would cover the view
    await screenshot(wb.page, 'restricted-mode-view');
  });

  it('offers no write command on the rows: no inline buttons, nor in their context menus', async () => {
    for (const label of ['Refactor the greeting', 'Before the agent starts']) {
      await treeRow(wb.page, label).hover();
      const inline = await treeRow(wb.page, label)
        .locator('.actions a.action-label')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      for (const title of WRITE_COMMANDS) assert.ok(!inline.some((a) => a.startsWith(title)), `${label} has an inline ${title} button: ${inline.join(' | ')}`);
    }
    // the checkpoint's menu first: it keeps Copy Checkpoint ID, so it shows that right-clicks open menus
    const checkpointMenu = await contextMenuEntries(wb.page, 'Before the agent starts');
    // every entry of a plan's menu but Copy Plan ID writes: in Restricted Mode only that one stays
    const planMenu = await contextMenuEntries(wb.page, 'Refactor the greeting');
    assert.deepEqual(planMenu, ['Copy Plan ID'], `the plan's context menu offers: ${planMenu.join(' | ')}`);
    assert.ok(checkpointMenu.includes('Copy Checkpoint ID'), `the checkpoint's menu lacks Copy Checkpoint ID: ${checkpointMenu.join(' | ')}`);
    for (const title of WRITE_COMMANDS) assert.ok(!checkpointMenu.includes(title), `the checkpoint's context menu offers ${title}: ${checkpointMenu.join(' | ')}`);
  });

  it('a click on a checkpoint says why nothing opens and offers to trust the workspace (it did nothing, without a word)', async () => {
    await treeRow(wb.page, 'Before the agent starts').click();
    const text = await waitForNotification(wb.page, /“Compare with Current” is not available: .*Restricted Mode/);
    assert.match(text, /Trust the workspace to enable it/);
    await screenshot(wb.page, 'restricted-mode-click');
    await wb.page.keyboard.press('Escape');
  });

  it('does not list the write commands in the command palette', async () => {
    const entries = await paletteEntries(wb.page, 'Checkpoints: ');
    assert.ok(entries.includes('Checkpoints: Show Log'), `the palette lacks the read-only commands: ${entries.join(' | ')}`);
    for (const title of WRITE_COMMANDS) assert.ok(!entries.includes(`Checkpoints: ${title}`), `the palette offers Checkpoints: ${title}: ${entries.join(' | ')}`);
  });
});

/**
 * Opens the Workspace Trust editor: from the palette, or, when the palette does not offer the
 * command (seen after another untrusted window ran in the same server), from the status bar's
 * Restricted Mode item, which opens the same editor.
 */
async function openTrustEditor(page: Page): Promise<void> {
  try {
    await runCommand(page, 'Workspaces: Manage Workspace Trust');
  } catch {
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().click();
  }
  await page.locator('.workspace-trust-editor').first().waitFor({ state: 'visible' });
}

/** Trusts the workspace with the Workspace Trust editor's Trust button. */
async function trustWorkspace(page: Page): Promise<void> {
  await openTrustEditor(page);
  const trust = page.locator('.workspace-trust-editor .monaco-button', { hasText: /^\s*Trust\s*$/ }).first();
  await trust.waitFor({ state: 'visible' });
  await trust.click();
}

/** Takes the trust back: removes the folder from the editor's list of trusted folders (VS Code then reloads the window). */
async function untrustWorkspace(page: Page, folder: string): Promise<void> {
  await openTrustEditor(page);
  const row = page.locator('.workspace-trust-editor .monaco-list-row', { hasText: folder }).first();
  await row.waitFor({ state: 'visible' });
  await row.hover();
  const remove = row.locator('[aria-label="Delete Path"], [title="Delete Path"]').first();
  await remove.waitFor({ state: 'visible' });
  await remove.click();
}

// An agent's file names, made to hide or fake what the panel lists.
const BIDI_NAME = 'report\u202etxt.exe';
const ESCAPE_NAME = 'zzz\r\x1b[3Afake.txt';

describe('A rollback panel restored in Restricted Mode', () => {
  let workspace = '';
  const wb = useWorkbench({
    trusted: false,
    viewport: { width: 1300, height: 800 },
    prepare: (dir) => {
      workspace = dir;
      const plan = agents(dir, 'create', '--title', 'Agent run', '--sandbox', 'src').plan;
      if (!plan) throw new Error('agents plan create answered no plan');
      agents(dir, 'checkpoint', plan.plan_id, '--reason', 'Before the agent');
      fs.writeFileSync(path.join(dir, 'src', BIDI_NAME), 'x\n');
      fs.writeFileSync(path.join(dir, 'src', ESCAPE_NAME), 'x\n');
      fs.appendFileSync(path.join(dir, 'src', 'greet.js'), '// changed by the agent\n');
    },
  });

  it('trusted, a rollback opens the panel with Undo, and the names show escaped', async () => {
    await trustWorkspace(wb.page);
    await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'hidden' });
    await openView(wb.page, VIEW);
    await waitForTreeRow(wb.page, 'Agent run', VIEW, 30_000);
    await runCommand(wb.page, 'Checkpoints: Roll Back to Checkpoint');
    await pickQuickPickItem(wb.page, 'Agent run');
    await pickQuickPickItem(wb.page, 'Before the agent');
    const text = await answerDialog(wb.page, 'Roll Back');
    assert.ok(text.includes('report\\u202etxt.exe') && text.includes('zzz\\r\\e[3Afake.txt'), text);
    const frame = panelFrame(wb.page);
    await frame.locator('h1', { hasText: 'Rollback complete' }).waitFor({ state: 'visible', timeout: 20_000 });
    await frame.locator('button[data-action="undo"]').waitFor({ state: 'visible' });
    const names = (await frame.locator('button.path .name').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(names.sort(), ['greet.js', 'report\\u202etxt.exe', 'zzz\\r\\e[3Afake.txt'].sort());
    assert.equal(fs.existsSync(path.join(workspace, 'src', BIDI_NAME)), false, 'rolled back');
    await wb.page.waitForTimeout(1500); // the progress notification closes
    await screenshot(wb.page, 'restricted-panel-1-trusted');
  });

  it('after trust is taken back (VS Code reloads the window), the panel it restores offers neither Undo nor Roll Back', async () => {
    await untrustWorkspace(wb.page, workspace);
    await wb.page.waitForEvent('load', { timeout: 60_000 });
    await wb.page.locator('.part.statusbar .statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const panelTab = wb.page.locator('.editor-group-container .tab', { hasText: 'Rollback complete' }).first();
    await panelTab.waitFor({ state: 'visible', timeout: 30_000 });
    await panelTab.click();
    const frame = panelFrame(wb.page);
    await frame.locator('h1', { hasText: 'Rollback complete' }).waitFor({ state: 'visible', timeout: 20_000 });
    await frame.locator('p.restricted').waitFor({ state: 'visible' });
    assert.equal(await frame.locator('button[data-action="undo"]').count(), 0, 'Undo offered in Restricted Mode');
    assert.equal(await frame.locator('button[data-action="rollback"]').count(), 0, 'Roll Back offered in Restricted Mode');
    assert.equal(await frame.locator('button[data-action="copyJson"]').count(), 1, 'what only reads stays');
    assert.equal(fs.existsSync(path.join(workspace, 'src', BIDI_NAME)), false, 'nothing undone');
    await screenshot(wb.page, 'restricted-panel-2-restored');
  });
});

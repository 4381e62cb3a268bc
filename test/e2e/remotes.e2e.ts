// Git remotes as a person meets them in chromium (issue 38, item 4): Fetch from Remote… brings
// another machine's plan into the Remote group; Push Session… asks before the first push, with what
// leaves and what does not; its progress notification has a Cancel that stops git; a remote that
// wants credentials says so and offers a terminal. Screenshots go to test-results/ (remote-*.png).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type * as net from 'node:net';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { answerDialog, contextMenu, openView, pickQuickPickItem, runCommand, screenshot, treeItems, useWorkbench, waitForNotification, waitForTreeRow, widenSideBar } from './workbench';

const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
}

/** `/hang/…` never answers (a remote that is slow to the end); `/locked/…` wants credentials (401). */
let server: http.Server | undefined;
const sockets = new Set<net.Socket>();

async function startServer(): Promise<number> {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/locked/')) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="team sessions"' });
      res.end();
    }
  });
  server.on('connection', (c) => {
    sockets.add(c);
    c.on('close', () => sockets.delete(c));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** The workspace: a git repository with remotes `origin` (a bare repository another machine pushed a plan to), `slow` and `locked`; a plan of its own. */
async function prepare(dir: string): Promise<void> {
  const port = await startServer();
  const outside = path.dirname(dir);
  const bare = path.join(outside, 'sessions.git');
  git(outside, 'init', '--bare', '--quiet', bare);
  git(dir, 'init', '--quiet');
  git(dir, 'remote', 'add', 'origin', bare);
  git(dir, 'remote', 'add', 'slow', `http://127.0.0.1:${port}/hang/sessions.git`);
  git(dir, 'remote', 'add', 'locked', `http://127.0.0.1:${port}/locked/sessions.git`);

  // Machine B: another folder and config, a plan pushed with the CLI.
  const b = path.join(outside, 'machine-b');
  fs.mkdirSync(b);
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(outside, 'config-b'), GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  const agents = (...args: string[]) => JSON.parse(execFileSync(process.execPath, [CLI, '--format', 'json', ...args], { cwd: b, env, encoding: 'utf8' })) as Record<string, { plan_id: string }>;
  fs.writeFileSync(path.join(b, 'parser.ts'), 'export const parse = () => 1;\n');
  const planB = agents('plan', 'create', '--title', 'Fix the date parser').plan!.plan_id;
  agents('plan', 'checkpoint', planB, '--reason', 'Before the fix');
  fs.writeFileSync(path.join(b, 'parser.ts'), 'export const parse = () => 2;\n');
  agents('plan', 'checkpoint', planB, '--reason', 'After the fix');
  agents('remote', 'enable');
  agents('remote', 'push', path.join(outside, 'sessions.git'));

  fs.writeFileSync(path.join(dir, 'todo.md'), '- one\n');
  fs.writeFileSync(path.join(dir, '.env'), 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n');
  const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
  try {
    const plan = await s.plans.createPlan({ title: 'Add due dates' });
    await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Before due dates' });
    fs.writeFileSync(path.join(dir, 'todo.md'), '- one (due Friday)\n');
    await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Due dates added' });
  } finally {
    s.dispose();
  }
}

/** A screenshot once the toasts have faded in (they animate for a moment after they appear). */
async function shot(page: Parameters<typeof screenshot>[0], name: string): Promise<void> {
  await page.waitForTimeout(800);
  await screenshot(page, name);
}

describe('Git remotes: Fetch from Remote…, Push Session…, progress and Cancel, an auth error', () => {
  const wb = useWorkbench({ viewport: { width: 1400, height: 860 }, prepare });

  after(async () => {
    for (const c of sockets) c.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('Fetch from Remote… brings machine B’s plan into the Remote group, marked read-only with where it came from', async () => {
    await openView(wb.page, VIEW);
    await waitForTreeRow(wb.page, 'Add due dates', VIEW);
    await widenSideBar(wb.page, 560);
    await runCommand(wb.page, 'Checkpoints: Fetch from Remote…');
    await pickQuickPickItem(wb.page, 'origin');
    const said = await waitForNotification(wb.page, /Fetched 1 plan from origin/, 60_000);
    assert.match(said, /“Fix the date parser” \(from .+@.+\)\. Read-only here, under Remote\./);
    const rows = await waitForTreeRow(wb.page, 'Fix the date parser', VIEW, 30_000);
    const group = rows.find((r) => r.label === 'Remote');
    assert.equal(group?.description, '1 fetched plan, read-only');
    assert.match(rows.find((r) => r.label === 'Fix the date parser')?.description ?? '', /^from .+@.+ · read-only · /);
    await wb.page.mouse.move(700, 600);
    await shot(wb.page, 'remote-1-fetched-group');
  });

  it('Push Session… on a plan asks first, saying what leaves and what stays; then pushes, .env withheld', async () => {
    await contextMenu(wb.page, 'Add due dates', 'Push Session…');
    await pickQuickPickItem(wb.page, 'origin');
    await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'visible' });
    await shot(wb.page, 'remote-2-push-modal');
    const text = await answerDialog(wb.page, 'Turn On and Push');
    assert.match(text, /Pushing sessions is off for this workspace\. Turn it on and push to origin\?/);
    const said = await waitForNotification(wb.page, /Pushed “Add due dates” to origin/, 60_000);
    assert.match(said, /2 checkpoints sent, 2 there now, prompt text left out\. Withheld \(not sent\): \.env\./);
    await shot(wb.page, 'remote-3-pushed');
  });

  it('a remote that does not answer: the notification shows the step, and Cancel stops it', async () => {
    await contextMenu(wb.page, 'Add due dates', 'Push Session…');
    await pickQuickPickItem(wb.page, 'slow');
    const toast = wb.page.locator('.notifications-toasts .notification-toast', { hasText: 'Pushing “Add due dates” to slow' }).first();
    await toast.locator('.notification-list-item-message', { hasText: /Reading the remote's plans/ }).waitFor({ state: 'visible', timeout: 30_000 });
    await shot(wb.page, 'remote-4-progress');
    await toast.locator('a.monaco-button', { hasText: 'Cancel' }).click();
    const said = await waitForNotification(wb.page, /cancelled/, 30_000);
    assert.match(said, /^Pushing “Add due dates” to slow: cancelled\. Git was stopped/);
    await shot(wb.page, 'remote-5-cancelled');
  });

  it('a remote that wants credentials: the error says so and offers Open Terminal', async () => {
    await contextMenu(wb.page, 'Add due dates', 'Push Session…');
    await pickQuickPickItem(wb.page, 'locked');
    const said = await waitForNotification(wb.page, /Could not read/, 30_000);
    assert.match(said, /Check your credentials for this remote/);
    await shot(wb.page, 'remote-6-auth-error');
    const toast = wb.page.locator('.notifications-toasts .notification-toast', { hasText: 'Check your credentials' }).first();
    await toast.locator('a.monaco-button', { hasText: 'Open Terminal' }).click();
    // The terminal's text may be drawn on a canvas: its panel is what the page can check.
    await wb.page.locator('.part.panel .terminal-wrapper').first().waitFor({ state: 'visible', timeout: 30_000 });
    await shot(wb.page, 'remote-7-terminal');
    // The tree still lists the plan with the Remote group below it.
    const labels = (await treeItems(wb.page, VIEW)).map((r) => r.label);
    assert.ok(labels.indexOf('Add due dates') < labels.indexOf('Remote'), labels.join(', '));
  });
});

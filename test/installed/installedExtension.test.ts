// The extension as a user installs it: the .vsix installed with `--install-extension` into a fresh
// code-server (its own extensions and user-data folders, no extension under development), opened
// on the demo workspace of `npm start`. The view, a checkpoint and a guarded rollback with its
// panel, `agents` in the integrated terminal, and the details page with the README's screenshots.
// Screenshots go to test-results/installed-*.png.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitForPanel } from '../e2e/rollbackPanel';
import { answerDialog, answerInput, clickTreeRow, contextMenu, openView, runCommand, screenshot, useWorkbench, waitForTreeRow } from '../e2e/workbench';
import { startMcp } from '../unit/helpers/mcpHarness';
import { setCheckbox } from './settingsEditor';
import { extensionLogLines, installedProduct } from './installedProduct';
import { programOfCommand } from '../../src/hooks/install/hookCommandLine';
import { newTerminal, runInTerminal } from './terminal';

const VIEW = 'Checkpoints';
const EXTENSION_ID = 'cleveragents.cleveragents-checkpoints';
const DEMO_PLANS = ['Add due dates to todos', 'Try a table layout for render()', 'Document the CLI'];
const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string };

describe('The installed .vsix', function () {
  this.timeout(120_000);
  // An older version's Cursor hook, naming its versioned dist/cli.js (deleted by the update): activation rewrites it to the stable entry.
  const olderCli = () => path.join(installedProduct().extensionsDir, `${EXTENSION_ID}-0.0.1`, 'dist', 'cli.js');
  const olderHooks = (dir: string) => path.join(dir, '.cursor', 'hooks.json');
  // and the older version's MCP server in Cline's settings, which Cline keeps in the global storage beside ours
  const clineSettings = () => path.join(installedProduct().userDataDir, 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json');
  const wb = useWorkbench({
    viewport: { width: 1400, height: 900 },
    prepare: async (dir) => {
      await installedProduct().prepareDemo(dir);
      fs.mkdirSync(path.dirname(olderHooks(dir)), { recursive: true });
      const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(olderCli())} hook run cursor`;
      fs.writeFileSync(olderHooks(dir), `${JSON.stringify({ version: 1, hooks: { beforeSubmitPrompt: [{ command }] } }, null, 2)}\n`);
      fs.mkdirSync(path.dirname(clineSettings()), { recursive: true });
      const server = { command: process.execPath, args: [olderCli(), 'mcp', '--workspace', dir], disabled: false, autoApprove: [] };
      fs.writeFileSync(clineSettings(), `${JSON.stringify({ mcpServers: { 'cleveragents-checkpoints': server } }, null, 2)}\n`);
    },
  });
  const installedDir = () => path.join(installedProduct().extensionsDir, `${EXTENSION_ID}-${version}`);
  // where hooks and MCP commands point: a file of the global storage, which an update does not move
  const stableCli = () => path.join(installedProduct().userDataDir, 'User', 'globalStorage', EXTENSION_ID, 'hook-runtime', 'cli.js');
  /** Runs `<node> <cli> --version` as a hook command's program would be started, outside VS Code. */
  const versionThrough = (program: { node: string; cli: string; electron?: boolean }) =>
    execFileSync(program.node, [program.cli, '--version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', ...(program.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) } }).trim();

  it('is installed in the extensions folder of the server', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installedDir(), 'package.json'), 'utf8')) as { version: string };
    assert.equal(manifest.version, version);
    assert.ok(fs.existsSync(path.join(installedDir(), 'dist', 'cli.js')));
  });

  it('lists the demo plans in the Checkpoints view', async () => {
    await openView(wb.page, VIEW);
    for (const plan of DEMO_PLANS) await waitForTreeRow(wb.page, plan, VIEW, 30_000);
    await screenshot(wb.page, 'installed-0-tree');
  });

  it('creates a checkpoint of the selected plan', async () => {
    await clickTreeRow(wb.page, 'Add due dates to todos');
    await runCommand(wb.page, 'Checkpoints: Create Manual Checkpoint');
    await answerInput(wb.page, 'Made in the installed extension', { prompt: 'Why this checkpoint?' });
    await waitForTreeRow(wb.page, 'Made in the installed extension', VIEW);
  });

  it('rolls back behind the confirmation and shows the panel', async () => {
    await contextMenu(wb.page, 'Before the agent starts', 'Roll Back to Checkpoint');
    const text = await answerDialog(wb.page, 'Roll Back');
    assert.match(text, /Roll back “Add due dates to todos” to “Before the agent starts”\?/);
    const frame = await waitForPanel(wb.page, 'Rollback complete');
    assert.ok((await frame.locator('button.path').allInnerTexts()).some((t) => t.includes('todoList.js')));
    assert.doesNotMatch(fs.readFileSync(path.join(wb.workspaceDir, 'src', 'todoList.js'), 'utf8'), /due/);
    await wb.page.waitForTimeout(1000); // the progress notification closes
    await screenshot(wb.page, 'installed-1-rollback');
  });

  it('runs `agents` of the installed extension in the integrated terminal, on the view’s database', async () => {
    await newTerminal(wb.page);
    assert.equal((await runInTerminal(wb.page, 'agents --version')).trim(), version);
    assert.equal((await runInTerminal(wb.page, 'command -v agents')).trim(), path.join(installedDir(), 'bin', 'agents'));
    const list = await runInTerminal(wb.page, 'agents plan list');
    for (const plan of DEMO_PLANS) assert.ok(list.includes(plan), `${plan} is not in:\n${list}`);
    // from another folder too: the terminal names the workspace folder (AGENTS_WORKSPACE)
    const elsewhere = await runInTerminal(wb.page, 'cd / && agents plan list');
    assert.equal(elsewhere, list);
    await screenshot(wb.page, 'installed-2-terminal');
  });

  it('prints from the integrated terminal an MCP configuration that a client outside VS Code can start', async () => {
    const out = path.join(wb.workspaceDir, 'mcp-config.json');
    const err = path.join(wb.workspaceDir, 'mcp-config.err');
    assert.equal((await runInTerminal(wb.page, `agents mcp --print-config claude-code > ${JSON.stringify(out)} 2> ${JSON.stringify(err)} && echo written`)).trim(), 'written');
    assert.match(fs.readFileSync(err, 'utf8'), /^Put this in \.mcp\.json/);
    assert.doesNotMatch(fs.readFileSync(err, 'utf8'), /warning/);
    const server = (JSON.parse(fs.readFileSync(out, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> }).mcpServers['cleveragents-checkpoints']!;
    // the runtime the terminal's `agents` ran on, and the installed extension's CLI
    assert.ok(path.isAbsolute(server.command) && fs.existsSync(server.command), server.command);
    // the installed extension's CLI, through its stable entry: the versioned folder goes with the next update
    assert.equal(server.args[0], stableCli());
    assert.equal(versionThrough({ node: server.command, cli: server.args[0]!, electron: server.env?.ELECTRON_RUN_AS_NODE === '1' }), version);
    const mcp = await startMcp(wb.workspaceDir, { command: server.command, args: server.args, env: { PATH: '/usr/bin:/bin', ...server.env } });
    try {
      assert.ok((await mcp.client.listTools()).tools.some((t) => t.name === 'list_plans'));
      const { plans } = await mcp.ok<{ plans: { title: string }[] }>('list_plans');
      for (const plan of DEMO_PLANS) assert.ok(plans.some((p) => p.title === plan), `${plan} is not listed`);
    } finally {
      await mcp.close();
    }
  });

  it('writes hook commands that name the stable entry, and rewrote an older version’s at activation', async () => {
    await runInTerminal(wb.page, `agents hook install claude-code --workspace ${JSON.stringify(wb.workspaceDir)}`);
    try {
      const settings = JSON.parse(fs.readFileSync(path.join(wb.workspaceDir, '.claude', 'settings.local.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
      const command = settings.hooks.PreToolUse![0]!.hooks[0]!.command;
      const program = programOfCommand(command);
      assert.ok(program, command);
      assert.equal(program.cli, stableCli());
      assert.ok(!command.includes(installedDir()), command);
      assert.equal(versionThrough(program), version);
    } finally {
      await runInTerminal(wb.page, `agents hook uninstall claude-code --workspace ${JSON.stringify(wb.workspaceDir)}`);
    }
    const older = fs.readFileSync(olderHooks(wb.workspaceDir), 'utf8');
    assert.ok(!older.includes(olderCli()) && older.includes(JSON.stringify(stableCli()).slice(1, -1)), older);
    const program = programOfCommand((JSON.parse(older) as { hooks: { beforeSubmitPrompt: { command: string }[] } }).hooks.beforeSubmitPrompt[0]!.command)!;
    assert.equal(versionThrough(program), version);
    assert.ok(
      extensionLogLines().some((l) => l.includes('Rewrote 1 command path(s)') && l.includes('.cursor/hooks.json')),
      'the rewrite is logged',
    );
    const cline = JSON.parse(fs.readFileSync(clineSettings(), 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    assert.equal(cline.mcpServers['cleveragents-checkpoints']!.args[0], stableCli(), 'Cline’s MCP settings name the stable entry too');
  });

  it('leaves the terminal’s PATH alone when terminal.cliOnPath is off', async () => {
    await setCheckbox(wb.page, 'cleveragents.checkpoints.terminal.cliOnPath', false);
    try {
      await newTerminal(wb.page);
      assert.equal((await runInTerminal(wb.page, 'command -v agents || echo none')).trim(), 'none');
      assert.equal((await runInTerminal(wb.page, 'echo "[$AGENTS_WORKSPACE]"')).trim(), '[]');
    } finally {
      await setCheckbox(wb.page, 'cleveragents.checkpoints.terminal.cliOnPath', true);
    }
    await newTerminal(wb.page);
    assert.equal((await runInTerminal(wb.page, 'agents --version')).trim(), version);
  });

  it('shows the README with its screenshots on the extension’s details page', async () => {
    await runCommand(wb.page, 'View: Hide Panel');
    await runCommand(wb.page, 'Notifications: Clear All Notifications');
    await runCommand(wb.page, 'Extensions: Show Enabled Extensions');
    const item = wb.page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'CleverAgents Checkpoints' }).first();
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    await item.click();
    await wb.page.mouse.move(900, 800); // no hover card over the page
    const readme = wb.page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
    await readme.locator('h1', { hasText: 'CleverAgents Checkpoints' }).waitFor({ state: 'visible', timeout: 30_000 });
    const images = readme.locator('img');
    await images.first().waitFor({ state: 'attached' });
    const loaded = await images.evaluateAll((imgs: { alt: string; naturalWidth: number }[]) => imgs.map((i) => ({ alt: i.alt, width: i.naturalWidth })));
    assert.ok(loaded.length >= 1, `${loaded.length} images`);
    assert.deepEqual(loaded.filter((i) => i.width === 0), [], 'images that did not load');
    // scroll the first screenshot into sight for the picture
    await images.first().scrollIntoViewIfNeeded();
    await wb.page.waitForTimeout(500);
    await screenshot(wb.page, 'installed-3-details');
  });
});

"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
// The extension as a user installs it: the .vsix installed with `--install-extension` into a fresh
// code-server (its own extensions and user-data folders, no extension under development), opened
// on the demo workspace of `npm start`. The view, a checkpoint and a guarded rollback with its
// panel, `agents` in the integrated terminal, and the details page with the README's screenshots.
// Screenshots go to test-results/installed-*.png.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const rollbackPanel_1 = require("../e2e/rollbackPanel");
const workbench_1 = require("../e2e/workbench");
const mcpHarness_1 = require("../unit/helpers/mcpHarness");
const settingsEditor_1 = require("./settingsEditor");
const installedProduct_1 = require("./installedProduct");
const hookCommandLine_1 = require("../../src/hooks/install/hookCommandLine");
const terminal_1 = require("./terminal");
const VIEW = 'Checkpoints';
const EXTENSION_ID = 'cleveragents.cleveragents-checkpoints';
const DEMO_PLANS = ['Add due dates to todos', 'Try a table layout for render()', 'Document the CLI'];
const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
describe('The installed .vsix', function () {
    this.timeout(120_000);
    // An older version's Cursor hook, naming its versioned dist/cli.js (deleted by the update): activation rewrites it to the stable entry.
    const olderCli = () => path.join((0, installedProduct_1.installedProduct)().extensionsDir, `${EXTENSION_ID}-0.0.1`, 'dist', 'cli.js');
    const olderHooks = (dir) => path.join(dir, '.cursor', 'hooks.json');
    // and the older version's MCP server in Cline's settings, which Cline keeps in the global storage beside ours
    const clineSettings = () => path.join((0, installedProduct_1.installedProduct)().userDataDir, 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json');
    const wb = (0, workbench_1.useWorkbench)({
        viewport: { width: 1400, height: 900 },
        prepare: async (dir) => {
            await (0, installedProduct_1.installedProduct)().prepareDemo(dir);
            fs.mkdirSync(path.dirname(olderHooks(dir)), { recursive: true });
            const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(olderCli())} hook run cursor`;
            fs.writeFileSync(olderHooks(dir), `${JSON.stringify({ version: 1, hooks: { beforeSubmitPrompt: [{ command }] } }, null, 2)}\n`);
            fs.mkdirSync(path.dirname(clineSettings()), { recursive: true });
            const server = { command: process.execPath, args: [olderCli(), 'mcp', '--workspace', dir], disabled: false, autoApprove: [] };
            fs.writeFileSync(clineSettings(), `${JSON.stringify({ mcpServers: { 'cleveragents-checkpoints': server } }, null, 2)}\n`);
        },
    });
    const installedDir = () => path.join((0, installedProduct_1.installedProduct)().extensionsDir, `${EXTENSION_ID}-${version}`);
    // where hooks and MCP commands point: a file of the global storage, which an update does not move
    const stableCli = () => path.join((0, installedProduct_1.installedProduct)().userDataDir, 'User', 'globalStorage', EXTENSION_ID, 'hook-runtime', 'cli.js');
    /** Runs `<node> <cli> --version` as a hook command's program would be started, outside VS Code. */
    const versionThrough = (program) => (0, node_child_process_1.execFileSync)(program.node, [program.cli, '--version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', ...(program.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) } }).trim();
    it('is installed in the extensions folder of the server', () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(installedDir(), 'package.json'), 'utf8'));
        assert.equal(manifest.version, version);
        assert.ok(fs.existsSync(path.join(installedDir(), 'dist', 'cli.js')));
    });
    it('lists the demo plans in the Checkpoints view', async () => {
        await (0, workbench_1.openView)(wb.page, VIEW);
        for (const plan of DEMO_PLANS)
            await (0, workbench_1.waitForTreeRow)(wb.page, plan, VIEW, 30_000);
        await (0, workbench_1.screenshot)(wb.page, 'installed-0-tree');
    });
    it('creates a checkpoint of the selected plan', async () => {
        await (0, workbench_1.clickTreeRow)(wb.page, 'Add due dates to todos');
        await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Create Manual Checkpoint');
        await (0, workbench_1.answerInput)(wb.page, 'Made in the installed extension', { prompt: 'Why this checkpoint?' });
        await (0, workbench_1.waitForTreeRow)(wb.page, 'Made in the installed extension', VIEW);
    });
    it('rolls back behind the confirmation and shows the panel', async () => {
        await (0, workbench_1.contextMenu)(wb.page, 'Before the agent starts', 'Roll Back to Checkpoint');
        const text = await (0, workbench_1.answerDialog)(wb.page, 'Roll Back');
        assert.match(text, /Roll back “Add due dates to todos” to “Before the agent starts”\?/);
        const frame = await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback complete');
        assert.ok((await frame.locator('button.path').allInnerTexts()).some((t) => t.includes('todoList.js')));
        assert.doesNotMatch(fs.readFileSync(path.join(wb.workspaceDir, 'src', 'todoList.js'), 'utf8'), /due/);
        await wb.page.waitForTimeout(1000); // the progress notification closes
        await (0, workbench_1.screenshot)(wb.page, 'installed-1-rollback');
    });
    it('runs `agents` of the installed extension in the integrated terminal, on the view’s database', async () => {
        await (0, terminal_1.newTerminal)(wb.page);
        assert.equal((await (0, terminal_1.runInTerminal)(wb.page, 'agents --version')).trim(), version);
        assert.equal((await (0, terminal_1.runInTerminal)(wb.page, 'command -v agents')).trim(), path.join(installedDir(), 'bin', 'agents'));
        const list = await (0, terminal_1.runInTerminal)(wb.page, 'agents plan list');
        for (const plan of DEMO_PLANS)
            assert.ok(list.includes(plan), `${plan} is not in:\n${list}`);
        // from another folder too: the terminal names the workspace folder (AGENTS_WORKSPACE)
        const elsewhere = await (0, terminal_1.runInTerminal)(wb.page, 'cd / && agents plan list');
        assert.equal(elsewhere, list);
        await (0, workbench_1.screenshot)(wb.page, 'installed-2-terminal');
    });
    it('prints from the integrated terminal an MCP configuration that a client outside VS Code can start', async () => {
        const out = path.join(wb.workspaceDir, 'mcp-config.json');
        const err = path.join(wb.workspaceDir, 'mcp-config.err');
        assert.equal((await (0, terminal_1.runInTerminal)(wb.page, `agents mcp --print-config claude-code > ${JSON.stringify(out)} 2> ${JSON.stringify(err)} && echo written`)).trim(), 'written');
        assert.match(fs.readFileSync(err, 'utf8'), /^Put this in \.mcp\.json/);
        assert.doesNotMatch(fs.readFileSync(err, 'utf8'), /warning/);
        const server = JSON.parse(fs.readFileSync(out, 'utf8')).mcpServers['cleveragents-checkpoints'];
        // the runtime the terminal's `agents` ran on, and the installed extension's CLI
        assert.ok(path.isAbsolute(server.command) && fs.existsSync(server.command), server.command);
        // the installed extension's CLI, through its stable entry: the versioned folder goes with the next update
        assert.equal(server.args[0], stableCli());
        assert.equal(versionThrough({ node: server.command, cli: server.args[0], electron: server.env?.ELECTRON_RUN_AS_NODE === '1' }), version);
        const mcp = await (0, mcpHarness_1.startMcp)(wb.workspaceDir, { command: server.command, args: server.args, env: { PATH: '/usr/bin:/bin', ...server.env } });
        try {
            assert.ok((await mcp.client.listTools()).tools.some((t) => t.name === 'list_plans'));
            const { plans } = await mcp.ok('list_plans');
            for (const plan of DEMO_PLANS)
                assert.ok(plans.some((p) => p.title === plan), `${plan} is not listed`);
        }
        finally {
            await mcp.close();
        }
    });
    it('writes hook commands that name the stable entry, and rewrote an older version’s at activation', async () => {
        await (0, terminal_1.runInTerminal)(wb.page, `agents hook install claude-code --workspace ${JSON.stringify(wb.workspaceDir)}`);
        try {
            const settings = JSON.parse(fs.readFileSync(path.join(wb.workspaceDir, '.claude', 'settings.local.json'), 'utf8'));
            const command = settings.hooks.PreToolUse[0].hooks[0].command;
            const program = (0, hookCommandLine_1.programOfCommand)(command);
            assert.ok(program, command);
            assert.equal(program.cli, stableCli());
            assert.ok(!command.includes(installedDir()), command);
            assert.equal(versionThrough(program), version);
        }
        finally {
            await (0, terminal_1.runInTerminal)(wb.page, `agents hook uninstall claude-code --workspace ${JSON.stringify(wb.workspaceDir)}`);
        }
        const older = fs.readFileSync(olderHooks(wb.workspaceDir), 'utf8');
        assert.ok(!older.includes(olderCli()) && older.includes(JSON.stringify(stableCli()).slice(1, -1)), older);
        const program = (0, hookCommandLine_1.programOfCommand)(JSON.parse(older).hooks.beforeSubmitPrompt[0].command);
        assert.equal(versionThrough(program), version);
        assert.ok((0, installedProduct_1.extensionLogLines)().some((l) => l.includes('Rewrote 1 command path(s)') && l.includes('.cursor/hooks.json')), 'the rewrite is logged');
        const cline = JSON.parse(fs.readFileSync(clineSettings(), 'utf8'));
        assert.equal(cline.mcpServers['cleveragents-checkpoints'].args[0], stableCli(), 'Cline’s MCP settings name the stable entry too');
    });
    it('leaves the terminal’s PATH alone when terminal.cliOnPath is off', async () => {
        await (0, settingsEditor_1.setCheckbox)(wb.page, 'cleveragents.checkpoints.terminal.cliOnPath', false);
        try {
            await (0, terminal_1.newTerminal)(wb.page);
            assert.equal((await (0, terminal_1.runInTerminal)(wb.page, 'command -v agents || echo none')).trim(), 'none');
            assert.equal((await (0, terminal_1.runInTerminal)(wb.page, 'echo "[$AGENTS_WORKSPACE]"')).trim(), '[]');
        }
        finally {
            await (0, settingsEditor_1.setCheckbox)(wb.page, 'cleveragents.checkpoints.terminal.cliOnPath', true);
        }
        await (0, terminal_1.newTerminal)(wb.page);
        assert.equal((await (0, terminal_1.runInTerminal)(wb.page, 'agents --version')).trim(), version);
    });
    it('shows the README with its screenshots on the extension’s details page', async () => {
        await (0, workbench_1.runCommand)(wb.page, 'View: Hide Panel');
        await (0, workbench_1.runCommand)(wb.page, 'Notifications: Clear All Notifications');
        await (0, workbench_1.runCommand)(wb.page, 'Extensions: Show Enabled Extensions');
        const item = wb.page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'CleverAgents Checkpoints' }).first();
        await item.waitFor({ state: 'visible', timeout: 30_000 });
        await item.click();
        await wb.page.mouse.move(900, 800); // no hover card over the page
        const readme = wb.page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
        await readme.locator('h1', { hasText: 'CleverAgents Checkpoints' }).waitFor({ state: 'visible', timeout: 30_000 });
        const images = readme.locator('img');
        await images.first().waitFor({ state: 'attached' });
        const loaded = await images.evaluateAll((imgs) => imgs.map((i) => ({ alt: i.alt, width: i.naturalWidth })));
        assert.ok(loaded.length >= 1, `${loaded.length} images`);
        assert.deepEqual(loaded.filter((i) => i.width === 0), [], 'images that did not load');
        // scroll the first screenshot into sight for the picture
        await images.first().scrollIntoViewIfNeeded();
        await wb.page.waitForTimeout(500);
        await (0, workbench_1.screenshot)(wb.page, 'installed-3-details');
    });
});
//# sourceMappingURL=installedExtension.test.js.map
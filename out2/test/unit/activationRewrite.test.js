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
// The pass the extension makes at activation: configurations that still name a versioned
// dist/cli.js of ours are rewritten to the stable shim. Here: the two MCP files other programs own
// (Claude Code's ~/.claude.json, Cline's cline_mcp_settings.json), where only the server entries'
// command and args change, and Restricted Mode, where nothing in the workspace is written. Real
// files in temp folders laid out as a home folder, VS Code's global storage and extensions folder.
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const activationRewrite_1 = require("../../src/hooks/install/activationRewrite");
const hookInstaller_1 = require("../../src/hooks/install/hookInstaller");
const mcpServerCommands_1 = require("../../src/hooks/install/mcpServerCommands");
const clientConfigs_1 = require("../../src/mcp/clientConfigs");
const tempDir_1 = require("./helpers/tempDir");
const ID = 'cleveragents.cleveragents-checkpoints';
describe('Activation rewrites versioned CLI paths to the stable shim', () => {
    const tempDir = (0, tempDir_1.useTempDirs)('ca-activation-');
    function layout() {
        const base = tempDir();
        const extensions = path.join(base, 'extensions');
        const globalStorage = path.join(base, 'User', 'globalStorage');
        const home = path.join(base, 'home');
        const workspace = path.join(base, 'workspace');
        for (const dir of [extensions, path.join(globalStorage, ID), home, workspace])
            (0, node_fs_1.mkdirSync)(dir, { recursive: true });
        const oldCli = path.join(extensions, `${ID}-0.1.0`, 'dist', 'cli.js');
        const shim = path.join(globalStorage, ID, 'hook-runtime', 'cli.js');
        const oldProgram = { node: process.execPath, cli: oldCli };
        return { base, extensions, globalStorage, home, workspace, oldCli, shim, oldProgram };
    }
    /** The server entry `agents mcp --print-config` printed for `client`, naming `program`. */
    function serverEntry(client, workspace, program) {
        return (0, clientConfigs_1.clientConfig)(client, workspace, program).json.mcpServers['cleveragents-checkpoints'];
    }
    /** A path as it is spelled inside a JSON string. */
    const jsonPath = (p) => JSON.stringify(p).slice(1, -1);
    it("Claude Code's ~/.claude.json: the user-scope and local-scope server entries change, its history and other servers stay byte for byte", async () => {
        const l = layout();
        const ours = serverEntry('claude-code', l.workspace, l.oldProgram);
        const config = {
            numStartups: 41,
            mcpServers: { 'cleveragents-checkpoints': ours, playwright: { command: 'npx', args: ['@playwright/mcp@latest'] } },
            projects: {
                [l.workspace]: {
                    history: [{ display: `why does ${l.oldCli} fail?`, pastedContents: {} }],
                    mcpServers: { 'checkpoints-local': { type: 'stdio', command: l.oldProgram.node, args: [l.oldCli, 'mcp', '--workspace', l.workspace] } },
                },
                '/elsewhere': { history: [], mcpServers: {} },
            },
            oauthAccount: { emailAddress: 'someone@example.com' },
        };
        const before = `${JSON.stringify(config, null, 2)}\n`;
        const file = path.join(l.home, '.claude.json');
        (0, node_fs_1.writeFileSync)(file, before);
        (0, node_fs_1.chmodSync)(file, 0o600);
        const pass = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home: l.home, projectFolders: [], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(pass, { rewritten: [{ where: '~/.claude.json', display: '~/.claude.json', replaced: 2 }], problems: [], failures: [] });
        const after = (0, node_fs_1.readFileSync)(file, 'utf8');
        const expected = structuredClone(config);
        expected.mcpServers['cleveragents-checkpoints'].args[0] = l.shim;
        expected.projects[l.workspace].mcpServers['checkpoints-local'].args[0] = l.shim;
        assert.equal(after, `${JSON.stringify(expected, null, 2)}\n`, 'only the two paths changed: the history quoting the old path, the other server, the layout stay');
        assert.ok(after.includes(`why does ${jsonPath(l.oldCli)} fail?`));
        assert.equal((0, node_fs_1.statSync)(file).mode & 0o777, 0o600, 'its mode stays');
        const again = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home: l.home, projectFolders: [], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(again.rewritten, [], 'a second activation finds nothing to rewrite');
        assert.equal((0, node_fs_1.readFileSync)(file, 'utf8'), after);
    });
    it("Cline's cline_mcp_settings.json in VS Code's global storage: our entry changes, Cline's own fields and other servers stay", async () => {
        const l = layout();
        const file = path.join(l.globalStorage, ...mcpServerCommands_1.CLINE_MCP_SETTINGS.relative.split('/'));
        (0, node_fs_1.mkdirSync)(path.dirname(file), { recursive: true });
        const other = { command: 'uvx', args: [`${l.extensions}/someone.else-0.1.0/dist/cli.js`], disabled: true, autoApprove: ['x'] };
        const before = `${JSON.stringify({ mcpServers: { other, 'cleveragents-checkpoints': serverEntry('cline', l.workspace, l.oldProgram) } }, null, 2)}\n`;
        (0, node_fs_1.writeFileSync)(file, before);
        const pass = await (0, activationRewrite_1.rewriteVersionedConfigs)({ globalStorage: l.globalStorage, projectFolders: [], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(pass, { rewritten: [{ where: mcpServerCommands_1.CLINE_MCP_SETTINGS.display, display: mcpServerCommands_1.CLINE_MCP_SETTINGS.display, replaced: 1 }], problems: [], failures: [] });
        assert.equal((0, node_fs_1.readFileSync)(file, 'utf8'), before.replace(jsonPath(l.oldCli), jsonPath(l.shim)));
        const entry = JSON.parse((0, node_fs_1.readFileSync)(file, 'utf8')).mcpServers['cleveragents-checkpoints'];
        assert.deepEqual([entry.args[0], entry.disabled, entry.autoApprove], [l.shim, false, []]);
    });
    it('never writes through a symbolic link that leads out of the home folder or the global storage; a link inside is written through and stays a link', async function () {
        if (process.platform === 'win32')
            this.skip();
        const l = layout();
        const outside = path.join(l.base, 'outside');
        (0, node_fs_1.mkdirSync)(outside);
        const text = `${JSON.stringify({ mcpServers: { 'cleveragents-checkpoints': serverEntry('claude-code', l.workspace, l.oldProgram) } }, null, 2)}\n`;
        (0, node_fs_1.writeFileSync)(path.join(outside, 'claude.json'), text);
        (0, node_fs_1.symlinkSync)(path.join(outside, 'claude.json'), path.join(l.home, '.claude.json'));
        (0, node_fs_1.mkdirSync)(path.join(outside, 'settings'));
        (0, node_fs_1.writeFileSync)(path.join(outside, 'settings', 'cline_mcp_settings.json'), text);
        (0, node_fs_1.mkdirSync)(path.join(l.globalStorage, 'saoudrizwan.claude-dev'));
        (0, node_fs_1.symlinkSync)(path.join(outside, 'settings'), path.join(l.globalStorage, 'saoudrizwan.claude-dev', 'settings'));
        const pass = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home: l.home, globalStorage: l.globalStorage, projectFolders: [], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(pass, { rewritten: [], problems: [], failures: [] });
        assert.equal((0, node_fs_1.readFileSync)(path.join(outside, 'claude.json'), 'utf8'), text);
        assert.equal((0, node_fs_1.readFileSync)(path.join(outside, 'settings', 'cline_mcp_settings.json'), 'utf8'), text);
        // dotfiles kept in a folder of the home folder: the link is inside, the file it names is rewritten
        const home2 = path.join(l.base, 'home2');
        (0, node_fs_1.mkdirSync)(path.join(home2, 'dotfiles'), { recursive: true });
        (0, node_fs_1.writeFileSync)(path.join(home2, 'dotfiles', 'claude.json'), text);
        (0, node_fs_1.symlinkSync)(path.join(home2, 'dotfiles', 'claude.json'), path.join(home2, '.claude.json'));
        const inside = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home: home2, projectFolders: [], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(inside.rewritten.map((f) => f.display), ['~/.claude.json']);
        assert.ok((0, node_fs_1.lstatSync)(path.join(home2, '.claude.json')).isSymbolicLink(), 'the link stays a link');
        assert.equal((0, node_fs_1.readFileSync)(path.join(home2, 'dotfiles', 'claude.json'), 'utf8'), text.replace(jsonPath(l.oldCli), jsonPath(l.shim)));
    });
    it('a file that names our path but cannot be parsed is reported and left as it is', async () => {
        const l = layout();
        const text = `{"mcpServers": {"cleveragents-checkpoints": {"command": "node", "args": [${JSON.stringify(l.oldCli)}]}`;
        (0, node_fs_1.writeFileSync)(path.join(l.home, '.claude.json'), text);
        const pass = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home: l.home, projectFolders: [], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(pass.rewritten, []);
        assert.deepEqual(pass.problems, ['~/.claude.json: it cannot be parsed as JSON; it was left as it is']);
        assert.equal((0, node_fs_1.readFileSync)(path.join(l.home, '.claude.json'), 'utf8'), text);
    });
    it('in Restricted Mode the workspace’s hook and MCP files are not rewritten (the home folder’s are); once trusted, they are', async () => {
        const l = layout();
        await (0, hookInstaller_1.applyHookPlan)(await (0, hookInstaller_1.planHookChange)('claude-code', 'install', 'project', l.workspace, l.oldProgram), 'install');
        await (0, hookInstaller_1.applyHookPlan)(await (0, hookInstaller_1.planHookChange)('cursor', 'install', 'user', l.home, l.oldProgram), 'install');
        (0, node_fs_1.writeFileSync)(path.join(l.workspace, '.mcp.json'), `${JSON.stringify((0, clientConfigs_1.clientConfig)('claude-code', l.workspace, l.oldProgram).json, null, 2)}\n`);
        const projectFiles = ['.claude/settings.local.json', '.mcp.json'].map((f) => path.join(l.workspace, f));
        const before = projectFiles.map((f) => (0, node_fs_1.readFileSync)(f, 'utf8'));
        const untrusted = await (0, activationRewrite_1.rewriteVersionedConfigs)({ home: l.home, projectFolders: [l.workspace], trusted: false }, l.extensions, l.shim);
        assert.deepEqual(untrusted.rewritten.map((f) => f.where), ['~/.cursor/hooks.json'], 'the home folder’s file only');
        assert.deepEqual(projectFiles.map((f) => (0, node_fs_1.readFileSync)(f, 'utf8')), before, 'the workspace’s files are byte for byte as they were');
        const trusted = await (0, activationRewrite_1.rewriteVersionedConfigs)({ projectFolders: [l.workspace], trusted: true }, l.extensions, l.shim);
        assert.deepEqual(trusted.rewritten.map((f) => f.where), [`${l.workspace}: .claude/settings.local.json`, `${l.workspace}: .mcp.json`]);
        for (const f of projectFiles)
            assert.ok(!(0, node_fs_1.readFileSync)(f, 'utf8').includes(jsonPath(l.oldCli)) && (0, node_fs_1.readFileSync)(f, 'utf8').includes(jsonPath(l.shim)), f);
    });
});
//# sourceMappingURL=activationRewrite.test.js.map
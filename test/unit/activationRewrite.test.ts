// The pass the extension makes at activation: configurations that still name a versioned
// dist/cli.js of ours are rewritten to the stable shim. Here: the two MCP files other programs own
// (Claude Code's ~/.claude.json, Cline's cline_mcp_settings.json), where only the server entries'
// command and args change, and Restricted Mode, where nothing in the workspace is written. Real
// files in temp folders laid out as a home folder, VS Code's global storage and extensions folder.
import * as assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { rewriteVersionedConfigs } from '../../src/hooks/install/activationRewrite';
import { applyHookPlan, planHookChange } from '../../src/hooks/install/hookInstaller';
import { CLINE_MCP_SETTINGS } from '../../src/hooks/install/mcpServerCommands';
import { clientConfig } from '../../src/mcp/clientConfigs';
import { useTempDirs } from './helpers/tempDir';

const ID = 'cleveragents.cleveragents-checkpoints';

describe('Activation rewrites versioned CLI paths to the stable shim', () => {
  const tempDir = useTempDirs('ca-activation-');

  function layout() {
    const base = tempDir();
    const extensions = path.join(base, 'extensions');
    const globalStorage = path.join(base, 'User', 'globalStorage');
    const home = path.join(base, 'home');
    const workspace = path.join(base, 'workspace');
    for (const dir of [extensions, path.join(globalStorage, ID), home, workspace]) mkdirSync(dir, { recursive: true });
    const oldCli = path.join(extensions, `${ID}-0.1.0`, 'dist', 'cli.js');
    const shim = path.join(globalStorage, ID, 'hook-runtime', 'cli.js');
    const oldProgram = { node: process.execPath, cli: oldCli };
    return { base, extensions, globalStorage, home, workspace, oldCli, shim, oldProgram };
  }

  /** The server entry `agents mcp --print-config` printed for `client`, naming `program`. */
  function serverEntry(client: 'claude-code' | 'cline', workspace: string, program: { node: string; cli: string }): Record<string, unknown> {
    return (clientConfig(client, workspace, program).json as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers['cleveragents-checkpoints']!;
  }

  /** A path as it is spelled inside a JSON string. */
  const jsonPath = (p: string) => JSON.stringify(p).slice(1, -1);

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
    writeFileSync(file, before);
    chmodSync(file, 0o600);

    const pass = await rewriteVersionedConfigs({ home: l.home, projectFolders: [], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(pass, { rewritten: [{ where: '~/.claude.json', display: '~/.claude.json', replaced: 2 }], problems: [], failures: [] });
    const after = readFileSync(file, 'utf8');
    const expected = structuredClone(config);
    (expected.mcpServers['cleveragents-checkpoints'].args as string[])[0] = l.shim;
    expected.projects[l.workspace]!.mcpServers['checkpoints-local']!.args[0] = l.shim;
    assert.equal(after, `${JSON.stringify(expected, null, 2)}\n`, 'only the two paths changed: the history quoting the old path, the other server, the layout stay');
    assert.ok(after.includes(`why does ${jsonPath(l.oldCli)} fail?`));
    assert.equal(statSync(file).mode & 0o777, 0o600, 'its mode stays');

    const again = await rewriteVersionedConfigs({ home: l.home, projectFolders: [], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(again.rewritten, [], 'a second activation finds nothing to rewrite');
    assert.equal(readFileSync(file, 'utf8'), after);
  });

  it("Cline's cline_mcp_settings.json in VS Code's global storage: our entry changes, Cline's own fields and other servers stay", async () => {
    const l = layout();
    const file = path.join(l.globalStorage, ...CLINE_MCP_SETTINGS.relative.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    const other = { command: 'uvx', args: [`${l.extensions}/someone.else-0.1.0/dist/cli.js`], disabled: true, autoApprove: ['x'] };
    const before = `${JSON.stringify({ mcpServers: { other, 'cleveragents-checkpoints': serverEntry('cline', l.workspace, l.oldProgram) } }, null, 2)}\n`;
    writeFileSync(file, before);

    const pass = await rewriteVersionedConfigs({ globalStorage: l.globalStorage, projectFolders: [], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(pass, { rewritten: [{ where: CLINE_MCP_SETTINGS.display, display: CLINE_MCP_SETTINGS.display, replaced: 1 }], problems: [], failures: [] });
    assert.equal(readFileSync(file, 'utf8'), before.replace(jsonPath(l.oldCli), jsonPath(l.shim)));
    const entry = (JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { args: string[]; disabled: boolean; autoApprove: unknown[] }> }).mcpServers['cleveragents-checkpoints']!;
    assert.deepEqual([entry.args[0], entry.disabled, entry.autoApprove], [l.shim, false, []]);
  });

  it('never writes through a symbolic link that leads out of the home folder or the global storage; a link inside is written through and stays a link', async function () {
    if (process.platform === 'win32') this.skip();
    const l = layout();
    const outside = path.join(l.base, 'outside');
    mkdirSync(outside);
    const text = `${JSON.stringify({ mcpServers: { 'cleveragents-checkpoints': serverEntry('claude-code', l.workspace, l.oldProgram) } }, null, 2)}\n`;
    writeFileSync(path.join(outside, 'claude.json'), text);
    symlinkSync(path.join(outside, 'claude.json'), path.join(l.home, '.claude.json'));
    mkdirSync(path.join(outside, 'settings'));
    writeFileSync(path.join(outside, 'settings', 'cline_mcp_settings.json'), text);
    mkdirSync(path.join(l.globalStorage, 'saoudrizwan.claude-dev'));
    symlinkSync(path.join(outside, 'settings'), path.join(l.globalStorage, 'saoudrizwan.claude-dev', 'settings'));

    const pass = await rewriteVersionedConfigs({ home: l.home, globalStorage: l.globalStorage, projectFolders: [], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(pass, { rewritten: [], problems: [], failures: [] });
    assert.equal(readFileSync(path.join(outside, 'claude.json'), 'utf8'), text);
    assert.equal(readFileSync(path.join(outside, 'settings', 'cline_mcp_settings.json'), 'utf8'), text);

    // dotfiles kept in a folder of the home folder: the link is inside, the file it names is rewritten
    const home2 = path.join(l.base, 'home2');
    mkdirSync(path.join(home2, 'dotfiles'), { recursive: true });
    writeFileSync(path.join(home2, 'dotfiles', 'claude.json'), text);
    symlinkSync(path.join(home2, 'dotfiles', 'claude.json'), path.join(home2, '.claude.json'));
    const inside = await rewriteVersionedConfigs({ home: home2, projectFolders: [], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(inside.rewritten.map((f) => f.display), ['~/.claude.json']);
    assert.ok(lstatSync(path.join(home2, '.claude.json')).isSymbolicLink(), 'the link stays a link');
    assert.equal(readFileSync(path.join(home2, 'dotfiles', 'claude.json'), 'utf8'), text.replace(jsonPath(l.oldCli), jsonPath(l.shim)));
  });

  it('a file that names our path but cannot be parsed is reported and left as it is', async () => {
    const l = layout();
    const text = `{"mcpServers": {"cleveragents-checkpoints": {"command": "node", "args": [${JSON.stringify(l.oldCli)}]}`;
    writeFileSync(path.join(l.home, '.claude.json'), text);
    const pass = await rewriteVersionedConfigs({ home: l.home, projectFolders: [], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(pass.rewritten, []);
    assert.deepEqual(pass.problems, ['~/.claude.json: it cannot be parsed as JSON; it was left as it is']);
    assert.equal(readFileSync(path.join(l.home, '.claude.json'), 'utf8'), text);
  });

  it('in Restricted Mode the workspace’s hook and MCP files are not rewritten (the home folder’s are); once trusted, they are', async () => {
    const l = layout();
    await applyHookPlan(await planHookChange('claude-code', 'install', 'project', l.workspace, l.oldProgram), 'install');
    await applyHookPlan(await planHookChange('cursor', 'install', 'user', l.home, l.oldProgram), 'install');
    writeFileSync(path.join(l.workspace, '.mcp.json'), `${JSON.stringify(clientConfig('claude-code', l.workspace, l.oldProgram).json, null, 2)}\n`);
    const projectFiles = ['.claude/settings.local.json', '.mcp.json'].map((f) => path.join(l.workspace, f));
    const before = projectFiles.map((f) => readFileSync(f, 'utf8'));

    const untrusted = await rewriteVersionedConfigs({ home: l.home, projectFolders: [l.workspace], trusted: false }, l.extensions, l.shim);
    assert.deepEqual(untrusted.rewritten.map((f) => f.where), ['~/.cursor/hooks.json'], 'the home folder’s file only');
    assert.deepEqual(projectFiles.map((f) => readFileSync(f, 'utf8')), before, 'the workspace’s files are byte for byte as they were');

    const trusted = await rewriteVersionedConfigs({ projectFolders: [l.workspace], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(trusted.rewritten.map((f) => f.where), [`${l.workspace}: .claude/settings.local.json`, `${l.workspace}: .mcp.json`]);
    for (const f of projectFiles) assert.ok(!readFileSync(f, 'utf8').includes(jsonPath(l.oldCli)) && readFileSync(f, 'utf8').includes(jsonPath(l.shim)), f);
  });

  it("Codex's hooks.json, rewritten, says that Codex skips the hooks until they are reviewed again (its trust hash covers the command); other files say nothing of it", async () => {
    const l = layout();
    await applyHookPlan(await planHookChange('codex', 'install', 'project', l.workspace, l.oldProgram), 'install');
    await applyHookPlan(await planHookChange('codex', 'install', 'user', l.home, l.oldProgram), 'install');
    await applyHookPlan(await planHookChange('gemini', 'install', 'project', l.workspace, l.oldProgram), 'install');
    const pass = await rewriteVersionedConfigs({ home: l.home, projectFolders: [l.workspace], trusted: true }, l.extensions, l.shim);
    assert.deepEqual(
      pass.rewritten.map((f) => [f.where, f.codexReview !== undefined]),
      [
        ['~/.codex/hooks.json', true],
        [`${l.workspace}: .gemini/settings.json`, false],
        [`${l.workspace}: .codex/hooks.json`, true],
      ],
    );
    assert.match(pass.rewritten[2]!.codexReview!, /^Codex skips the hooks in .*\.codex\/hooks\.json until you review them again: .*\/hooks/);
    assert.ok(readFileSync(path.join(l.workspace, '.codex', 'hooks.json'), 'utf8').includes(jsonPath(l.shim)));
  });
});

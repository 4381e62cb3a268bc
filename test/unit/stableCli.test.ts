// Hook and MCP commands survive an update of the extension: they name the stable shim in the
// extension's global storage, which loads the current version's dist/cli.js, or, once that folder
// is deleted, the newest version installed beside it. Real folders laid out as VS Code's extensions
// directory, the real built dist/cli.js, the shim run by node as an agent runs the hook command.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { planHookChange, applyHookPlan } from '../../src/hooks/install/hookInstaller';
import { bashCommand, programOfCommand, programResolves, runningHookProgram, type HookProgram } from '../../src/hooks/install/hookCommandLine';
import { hookStatus } from '../../src/hooks/install/hookStatus';
import { cliBehind, SHIM_MARK, STABLE_CLI_ENV, stableCliFromEnvironment, writeStableCli } from '../../src/hooks/install/stableCli';
import { replaceVersionedCli, rewriteVersionedCommands } from '../../src/hooks/install/versionedCommands';
import { clientConfig } from '../../src/mcp/clientConfigs';
import { CLI_PATH, ensureCliBuilt } from './helpers/cliHarness';
import { useTempDirs } from './helpers/tempDir';
import { currentHost, vscodeHookProgram } from '../../src/extension/agentHooks/hookRuntime';

const ID = 'cleveragents.cleveragents-checkpoints';
const { version: BUILT_VERSION } = JSON.parse(readFileSync(path.join(CLI_PATH, '..', '..', 'package.json'), 'utf8')) as { version: string };

/** A version of the extension in `extensions`: its package.json and a dist/cli.js (the built one, or `cli` as text). */
function installVersion(extensions: string, folder: string, options: { cli?: string; manifest?: Record<string, unknown> } = {}): string {
  const root = path.join(extensions, folder);
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const version = /-(\d+\.\d+\.\d+)/.exec(folder)?.[1];
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(options.manifest ?? { name: 'cleveragents-checkpoints', publisher: 'cleveragents', version }));
  if (options.cli === undefined) copyFileSync(CLI_PATH, path.join(root, 'dist', 'cli.js'));
  else writeFileSync(path.join(root, 'dist', 'cli.js'), options.cli);
  return root;
}

/** A fake CLI that prints which version folder it was loaded from, and the argv the shim handed it. */
const WHICH = "process.stdout.write(require('path').basename(require('path').dirname(__dirname)) + ' ' + process.argv.slice(2).join(' '));";

function run(program: HookProgram, args: readonly string[], cwd?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(program.node, [program.cli, ...args], { encoding: 'utf8', cwd, env: { PATH: process.env.PATH ?? '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('The stable entry of the CLI (hook-runtime/cli.js)', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('ca-stable-');
  before(() => ensureCliBuilt());

  function layout() {
    const base = tempDir();
    const extensions = path.join(base, 'extensions');
    const storage = path.join(base, 'globalStorage', ID);
    mkdirSync(extensions, { recursive: true });
    return { base, extensions, storage };
  }

  it('a hook command written through it still runs `agents --version` after an update deletes the version it named', async () => {
    const { extensions, storage } = layout();
    const old = installVersion(extensions, `${ID}-0.1.0`);
    installVersion(extensions, `${ID}-0.2.0`);
    const shim = await writeStableCli(storage, old);
    const command = bashCommand({ node: process.execPath, cli: shim }, 'claude-code');
    const program = programOfCommand(command)!;
    assert.equal(program.cli, shim, 'the command names the shim, not a versioned folder');
    assert.doesNotMatch(command, /checkpoints-0\.1\.0/);
    assert.deepEqual(run(program, ['--version']), { code: 0, stdout: `${BUILT_VERSION}\n`, stderr: '' });
    rmSync(old, { recursive: true });
    assert.deepEqual(run(program, ['--version']), { code: 0, stdout: `${BUILT_VERSION}\n`, stderr: '' }, 'updated, not yet activated: the newest installed version answers');
  });

  it('loads the version it names while it is there, with the arguments as given', async () => {
    const { extensions, storage } = layout();
    const named = installVersion(extensions, `${ID}-0.1.0`, { cli: WHICH });
    installVersion(extensions, `${ID}-0.2.0`, { cli: WHICH });
    const shim = await writeStableCli(storage, named);
    assert.deepEqual(run({ node: process.execPath, cli: shim }, ['hook', 'run', 'cursor']), { code: 0, stdout: `${ID}-0.1.0 hook run cursor`, stderr: '' });
  });

  it('once it is gone, picks the newest version by number, skipping what VS Code marked obsolete, a wrong package.json and a folder without its CLI', async () => {
    const { extensions, storage } = layout();
    const gone = installVersion(extensions, `${ID}-0.1.0`, { cli: WHICH });
    installVersion(extensions, `${ID}-0.9.0`, { cli: WHICH });
    installVersion(extensions, `${ID}-0.10.0-linux-x64`, { cli: WHICH });
    installVersion(extensions, `${ID}-0.11.0`, { cli: WHICH }); // uninstalled: listed in .obsolete
    installVersion(extensions, `${ID}-0.12.0`, { cli: WHICH, manifest: { name: 'something-else', publisher: 'cleveragents', version: '0.12.0' } });
    installVersion(extensions, `${ID}-0.13.0`, { cli: WHICH, manifest: { name: 'cleveragents-checkpoints', publisher: 'cleveragents', version: '0.1.0' } });
    rmSync(path.join(installVersion(extensions, `${ID}-0.14.0`, { cli: WHICH }), 'dist', 'cli.js'));
    installVersion(extensions, `other.cleveragents-checkpoints-0.15.0`, { cli: WHICH, manifest: { name: 'cleveragents-checkpoints', publisher: 'cleveragents', version: '0.15.0' } });
    writeFileSync(path.join(extensions, '.obsolete'), JSON.stringify({ [`${ID}-0.11.0`]: true }));
    const shim = await writeStableCli(storage, gone);
    rmSync(gone, { recursive: true });
    assert.deepEqual(run({ node: process.execPath, cli: shim }, ['--version']), { code: 0, stdout: `${ID}-0.10.0-linux-x64 --version`, stderr: '' });
    assert.equal(cliBehind(shim), path.join(extensions, `${ID}-0.10.0-linux-x64`, 'dist', 'cli.js'), 'hook status reads the same choice');
  });

  it('with no version left, fails saying so, and never runs a CLI from the current folder', async () => {
    const { base, extensions, storage } = layout();
    const gone = installVersion(extensions, `${ID}-0.1.0`, { cli: WHICH });
    const shim = await writeStableCli(storage, gone);
    rmSync(gone, { recursive: true });
    // a workspace that carries what looks like the extension, and a dist/cli.js of its own
    const workspace = path.join(base, 'workspace');
    installVersion(workspace, `${ID}-9.0.0`, { cli: "process.stdout.write('ran from the workspace')" });
    installVersion(path.join(workspace, 'x'), `${ID}-9.0.0`, { cli: "process.stdout.write('ran from the workspace')" });
    mkdirSync(path.join(workspace, 'dist'), { recursive: true });
    writeFileSync(path.join(workspace, 'dist', 'cli.js'), "process.stdout.write('ran from the workspace')");
    const r = run({ node: process.execPath, cli: shim }, ['hook', 'run', 'claude-code'], workspace);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /the extension is no longer installed \(.*checkpoints-0\.1\.0.*is gone, and .*extensions holds no other version of it\)/);
    assert.equal(cliBehind(shim), undefined);
    assert.equal(programResolves({ node: process.execPath, cli: shim }), false, 'hook status: the command no longer runs');
    await applyHookPlan(await planHookChange('claude-code', 'install', 'project', workspace, { node: process.execPath, cli: shim }), 'install');
    const status = (await hookStatus(workspace, path.join(base, 'home'))).find((st) => st.agent === 'claude-code' && st.scope === 'project')!;
    assert.equal(status.command_resolves, false);
    assert.match(status.problems[0]!, /the hook command no longer runs \(.*hook-runtime\/cli\.js finds no installed version of the extension to load\)/);
  });

  it('is rewritten at each activation only when its target changes, atomically, beside nothing else', async () => {
    const { extensions, storage } = layout();
    const first = installVersion(extensions, `${ID}-0.1.0`, { cli: WHICH });
    const shim = await writeStableCli(storage, first);
    assert.ok(readFileSync(shim, 'utf8').startsWith(`${SHIM_MARK}\n`));
    const written = statSync(shim).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(await writeStableCli(storage, first), shim);
    assert.equal(statSync(shim).mtimeMs, written, 'the same version: not rewritten');
    const second = installVersion(extensions, `${ID}-0.2.0`, { cli: WHICH });
    await writeStableCli(storage, second);
    assert.match(run({ node: process.execPath, cli: shim }, []).stdout, /checkpoints-0\.2\.0/);
  });

  it('is what `agents hook install` and `--print-config` name when run from an installed version in VS Code’s terminal, and only then', async () => {
    const { base, extensions, storage } = layout();
    const installed = installVersion(extensions, `${ID}-0.2.0`, { cli: WHICH });
    const shim = await writeStableCli(storage, installed);
    const dist = path.join(installed, 'dist');
    assert.equal(runningHookProgram(dist, { [STABLE_CLI_ENV]: shim }).cli, shim);
    assert.equal(runningHookProgram(dist, {}).cli, path.join(dist, 'cli.js'), 'no variable: outside VS Code');
    const checkout = path.join(base, 'checkout', 'dist');
    assert.equal(runningHookProgram(checkout, { [STABLE_CLI_ENV]: shim }).cli, path.join(checkout, 'cli.js'), 'a checkout or the npm package names its own cli.js');
    const notShim = path.join(base, 'cli.js');
    writeFileSync(notShim, 'console.log(1)');
    assert.equal(stableCliFromEnvironment(dist, { [STABLE_CLI_ENV]: notShim }), undefined, 'a cli.js that is not the shim');
    assert.equal(stableCliFromEnvironment(dist, { [STABLE_CLI_ENV]: 'cli.js' }), undefined, 'a relative path');
    const otherName = path.join(base, 'shim.js');
    copyFileSync(shim, otherName);
    assert.equal(stableCliFromEnvironment(dist, { [STABLE_CLI_ENV]: otherName }), undefined, 'a shim not named cli.js (install and uninstall recognise our commands by it)');
    assert.equal(stableCliFromEnvironment(dist, { [STABLE_CLI_ENV]: path.join(base, 'missing', 'cli.js') }), undefined, 'a shim not written');
    const mcp = clientConfig('claude-code', base, runningHookProgram(dist, { [STABLE_CLI_ENV]: shim })).json as { mcpServers: Record<string, { args: string[] }> };
    assert.equal(mcp.mcpServers['cleveragents-checkpoints']!.args[0], shim);
  });

  it('names the extension’s launcher beside the shim as the runtime, once the extension wrote one (Linux, macOS)', async function () {
    if (process.platform === 'win32') this.skip();
    const { extensions, storage } = layout();
    const installed = installVersion(extensions, `${ID}-0.2.0`, { cli: WHICH });
    const shim = await writeStableCli(storage, installed);
    const dist = path.join(installed, 'dist');
    assert.equal(runningHookProgram(dist, { [STABLE_CLI_ENV]: shim }).node, process.execPath, 'no launcher yet: this node');
    const launcher = path.join(path.dirname(shim), 'node');
    writeFileSync(launcher, '#!/bin/sh\nexec node "$@"\n', { mode: 0o755 });
    assert.equal(runningHookProgram(dist, { [STABLE_CLI_ENV]: shim }).node, process.execPath, 'a file there that is not our launcher');
    const program = await vscodeHookProgram({ ...currentHost(dist, storage), execPath: process.execPath, electron: undefined, platform: process.platform });
    assert.equal(program.node, launcher);
    assert.deepEqual(runningHookProgram(dist, { [STABLE_CLI_ENV]: shim }), { node: launcher, cli: shim });
    assert.deepEqual(runningHookProgram(dist, { [STABLE_CLI_ENV]: shim, CLEVERAGENTS_NO_DAEMON: '1' }), { node: launcher, cli: shim, noDaemon: true });
    assert.equal(runningHookProgram(dist, {}).node, process.execPath, 'outside VS Code');
  });
});

describe('Commands written before the stable entry, rewritten at activation', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('ca-versioned-');
  before(() => ensureCliBuilt());

  it('replaces every spelling of a versioned dist/cli.js of ours, and nothing else', () => {
    const ext = '/home/u/.vscode/extensions';
    const shim = '/home/u/.config/Code/User/globalStorage/cleveragents.cleveragents-checkpoints/hook-runtime/cli.js';
    const old = `${ext}/${ID}-0.2.0/dist/cli.js`;
    const hook = JSON.stringify({ command: bashCommand({ node: '/usr/bin/node', cli: old }, 'claude-code') });
    assert.deepEqual(replaceVersionedCli(hook, ext, shim, 'linux'), { text: JSON.stringify({ command: bashCommand({ node: '/usr/bin/node', cli: shim }, 'claude-code') }), replaced: 1 });
    const untouched = [
      JSON.stringify({ args: [`${ext}/other.extension-0.2.0/dist/cli.js`] }),
      JSON.stringify({ args: [`/work/checkout/dist/cli.js`] }),
      JSON.stringify({ args: [`${ext}/${ID}-0.2.0/dist/cli.jsx`] }),
      JSON.stringify({ args: [`/elsewhere/extensions/${ID}-0.2.0/dist/cli.js`] }),
    ];
    for (const text of untouched) assert.deepEqual(replaceVersionedCli(text, ext, shim, 'linux'), { text, replaced: 0 }, text);
    // Windows: a bash command with forward slashes, a PowerShell one with backslashes, an MCP args entry, all inside JSON
    const wext = 'C:\\Users\\A B\\.vscode\\extensions';
    const wshim = 'C:\\Users\\A B\\AppData\\Roaming\\Code\\User\\globalStorage\\cleveragents.cleveragents-checkpoints\\hook-runtime\\cli.js';
    const wold = `${wext}\\${ID}-0.2.0-win32-x64\\dist\\cli.js`;
    const node = 'C:\\Program Files\\nodejs\\node.exe';
    const before = JSON.stringify({ bash: bashCommand({ node, cli: wold }, 'copilot'), powershell: `& '${node}' '${wold}' hook run copilot`, args: [wold.toUpperCase()] });
    const after = JSON.stringify({ bash: bashCommand({ node, cli: wshim }, 'copilot'), powershell: `& '${node}' '${wshim}' hook run copilot`, args: [wshim] });
    assert.deepEqual(replaceVersionedCli(before, wext, wshim, 'win32'), { text: after, replaced: 3 });
  });

  it('rewrites hooks and MCP entries an older version wrote, keeping the rest of each file; the hook then runs through the shim and status says it runs', async () => {
    const base = tempDir();
    const extensions = path.join(base, 'extensions');
    const storage = path.join(base, 'globalStorage', ID);
    const workspace = path.join(base, 'workspace');
    const home = path.join(base, 'home');
    mkdirSync(workspace, { recursive: true });
    mkdirSync(home, { recursive: true });
    const old = installVersion(extensions, `${ID}-0.1.0`);
    const current = installVersion(extensions, `${ID}-0.2.0`);
    const oldProgram = { node: process.execPath, cli: path.join(old, 'dist', 'cli.js'), noDaemon: true };
    // what 0.1.0 wrote: Claude Code's hooks beside a setting of the user's, Cline's scripts, Cursor's hooks in the home folder, an MCP entry
    mkdirSync(path.join(workspace, '.claude'));
    writeFileSync(path.join(workspace, '.claude', 'settings.local.json'), '{\n    "model": "opus"\n}\n');
    for (const [agent, root, scope] of [['claude-code', workspace, 'project'], ['cline', workspace, 'project'], ['cursor', home, 'user']] as const) {
      await applyHookPlan(await planHookChange(agent, 'install', scope, root, oldProgram), 'install');
    }
    const mcp = `${JSON.stringify(clientConfig('claude-code', workspace, oldProgram).json, null, 2)}\n`;
    writeFileSync(path.join(workspace, '.mcp.json'), mcp);
    rmSync(old, { recursive: true }); // the update
    const broken = (await hookStatus(workspace, home)).filter((s) => s.installed);
    assert.deepEqual(broken.map((s) => [s.agent, s.scope, s.command_resolves]), [['claude-code', 'project', false], ['cursor', 'user', false], ['cline', 'project', false]]);

    const shim = await writeStableCli(storage, current);
    const project = await rewriteVersionedCommands(workspace, 'project', extensions, shim);
    const user = await rewriteVersionedCommands(home, 'user', extensions, shim);
    assert.deepEqual(project.problems, []);
    assert.deepEqual(
      project.rewritten.map((f) => f.display),
      [
        '.claude/settings.local.json',
        ...['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskComplete', 'TaskCancel', 'SessionShutdown'].map((event) => `.clinerules/hooks/${event}`),
        '.mcp.json',
      ],
    );
    assert.deepEqual(user.rewritten.map((f) => f.display), ['~/.cursor/hooks.json']);
    const settings = readFileSync(path.join(workspace, '.claude', 'settings.local.json'), 'utf8');
    assert.match(settings, /^\{\n {4}"model": "opus",\n/, 'the user’s setting and the file’s indentation stay');
    assert.doesNotMatch(settings + readFileSync(path.join(home, '.cursor', 'hooks.json'), 'utf8'), /checkpoints-0\.1\.0/);
    assert.equal(statSync(path.join(workspace, '.clinerules', 'hooks', 'PreToolUse')).mode & 0o777, 0o755, 'Cline’s scripts stay executable');
    assert.equal(readFileSync(path.join(workspace, '.mcp.json'), 'utf8'), mcp.replace(JSON.stringify(oldProgram.cli).slice(1, -1), JSON.stringify(shim).slice(1, -1)));

    const fixed = (await hookStatus(workspace, home)).filter((s) => s.installed);
    // Cline's project folder is shared: status says the command names this machine (src/hooks/install/sharedFiles.ts), nothing else
    assert.deepEqual(fixed.map((s) => [s.agent, s.command_resolves, s.problems.filter((p) => !p.includes('usually committed'))]), [['claude-code', true, []], ['cursor', true, []], ['cline', true, []]]);
    const claude = JSON.parse(settings) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const program = programOfCommand(claude.hooks.PreToolUse![0]!.hooks[0]!.command)!;
    assert.deepEqual(program, { node: process.execPath, cli: shim, noDaemon: true }, 'only the path changed: the node and the resident process’s setting stay');
    assert.deepEqual(run(program, ['--version']), { code: 0, stdout: `${BUILT_VERSION}\n`, stderr: '' });

    const again = await rewriteVersionedCommands(workspace, 'project', extensions, shim);
    assert.deepEqual(again, { rewritten: [], problems: [] }, 'a second activation finds nothing to rewrite');
  });

  it('in project scope, does not write through a link that leads out of the workspace', async function () {
    if (process.platform === 'win32') this.skip();
    const base = tempDir();
    const extensions = path.join(base, 'extensions');
    const workspace = path.join(base, 'workspace');
    const outside = path.join(base, 'outside');
    mkdirSync(workspace, { recursive: true });
    mkdirSync(outside, { recursive: true });
    const text = JSON.stringify({ hooks: { x: [{ command: bashCommand({ node: process.execPath, cli: path.join(extensions, `${ID}-0.1.0`, 'dist', 'cli.js') }, 'cursor') }] } });
    writeFileSync(path.join(outside, 'hooks.json'), text);
    symlinkSync(outside, path.join(workspace, '.cursor'));
    const result = await rewriteVersionedCommands(workspace, 'project', extensions, path.join(base, 'shim', 'cli.js'));
    assert.deepEqual(result, { rewritten: [], problems: [] });
    assert.equal(readFileSync(path.join(outside, 'hooks.json'), 'utf8'), text);
  });
});

// The commands `agents mcp --print-config` and `agents hook install` write for a client to run: they
// must start this CLI wherever the client runs them, with no `agents` (nor `node`) on its PATH, and
// say so when they would not. The built CLI runs in temporary folders; a copy of it in a folder laid
// out like npx's cache stands for `npx …`.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { programWarnings } from '../../src/hooks/install/programChecks';
import { clientConfig } from '../../src/mcp/clientConfigs';
import { runMcp } from '../../src/mcp/mcpCommand';
import { CLI_PATH, REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { startMcp } from './helpers/mcpHarness';
import { useTempDirs } from './helpers/tempDir';

interface Server {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The one server of a printed configuration, whichever client's shape it has. */
function serverOf(config: Record<string, unknown>): Server {
  const servers = (config.servers ?? config.mcpServers) as Record<string, Server>;
  return servers['cleveragents-checkpoints']!;
}

/** A copy of the built CLI where `npx` would have put it: <cache>/_npx/<hash>/node_modules/<package>/dist/cli.js. */
function cliInNpxCache(root: string): string {
  const dist = path.join(root, '.npm', '_npx', '6f1e2a9b', 'node_modules', 'cleveragents-checkpoints', 'dist');
  mkdirSync(dist, { recursive: true });
  for (const file of ['cli.js', 'cliMain.js', 'agentsMcp.js', 'agentsHook.js', 'agentsHookStore.js', 'agentsHookAdmin.js', 'agentsHookDiff.js', 'sql-wasm.wasm']) {
    copyFileSync(path.join(REPO_ROOT, 'dist', file), path.join(dist, file));
  }
  return path.join(dist, 'cli.js');
}

/** Where `hook install` writes its launcher in these tests (src/daemonClient/cliLauncher.ts): never the machine's own state folder. */
const STATE = path.join(os.tmpdir(), `ca-launch-state-${process.pid}`);

/** An environment whose PATH holds neither `agents` nor `node`: a client started from a dock or a menu. */
function barePathEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('AGENTS_') && !k.startsWith('GIT_')) env[k] = v;
  env.PATH = '/usr/bin:/bin';
  env.XDG_STATE_HOME = STATE;
  return env;
}

function run(cli: string, cwd: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: barePathEnv(), input: '' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('The commands written for MCP clients and agents', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('ca-launch-');
  before(() => ensureCliBuilt());
  after(() => rmSync(STATE, { recursive: true, force: true }));

  it('--print-config names this node and cli.js by absolute path, for every client, with nothing to warn about', () => {
    const root = tempDir();
    for (const client of ['vscode', 'claude-code', 'cline', 'cursor']) {
      const r = runCli(root, ['mcp', '--print-config', client]);
      assert.equal(r.code, 0, r.stderr);
      const server = serverOf(r.json());
      assert.equal(server.command, process.execPath);
      assert.equal(server.args[0], realpathSync(CLI_PATH));
      assert.deepEqual(server.args.slice(1, 3), ['mcp', '--workspace']);
      assert.equal(server.args[3], client === 'vscode' || client === 'cursor' ? '${workspaceFolder}' : root);
      assert.equal(server.env, undefined, 'ELECTRON_RUN_AS_NODE is for VS Code’s runtime only');
      assert.match(r.stderr, /^Put this in /);
      assert.doesNotMatch(r.stderr, /warning/);
    }
    const claude = runCli(root, ['mcp', '--print-config', 'claude-code']);
    assert.ok(claude.stderr.includes(`claude mcp add cleveragents-checkpoints -- ${process.execPath} ${realpathSync(CLI_PATH)} mcp --workspace ${root}`), claude.stderr);
  });

  it('the printed command starts the server for a client whose PATH has neither agents nor node', async () => {
    const root = tempDir();
    const server = serverOf(runCli(root, ['mcp', '--print-config', 'claude-code']).json());
    const session = await startMcp(root, { command: server.command, args: server.args, env: { PATH: '/usr/bin:/bin' } });
    try {
      const tools = await session.client.listTools();
      assert.ok(tools.tools.some((t) => t.name === 'create_checkpoint'), tools.tools.map((t) => t.name).join(', '));
    } finally {
      await session.close();
    }
  });

  it('--format json prints the configuration with where it goes and its warnings, in one document', () => {
    const root = tempDir();
    const r = runCli(root, ['mcp', '--print-config', 'cursor', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const doc = r.json<{ mcp_config: { client: string; config: Record<string, unknown>; where: string; warnings: string[] } }>();
    assert.deepEqual(Object.keys(doc.mcp_config), ['client', 'config', 'where', 'warnings']);
    assert.equal(doc.mcp_config.client, 'cursor');
    assert.equal(serverOf(doc.mcp_config.config).command, process.execPath);
    assert.deepEqual(doc.mcp_config.warnings, []);
    assert.equal(r.stderr, '');
    assert.equal(runCli(root, ['mcp', '--format', 'json']).code, 2, 'the server itself has no --format');
  });

  it('warns, on stderr and in the JSON, when the CLI runs from npx’s cache (mcp --print-config and hook install)', () => {
    const root = tempDir();
    const cli = cliInNpxCache(root);
    const project = path.join(root, 'project');
    mkdirSync(project);
    const text = run(cli, project, ['mcp', '--print-config', 'claude-code']);
    assert.equal(text.code, 0, text.stderr);
    assert.equal(serverOf(JSON.parse(text.stdout) as Record<string, unknown>).args[0], cli);
    assert.match(text.stderr, /^warning: this CLI runs from npx's cache \(.*_npx.*\), which npm may clear at any time/m);
    const json = run(cli, project, ['mcp', '--print-config', 'vscode', '--format', 'json']);
    const warnings = (JSON.parse(json.stdout) as { mcp_config: { warnings: string[] } }).mcp_config.warnings;
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /npx's cache/);

    const hook = run(cli, project, ['hook', 'install', 'claude-code', '--format', 'json']);
    assert.equal(hook.code, 0, hook.stderr);
    const installed = JSON.parse(hook.stdout) as { hook: { warnings: string[] } };
    assert.ok(installed.hook.warnings.some((w) => /npx's cache/.test(w)), JSON.stringify(installed.hook.warnings));
    assert.ok(readFileSync(path.join(project, '.claude', 'settings.local.json'), 'utf8').includes(JSON.stringify(cli).slice(1, -1)));
    const again = run(cli, project, ['hook', 'install', 'cursor']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /^warning: this CLI runs from npx's cache/m);
  });

  it('a hook installed by the CLI runs for an agent whose PATH has neither agents nor node', () => {
    const root = tempDir();
    const project = path.join(root, 'project');
    mkdirSync(project);
    const r = run(CLI_PATH, project, ['hook', 'install', 'claude-code']);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /warning/);
    const settings = JSON.parse(readFileSync(path.join(project, '.claude', 'settings.local.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const command = settings.hooks.UserPromptSubmit![0]!.hooks[0]!.command;
    const hook = spawnSync('/bin/sh', ['-c', command], {
      cwd: project,
      input: readFileSync(path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks', 'claude-code', 'UserPromptSubmit.json'), 'utf8')
        .replaceAll('"{{PROMPT}}"', '"say hello"')
        .replaceAll('{{WORKSPACE}}', project)
        .replaceAll('{{SESSION}}', 'launcher-session'),
      env: { ...barePathEnv(), CLAUDE_PROJECT_DIR: project },
      encoding: 'utf8',
    });
    assert.equal(hook.status, 0, `${command}\n${hook.stderr}`);
    const plans = runCli(project, ['--format', 'json', 'plan', 'list']).json<{ plans: { title: string }[] }>().plans;
    assert.deepEqual(plans.map((p) => p.title), ['Claude Code: say hello']);
  });

  it('says when the runtime or the CLI it would name is not there, or not named by an absolute path', async () => {
    const gone = path.join(tempDir(), 'gone', 'node');
    assert.deepEqual(programWarnings({ node: process.execPath, cli: CLI_PATH }), []);
    assert.match(programWarnings({ node: gone, cli: CLI_PATH }).join('\n'), new RegExp(`the runtime, ${gone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, does not exist`));
    assert.match(programWarnings({ node: process.execPath, cli: 'dist/cli.js' }).join('\n'), /the CLI is named as "dist\/cli.js", not by an absolute path/);

    let stdout = '';
    let stderr = '';
    const code = await runMcp({
      argv: ['--print-config', 'cline', '--format', 'json'],
      cwd: tempDir(),
      env: {},
      stdin: process.stdin,
      stdout: { write: (t: string) => (stdout += t) } as unknown as NodeJS.WritableStream,
      stderr: { write: (t: string) => (stderr += t) },
      wasmDir: path.join(REPO_ROOT, 'dist'),
      version: '0.0.0',
      program: { node: gone, cli: CLI_PATH },
    });
    assert.equal(code, 0);
    const doc = JSON.parse(stdout) as { mcp_config: { warnings: string[] } };
    assert.match(doc.mcp_config.warnings.join('\n'), /does not exist: the command would not start/);
    assert.match(stderr, /^warning: the runtime, .*, does not exist/m);
  });

  it('VS Code’s Electron runtime gets ELECTRON_RUN_AS_NODE=1 in the server’s environment, and in `claude mcp add`', () => {
    const program = { node: '/usr/share/code/code', cli: '/home/me/.vscode/extensions/x/dist/cli.js', electron: true };
    const vscode = serverOf(clientConfig('vscode', '/w', program).json);
    assert.deepEqual(vscode, { type: 'stdio', command: '/usr/share/code/code', args: ['/home/me/.vscode/extensions/x/dist/cli.js', 'mcp', '--workspace', '${workspaceFolder}'], env: { ELECTRON_RUN_AS_NODE: '1' } });
    const claude = clientConfig('claude-code', '/my project', program);
    assert.match(claude.where, /claude mcp add -e ELECTRON_RUN_AS_NODE=1 cleveragents-checkpoints -- \/usr\/share\/code\/code \/home\/me\/\.vscode\/extensions\/x\/dist\/cli\.js mcp --workspace '\/my project'$/);
  });
});

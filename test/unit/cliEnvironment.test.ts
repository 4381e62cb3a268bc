// The environment the VS Code extension gives `agents` in its terminals (AGENTS_WORKSPACE,
// AGENTS_DATABASE), read by the built CLI as a child process, and the launcher that runs it
// (bin/agents) on the runtime named by AGENTS_RUNTIME.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { workspaceLocation } from '../../src/cli/workspaceLocation';
import { REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { useTempDirs } from './helpers/tempDir';

describe('workspaceLocation (where a CLI command works)', () => {
  it('takes --workspace, else AGENTS_WORKSPACE, else the current directory; the database from AGENTS_DATABASE', () => {
    const cwd = path.resolve('/work/here');
    assert.deepEqual(workspaceLocation(cwd, undefined, {}), { workspaceRoot: cwd, databasePath: undefined });
    assert.deepEqual(workspaceLocation(cwd, undefined, { AGENTS_WORKSPACE: path.resolve('/ws'), AGENTS_DATABASE: 'data/cp.db' }), {
      workspaceRoot: path.resolve('/ws'),
      databasePath: 'data/cp.db',
    });
    assert.equal(workspaceLocation(cwd, 'other', { AGENTS_WORKSPACE: path.resolve('/ws') }).workspaceRoot, path.join(cwd, 'other'));
    assert.deepEqual(workspaceLocation(cwd, undefined, { AGENTS_WORKSPACE: '', AGENTS_DATABASE: '' }), { workspaceRoot: cwd, databasePath: undefined });
    assert.equal(workspaceLocation(cwd, undefined, { AGENTS_DATABASE: './x\\y.db' }).databasePath, 'x/y.db');
  });

  it('refuses a database outside the workspace or a relative workspace, naming the variable', () => {
    for (const bad of ['../elsewhere.db', '/etc/cp.db', 'a/../../b.db', 'folder/', '.']) {
      assert.throws(() => workspaceLocation('/w', undefined, { AGENTS_DATABASE: bad }), /Validation Error: environment variable AGENTS_DATABASE/, bad);
    }
    assert.throws(() => workspaceLocation('/w', undefined, { AGENTS_WORKSPACE: 'relative/dir' }), /environment variable AGENTS_WORKSPACE "relative\/dir": must be an absolute path/);
  });
});

describe('agents in a VS Code terminal (the built dist/cli.js and bin/agents)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-cli-env-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  it('works on the database AGENTS_DATABASE names in the folder AGENTS_WORKSPACE names, from any directory', () => {
    const ws = tempDir();
    const elsewhere = tempDir();
    const env = { AGENTS_WORKSPACE: ws, AGENTS_DATABASE: 'state/checkpoints.db' };
    const created = runCli(elsewhere, ['--format', 'json', 'plan', 'create', '--title', 'Via the terminal', '--sandbox', '.'], { env });
    assert.equal(created.code, 0, created.stderr);
    assert.ok(existsSync(path.join(ws, 'state', 'checkpoints.db')), 'the database was not made where AGENTS_DATABASE says');
    assert.equal(existsSync(path.join(ws, '.cleveragents', 'cleveragents.db')), false);
    assert.equal(existsSync(path.join(elsewhere, '.cleveragents')), false, 'the current directory was written to');
    const listed = runCli(elsewhere, ['--format', 'json', 'plan', 'list'], { env });
    assert.deepEqual(listed.json<{ plans: { title: string }[] }>().plans.map((p) => p.title), ['Via the terminal']);
    // without the variables, the same directory is a workspace of its own, with no plans
    assert.equal(runCli(ws, ['--format', 'json', 'plan', 'list']).json<{ plans: unknown[] }>().plans.length, 0);
  });

  it('refuses a malformed AGENTS_DATABASE and writes nothing', () => {
    const ws = path.join(tempDir(), 'workspace');
    mkdirSync(ws);
    const r = runCli(ws, ['--format', 'json', 'plan', 'create', '--title', 'x', '--sandbox', '.'], { env: { AGENTS_DATABASE: '../outside.db' } });
    assert.equal(r.code, 1);
    assert.match(r.json<{ error: { message: string } }>().error.message, /environment variable AGENTS_DATABASE "\.\.\/outside\.db": must not contain "\.\."/);
    assert.equal(existsSync(path.join(ws, '.cleveragents')), false);
    assert.equal(existsSync(path.join(path.dirname(ws), 'outside.db')), false);
  });

  it('bin/agents runs the CLI on AGENTS_RUNTIME with ELECTRON_RUN_AS_NODE=1, else on node', function () {
    if (process.platform === 'win32') this.skip();
    const dir = tempDir();
    // a runtime that says how it was started, then is node
    const runtime = path.join(dir, 'runtime');
    writeFileSync(runtime, `#!/bin/sh\necho "ELECTRON_RUN_AS_NODE=$ELECTRON_RUN_AS_NODE" >&2\nexec ${JSON.stringify(process.execPath)} "$@"\n`, { mode: 0o755 });
    const launcher = path.join(REPO_ROOT, 'bin', 'agents');
    const viaRuntime = spawnSync(launcher, ['--version'], { encoding: 'utf8', env: { ...process.env, AGENTS_RUNTIME: runtime } });
    assert.equal(viaRuntime.status, 0, viaRuntime.stderr);
    assert.equal(viaRuntime.stderr.trim(), 'ELECTRON_RUN_AS_NODE=1');
    assert.match(viaRuntime.stdout.trim(), /^\d+\.\d+\.\d+$/);
    // without AGENTS_RUNTIME: the node on the PATH (ours, first)
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
    delete env.AGENTS_RUNTIME;
    const viaNode = spawnSync(launcher, ['--version'], { encoding: 'utf8', env });
    assert.equal(viaNode.status, 0, viaNode.stderr);
    assert.equal(viaNode.stdout.trim(), viaRuntime.stdout.trim());
  });
});

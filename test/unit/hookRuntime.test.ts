import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { refreshLauncher, vscodeHookProgram } from '../../src/extension/agentHooks/hookRuntime';
import { programOfCommand, bashCommand, programResolves } from '../../src/hooks/install/hookCommandLine';

// The runtime a hook installed from VS Code starts, outside VS Code: through a launcher in the global
// storage, which sets ELECTRON_RUN_AS_NODE for VS Code's Electron (else the binary opens the editor),
// and outlives the versioned folder of a VS Code server's node.
describe('The runtime of hooks installed from VS Code', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hookrt-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const host = (over: object) => ({ distDir: path.join(dir, 'dist'), storageDir: path.join(dir, 'storage'), execPath: process.execPath, electron: undefined, platform: 'linux' as NodeJS.Platform, env: {}, ...over });

  it('a plain Node.js host (a VS Code server, code-server) names a launcher that runs its node, without ELECTRON_RUN_AS_NODE', async function () {
    if (process.platform === 'win32') this.skip();
    const program = await vscodeHookProgram(host({}));
    assert.deepEqual(program, { node: path.join(dir, 'storage', 'hook-runtime', 'node'), cli: path.join(dir, 'storage', 'hook-runtime', 'cli.js') }, 'the launcher and the stable shim, not the versioned node and dist/cli.js');
    const out = execFileSync(program.node, ['-e', 'process.stdout.write(`${process.execPath} ${process.env.ELECTRON_RUN_AS_NODE}`)'], { encoding: 'utf8', env: {} });
    assert.equal(out, `${process.execPath} undefined`);
    assert.deepEqual(programOfCommand(bashCommand(program, 'claude-code')), program);
  });

  it('a plain Node.js host on Windows names its node as it is', async () => {
    const program = await vscodeHookProgram(host({ platform: 'win32' }));
    assert.equal(program.node, process.execPath);
  });

  describe('after an update removed the runtime the launcher names', () => {
    // The server's versioned folder: a runtime of its own, removed as an update removes it. Each
    // runtime here is node behind a script that says which one ran.
    let server: string;
    let runtime: string;
    const fakeNode = (file: string, name: string) => {
      writeFileSync(file, `#!/bin/sh\nRUNTIME=${name} exec "${process.execPath}" "$@"\n`, { mode: 0o755 });
    };
    beforeEach(() => {
      server = path.join(dir, 'vscode-server', 'bin', 'c0ffee');
      mkdirSync(server, { recursive: true });
      runtime = path.join(server, 'node');
      fakeNode(runtime, 'server');
    });
    const ask = (launcher: string, env: NodeJS.ProcessEnv) => spawnSync(launcher, ['-e', 'process.stdout.write("ran " + process.env.RUNTIME)'], { encoding: 'utf8', env });

    it('runs a node on the PATH in its place', async function () {
      if (process.platform === 'win32') this.skip();
      const program = await vscodeHookProgram(host({ execPath: runtime }));
      assert.equal(ask(program.node, { PATH: '/usr/bin:/bin' }).stdout, 'ran server');
      rmSync(server, { recursive: true });
      const onPath = path.join(dir, 'path');
      mkdirSync(onPath);
      fakeNode(path.join(onPath, 'node'), 'path');
      const r = ask(program.node, { PATH: `${onPath}:/usr/bin:/bin` });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, 'ran path');
    });

    it('with no node on the PATH, fails saying which runtime is gone and how to repair it', async function () {
      if (process.platform === 'win32') this.skip();
      const program = await vscodeHookProgram(host({ execPath: runtime }));
      rmSync(server, { recursive: true });
      const empty = path.join(dir, 'empty');
      mkdirSync(empty);
      const r = ask(program.node, { PATH: empty });
      assert.equal(r.status, 1);
      assert.equal(r.stderr.trim(), `CleverAgents Checkpoints: ${runtime} is gone (VS Code or its server was updated) and no node is on the PATH; open this workspace in VS Code once to repair the hooks' runtime.`);
    });

    it('is rewritten at activation for the runtime of this start, only when hooks already name it', async function () {
      if (process.platform === 'win32') this.skip();
      assert.equal(await refreshLauncher(host({ execPath: runtime })), false, 'no launcher yet: nothing written');
      assert.equal(existsSync(path.join(dir, 'storage', 'hook-runtime', 'node')), false);
      const program = await vscodeHookProgram(host({ execPath: runtime }));
      rmSync(server, { recursive: true });
      const updated = path.join(dir, 'vscode-server', 'bin', 'decade', 'node');
      mkdirSync(path.dirname(updated), { recursive: true });
      fakeNode(updated, 'updated');
      assert.equal(await refreshLauncher(host({ execPath: updated })), true);
      const r = ask(program.node, { PATH: path.join(dir, 'nothing') });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, 'ran updated');
    });
  });

  it('an Electron host names a launcher that runs its runtime with ELECTRON_RUN_AS_NODE=1, which the installer parses back', async function () {
    if (process.platform === 'win32') this.skip();
    const program = await vscodeHookProgram(host({ electron: '37.0.0' }));
    assert.equal(program.node, path.join(dir, 'storage', 'hook-runtime', 'node'));
    assert.equal(statSync(program.node).mode & 0o111, 0o111, 'executable');
    const out = execFileSync(program.node, ['-e', 'process.stdout.write(String(process.env.ELECTRON_RUN_AS_NODE))'], { encoding: 'utf8', env: {} });
    assert.equal(out, '1');
    assert.deepEqual(programOfCommand(bashCommand(program, 'cursor')), program);
    assert.equal(programResolves(program), false, 'the shim is written, but no dist/cli.js is there for it to load in this test');
  });

  it('an Electron host on Windows without node.exe on the PATH refuses, saying what to install', async () => {
    await assert.rejects(vscodeHookProgram(host({ electron: '37.0.0', platform: 'win32', env: { PATH: dir } })), /no node\.exe was found on the PATH/);
  });
});

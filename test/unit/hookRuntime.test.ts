import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { vscodeHookProgram } from '../../src/extension/agentHooks/hookRuntime';
import { programOfCommand, bashCommand, programResolves } from '../../src/hooks/install/hookCommandLine';

// The runtime a hook installed from VS Code starts, outside VS Code: a plain node as is; VS Code's
// Electron through a launcher that sets ELECTRON_RUN_AS_NODE (else the binary opens the editor).
describe('The runtime of hooks installed from VS Code', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hookrt-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const host = (over: object) => ({ distDir: path.join(dir, 'dist'), storageDir: path.join(dir, 'storage'), execPath: process.execPath, electron: undefined, platform: 'linux' as NodeJS.Platform, env: {}, ...over });

  it('a plain Node.js host (code-server) names its own node', async () => {
    const program = await vscodeHookProgram(host({}));
    assert.deepEqual(program, { node: process.execPath, cli: path.join(dir, 'storage', 'hook-runtime', 'cli.js') }, 'the stable shim, not the versioned dist/cli.js');
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

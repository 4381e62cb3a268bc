// Runs the same integration tests as scripts/runIntegrationTests.mjs, but in a desktop VS Code
// (Electron) through @vscode/test-electron: for a machine with a display (or xvfb-run) and access
// to the VS Code download site, or with a local VS Code given by --code. It cannot run on the
// project's build machines (no internet, no desktop); there, use runIntegrationTests.mjs.
//
// Usage: node scripts/runIntegrationTestsElectron.mjs [--build] [--grep RE] [--vscode-version V]
//          [--code PATH_TO_VSCODE_EXECUTABLE] [--workspace DIR]
//   --vscode-version  the VS Code to download, default `stable`. The tests index loads mocha 12, an
//                     ES module, with require(): the extension host's Node (Electron's) must be
//                     20.19+ or 22.12+. Recent releases are; if an older VS Code's is not, it says
//                     so ("cannot load mocha"): use the code-server runner (this machine's Node).
//   --code            use this installed VS Code executable instead of downloading one
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { buildForTests, runnerOutput } from './testRunner.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    grep: { type: 'string' },
    'vscode-version': { type: 'string', default: process.env.VSCODE_VERSION ?? 'stable' },
    code: { type: 'string', default: process.env.VSCODE_EXECUTABLE },
    workspace: { type: 'string', default: join(REPO_ROOT, 'test', 'fixtures', 'workspace') },
  },
});

const output = runnerOutput('integration:electron');
const { fail } = output;
if (opts.build) buildForTests(REPO_ROOT, output);

const extensionTestsPath = join(REPO_ROOT, 'out', 'test', 'integration', 'index.js');
if (!existsSync(extensionTestsPath)) fail(`${extensionTestsPath} is missing: compile the tests first (tsc -p .), or pass --build`);

const work = mkdtempSync(join(tmpdir(), 'cait-'));
const workspaceDir = join(work, 'workspace');
cpSync(resolve(opts.workspace), workspaceDir, { recursive: true });

let code = 1;
try {
  code = await runTests({
    ...(opts.code ? { vscodeExecutablePath: resolve(opts.code) } : { version: opts['vscode-version'] }),
    cachePath: join(REPO_ROOT, '.vscode-test', 'electron'),
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath,
    extensionTestsEnv: { ...(opts.grep ? { MOCHA_GREP: opts.grep } : {}), CLEVERAGENTS_TEST_HOST: 'electron' },
    launchArgs: [workspaceDir, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
  });
} catch (e) {
  // runTests rejects with TestRunFailedError when the tests fail, or with the download error
  console.error(`[integration:electron] ${e?.message ?? e}`);
  code = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(code === 0 ? 0 : 1);

// Runs the tests of the installed product (test/installed/*.test.ts, compiled to out/test/installed/):
// packages the extension as a user gets it (`npm run package`: production bundles, the .vsix) and
// the CLI alone (`npm pack`), then runs mocha in this Node process. The tests install the .vsix
// into a fresh code-server (its own --extensions-dir and --user-data-dir, `--install-extension`,
// no extension under development) and drive it with a headless chromium, and install the tarball
// with npm into a temporary prefix. Screenshots go to test-results/installed-*.png. Exit code = result.
//
// Usage: node scripts/runInstalledTests.mjs [--build] [--grep RE] [--timeout SECONDS] [--verbose]
//   --build      compile the tests first (`tsc -p .`; otherwise out/ must be current)
//   --grep       only the tests whose full title matches
//   --timeout    the whole run's limit, default 1200 s (or $INSTALLED_TIMEOUT), a guard against a hung host
//   --verbose    stream code-server's own log to stderr
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDemoData } from './demoData.mjs';
import { packageExtension } from './packageExtension.mjs';
import { REPO_ROOT } from './vscodeHost/install.mjs';
import { ignoreClosedOutput, launchBrowser, shortTempDir, startServer } from './vscodeHost/server.mjs';
import { failOnServerExit, prepareHostRun, runMochaFiles, runTimeout, runnerExit, runnerOutput } from './testRunner.mjs';

const { values: opts } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    grep: { type: 'string' },
    timeout: { type: 'string', default: process.env.INSTALLED_TIMEOUT ?? '1200' },
    verbose: { type: 'boolean', default: false },
  },
});

const { say, fail } = runnerOutput('installed');
const run = (cmd, args, o = {}) => {
  say(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: REPO_ROOT, encoding: 'utf8', ...o });
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  return r.stdout;
};
if (opts.build) run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.'], { stdio: 'inherit' });
const testsDir = join(REPO_ROOT, 'out', 'test', 'installed');
const files = existsSync(testsDir) ? readdirSync(testsDir).filter((f) => f.endsWith('.test.js')).sort().map((f) => join(testsDir, f)) : [];
if (files.length === 0) fail(`no compiled tests in ${testsDir}: compile them first (tsc -p .), or pass --build`);
const { timeoutMs, secs } = prepareHostRun({ extension: REPO_ROOT, workspace: join(REPO_ROOT, 'test', 'fixtures', 'workspace'), timeout: opts.timeout }, fail);

ignoreClosedOutput();
const tempDir = shortTempDir('inst-');
process.on('exit', () => rmSync(tempDir, { recursive: true, force: true }));
const resultsDir = join(REPO_ROOT, 'test-results');
mkdirSync(resultsDir, { recursive: true });

let vsix;
try {
  vsix = packageExtension({ out: join(tempDir, 'cleveragents-checkpoints.vsix') });
} catch (e) {
  fail(`npm run package: ${e.message}`);
}
const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tempDir], { env: { ...process.env, npm_config_loglevel: 'error' } }));
const tarball = join(tempDir, packed[0].filename);
say(`packaged ${vsix} and ${tarball} (${secs()})`);

// Suites start from an empty folder; those that want the demo workspace of `npm start` have it made
// in theirs by the packaged CLI's bundle (prepareDemo).
const emptyDir = join(tempDir, 'empty');
mkdirSync(emptyDir);

let server;
/** A second server with no extension, for the test that installs the .vsix from the workbench. */
let bareServer;
let browser;
let cleaning;
const cleanup = () =>
  (cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await bareServer?.then((s) => s.stop()).catch(() => {});
    rmSync(tempDir, { recursive: true, force: true });
  })());
const finish = runnerExit('installed', cleanup);
const timer = runTimeout('installed', timeoutMs, finish, () => server);

try {
  server = await startServer({
    installExtensions: [vsix],
    verbose: opts.verbose,
    // the DOM renderer: the terminal's text can be read from the page
    userSettings: { 'terminal.integrated.gpuAcceleration': 'off' },
  });
  say(`code-server on 127.0.0.1:${server.port} with the .vsix installed in ${server.extensionsDir} (${secs()})`);
  browser = await launchBrowser();
  const untrustedUrl = () => Promise.reject(new Error('the installed-product tests run trusted only'));
  globalThis.__cleveragentsE2e = { browser, url: (folder) => server.url(folder), untrustedUrl, fixtureDir: emptyDir, resultsDir, tempDir };
  const bareUrl = async (folder) => {
    // extensions' walkthroughs open on install, as VS Code's default has it
    bareServer ??= startServer({ verbose: opts.verbose, userSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true } }).then((s) => {
      say(`code-server with no extension installed on 127.0.0.1:${s.port} (${secs()})`);
      failOnServerExit(s, finish, 'the code-server with no extension');
      return s;
    });
    return (await bareServer).url(folder);
  };
  globalThis.__cleveragentsInstalled = { vsix, tarball, extensionsDir: server.extensionsDir, userDataDir: server.userDataDir, prepareDemo: prepareDemoData, bareUrl };
  failOnServerExit(server, finish);
  await runMochaFiles('installed', files, { grep: opts.grep, finish, secs, timer, before: () => say(`screenshots in ${resultsDir}`) });
} catch (e) {
  clearTimeout(timer);
  await finish(1, `FAILED: ${e?.stack ?? e}`);
}

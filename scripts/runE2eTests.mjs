// Runs the end-to-end tests (test/e2e/*.e2e.ts, compiled to out/test/e2e/) with mocha in this Node
// process: starts code-server on 127.0.0.1 with this repository as the extension under
// development and a headless chromium, hands them to the tests through test/e2e/workbench.ts
// (each suite opens its own workbench on a fresh copy of a fixture; a suite asking for an untrusted
// workspace gets a second code-server with Workspace Trust on), and saves screenshots under
// test-results/. Exit code = result.
//
// Usage: node scripts/runE2eTests.mjs [--build] [--grep RE] [--timeout SECONDS] [--verbose]
//          [--extension DIR] [--workspace DIR] [files...]
//   --build      run `node esbuild.mjs` and `tsc -p .` first (otherwise dist/ and out/ must be current)
//   --grep       only the tests whose full title matches
//   --timeout    the whole run's limit, default 1800 s (or $E2E_TIMEOUT): a guard against a hung host, not a measure; a busy 2-core machine takes 10 minutes or more
//   --verbose    stream code-server's own log to stderr
//   --extension  the extension under development, default: this repository
//   --workspace  the default fixture, default: test/fixtures/workspace
//   files        compiled test files, default: every out/test/e2e/**/*.e2e.js
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './vscodeHost/install.mjs';
import { ignoreClosedOutput, launchBrowser, shortTempDir, startServer } from './vscodeHost/server.mjs';
import { buildForTests, failOnServerExit, prepareHostRun, runMochaFiles, runTimeout, runnerExit, runnerOutput } from './testRunner.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    build: { type: 'boolean', default: false },
    grep: { type: 'string' },
    timeout: { type: 'string', default: process.env.E2E_TIMEOUT ?? '1800' },
    verbose: { type: 'boolean', default: false },
    extension: { type: 'string', default: REPO_ROOT },
    workspace: { type: 'string', default: join(REPO_ROOT, 'test', 'fixtures', 'workspace') },
  },
});

const { say, fail } = runnerOutput('e2e');
if (opts.build) buildForTests(REPO_ROOT, { say, fail });

function findTests(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? findTests(join(dir, e.name)) : e.name.endsWith('.e2e.js') ? [join(dir, e.name)] : []))
    .sort();
}

const files = positionals.length ? positionals.map((f) => resolve(f)) : findTests(join(REPO_ROOT, 'out', 'test', 'e2e'));
if (files.length === 0) fail('no compiled e2e tests (out/test/e2e/**/*.e2e.js): compile them first (tsc -p .), or pass --build');
const { extensionDir, fixtureDir, timeoutMs, secs } = prepareHostRun(opts, fail);

ignoreClosedOutput();
const tempDir = shortTempDir('e2e-');
process.on('exit', () => rmSync(tempDir, { recursive: true, force: true }));
const resultsDir = join(REPO_ROOT, 'test-results');
mkdirSync(resultsDir, { recursive: true });

let server;
/** A second server with Workspace Trust on, started when a suite first asks for an untrusted workspace. */
let untrustedServer;
let browser;
let cleaning;
const cleanup = () =>
  (cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await untrustedServer?.then((s) => s.stop()).catch(() => {});
    rmSync(tempDir, { recursive: true, force: true });
  })());
const finish = runnerExit('e2e', cleanup);
const timer = runTimeout('e2e', timeoutMs, finish, () => server);

try {
  const serverOptions = { extensionDevelopmentPath: extensionDir, verbose: opts.verbose, env: { CLEVERAGENTS_TEST_HOST: 'code-server' } };
  server = await startServer(serverOptions);
  say(`code-server on 127.0.0.1:${server.port} (${secs()}); extension ${extensionDir}`);
  browser = await launchBrowser();
  const untrustedUrl = async (folder) => {
    untrustedServer ??= startServer({ ...serverOptions, workspaceTrust: true }).then((s) => {
      say(`code-server with Workspace Trust on 127.0.0.1:${s.port} (${secs()})`);
      failOnServerExit(s, finish, 'the Workspace Trust code-server');
      return s;
    });
    return (await untrustedServer).url(folder);
  };
  globalThis.__cleveragentsE2e = { browser, url: (folder) => server.url(folder), untrustedUrl, fixtureDir, resultsDir, tempDir };
  failOnServerExit(server, finish);
  await runMochaFiles('e2e', files, { grep: opts.grep, finish, secs, timer, before: () => say(`screenshots in ${resultsDir}`) });
} catch (e) {
  clearTimeout(timer);
  await finish(1, `FAILED: ${e?.stack ?? e}`);
}

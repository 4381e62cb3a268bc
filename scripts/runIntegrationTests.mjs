// Runs the integration tests (test/integration/*.itest.ts, compiled to out/test/integration/) with
// mocha inside a real VS Code extension host: code-server on 127.0.0.1 with a headless chromium
// page as its workbench (the extension host starts only when a workbench connects). The tests
// index and this repository are passed in the page URL's payload, the way VS Code's own browser
// integration tests do; mocha's output comes back through `codeAutomationLog`, the result through
// `codeAutomationExit`. Exit code = result (0 passed, 1 failed or broke).
//
// Usage: node scripts/runIntegrationTests.mjs [--build] [--grep RE] [--timeout SECONDS] [--verbose]
//          [--extension DIR] [--tests INDEX_JS] [--workspace DIR] [--second-folder]
//   --build      run `node esbuild.mjs` and `tsc -p .` first (otherwise dist/ and out/ must be current)
//   --grep       only the tests whose full title matches (mocha's grep)
//   --timeout    the whole run's limit, default 900 s (or $INTEGRATION_TIMEOUT), a guard against a hung host
//   --verbose    stream code-server's own log to stderr
//   --extension  the extension under development, default: this repository
//   --tests      the extensionTestsPath module, default: out/test/integration/index.js
//   --workspace  the folder copied to a temp folder and opened, default: test/fixtures/workspace
//   --second-folder  open a window of two folders (a .code-workspace): that folder, then an empty
//                one named "second-folder"; the suites written for it run (the others say when
//                they need one folder)
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format, parseArgs } from 'node:util';
import { REPO_ROOT } from './vscodeHost/install.mjs';
import { ignoreClosedOutput, launchBrowser, shortTempDir, startServer } from './vscodeHost/server.mjs';
import { buildForTests, prepareHostRun, runnerExit, runnerOutput } from './testRunner.mjs';

const { values: opts } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    grep: { type: 'string' },
    timeout: { type: 'string', default: process.env.INTEGRATION_TIMEOUT ?? '900' },
    verbose: { type: 'boolean', default: false },
    extension: { type: 'string', default: REPO_ROOT },
    tests: { type: 'string', default: join(REPO_ROOT, 'out', 'test', 'integration', 'index.js') },
    workspace: { type: 'string', default: join(REPO_ROOT, 'test', 'fixtures', 'workspace') },
    'second-folder': { type: 'boolean', default: false },
  },
});

const { say, fail } = runnerOutput('integration');
if (opts.build) buildForTests(REPO_ROOT, { say, fail });

const { extensionDir, fixtureDir: fixture, timeoutMs, secs } = prepareHostRun(opts, fail);
const testsIndex = resolve(opts.tests);
if (!existsSync(testsIndex)) fail(`${testsIndex} is missing: compile the tests first (tsc -p .), or pass --build`);

ignoreClosedOutput();
const work = shortTempDir('cait-');
const workspaceDir = join(work, 'workspace');
cpSync(fixture, workspaceDir, { recursive: true });
// A window of two folders opens a .code-workspace file: the page URL takes it as `workspace`.
let workspaceFile;
if (opts['second-folder']) {
  mkdirSync(join(work, 'second-folder'));
  workspaceFile = join(work, 'two-folders.code-workspace');
  writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'workspace' }, { path: 'second-folder' }] }));
}
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

let server;
let browser;
let page;
let cleaning;
const cleanup = () =>
  (cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  })());

const finish = runnerExit('integration', cleanup);

const timer = setTimeout(async () => {
  console.error(`[integration] FAILED: timed out after ${timeoutMs / 1000} s (no result from the extension host)`);
  if (page) {
    const shot = join(REPO_ROOT, 'test-results', 'integration-timeout.png');
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: shot, timeout: 10_000 }).then(() => console.error(`[integration] screenshot of the page: ${shot}`), () => {});
  }
  if (server) console.error(`[integration] last lines of code-server's log:\n${server.readLog().split('\n').slice(-40).join('\n')}`);
  await finish(1);
}, timeoutMs);

// The workbench's own info lines arrive through codeAutomationLog too; these say nothing about tests.
const WORKBENCH_CHATTER = /^(Resolving connection token|Resolved connection token|Creating a socket|Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|\[Service Worker\] registered|ChatSessionStore: Migrating|Creation of workbench contribution .* took \d+ms)/;

// mocha's spec reporter ends with "N passing" / "N failing" / "N pending"
const counts = { passing: 0, failing: 0, pending: 0 };
let sawMochaSummary = false;

try {
  server = await startServer({
    workspaceDir,
    extensionDevelopmentPath: extensionDir,
    verbose: opts.verbose,
    env: { ...(opts.grep ? { MOCHA_GREP: opts.grep } : {}), CLEVERAGENTS_TEST_HOST: 'code-server' },
  });
  say(`code-server on 127.0.0.1:${server.port} (${secs()}); workspace ${workspaceDir}`);
  browser = await launchBrowser();
  page = await browser.newPage();

  let resolveResult;
  const result = new Promise((r) => (resolveResult = r));
  page.on('crash', () => resolveResult({ error: 'the workbench page crashed' }));
  page.on('close', () => resolveResult({ error: 'the workbench page closed' }));
  void server.exited.then((e) => resolveResult({ error: `code-server exited (code ${e.code}, signal ${e.signal})` }));
  // both before page.goto: the workbench looks for them when it starts
  await page.exposeFunction('codeAutomationExit', (code) => resolveResult(Number(code)));
  await page.exposeFunction('codeAutomationLog', (type, message) => {
    // the extension host's console arguments, e.g. ['%d passing (%s)', 2, '82ms']
    const text = Array.isArray(message) ? format(...message) : String(message);
    for (const line of text.split('\n')) {
      const m = /^\s*(\d+) (passing|failing|pending)\b/.exec(line);
      if (m) {
        counts[m[2]] = Number(m[1]);
        sawMochaSummary = true;
      }
    }
    if (!opts.verbose && WORKBENCH_CHATTER.test(text)) return;
    (type === 'error' || type === 'warn' ? process.stderr : process.stdout).write(`${text}\n`);
  });
  page.on('pageerror', (e) => {
    if (opts.verbose) console.error(`[integration] page error: ${e.message}`);
  });

  const pageUrl = server.url(workspaceFile ?? workspaceDir, { extensionDevelopmentPath: extensionDir, extensionTestsPath: testsIndex });
  await page.goto(workspaceFile ? pageUrl.replace('?folder=', '?workspace=') : pageUrl);
  say(`workbench loading (${secs()})`);
  const code = await result;
  clearTimeout(timer);
  if (typeof code === 'object') await finish(1, `FAILED: ${code.error} before the tests finished\n${server.readLog().split('\n').slice(-40).join('\n')}`);
  // a check that mocha really ran, and the plain closing line CI reads
  if (!sawMochaSummary) await finish(1, `FAILED: mocha printed no summary: the tests did not run (extension host exit code ${code}; see above) in ${secs()}`);
  console.log(`integration: ${counts.passing} passed, ${counts.failing} failed${counts.pending ? `, ${counts.pending} skipped` : ''}`);
  await finish(code === 0 ? 0 : 1, code === 0 ? `passed in ${secs()}` : `FAILED (extension host exit code ${code}) in ${secs()}`);
} catch (e) {
  clearTimeout(timer);
  await finish(1, `FAILED: ${e?.stack ?? e}`);
}

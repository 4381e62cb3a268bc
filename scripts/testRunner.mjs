// What the test runners share: their output lines, the --build step, their time limit, the mocha
// run in their own process, and how they end.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Mocha from 'mocha';
import { ensureHost } from './vscodeHost/install.mjs';

/**
 * How a test runner ends: the first outcome wins (closing the page while cleaning up must not
 * report a second one), `cleanup` runs once, and Ctrl-C / SIGTERM end it the same way.
 */
export function runnerExit(label, cleanup) {
  let finishing = false;
  const finish = async (code, message) => {
    if (finishing) return new Promise(() => {});
    finishing = true;
    if (message) (code === 0 ? console.log : console.error)(`[${label}] ${message}`);
    await cleanup();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void finish(130, `interrupted (${sig})`));
  return finish;
}

/** `[label] message` lines for a runner, and a fail that ends it with exit code 1. */
export function runnerOutput(label) {
  return {
    say: (msg) => console.log(`[${label}] ${msg}`),
    fail: (msg) => {
      console.error(`[${label}] FAILED: ${msg}`);
      process.exit(1);
    },
  };
}

/** `--build`: the bundles (esbuild) and the compiled tests (tsc) the runners load. */
export function buildForTests(repoRoot, { say, fail }) {
  for (const args of [['esbuild.mjs'], ['node_modules/typescript/bin/tsc', '-p', '.']]) {
    say(`$ node ${args.join(' ')}`);
    const r = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) fail(`node ${args.join(' ')} exited with ${r.status ?? r.signal}`);
  }
}

/**
 * What both code-server runners do before they start anything: check the extension under
 * development, the fixture workspace and the whole run's limit (seconds), and install the host if
 * needed. `secs()` tells the time since then, for their progress lines.
 */
export function prepareHostRun(opts, fail) {
  const extensionDir = resolve(opts.extension);
  if (!existsSync(join(extensionDir, 'package.json'))) fail(`no package.json in the extension folder ${extensionDir}`);
  const fixtureDir = resolve(opts.workspace);
  if (!existsSync(fixtureDir)) fail(`the fixture workspace ${fixtureDir} is missing`);
  const timeoutMs = Number(opts.timeout) * 1000;
  if (!(timeoutMs > 0)) fail(`--timeout must be a number of seconds, not ${opts.timeout}`);
  try {
    ensureHost();
  } catch (e) {
    fail(e.message);
  }
  const started = Date.now();
  const secs = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  return { extensionDir, fixtureDir, timeoutMs, secs };
}

/** Ends the run (code 1) after `timeoutMs`, with the last lines of the code-server log `server()` gives, if any. */
export function runTimeout(label, timeoutMs, finish, server) {
  return setTimeout(() => {
    console.error(`[${label}] FAILED: timed out after ${timeoutMs / 1000} s`);
    const s = server();
    if (s) console.error(`[${label}] last lines of code-server's log:\n${s.readLog().split('\n').slice(-30).join('\n')}`);
    void finish(1);
  }, timeoutMs);
}

/** Ends the run (code 1) if `server` exits before it is over. */
export function failOnServerExit(server, finish, name = 'code-server') {
  void server.exited.then((e) =>
    finish(1, `FAILED: ${name} exited during the run (code ${e.code}, signal ${e.signal})\n${server.readLog().split('\n').slice(-30).join('\n')}`),
  );
}

/**
 * Runs the mocha test files in this process (the tests drive a browser and servers the runner
 * started), prints `label: N passed, M failed`, and ends the run with the result: failed when a
 * test failed or none ran. `before` runs just before the end (e.g. to say where screenshots are).
 */
export async function runMochaFiles(label, files, { grep, finish, secs, timer, before = () => {} }) {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 60_000, slow: 10_000, grep });
  for (const f of files) mocha.addFile(f);
  await mocha.loadFilesAsync();
  const stats = await new Promise((resolveRun) => {
    const runner = mocha.run(() => resolveRun(runner.stats));
  });
  clearTimeout(timer);
  console.log(`${label}: ${stats.passes} passed, ${stats.failures} failed${stats.pending ? `, ${stats.pending} skipped` : ''}`);
  before();
  if (stats.passes + stats.failures === 0) await finish(1, `FAILED: no test ran (${secs()})`);
  await finish(stats.failures === 0 ? 0 : 1, stats.failures === 0 ? `passed in ${secs()}` : `FAILED in ${secs()}`);
}

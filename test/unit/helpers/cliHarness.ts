import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** The repository root: the folder above this file holding our package.json (works from out/ too). */
export const REPO_ROOT = (() => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'cleveragents-checkpoints') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json of cleveragents-checkpoints above ${__dirname}`);
  }
})();

export const CLI_PATH = path.join(REPO_ROOT, 'dist', 'cli.js');

function newestMtime(target: string): number {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Bundles dist/cli.js with the project's own build when it is missing or older than the sources. */
export function ensureCliBuilt(): void {
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'src')), newestMtime(path.join(REPO_ROOT, 'esbuild.mjs')), newestMtime(path.join(REPO_ROOT, 'package.json')));
  if (existsSync(CLI_PATH) && statSync(CLI_PATH).mtimeMs >= sources) return;
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(CLI_PATH)) throw new Error(`node esbuild.mjs failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout as the one JSON document it must be. */
  json<T = Record<string, unknown>>(): T;
}

/** Whether the CLI runs with its resident process (src/daemon) or without (`CLEVERAGENTS_NO_DAEMON=1`). */
export type DaemonMode = 'on' | 'off';
let daemonMode: DaemonMode = 'on';

/**
 * The modes a suite runs in: both, unless `AGENTS_TEST_DAEMON` names one (on|off). The crash and
 * kill suites run in each (issue 24: "the crash and kill suites run with it on and with it off").
 */
export function daemonModes(): DaemonMode[] {
  const only = process.env.AGENTS_TEST_DAEMON;
  return only === 'on' || only === 'off' ? [only] : ['on', 'off'];
}

/** Inside a `describe`: the CLI runs of its tests (runCli, cliJson, `cliEnv`) use `mode`. */
export function useDaemonMode(mode: DaemonMode): void {
  let before: DaemonMode = 'on';
  // mocha's root-level hooks are not wanted here: these run for this describe only
  globalThis.before(() => {
    before = daemonMode;
    daemonMode = mode;
  });
  globalThis.after(() => {
    daemonMode = before;
  });
}

/** The environment the CLI runs in: ours, without what would change its behaviour. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.AGENTS_DEBUG;
  delete env.CLEVERAGENTS_NO_DAEMON;
  // `hook install` writes its launcher under the state folder: under each test's own HOME, never the machine's
  delete env.XDG_STATE_HOME;
  for (const key of Object.keys(env)) if (key.startsWith('GIT_')) delete env[key];
  // No background read of the folder after a hook install (hooks/workspaceIndexStart.ts): it would
  // add files to the trees the tests compare; the tests of that job ask for it (an empty value).
  return { ...env, CLEVERAGENTS_NO_INDEX_JOB: '1', ...(daemonMode === 'off' ? { CLEVERAGENTS_NO_DAEMON: '1' } : {}), ...extra };
}

/** The environment runCli gives the CLI, for tests that start it themselves. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return childEnv(extra);
}

function result(code: number | null, stdout: string, stderr: string): CliRun {
  return {
    code,
    stdout,
    stderr,
    json<T>(): T {
      try {
        return JSON.parse(stdout) as T;
      } catch (error) {
        throw new Error(`stdout is not one JSON document (${String(error)}):\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

/**
 * Runs `node dist/cli.js ...args` in `cwd` with stdin a pipe (not a terminal) that is closed at once,
 * or fed `input`.
 */
export function runCli(cwd: string, args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): CliRun {
  const r = spawnSync(process.execPath, [CLI_PATH, ...args], {
    cwd,
    input: options.input ?? '',
    env: childEnv(options.env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return result(r.status, r.stdout, r.stderr);
}

/** The run, once it is known to have exited 0 (else the test fails with what it printed). */
export function ok(run: CliRun): CliRun {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
  return run;
}

/** Whether util-linux `script` is here to give the CLI a real pseudo-terminal. */
export function hasScript(): boolean {
  return spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
}

function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * Runs the CLI on a real pseudo-terminal (`script -qec CMD /dev/null`), typing `answer` into it;
 * `stderrTo` sends the CLI's stderr to that file instead of the terminal.
 * stdout and stderr both arrive on the terminal, so `stdout` holds both, with CR LF line ends
 * turned into LF and terminal control sequences removed.
 */
export function runCliOnTerminal(cwd: string, args: readonly string[], answer: string, options: { stderrTo?: string } = {}): CliRun {
  const command = [process.execPath, CLI_PATH, ...args].map(shellQuote).join(' ') + (options.stderrTo ? ` 2>${shellQuote(options.stderrTo)}` : '');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd,
    input: answer,
    env: childEnv({ TERM: 'dumb' }),
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (r.error) throw r.error;
  const clean = r.stdout.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r\n?/g, '\n');
  return result(r.status, clean, r.stderr);
}

/**
 * Runs the CLI on a real pseudo-terminal like `runCliOnTerminal`, and returns the bytes the
 * terminal received exactly as they came (the terminal itself turns each LF into CR LF).
 */
export function runCliOnTerminalRaw(cwd: string, args: readonly string[], answer: string): { code: number | null; bytes: Buffer } {
  const command = [process.execPath, CLI_PATH, ...args].map(shellQuote).join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, input: answer, env: childEnv({ TERM: 'dumb' }), timeout: 30_000 });
  if (r.error) throw r.error;
  return { code: r.status, bytes: r.stdout };
}

/** The built CLI with `--format json`, which must succeed: its JSON document. */
export function cliJson<T = Record<string, unknown>>(root: string, ...args: string[]): T {
  const run = runCli(root, ['--format', 'json', ...args]);
  if (run.code !== 0) throw new Error(`agents ${args.join(' ')} exited ${run.code}: ${run.stdout}${run.stderr}`);
  return run.json<T>();
}

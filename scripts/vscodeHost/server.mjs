// Starts VS Code (code-server from .vscode-test/, see install.mjs) on 127.0.0.1 and launches
// Debian's chromium through playwright-core, for the integration tests, the e2e tests and
// `npm start`. Loopback only: the server binds 127.0.0.1 and has no extension gallery.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CODE_SERVER_ENTRY, isHostInstalled } from './install.mjs';

/** Settings every host gets: no welcome page, tips, telemetry, update or gallery traffic. */
export const DEFAULT_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  // nor an extension's walkthrough opening over the tests' editors on its first activation
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.openRepositoryInParentFolders': 'never',
  'chat.commandCenter.enabled': false,
  'security.workspace.trust.enabled': false,
  'window.restoreWindows': 'none',
  // VS Code in a browser (code-server is one) saves a changed editor after a second by default
  // (desktop VS Code does not): a test holding unsaved edits would see them reach the disk
  // whenever it ran slower than that. The desktop default, which the extension is written for.
  'files.autoSave': 'off',
};

/** The settings above that VS Code scopes to the machine (see startOnce). */
const MACHINE_SCOPED = new Set(['workbench.welcomePage.walkthroughs.openOnInstall']);

/** Settings of a host with Workspace Trust on: no modal asking to trust the folder at startup. */
const TRUST_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
};

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Output piped into `head` and closed early must not crash a runner before it cleans up. */
export function ignoreClosedOutput() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e) => {
      if (e.code !== 'EPIPE') throw e;
    });
  }
}

/** A temp dir with a short path: VS Code puts unix sockets there (< 108 chars). */
export function shortTempDir(prefix) {
  const base = tmpdir().length <= 40 ? tmpdir() : '/tmp';
  return mkdtempSync(join(base, prefix));
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function healthy(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** The servers this process started and the temp dirs it made, cleaned on exit whatever happens. */
const running = new Set();
const tempDirs = new Set();
process.on('exit', () => {
  for (const pid of running) killGroup(pid, 'SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts code-server for `workspaceDir` and waits until /healthz answers.
 * @param {object} o
 * @param {string} [o.workspaceDir] the folder `url()` opens when given no other
 * @param {string} [o.extensionDevelopmentPath] loaded as a development extension by `url()`
 * @param {Record<string, unknown>} [o.userSettings] merged over DEFAULT_USER_SETTINGS
 * @param {number} [o.port] default: a free port
 * @param {Record<string, string>} [o.env] extra environment for the server and its extension hosts
 * @param {boolean} [o.verbose] stream the server's log to stderr
 * @param {number} [o.startTimeoutMs] default 60 s
 * @param {boolean} [o.keepTemp] leave the temp folder after stop()
 * @param {boolean} [o.workspaceTrust] turn Workspace Trust on (default off): folders open untrusted,
 *   in Restricted Mode, without the startup dialog asking to trust them
 * @param {string[]} [o.installExtensions] .vsix files installed into this server's own extensions
 *   folder before it starts, the way a user installs them (`--install-extension`)
 */
export async function startServer(o = {}) {
  if (!isHostInstalled()) {
    throw new Error('the VS Code host is not installed: run `node scripts/vscodeHost/install.mjs` (npm run vscode:install)');
  }
  // A free port can be taken between probing and binding: retry with another one.
  const attempts = o.port ? 1 : 3;
  let lastError;
  for (let i = 0; i < attempts; i++) {
    try {
      return await startOnce({ ...o, port: o.port ?? (await freePort()) });
    } catch (e) {
      lastError = e;
      if (!e.addressInUse) throw e;
    }
  }
  throw lastError;
}

async function startOnce(o) {
  const { port } = o;
  const temp = shortTempDir('vsc-');
  if (!o.keepTemp) tempDirs.add(temp);
  const dirs = {
    userData: join(temp, 'user-data'),
    extensions: join(temp, 'extensions'),
    config: join(temp, 'config'),
    data: join(temp, 'data'),
    cache: join(temp, 'cache'),
    tmp: join(temp, 'tmp'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  const settings = { ...DEFAULT_USER_SETTINGS, ...(o.workspaceTrust ? TRUST_SETTINGS : {}), ...o.userSettings };
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  // The window is a remote one: a machine-scoped setting is read from the server's Machine
  // settings, and the User's value is ignored. Only those go there, so that a test changing a
  // setting in the User's settings is not overridden.
  const machine = Object.fromEntries(Object.entries(settings).filter(([key]) => MACHINE_SCOPED.has(key)));
  mkdirSync(join(dirs.userData, 'Machine'), { recursive: true });
  writeFileSync(join(dirs.userData, 'Machine', 'settings.json'), JSON.stringify(machine, null, 2));
  const logFile = join(temp, 'server.log');

  const env = { ...process.env };
  // A parent VS Code (a terminal inside one) must not leak its IPC handles into this one.
  for (const k of Object.keys(env)) if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE') delete env[k];
  Object.assign(env, {
    XDG_CONFIG_HOME: dirs.config,
    XDG_DATA_HOME: dirs.data,
    XDG_CACHE_HOME: dirs.cache,
    TMPDIR: dirs.tmp,
    // no marketplace: a gallery without serviceUrl is disabled (the default would be open-vsx.org)
    EXTENSIONS_GALLERY: '{}',
    ...o.env,
  });
  delete env.PORT; // code-server would prefer it over --bind-addr

  const args = [
    CODE_SERVER_ENTRY,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(o.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
    '--config', join(dirs.config, 'config.yaml'),
    // at `info` the extension host's console (mocha's output) reaches the page
    '--log', 'info',
  ];
  // its own process group, so that stop() also ends the extension hosts and watchers it forks
  for (const vsix of o.installExtensions ?? []) {
    const r = spawnSync(process.execPath, [...args, '--install-extension', vsix, '--force'], { env, encoding: 'utf8', timeout: 120_000 });
    appendFileSync(logFile, `${r.stdout ?? ''}${r.stderr ?? ''}`);
    if (r.status !== 0) {
      rmSync(temp, { recursive: true, force: true });
      throw new Error(`code-server --install-extension ${vsix} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}):\n${r.stdout}${r.stderr}`);
    }
  }
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child.pid);
  let exited = null;
  const exitPromise = new Promise((r) => child.on('exit', (code, signal) => r((exited = { code, signal }))));
  child.on('error', (e) => {
    exited = { code: null, signal: null, error: e };
  });
  const onData = (chunk) => {
    appendFileSync(logFile, chunk);
    if (o.verbose) process.stderr.write(chunk);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (groupAlive(child.pid)) {
      killGroup(child.pid, 'SIGTERM');
      const deadline = Date.now() + 5000;
      while (groupAlive(child.pid) && Date.now() < deadline) await sleep(100);
      if (groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
      await Promise.race([exitPromise, sleep(2000)]);
    }
    running.delete(child.pid);
    if (!o.keepTemp) rmSync(temp, { recursive: true, force: true, maxRetries: 3 });
    tempDirs.delete(temp);
  };

  const deadline = Date.now() + (o.startTimeoutMs ?? 60_000);
  while (!(await healthy(port))) {
    if (exited) {
      const text = readLog();
      await stop();
      const err = new Error(`code-server exited before it was ready (${exited.error?.message ?? `code ${exited.code}, signal ${exited.signal}`}):\n${text.slice(-3000)}`);
      err.addressInUse = /EADDRINUSE/.test(text);
      throw err;
    }
    if (Date.now() > deadline) {
      const text = readLog();
      await stop();
      throw new Error(`code-server did not answer /healthz on port ${port} within ${(o.startTimeoutMs ?? 60_000) / 1000} s:\n${text.slice(-3000)}`);
    }
    await sleep(200);
  }

  const origin = `http://127.0.0.1:${port}`;
  /** The URI the workbench uses for a path on the server. */
  const remoteUri = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const toRemote = (v) => (typeof v === 'string' && isAbsolute(v) ? remoteUri(v) : v);
  /**
   * The page URL opening `folder` (default: workspaceDir). The payload is VS Code's list of
   * [key, value] pairs or an object; extensionDevelopmentPath / extensionTestsPath given as
   * absolute paths become vscode-remote URIs. The server's extensionDevelopmentPath is added unless
   * the payload sets its own (or null to leave it out).
   */
  const url = (folder = o.workspaceDir, payload = {}) => {
    const entries = new Map(Array.isArray(payload) ? payload : Object.entries(payload));
    if (!entries.has('extensionDevelopmentPath') && o.extensionDevelopmentPath) entries.set('extensionDevelopmentPath', o.extensionDevelopmentPath);
    if (!entries.has('skipWelcome')) entries.set('skipWelcome', 'true');
    const pairs = [];
    for (const [k, v] of entries) {
      if (v === null || v === undefined) continue;
      pairs.push([k, k === 'extensionDevelopmentPath' || k === 'extensionTestsPath' ? toRemote(v) : String(v)]);
    }
    const query = [];
    if (folder) query.push(`folder=${encodeURIComponent(folder)}`);
    if (pairs.length) query.push(`payload=${encodeURIComponent(JSON.stringify(pairs))}`);
    return `${origin}/${query.length ? `?${query.join('&')}` : ''}`;
  };

  return { port, origin, url, remoteUri, stop, pid: child.pid, tempDir: temp, userDataDir: dirs.userData, extensionsDir: dirs.extensions, logFile, readLog, exited: exitPromise };
}

/**
 * Launches Debian's chromium, headless. Its profile, cache and crash dumps stay in a temp folder
 * removed by close().
 * @param {{ headless?: boolean, args?: string[] }} [o]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchBrowser(o = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`node scripts/vscodeHost/install.mjs\``);
  const temp = shortTempDir('chr-');
  tempDirs.add(temp);
  const headless = o.headless ?? true;
  const args = [...CHROMIUM_ARGS.filter((a) => headless || a !== '--headless'), ...(o.args ?? [])];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless,
    args,
    env: { ...process.env, HOME: temp, XDG_CONFIG_HOME: join(temp, 'config'), XDG_CACHE_HOME: join(temp, 'cache'), TMPDIR: temp },
  });
  browser.on('disconnected', () => {
    rmSync(temp, { recursive: true, force: true });
    tempDirs.delete(temp);
  });
  return browser;
}

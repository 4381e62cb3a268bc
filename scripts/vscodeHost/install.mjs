// Installs the VS Code host the integration and e2e tests and `npm start` run on: code-server
// (VS Code's own server and web workbench) from the npm registry into the git-ignored
// .vscode-test/, driven by Debian's chromium. Not a dependency of the extension: only the scripts
// that need a real VS Code call it, and a second call is a fast no-op.
//
// Usage: node scripts/vscodeHost/install.mjs [--force]
// Also importable: `await ensureHost()` returns the paths of the installed host.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// 4.100.3 = VS Code 1.100.3, the newest code-server that installs on Node 20 (engines.vscode
// ^1.100.0 and @types/vscode 1.100.0 follow from it).
export const CODE_SERVER_VERSION = '4.100.3';
export const CHROMIUM = '/usr/bin/chromium';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HOST_ROOT = join(REPO_ROOT, '.vscode-test');
export const CODE_SERVER_DIR = join(HOST_ROOT, 'code-server');
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const MARKER = join(CODE_SERVER_DIR, 'installed.json');
const LOCK = join(HOST_ROOT, 'install.lock');

// code-server depends on @vscode/ripgrep, whose postinstall downloads rg from GitHub; we put
// Debian's rg where that postinstall looks first. Keep in step with the @vscode/ripgrep that
// code-server's lock pins (1.15.11 for 4.100.3).
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_RELEASE = 'v13.0.0-10';

const log = (msg) => console.log(`[vscode-host] ${msg}`);

export class HostInstallError extends Error {}

function onPath(cmd) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      // not in this one
    }
  }
  return false;
}

function debInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/** What each Debian package is needed for; the build-only ones are skipped once code-server is in. */
function missingDebianPackages({ building }) {
  const wanted = [{ pkg: 'chromium', present: () => existsSync(CHROMIUM) }];
  if (building) {
    wanted.push(
      { pkg: 'ripgrep', present: () => onPath('rg') },
      { pkg: 'pkg-config', present: () => onPath('pkg-config') },
      // headers for code-server's `kerberos` native module
      { pkg: 'libkrb5-dev', present: () => debInstalled('libkrb5-dev') || existsSync('/usr/include/krb5.h') },
    );
  }
  return wanted.filter((w) => !w.present()).map((w) => w.pkg);
}

function run(cmd, args, opts = {}) {
  log(`$ ${cmd} ${args.join(' ')}${opts.cwd ? `   (in ${opts.cwd})` : ''}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw new HostInstallError(`could not run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new HostInstallError(`${cmd} ${args.join(' ')} failed with exit code ${r.status ?? r.signal}`);
}

function installDebianPackages(pkgs) {
  if (pkgs.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hint = `sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}`;
  if (!onPath('apt-get')) throw new HostInstallError(`missing system packages (${pkgs.join(', ')}) and no apt-get here; install them by hand (Debian: ${hint})`);
  if (!isRoot) throw new HostInstallError(`missing system packages (${pkgs.join(', ')}); not root, so not installing them. Run: ${hint}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', ...pkgs], { env });
}

function ripgrepTarget() {
  if (platform() !== 'linux') return undefined;
  return { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' }[arch()];
}

/** Puts a tar.gz holding Debian's `rg` where @vscode/ripgrep's postinstall looks before downloading. */
function seedRipgrepCache(tmpDir) {
  const target = ripgrepTarget();
  const rg = ['/usr/bin/rg', '/usr/local/bin/rg'].find((p) => existsSync(p));
  if (!target || !rg) {
    log('no rg to pre-seed @vscode/ripgrep with; its postinstall will try to download one');
    return;
  }
  const cacheDir = join(tmpDir, `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  const tarball = join(cacheDir, `ripgrep-${RIPGREP_RELEASE}-${target}.tar.gz`);
  if (existsSync(tarball)) return;
  const staging = join(tmpDir, 'rg-staging');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  copyFileSync(rg, join(staging, 'rg'));
  run('tar', ['-czf', tarball, '-C', staging, 'rg']);
  rmSync(staging, { recursive: true, force: true });
  log(`pre-seeded ${tarball} from ${rg}`);
}

function readMarker() {
  try {
    return JSON.parse(readFileSync(MARKER, 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when code-server is installed in .vscode-test/ and chromium is there: nothing to do. */
export function isHostInstalled() {
  return readMarker()?.version === CODE_SERVER_VERSION && existsSync(CODE_SERVER_ENTRY) && existsSync(CHROMIUM);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A directory lock, so that two runners started together do not both run npm install. */
function withLock(fn) {
  mkdirSync(HOST_ROOT, { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let holder;
      try {
        holder = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
      } catch {
        holder = undefined;
      }
      let alive = false;
      if (holder) {
        try {
          process.kill(holder, 0);
          alive = true;
        } catch {
          alive = false;
        }
      }
      if (holder && !alive) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new HostInstallError(`timed out waiting for another install (lock ${LOCK}, pid ${holder})`);
      if (!told) log(`another install is running (pid ${holder ?? '?'}); waiting for it`);
      told = true;
      sleep(1000);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Makes sure the host is installed and returns its paths. Fast when it already is: a marker file
 * and two existence checks.
 */
export function ensureHost({ force = false } = {}) {
  const paths = { entry: CODE_SERVER_ENTRY, chromium: CHROMIUM, dir: CODE_SERVER_DIR };
  if (!force && isHostInstalled()) return paths;
  return withLock(() => {
    if (!force && isHostInstalled()) return paths; // another process finished it while we waited
    const started = Date.now();
    const building = force || readMarker()?.version !== CODE_SERVER_VERSION || !existsSync(CODE_SERVER_ENTRY);
    log(`installing the VS Code host (code-server ${CODE_SERVER_VERSION}) into ${HOST_ROOT}`);

    const missing = missingDebianPackages({ building });
    if (missing.length) log(`missing Debian packages: ${missing.join(', ')}`);
    else log('Debian packages present (chromium, ripgrep, pkg-config, libkrb5-dev): skipping apt');
    installDebianPackages(missing);

    if (building) {
      const tmpDir = join(HOST_ROOT, 'tmp');
      mkdirSync(tmpDir, { recursive: true });
      mkdirSync(CODE_SERVER_DIR, { recursive: true });
      rmSync(MARKER, { force: true });
      seedRipgrepCache(tmpDir);
      const pkgJson = join(CODE_SERVER_DIR, 'package.json');
      if (!existsSync(pkgJson)) {
        writeFileSync(pkgJson, `${JSON.stringify({ name: 'vscode-test-host', private: true, description: 'code-server for the tests and npm start; see scripts/vscodeHost/install.mjs' }, null, 2)}\n`);
      }
      const env = {
        ...process.env,
        TMPDIR: tmpDir,
        // code-server's postinstall refuses to run as root without it
        npm_config_unsafe_perm: 'true',
        // node-pty's postinstall runs `npx node-gyp`
        npm_config_yes: 'true',
      };
      run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `code-server@${CODE_SERVER_VERSION}`], { cwd: CODE_SERVER_DIR, env });
      if (!existsSync(CODE_SERVER_ENTRY)) throw new HostInstallError(`npm install finished but ${CODE_SERVER_ENTRY} is missing`);
      writeFileSync(MARKER, `${JSON.stringify({ version: CODE_SERVER_VERSION, installedAt: new Date().toISOString() }, null, 2)}\n`);
      rmSync(tmpDir, { recursive: true, force: true });
    }
    if (!existsSync(CHROMIUM)) throw new HostInstallError(`${CHROMIUM} is still missing after the install`);
    log(`VS Code host ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return paths;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const started = Date.now();
    const already = !process.argv.includes('--force') && isHostInstalled();
    const paths = ensureHost({ force: process.argv.includes('--force') });
    if (already) log(`already installed (code-server ${CODE_SERVER_VERSION}, ${paths.chromium}); checked in ${Date.now() - started} ms`);
    log(`code-server entry: ${paths.entry}`);
  } catch (e) {
    console.error(`[vscode-host] install FAILED: ${e instanceof HostInstallError ? e.message : e?.stack ?? e}`);
    process.exit(1);
  }
}

// Installs the agents' real programs that the contract suite (test/agents/, `npm run test:agents`)
// runs, at the versions pinned in test/agents/agentVersions.json, from the npm registry into the
// git-ignored .agents-cache/<agent>-<version>/. They weigh hundreds of MB together, so they are not
// devDependencies (every `npm ci` would pay for them): only this suite installs them, once per
// version, and a second call is a fast no-op (a marker file and an existence check).
//
// `--ignore-scripts`: none of them needs its install script to run. Claude Code's, Cline's and
// OpenCode's postinstall only copy (or link) the native binary of the platform package (an optional
// dependency, installed all the same, from the npm registry) over a placeholder; we run that binary
// where npm put it. Codex's platform binaries are optional dependencies too (npm aliases of
// `@openai/codex@<version>-<platform>`), with no install script at all: nothing comes from
// anywhere but the npm registry.
//
// Usage: node scripts/agents/install.mjs [agent…] [--force]
// Also importable: `ensureAgent(name)` returns {agent, package, version, command: [file, …args]}.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PINS_FILE = join(REPO_ROOT, 'test', 'agents', 'agentVersions.json');
export const CACHE_ROOT = join(REPO_ROOT, '.agents-cache');

const log = (msg) => console.log(`[agents-cache] ${msg}`);

export class AgentInstallError extends Error {}

/** The pins: {agent: {package, version}}. */
export function readPins() {
  const raw = JSON.parse(readFileSync(PINS_FILE, 'utf8'));
  const pins = {};
  for (const [agent, pin] of Object.entries(raw)) {
    if (agent.startsWith('$')) continue;
    if (typeof pin?.package !== 'string' || !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(pin?.version ?? '')) {
      throw new AgentInstallError(`${PINS_FILE}: "${agent}" needs {"package": "<npm name>", "version": "<exact x.y.z>"}`);
    }
    pins[agent] = { package: pin.package, version: pin.version };
  }
  return pins;
}

/** The platform part of the native packages' names (linux-x64, darwin-arm64, …). */
function platformTag() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[platform()];
  if (!os || !['x64', 'arm64'].includes(arch())) throw new AgentInstallError(`no native agent packages for ${platform()}-${arch()}`);
  return `${os}-${arch()}`;
}

/**
 * Where each package keeps the program to run, relative to the install folder. Gemini CLI is a
 * JavaScript bundle run with this node; Claude Code and Cline ship a native binary in a platform
 * package.
 */
const PROGRAMS = {
  '@google/gemini-cli': () => [process.execPath, 'node_modules/@google/gemini-cli/bundle/gemini.js'],
  '@anthropic-ai/claude-code': () => [`node_modules/@anthropic-ai/claude-code-${platformTag()}/claude`],
  cline: () => [`node_modules/@cline/cli-${platformTag()}/bin/cline`],
  // Its launcher (bin/codex.js) picks vendor/<target triple>/bin/codex of the platform package.
  '@openai/codex': () => [`node_modules/@openai/codex-${platformTag()}/vendor/${codexTriple()}/bin/codex`],
  // Its postinstall picks the `-baseline` build on x64 processors without AVX2.
  'opencode-ai': () => [`node_modules/opencode-${platformTag().replace('win32', 'windows')}${opencodeBaseline()}/bin/opencode${platform() === 'win32' ? '.exe' : ''}`],
};

/** The Rust target triple Codex's platform package keeps its binary under. */
function codexTriple() {
  const cpu = arch() === 'x64' ? 'x86_64' : 'aarch64';
  return { linux: `${cpu}-unknown-linux-musl`, darwin: `${cpu}-apple-darwin`, win32: `${cpu}-pc-windows-msvc` }[platform()];
}

/** `-baseline` on a linux x64 processor without AVX2, as OpenCode's own postinstall.mjs decides. */
function opencodeBaseline() {
  if (arch() !== 'x64' || platform() !== 'linux') return '';
  try {
    return /(^|\s)avx2(\s|$)/i.test(readFileSync('/proc/cpuinfo', 'utf8')) ? '' : '-baseline';
  } catch {
    return '-baseline';
  }
}

export function installDir(agent, version) {
  return join(CACHE_ROOT, `${agent}-${version}`);
}

function commandOf(pin, dir) {
  const program = PROGRAMS[pin.package];
  if (!program) throw new AgentInstallError(`scripts/agents/install.mjs does not know where ${pin.package} keeps its program: add it to PROGRAMS`);
  return program().map((part, i) => (i === 0 && part === process.execPath ? part : part.startsWith('node_modules/') ? join(dir, part) : part));
}

function readMarker(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'installed.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Installs one pinned agent when it is not there yet; returns how to run it. */
export function ensureAgent(agent, { force = false } = {}) {
  const pins = readPins();
  const pin = pins[agent];
  if (!pin) throw new AgentInstallError(`no pin for "${agent}" in ${PINS_FILE} (pinned: ${Object.keys(pins).join(', ')})`);
  const dir = installDir(agent, pin.version);
  const command = commandOf(pin, dir);
  const marker = readMarker(dir);
  if (!force && marker?.package === pin.package && marker?.version === pin.version && command.every((p) => p === process.execPath || existsSync(p))) {
    return { agent, ...pin, command };
  }
  const started = Date.now();
  log(`installing ${pin.package}@${pin.version} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A package.json of our own: npm refuses to install a package into a folder it takes to be that
  // package (it names a folder without one after the folder).
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `agents-cache-${agent}`, private: true }, null, 2)}\n`);
  const args = ['install', '--prefix', dir, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${pin.package}@${pin.version}`];
  log(`$ npm ${args.join(' ')}`);
  const r = spawnSync('npm', args, { stdio: 'inherit', cwd: dir });
  if (r.error) throw new AgentInstallError(`could not run npm: ${r.error.message}`);
  if (r.status !== 0) throw new AgentInstallError(`npm install ${pin.package}@${pin.version} failed with exit code ${r.status ?? r.signal}`);
  const missing = command.filter((p) => p !== process.execPath && !existsSync(p));
  if (missing.length) throw new AgentInstallError(`npm installed ${pin.package}@${pin.version} but its program is missing: ${missing.join(', ')}`);
  const v = spawnSync(command[0], [...command.slice(1), '--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: dir } });
  const printed = `${v.stdout ?? ''}${v.stderr ?? ''}`.trim();
  if (!printed.includes(pin.version)) throw new AgentInstallError(`${command.join(' ')} --version printed ${JSON.stringify(printed.slice(0, 200))}, not ${pin.version}`);
  writeFileSync(join(dir, 'installed.json'), `${JSON.stringify({ ...pin, command, installedAt: new Date().toISOString() }, null, 2)}\n`);
  log(`${pin.package}@${pin.version} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { agent, ...pin, command };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const force = process.argv.includes('--force');
    const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    for (const agent of named.length ? named : Object.keys(readPins())) {
      const a = ensureAgent(agent, { force });
      log(`${a.agent}: ${a.package}@${a.version}: ${a.command.join(' ')}`);
    }
  } catch (e) {
    console.error(`[agents-cache] install FAILED: ${e instanceof AgentInstallError ? e.message : (e?.stack ?? e)}`);
    process.exit(1);
  }
}

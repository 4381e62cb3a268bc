// eslint-disable-next-line no-restricted-imports -- the stable launcher and the product's own folders in the user's profile, not the workspace
import { readdirSync, readFileSync, statSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- the same
import { mkdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../../adapters/files/atomicFile';
import { CliEnvironment } from '../../cliEnvironment';

// The stable entry of the extension's CLI. VS Code installs an extension in a folder named after
// its version (`~/.vscode/extensions/cleveragents.cleveragents-checkpoints-0.2.0/`) and deletes
// that folder after an update, so a hook or MCP command naming `<that folder>/dist/cli.js` would
// break at the next update, silently: the agent reports a failing hook (or nothing) and its writes
// go unprotected. Commands written from VS Code name instead `hook-runtime/cli.js` in the
// extension's global storage, which does not move: a small script the extension rewrites at each
// activation to load its current version's dist/cli.js. Between an update and the next activation
// the version it names may be gone: it then loads the newest version installed beside it.
// It is plain JavaScript that node (or VS Code's runtime as node) runs on every platform: the
// same file serves Windows, where no `sh` launcher would.

/** The shim, under the extension's global storage (beside the Linux/macOS runtime launcher). */
export const STABLE_CLI_RELATIVE = path.join('hook-runtime', 'cli.js');

/**
 * The hooks' launcher beside the shim (`hook-runtime/node`, Linux and macOS): a sh script the
 * extension writes (extension/agentHooks/hookRuntime.ts) that runs its runtime as Node.js, and
 * hands `hook run` to the resident process without starting it (daemonClient/fastClientScript.ts).
 */
export const LAUNCHER_NAME = 'node';

/** The first line of every shim: how a file is recognised as one (hook status, tests). */
export const SHIM_MARK = '// CleverAgents Checkpoints: the stable entry of the `agents` CLI for hooks and MCP servers.';

/**
 * A folder of an extensions directory holding a version of this extension:
 * `<publisher>.<name>-<major>.<minor>.<patch>`, with a target platform after it for a
 * platform-specific package (`-linux-x64`, `-win32-arm64`...).
 */
export const EXTENSION_FOLDER = /^cleveragents\.cleveragents-checkpoints-(\d{1,9})\.(\d{1,9})\.(\d{1,9})((?:-[a-z0-9]{1,20}){0,3})$/;

/** The shim's text, loading `target` (an absolute dist/cli.js) or else the newest sibling version. */
export function shimText(target: string): string {
  return `${SHIM_MARK}
// Written by the extension at each activation (do not edit: it is rewritten). Hooks and MCP
// configurations name this file, which stays where it is across updates of the extension; it loads
// the CLI of the version that last activated, or when that folder is gone (updated, not yet
// activated) the newest version of the extension installed beside it.
'use strict';
const fs = require('fs');
const path = require('path');
const TARGET = ${JSON.stringify(target)};
const FOLDER = ${EXTENSION_FOLDER.toString()};
function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
// Versions VS Code has marked for removal (an uninstall, or the version an update replaced).
function obsolete(dir) {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, '.obsolete'), 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}
// A folder is a version of ours only when its name says so and its package.json agrees.
function installed(dir, name, marked) {
  const m = FOLDER.exec(name);
  if (!m || marked[name] === true) return undefined;
  const root = path.join(dir, name);
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const version = m[1] + '.' + m[2] + '.' + m[3];
  if (pkg === null || typeof pkg !== 'object' || pkg.publisher !== 'cleveragents' || pkg.name !== 'cleveragents-checkpoints' || pkg.version !== version) return undefined;
  const cli = path.join(root, 'dist', 'cli.js');
  return isFile(cli) ? { cli, parts: [Number(m[1]), Number(m[2]), Number(m[3])] } : undefined;
}
function newer(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}
function newest(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return undefined;
  }
  const marked = obsolete(dir);
  let best;
  for (const name of names) {
    const found = installed(dir, name, marked);
    if (found && (!best || newer(found.parts, best.parts))) best = found;
  }
  return best && best.cli;
}
const extensions = path.dirname(path.dirname(path.dirname(TARGET)));
const cli = path.isAbsolute(TARGET) && isFile(TARGET) ? TARGET : newest(extensions);
if (!cli) {
  process.stderr.write('CleverAgents Checkpoints: the extension is no longer installed (' + TARGET + ' is gone, and ' + extensions + ' holds no other version of it), so this command cannot run. Install the extension again, or remove the hook (agents hook uninstall, or Checkpoints: Disconnect an Agent) or the MCP server.\\n');
  process.exit(1);
}
process.argv[1] = cli;
require(cli);
`;
}

/** The shim's path under `storageDir`. */
export function stableCliPath(storageDir: string): string {
  return path.join(storageDir, STABLE_CLI_RELATIVE);
}

/**
 * Writes the shim for the extension installed at `extensionRoot` (atomically, and only when its
 * text changes) and returns its path.
 */
export async function writeStableCli(storageDir: string, extensionRoot: string): Promise<string> {
  const shim = stableCliPath(storageDir);
  const text = shimText(path.join(extensionRoot, 'dist', 'cli.js'));
  const current = await readFile(shim, 'utf8').catch(() => undefined);
  if (current !== text) {
    await mkdir(path.dirname(shim), { recursive: true });
    await writeFileAtomic(shim, text, 0o644);
  }
  return shim;
}

/** The environment variable by which the extension tells its integrated terminals' `agents` where the shim is. */
export const STABLE_CLI_ENV = CliEnvironment.stableCli;

/**
 * The shim to name instead of `<distDir>/cli.js`, for `agents hook install` and `agents mcp
 * --print-config` run in VS Code's integrated terminal: only when this CLI runs from an installed
 * version of the extension (its folder is versioned) and the variable names an existing shim.
 * A checkout or the npm package keeps naming its own cli.js, which does not move.
 */
export function stableCliFromEnvironment(distDir: string, env: NodeJS.ProcessEnv): string | undefined {
  const shim = env[STABLE_CLI_ENV];
  if (!shim || !path.isAbsolute(shim) || path.basename(shim) !== 'cli.js') return undefined;
  if (!EXTENSION_FOLDER.test(path.basename(path.dirname(distDir)))) return undefined;
  try {
    return readFileSync(shim, 'utf8').startsWith(SHIM_MARK) ? shim : undefined;
  } catch {
    return undefined;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Whether version `a` (major, minor, patch) comes after `b`, by number. */
function isNewer(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The newest version of this extension installed in `extensionsDir`, as the shim finds it (the same
 * rules: the folder's name, its package.json, not marked obsolete, a dist/cli.js), or undefined.
 */
export function newestInstalledCli(extensionsDir: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(extensionsDir);
  } catch {
    return undefined;
  }
  const obsolete = readJson(path.join(extensionsDir, '.obsolete'));
  const marked = (name: string) => typeof obsolete === 'object' && obsolete !== null && (obsolete as Record<string, unknown>)[name] === true;
  let best: { cli: string; parts: number[] } | undefined;
  for (const name of names) {
    const m = EXTENSION_FOLDER.exec(name);
    if (!m || marked(name)) continue;
    const root = path.join(extensionsDir, name);
    const pkg = readJson(path.join(root, 'package.json')) as Record<string, unknown> | undefined;
    if (typeof pkg !== 'object' || pkg === null || pkg.publisher !== 'cleveragents' || pkg.name !== 'cleveragents-checkpoints' || pkg.version !== `${m[1]}.${m[2]}.${m[3]}`) continue;
    const cli = path.join(root, 'dist', 'cli.js');
    if (!isFile(cli)) continue;
    const parts = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!best || isNewer(parts, best.parts)) best = { cli, parts };
  }
  return best?.cli;
}

/**
 * What a file a command names as its CLI would run: itself when it is not a shim; for a shim, the
 * CLI it would load now (its target, else the newest installed version), or undefined when it would
 * fail. For `agents hook status`: a shim whose extension is gone does not run.
 */
export function cliBehind(cli: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(cli, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.startsWith(SHIM_MARK)) return cli;
  const line = /^const TARGET = (".*");$/m.exec(text);
  let target: unknown;
  try {
    target = line ? JSON.parse(line[1]!) : undefined;
  } catch {
    target = undefined;
  }
  if (typeof target !== 'string' || !path.isAbsolute(target)) return undefined;
  return isFile(target) ? target : newestInstalledCli(path.dirname(path.dirname(path.dirname(target))));
}

/** The extensions directory an installed extension lives in, when its folder is one of our versioned ones. */
export function extensionsDirOf(extensionRoot: string): string | undefined {
  return EXTENSION_FOLDER.test(path.basename(extensionRoot)) ? path.dirname(extensionRoot) : undefined;
}

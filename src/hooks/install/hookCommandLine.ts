// eslint-disable-next-line no-restricted-imports -- reads the head of a launcher of ours, outside the workspace
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { noDaemon } from '../../daemonClient/daemonFiles';
import type { HookAgent } from '../../daemonClient/hookAgents';
import { LAUNCHER_MARK, isLauncherText, launcherVersion } from '../../daemonClient/launcherText';
import { LAUNCHER_NAME, cliBehind, stableCliFromEnvironment } from './stableCli';

/**
 * The program an installed hook starts: this node and this package's `dist/cli.js`, both by
 * absolute path, because the agent's PATH need not hold `agents` (nor the node that runs it).
 */
export interface HookProgram {
  readonly node: string;
  readonly cli: string;
  /**
   * `node` is an Electron program (VS Code's own, when `agents` runs in its integrated terminal):
   * it runs as Node.js only with ELECTRON_RUN_AS_NODE=1, which the agent's environment lacks, so
   * the command sets it (as VS Code's `code` launcher does). Without it the agent would start a
   * VS Code window at every tool call.
   */
  readonly electron?: boolean;
  /**
   * The resident process is turned off (VS Code's `cleveragents.checkpoints.agents.residentProcess`
   * set to false): the command sets CLEVERAGENTS_NO_DAEMON=1, the agent's environment being out
   * of the setting's reach. See docs/AGENTS.md, "The resident process".
   */
  readonly noDaemon?: boolean;
}

/**
 * The running node and the `cli.js` beside the running bundle (`dist/agentsHookAdmin.js`,
 * `dist/extension.js` and `dist/cli.js` all live in dist/), or, run from an installed extension's
 * versioned folder in VS Code's terminal, the extension's stable shim (see stableCli.ts). Run with
 * CLEVERAGENTS_NO_DAEMON=1, the hooks it writes carry it too.
 */
export function runningHookProgram(distDir: string = __dirname, env: NodeJS.ProcessEnv = process.env): HookProgram {
  const shim = stableCliFromEnvironment(distDir, env);
  const daemon = noDaemon(env) ? { noDaemon: true } : {};
  // The extension's launcher beside its shim, when it wrote one: the hooks it connects name it,
  // and a hook installed from its terminal is then the same command, fast client included.
  const launcher = shim === undefined ? undefined : launcherBeside(shim);
  if (shim && launcher) return { node: launcher, cli: shim, ...daemon };
  return { node: process.execPath, cli: shim ?? path.join(distDir, 'cli.js'), ...(process.versions.electron ? { electron: true } : {}), ...daemon };
}

/** `hook-runtime/node` beside the shim when it is the extension's launcher (Linux and macOS only). */
function launcherBeside(shim: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const launcher = path.join(path.dirname(shim), LAUNCHER_NAME);
  try {
    const head = readFileSync(launcher, 'utf8').slice(0, 200).split('\n');
    return head[0] === '#!/bin/sh' && head[1]?.startsWith(LAUNCHER_MARK) && (statSync(launcher).mode & 0o111) !== 0 ? launcher : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which client a hook of `program` runs on Linux and macOS: `fast` when it names a launcher of ours
 * with the fast client (the extension's, or the terminal's: daemonClient/cliLauncher.ts) and the resident
 * process is not turned off in the command; else `node`. With the launcher's version.
 */
export function hookClient(program: HookProgram): { readonly client: 'fast' | 'node'; readonly version?: string } {
  if (program.noDaemon || process.platform === 'win32') return { client: 'node' };
  let head: string;
  try {
    head = readFileSync(program.node, 'utf8').slice(0, 4096);
  } catch {
    return { client: 'node' };
  }
  const version = isLauncherText(head) ? launcherVersion(head) : undefined;
  return version === undefined ? { client: 'node' } : { client: 'fast', version };
}

/**
 * Whether both paths are there: a configured command whose node or CLI moved away no longer runs.
 * A CLI that is the extension's stable shim runs when it finds a version of the extension to load.
 */
export function programResolves(program: HookProgram): boolean {
  return path.isAbsolute(program.node) && path.isAbsolute(program.cli) && existsSync(program.node) && cliBehind(program.cli) !== undefined;
}

/** A word for bash (and sh): double quotes, with the four characters that stay special inside them escaped. */
function bashWord(text: string): string {
  return `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}

/** A word for PowerShell: single quotes expand nothing; a quote inside is doubled. */
function powershellWord(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** `"<node>" "<cli.js>" hook run <agent>`, for bash and sh (Claude Code, Cursor, Gemini CLI, Cline, Copilot's `bash`). */
export function bashCommand(program: HookProgram, agent: HookAgent): string {
  return `${envPrefix(program)}${bashWord(forwardSlashes(program.node))} ${bashWord(forwardSlashes(program.cli))} hook run ${agent}`;
}

/**
 * A Windows path (a drive letter or a network share) with forward slashes: Windows takes either, and Git Bash
 * (which runs Claude Code's hooks there) would otherwise need every backslash escaped, which
 * `cmd.exe` would then read literally. A POSIX path is left as it is (a backslash is part of a name there).
 */
export function forwardSlashes(p: string): string {
  return /^(?:[A-Za-z]:\\|\\\\)/.test(p) ? p.replace(/\\/g, '/') : p;
}

const ELECTRON_AS_NODE = 'ELECTRON_RUN_AS_NODE=1';
const NO_DAEMON = 'CLEVERAGENTS_NO_DAEMON=1';

/** The variables a command sets before it starts node: `VAR=1 ` each, for sh. */
function envPrefix(program: HookProgram): string {
  return `${program.electron ? `${ELECTRON_AS_NODE} ` : ''}${program.noDaemon ? `${NO_DAEMON} ` : ''}`;
}

/** The line of a shell script that becomes the hook (Cline's executables): `exec` of the same command. */
export function shellExecLine(program: HookProgram, agent: HookAgent): string {
  return `${envPrefix(program)}exec ${bashCommand({ ...program, electron: false, noDaemon: false }, agent)}`;
}

/** `& '<node>' '<cli.js>' hook run <agent>`, for Copilot's `powershell` (the call operator runs a quoted path). */
export function powershellCommand(program: HookProgram, agent: HookAgent): string {
  const env = `${program.electron ? "$env:ELECTRON_RUN_AS_NODE='1'; " : ''}${program.noDaemon ? "$env:CLEVERAGENTS_NO_DAEMON='1'; " : ''}`;
  return `${env}& ${powershellWord(program.node)} ${powershellWord(program.cli)} hook run ${agent}`;
}

/**
 * Whether `command` is one this installer wrote for `agent`: it starts our CLI (a path ending in
 * cli.js) with `hook run <agent>`. The CLI's path itself may differ (an older install, another
 * checkout): such an entry is still ours, replaced by install and removed by uninstall.
 */
export function isOurCommand(command: unknown, agent: HookAgent): boolean {
  if (typeof command !== 'string') return false;
  const escaped = agent.replace(/[-]/g, '\\-');
  return new RegExp(`cli\\.js["']?\\s+hook\\s+run\\s+${escaped}(?:\\s|$)`).test(command);
}

/** The node and cli.js paths of a bash command this installer wrote, to check they still exist. */
export function programOfCommand(command: string): HookProgram | undefined {
  const word = String.raw`"((?:[^"\\]|\\.)*)"`;
  const match = new RegExp(`^(?:exec\\s+)?(${ELECTRON_AS_NODE}\\s+)?(${NO_DAEMON}\\s+)?(?:exec\\s+)?${word}\\s+${word}\\s+hook\\s+run\\b`).exec(command.trim());
  if (!match) return undefined;
  const unescape = (s: string): string => s.replace(/\\(["\\$`])/g, '$1');
  return { node: unescape(match[3]!), cli: unescape(match[4]!), ...(match[1] ? { electron: true } : {}), ...(match[2] ? { noDaemon: true } : {}) };
}

import * as path from 'node:path';
import { cliLauncherPlace, cliLauncherText, unsafeLauncherPlace, writeCliLauncher } from '../../daemonClient/cliLauncher';
import type { HookProgram } from './hookCommandLine';

// What `agents hook install` names when no program is given (hookAdminCommand.ts): on Linux and
// macOS, a launcher of its own with the fast client (daemonClient/cliLauncher.ts), as hooks connected
// from VS Code have; else (Windows, the resident process turned off, a CLI that does not know its
// version, a place refused) node itself, as before.

/** The package's version, written in at build time (esbuild's `define`); unbuilt (tests from out/): none. */
declare const AGENTS_VERSION: string;

export interface TerminalProgram {
  readonly program: HookProgram;
  /** The launcher the hooks name, and whether this install (re)wrote it. */
  readonly launcher?: { readonly path: string; readonly written: boolean };
  /** Why node is named instead of a launcher, when a launcher was wanted. */
  readonly warning?: string;
}

export interface TerminalHost {
  readonly env: NodeJS.ProcessEnv;
  readonly homeDir: string;
  readonly platform: NodeJS.Platform;
  readonly version: string | undefined;
  readonly uid: number | undefined;
  /** dist/ of this CLI: the hooks' cli.js must be its own (not the extension's stable shim). */
  readonly distDir: string;
  /** The runtime running this CLI. */
  readonly execPath: string;
}

export function currentTerminalHost(env: NodeJS.ProcessEnv, homeDir: string): TerminalHost {
  return {
    env,
    homeDir,
    platform: process.platform,
    version: typeof AGENTS_VERSION === 'string' ? AGENTS_VERSION : undefined,
    uid: typeof process.getuid === 'function' ? process.getuid() : undefined,
    distDir: __dirname,
    execPath: process.execPath,
  };
}

/**
 * `node`, the program runningHookProgram found, or its launcher in its place. The launcher is
 * written now unless `dryRun` (the hooks then name where it would be).
 */
export function terminalHookProgram(node: HookProgram, host: TerminalHost, workspace: string, dryRun: boolean): TerminalProgram {
  // no fast client wanted (the resident process off), none possible (Windows, an unbuilt CLI), or
  // the extension's own launcher or stable shim named already (VS Code's terminal)
  const own = node.node === host.execPath && node.cli === path.join(host.distDir, 'cli.js');
  if (host.platform === 'win32' || node.noDaemon || host.version === undefined || host.uid === undefined || !own) return { program: node };
  const place = cliLauncherPlace(node.cli, host.env, host.homeDir);
  if (!place) return { program: node, warning: 'no state folder for the hooks\' launcher (neither XDG_STATE_HOME nor HOME is an absolute path): the hooks start node' };
  const text = cliLauncherText(node.node, node.electron === true, host.version, host.uid);
  try {
    if (dryRun) {
      const unsafe = unsafeLauncherPlace(place, workspace);
      if (unsafe) throw new Error(`the hooks' launcher would not be written: ${unsafe}`);
      return { program: { node: place.file, cli: node.cli }, launcher: { path: place.file, written: false } };
    }
    const written = writeCliLauncher(place, text, workspace);
    return { program: { node: place.file, cli: node.cli }, launcher: { path: place.file, written } };
  } catch (error) {
    return { program: node, warning: `${(error as Error).message}; the hooks start node instead (slower: no fast client)` };
  }
}

// eslint-disable-next-line no-restricted-imports -- the launcher and package.json in the extension's own folders, not the workspace's
import { existsSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- the same
import { chmod, mkdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../../adapters/files/atomicFile';
import { executableOnPath } from '../../adapters/files/executableOnPath';
import type { HookProgram } from '../../hooks/install/hookCommandLine';
import { LAUNCHER_NAME, STABLE_CLI_RELATIVE, writeStableCli } from '../../hooks/install/stableCli';
import { launcherText as sharedLauncherText } from '../../daemonClient/launcherText';

// The program a hook installed from VS Code starts. The agent runs it outside VS Code (Claude Code
// in a terminal, Cursor, Gemini CLI...), so it must not depend on VS Code running, nor on the
// agent's PATH. The CLI is the stable shim in the extension's global storage (hook-runtime/cli.js,
// see hooks/install/stableCli.ts), which loads this extension's dist/cli.js and survives its
// updates; the versioned folder itself is deleted by VS Code after an update. The runtime is the one
// running this extension, through a launcher in the global storage (hook-runtime/node), on Linux
// and macOS:
// - in desktop VS Code, process.execPath is the Electron binary, which starts the editor unless
//   ELECTRON_RUN_AS_NODE=1 is set (what VS Code's own `code` launcher does): the launcher sets it;
// - in a VS Code server (Remote - SSH, WSL, dev containers, Codespaces, code-server),
//   process.execPath is a real node, but inside the server's versioned folder
//   (~/.vscode-server/bin/<commit>/node), which the server's next update deletes. Named directly,
//   every hook would then fail, and the agent goes on without checkpoints.
// So the command names the launcher, which is rewritten at each activation with the runtime of the
// day; until then, when the runtime it names is gone, it runs a node on the PATH, or says what
// happened. The installer's command is `"<node>" "<cli.js>" hook run <agent>` (programOfCommand
// parses exactly that). No Node.js install is needed.
// On Windows, where such a launcher would need a .cmd that PowerShell and sh both run, a plain node
// host is named as it is, and for Electron the first node.exe on the PATH is named, and without one
// the command says to install Node.js.

/** The name of the launcher, under the extension's global storage. */
export const LAUNCHER_RELATIVE = path.join(path.dirname(STABLE_CLI_RELATIVE), LAUNCHER_NAME);

/**
 * The launcher: the fast client first (a hook handed to the workspace's resident process,
 * daemonClient/fastClientScript.ts), when the host says which version and user it is for; then node,
 * which does everything else. The same text as the launcher `agents hook install` writes from a
 * terminal (daemonClient/launcherText.ts), but for VS Code's runtime.
 */
export function launcherText(runtime: string, electron: boolean, fast?: { readonly version: string; readonly uid: number }): string {
  return sharedLauncherText({
    runtime,
    electron,
    what: electron ? "VS Code's own runtime as Node.js" : 'the Node.js of the VS Code server',
    gone: " (VS Code or its server was updated) and no node is on the PATH; open this workspace in VS Code once to repair the hooks' runtime.",
    ...(fast ? { fast } : {}),
  });
}

export interface HookRuntimeHost {
  /** dist/ of this extension. */
  readonly distDir: string;
  /** The extension's global storage folder (created when missing). */
  readonly storageDir: string;
  readonly execPath: string;
  /** Set when the host is Electron (desktop VS Code). */
  readonly electron: string | undefined;
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  /** This extension's version and the user running it: the launcher's fast client is for them (none: no fast client). */
  readonly fast?: { readonly version: string; readonly uid: number };
}

export function currentHost(distDir: string, storageDir: string): HookRuntimeHost {
  const version = (() => {
    try {
      const parsed = JSON.parse(readFileSync(path.join(distDir, '..', 'package.json'), 'utf8')) as { version?: unknown };
      return typeof parsed.version === 'string' ? parsed.version : undefined;
    } catch {
      return undefined;
    }
  })();
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  return {
    distDir,
    storageDir,
    execPath: process.execPath,
    electron: process.versions.electron,
    platform: process.platform,
    env: process.env,
    ...(version !== undefined && uid !== undefined ? { fast: { version, uid } } : {}),
  };
}

/** The node and cli.js that hooks installed from this window start; writes the shim, and the launcher when one is needed. */
export async function vscodeHookProgram(host: HookRuntimeHost): Promise<HookProgram> {
  const cli = await writeStableCli(host.storageDir, path.dirname(host.distDir));
  if (host.platform === 'win32') {
    if (host.electron === undefined) return { node: host.execPath, cli };
    const node = executableOnPath('node.exe', host.env);
    if (!node) throw new Error('the agents start the hook outside VS Code, with Node.js: no node.exe was found on the PATH. Install Node.js 20 or later, then connect again.');
    return { node, cli };
  }
  return { node: await writeLauncher(host), cli };
}

/**
 * At activation: a launcher that hooks already name is rewritten for the runtime of this start
 * (after an update of VS Code or of its server, the one it named may be gone). None: nothing to do.
 */
export async function refreshLauncher(host: HookRuntimeHost): Promise<boolean> {
  if (host.platform === 'win32' || !existsSync(path.join(host.storageDir, LAUNCHER_RELATIVE))) return false;
  await writeLauncher(host);
  return true;
}

async function writeLauncher(host: HookRuntimeHost): Promise<string> {
  const launcher = path.join(host.storageDir, LAUNCHER_RELATIVE);
  const text = launcherText(host.execPath, host.electron !== undefined, host.fast);
  const current = await readFile(launcher, 'utf8').catch(() => undefined);
  if (current !== text) {
    await mkdir(path.dirname(launcher), { recursive: true });
    await writeFileAtomic(launcher, text, 0o755);
    await chmod(launcher, 0o755);
  }
  return launcher;
}

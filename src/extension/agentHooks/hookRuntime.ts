import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../../adapters/files/atomicFile';
import type { HookProgram } from '../../hooks/install/hookCommandLine';
import { writeStableCli } from '../../hooks/install/stableCli';

// The program a hook installed from VS Code starts. The agent runs it outside VS Code (Claude Code
// in a terminal, Cursor, Gemini CLI...), so it must not depend on VS Code running, nor on the
// agent's PATH. The CLI is the stable shim in the extension's global storage (hook-runtime/cli.js,
// see hooks/install/stableCli.ts), which loads this extension's dist/cli.js and survives its
// updates; the versioned folder itself is deleted by VS Code after an update. The runtime:
// - in code-server (and any host that runs extensions on plain Node.js), process.execPath is a
//   real node: it is named directly;
// - in desktop VS Code, process.execPath is the Electron binary, which starts the editor unless
//   ELECTRON_RUN_AS_NODE=1 is set (what VS Code's own `code` launcher does). The installer's
//   command is `"<node>" "<cli.js>" hook run <agent>` (programOfCommand parses exactly that), so on
//   Linux and macOS a two-line launcher in the extension's global storage stands for node: it sets
//   the variable and execs VS Code's runtime. No Node.js install is needed;
// - on Windows, where such a launcher would need a .cmd that PowerShell and sh both run, the first
//   node.exe on the PATH is named, and without one the command says to install Node.js.

/** The name of the launcher, under the extension's global storage. */
export const LAUNCHER_RELATIVE = path.join('hook-runtime', 'node');

function launcherText(runtime: string): string {
  const quoted = `"${runtime.replace(/(["\\$`])/g, '\\$1')}"`;
  return `#!/bin/sh\n# CleverAgents Checkpoints: runs VS Code's own runtime as Node.js for the agents' hooks.\nELECTRON_RUN_AS_NODE=1 exec ${quoted} "$@"\n`;
}

function nodeOnPath(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? env.Path ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, 'node.exe');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
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
}

export function currentHost(distDir: string, storageDir: string): HookRuntimeHost {
  return { distDir, storageDir, execPath: process.execPath, electron: process.versions.electron, platform: process.platform, env: process.env };
}

/** The node and cli.js that hooks installed from this window start; writes the shim, and the launcher when one is needed. */
export async function vscodeHookProgram(host: HookRuntimeHost): Promise<HookProgram> {
  const cli = await writeStableCli(host.storageDir, path.dirname(host.distDir));
  if (host.electron === undefined) return { node: host.execPath, cli };
  if (host.platform === 'win32') {
    const node = nodeOnPath(host.env);
    if (!node) throw new Error('the agents start the hook outside VS Code, with Node.js: no node.exe was found on the PATH. Install Node.js 20 or later, then connect again.');
    return { node, cli };
  }
  const launcher = path.join(host.storageDir, LAUNCHER_RELATIVE);
  const text = launcherText(host.execPath);
  const current = await readFile(launcher, 'utf8').catch(() => undefined);
  if (current !== text) {
    await mkdir(path.dirname(launcher), { recursive: true });
    await writeFileAtomic(launcher, text, 0o755);
    await chmod(launcher, 0o755);
  }
  return { node: launcher, cli };
}

// eslint-disable-next-line no-restricted-imports -- mkdirSync makes the user's own state folder (~/.local/state), the guarded layer's root; below it, stateFiles.ts
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { relativeInside } from '../adapters/files/realDataPath';
import { makeStateDir, readStateText, writeStateFile } from '../adapters/files/stateFiles';
import { isLauncherText, launcherText } from './launcherText';

// The launcher `agents hook install` writes from a terminal (Linux, macOS), so that hooks installed
// outside VS Code take the fast client too (launcherText.ts): without it, every hooked call starts
// Node.js. It is written when hooks are installed, never by an install script of the package.
//
// Where: `$XDG_STATE_HOME/cleveragents-checkpoints/hook-runtime/node-<key>`, else under
// `~/.local/state/`; one launcher per CLI (`<key>` is made from the path of its dist/cli.js), so two
// copies of the CLI (the npm package and a checkout) never rewrite each other's. The state folder
// itself is the user's choice (it may be reached through a link); below it everything goes through
// the guarded layer (stateFiles.ts: no link, the user's own, folders 0700). The launcher runs at
// every tool call with the user's rights, so its place must be one only the user can change: the
// state folder and every folder above it belong to the user or root and no one else may write
// there (a folder with the sticky bit, such as /tmp, above the state folder is fine); and it must
// not lie inside the workspace, which arrives with whatever was cloned. Refused, the hooks name
// node as before.
//
// When the CLI is updated in place (npm update, git pull and a build), the launcher still names the
// old version: the resident process of the new version refuses its fast client, and node does the
// call. That node call notices (the launcher tells it its path, LAUNCHER_PATH_ENV) and rewrites the
// launcher for its own version and runtime (clientMain.ts), so one call after an update is slow and
// the next are fast again. An install rewrites it too.

/** The folder under the state folder that holds our files. */
export const STATE_FOLDER = 'cleveragents-checkpoints';
const LAUNCHER_FOLDER = 'hook-runtime';
const LAUNCHER_MAX_BYTES = 256 * 1024;

/** A launcher's place: the state folder (the guarded layer's root) and the launcher's file. */
export interface LauncherPlace {
  readonly base: string;
  readonly file: string;
}

/** 16 hex digits from the CLI's path (FNV-1a twice): a name, not a secret, and no crypto to load. */
function keyOf(cli: string): string {
  const fnv = (seed: number) => {
    let h = seed >>> 0;
    for (let i = 0; i < cli.length; i++) {
      h ^= cli.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return `${fnv(0x811c9dc5)}${fnv(0x050c5d1f)}`;
}

/** The launcher for the CLI at `cli` (its dist/cli.js), under the state folder `env` and `home` name. */
export function cliLauncherPlace(cli: string, env: NodeJS.ProcessEnv, home: string): LauncherPlace | undefined {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? path.resolve(xdg) : path.isAbsolute(home) ? path.join(home, '.local', 'state') : undefined;
  return base === undefined ? undefined : { base, file: path.join(base, STATE_FOLDER, LAUNCHER_FOLDER, `node-${keyOf(cli)}`) };
}

/** The place of a launcher named by its own path (LAUNCHER_PATH_ENV), when it is the one for `cli`. */
export function launcherPlaceOf(file: string, cli: string): LauncherPlace | undefined {
  if (!path.isAbsolute(file) || path.basename(file) !== `node-${keyOf(cli)}`) return undefined;
  const folder = path.dirname(file);
  if (path.basename(folder) !== LAUNCHER_FOLDER || path.basename(path.dirname(folder)) !== STATE_FOLDER) return undefined;
  return { base: path.dirname(path.dirname(folder)), file: path.normalize(file) };
}

function ownerOk(uid: number, root: boolean): boolean {
  const me = typeof process.getuid === 'function' ? process.getuid() : uid;
  return uid === me || (root && uid === 0);
}

/**
 * Why the launcher must not be written (or run) there, or undefined when the place is safe: see
 * the comment at the top. `workspace`: the folder the hooks are installed for, when there is one.
 */
export function unsafeLauncherPlace(place: LauncherPlace, workspace?: string): string | undefined {
  // the state folder as the disk has it: its nearest existing folder resolved, the rest as named
  let existing = place.base;
  const rest: string[] = [];
  for (;;) {
    try {
      existing = realpathSync.native(existing);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(existing) === existing) return `the state folder ${place.base} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      rest.unshift(path.basename(existing));
      existing = path.dirname(existing);
    }
  }
  const real = path.join(existing, ...rest);
  if (workspace !== undefined) {
    let ws = workspace;
    try {
      ws = realpathSync.native(workspace);
    } catch {
      // a workspace that is not there holds nothing
    }
    if (relativeInside(ws, real) !== undefined) return `the state folder ${place.base} is inside the workspace, which others' files can arrive in`;
  }
  // Our two folders, the state folder, and every folder above it, where they exist.
  const chain: { dir: string; ours: boolean }[] = [
    { dir: path.join(real, STATE_FOLDER, LAUNCHER_FOLDER), ours: true },
    { dir: path.join(real, STATE_FOLDER), ours: true },
  ];
  for (let dir = real; ; dir = path.dirname(dir)) {
    chain.push({ dir, ours: dir === real });
    if (path.dirname(dir) === dir) break;
  }
  for (const { dir, ours } of chain) {
    let info;
    try {
      info = lstatSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return `${dir} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    if (info.isSymbolicLink()) return `${dir} is a symbolic link`;
    if (!info.isDirectory()) return `${dir} is not a folder`;
    if (!ownerOk(info.uid, !ours)) return `${dir} belongs to another user (uid ${info.uid})`;
    const othersWrite = (info.mode & 0o022) !== 0;
    const sticky = (info.mode & 0o1000) !== 0;
    if (othersWrite && (ours || !sticky)) return `others may write in ${dir} (mode ${(info.mode & 0o7777).toString(8)})`;
  }
  return undefined;
}

/** The launcher for this process's runtime and the CLI version `version`, for the user `uid`. */
export function cliLauncherText(runtime: string, electron: boolean, version: string, uid: number): string {
  return launcherText({
    runtime,
    electron,
    what: electron ? "VS Code's runtime as Node.js" : 'the Node.js that installed the hooks',
    gone: ' and no node is on the PATH; run `agents hook install <agent>` again with a Node.js that stays.',
    fast: { version, uid },
    tellPath: true,
  });
}

/**
 * Writes `text` as the launcher at `place` (its folders made private, the file 0700, replaced
 * atomically), unless it holds that text already; refuses an unsafe place (unsafeLauncherPlace)
 * and what the guarded layer refuses (a link, another user's file). Returns whether it wrote.
 */
export function writeCliLauncher(place: LauncherPlace, text: string, workspace?: string): boolean {
  const check = () => {
    const unsafe = unsafeLauncherPlace(place, workspace);
    if (unsafe) throw new Error(`the hooks' launcher is not written: ${unsafe}`);
  };
  check();
  // the state folder is the user's (~/.local/state may not exist yet): made, then checked again
  mkdirSync(place.base, { recursive: true, mode: 0o700 });
  check();
  makeStateDir(place.base, path.dirname(place.file));
  if (readStateText(place.base, place.file, LAUNCHER_MAX_BYTES) === text) return false;
  writeStateFile(place.base, place.file, text, { mode: 0o700 });
  return true;
}

/** The launcher's text at `place`, when it is a launcher of ours; undefined when it is missing or not one. */
export function readCliLauncher(place: LauncherPlace): string | undefined {
  try {
    const text = readStateText(place.base, place.file, LAUNCHER_MAX_BYTES);
    return text !== undefined && isLauncherText(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * At a hook run that the launcher at `file` handed to node (LAUNCHER_PATH_ENV): rewrites it for
 * this CLI's `version` and this runtime when it says anything else (an update of the CLI, a runtime
 * that moved), only when it is the launcher of this very CLI (`cli`, its place and name) and a
 * launcher of ours. Returns whether it wrote; never throws.
 */
export function refreshCliLauncher(file: string, cli: string, version: string): boolean {
  try {
    const place = launcherPlaceOf(file, cli);
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    if (!place || uid === undefined) return false;
    const current = readCliLauncher(place);
    const text = cliLauncherText(process.execPath, process.versions.electron !== undefined, version, uid);
    if (current === undefined || current === text) return false;
    return writeCliLauncher(place, text);
  } catch {
    return false;
  }
}

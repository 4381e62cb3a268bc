import { lstatSync, type Stats } from 'node:fs';
import * as path from 'node:path';

// Where the resident process of a workspace store lives, and the checks that come before any use
// of it. Shared by the client (dist/agentsClient.js, which loads nothing but node:fs, node:net and
// node:path) and the process itself: nothing here may import zod, sql.js or git.

/** The workspace's data folder, as src/adapters/files/nodeWorkspaceFiles names it. */
export const DATA_DIR = '.cleveragents';
/** The default database's name in DATA_DIR (as adapters/sqlStore names it). */
export const DATABASE_FILE = 'cleveragents.db';
/** `.cleveragents/run/`: the socket's folder, 0700. */
export const RUN_DIR = 'run';
/**
 * The socket's name inside `run/`. Clients connect to it by this relative name from inside the
 * folder (see `connectPath`): a Unix socket's whole path must fit in 108 bytes, a workspace's need not.
 */
export const SOCKET_NAME = 'agents.sock';
/** `.cleveragents/logs/daemon.log`: the resident process's stdout and stderr. */
export const DAEMON_LOG = path.join('logs', 'daemon.log');

/** Turns the resident process off for a call (and so for the hooks an installer writes it into). */
export const NO_DAEMON_ENV = 'CLEVERAGENTS_NO_DAEMON';

export function noDaemon(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env[NO_DAEMON_ENV];
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function dataDirOf(workspaceRoot: string): string {
  return path.join(workspaceRoot, DATA_DIR);
}

export function runDirOf(workspaceRoot: string): string {
  return path.join(workspaceRoot, DATA_DIR, RUN_DIR);
}

/**
 * Windows has no Unix sockets in folders: a named pipe, named after the store's real path (pipes
 * live in one namespace, `\\.\pipe\`). Its name holds a hash of the path, never the path itself.
 */
export function windowsPipeName(realDataDir: string, hash: (text: string) => string): string {
  return `\\\\.\\pipe\\cleveragents-${hash(realDataDir.toLowerCase())}`;
}

export type FolderCheck = { readonly ok: true; readonly stats: Stats } | { readonly ok: false; readonly why: string; readonly missing?: boolean };

function ownedByUs(stats: Stats): boolean {
  return typeof process.getuid !== 'function' || stats.uid === process.getuid();
}

/**
 * A folder we may trust with the socket: a real folder (not a symlink), ours; with `private`,
 * usable by no one else (no group or other permission bits). Nothing from the workspace is trusted.
 */
export function checkFolder(dir: string, options: { readonly private: boolean }): FolderCheck {
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, why: `${dir}: ${code ?? 'cannot be read'}`, missing: code === 'ENOENT' };
  }
  if (stats.isSymbolicLink()) return { ok: false, why: `${dir} is a symbolic link` };
  if (!stats.isDirectory()) return { ok: false, why: `${dir} is not a folder` };
  if (!ownedByUs(stats)) return { ok: false, why: `${dir} belongs to another user` };
  if (options.private && process.platform !== 'win32' && (stats.mode & 0o077) !== 0) return { ok: false, why: `${dir} is open to other users (mode ${(stats.mode & 0o777).toString(8)})` };
  return { ok: true, stats };
}

/** The socket itself: a socket, ours, 0600 or stricter. */
export function checkSocket(file: string): FolderCheck {
  let stats: Stats;
  try {
    stats = lstatSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, why: `${file}: ${code ?? 'cannot be read'}`, missing: code === 'ENOENT' };
  }
  if (!stats.isSocket()) return { ok: false, why: `${file} is not a socket` };
  if (!ownedByUs(stats)) return { ok: false, why: `${file} belongs to another user` };
  if ((stats.mode & 0o077) !== 0) return { ok: false, why: `${file} is open to other users (mode ${(stats.mode & 0o777).toString(8)})` };
  return { ok: true, stats };
}

import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { StoreRefusedError } from '../../core/errors';

/**
 * Refuses unless every folder and file that exists on the way from the workspace folder down to
 * `target` is a real one: no symbolic link (nor a Windows junction, which lstat reports as one) and
 * no file where a folder belongs. `.cleveragents/` arrives with whatever the user clones: a link
 * there (or at the database, the store, the journals) would make this program write, rename and
 * delete outside the workspace. The walk starts at the workspace's resolved path and looks at each
 * component with lstat, so what is checked is what the writes go through; what does not exist yet
 * is made later by mkdir as a real folder. The workspace folder itself may be reached through a
 * link: the user chose it. The looks are synchronous: every read and write of the database makes
 * them, and a few lstat calls take microseconds where a round trip through the thread pool each
 * takes far more (and waits its turn on a busy event loop).
 */
export async function assertRealDataPath(workspaceRoot: string, target: string): Promise<void> {
  checkRealDataPath(workspaceRoot, target);
}

/** `assertRealDataPath`, synchronous (stateFiles.ts): also refuses what belongs to another user. */
export function checkRealDataPath(workspaceRoot: string, target: string): void {
  const relative = relativeInside(workspaceRoot, target);
  if (relative === '') return;
  if (relative === undefined) {
    throw new StoreRefusedError(`Refused: ${target} is outside the workspace folder ${workspaceRoot}; CleverAgents keeps its data only inside the workspace.`);
  }
  let current = realpathOr(workspaceRoot);
  const names = relative.split(path.sep);
  for (const [i, name] of names.entries()) {
    current = path.join(current, name);
    const shown = names.slice(0, i + 1).join('/');
    let info;
    try {
      info = lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new StoreRefusedError(`Refused: cannot look at ${shown} (${(error as Error).message}).`, { cause: error });
    }
    if (info.isSymbolicLink()) {
      const to = printable(readlinkOr(current, 'somewhere else'));
      throw new StoreRefusedError(
        `Refused: ${shown} is a symbolic link (to ${to}). CleverAgents keeps its data only in real folders and files inside the workspace, ` +
          `so that nothing it writes lands elsewhere. Move the link aside (put a real folder in its place to keep what it points to) and try again.`,
      );
    }
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
      throw new StoreRefusedError(`Refused: ${shown} belongs to another user (uid ${info.uid}). CleverAgents uses only its own files and folders.`);
    }
    if (i < names.length - 1 && !info.isDirectory()) {
      throw new StoreRefusedError(`Refused: ${shown} is not a folder. Move it aside and try again.`);
    }
  }
}

/**
 * `target` relative to `root` in the platform's form ('' for the root itself), or undefined when it
 * lies outside: above it, or on another drive (path.win32 gives an absolute path then). A name
 * that merely starts with two dots (`..notes`) is inside.
 */
export function relativeInside(root: string, target: string, paths: path.PlatformPath = path): string | undefined {
  const relative = paths.relative(paths.resolve(root), paths.resolve(target));
  if (relative === '..' || relative.startsWith(`..${paths.sep}`) || paths.isAbsolute(relative)) return undefined;
  return relative;
}

/** Text from a file (a link's target, a config key) made safe to print: no control characters, at most 120 characters. */
export function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '?');
  return clean.length > 120 ? `${clean.slice(0, 119)}…` : clean;
}

function realpathOr(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

function readlinkOr(link: string, fallback: string): string {
  try {
    return readlinkSync(link);
  } catch {
    return fallback;
  }
}

import { realpath, stat } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { workspaceLocation, type WorkspaceLocation } from '../cli/workspaceLocation';

export type HookWorkspace = { readonly ok: true; readonly location: WorkspaceLocation } | { readonly ok: false; readonly why: string };

/**
 * The workspace a hook works in: the folder the event names (its project dir, workspace root or
 * cwd), else as the CLI finds it ($AGENTS_WORKSPACE, else the current directory), with the
 * database $AGENTS_DATABASE names. It must be an existing folder, and neither the file system's
 * root nor the home folder itself: a checkpoint of those would snapshot everything the user has.
 */
export async function hookWorkspace(eventDir: string | undefined, cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<HookWorkspace> {
  let location: WorkspaceLocation;
  try {
    location = workspaceLocation(cwd, eventDir, env);
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
  const dir = location.workspaceRoot;
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) return { ok: false, why: `workspace ${dir} is not an existing folder` };
  const real = await realpath(dir).catch(() => dir);
  if (path.dirname(real) === real) return { ok: false, why: `workspace ${dir} is the root of the file system` };
  if (samePath(real, await realpath(os.homedir()).catch(() => os.homedir()))) return { ok: false, why: `workspace ${dir} is the home folder` };
  return { ok: true, location };
}

/** Whether the platform's file systems usually ignore case in names (Windows, macOS). */
const FOLDS_CASE = process.platform === 'win32' || process.platform === 'darwin';

/**
 * A tool's file as recorded in a checkpoint: relative to the sandbox (the workspace), with `/`
 * separators. Undefined when it lies outside, inside `.cleveragents`, or holds control characters.
 * `paths`: the platform's path functions (path.win32 reads drive letters and backslashes, and
 * another drive is outside); where the file system ignores case (Windows, macOS) `.CleverAgents`
 * is our folder too.
 */
export function sandboxRelativePath(
  root: string,
  base: string | undefined,
  filePath: string | undefined,
  paths: path.PlatformPath = path,
  foldCase: boolean = FOLDS_CASE,
): string | undefined {
  if (filePath === undefined || filePath.length > 4096 || /[\u0000-\u001f\u007f]/.test(filePath)) return undefined;
  const absolute = paths.resolve(base ?? root, filePath);
  const relative = paths.relative(root, absolute);
  if (relative === '' || relative === '..' || relative.startsWith(`..${paths.sep}`) || paths.isAbsolute(relative)) return undefined;
  const posix = relative.split(paths.sep).join('/');
  const first = posix.split('/')[0]!;
  if ((foldCase ? first.toLowerCase() : first) === '.cleveragents') return undefined;
  return posix;
}

/** Whether two resolved paths name the same folder, ignoring case where the platform does. */
export function samePath(a: string, b: string, foldCase: boolean = FOLDS_CASE): boolean {
  return foldCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}

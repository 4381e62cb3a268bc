import { lstat, realpath } from 'node:fs/promises';
import * as path from 'node:path';
import type { HookScope } from './agentHookConfigs';
import { ConfigFileError } from './jsonEdit';

// The workspace is untrusted input: a cloned repository may ship `.claude` as a symbolic link to
// `~/.claude`, or `.github/hooks/x.json` pointing at a file elsewhere, so that a project-scope
// install would write outside it. In project scope, every existing part of a path we write must
// stay inside the workspace once its links are followed. The home folder (user scope) is the
// user's own: links there (dotfiles kept in a repository) are followed.

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

async function lstatOrUndefined(p: string): Promise<import('node:fs').Stats | undefined> {
  try {
    return await lstat(p);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The path to read and write for `relative` (with `/` separators) under `root`: the file itself, or
 * what it links to. Refuses, in project scope, a path that leads out of the workspace.
 */
export async function resolveTarget(root: string, relative: string, scope: HookScope, display: string): Promise<string> {
  const parts = relative.split('/');
  const realRoot = await realpath(root);
  let current = root;
  for (let i = 0; i < parts.length; i++) {
    current = path.join(current, parts[i]!);
    const info = await lstatOrUndefined(current);
    if (!info) break;
    if (!info.isSymbolicLink()) continue;
    let real: string;
    try {
      real = await realpath(current);
    } catch {
      throw new ConfigFileError(`${display}: ${parts.slice(0, i + 1).join('/')} is a symbolic link to nothing; nothing was written`);
    }
    if (scope === 'project' && !isInside(realRoot, real)) {
      throw new ConfigFileError(`${display}: ${parts.slice(0, i + 1).join('/')} is a symbolic link that leads outside the workspace (to ${real}); nothing was written`);
    }
    // the last part is the file itself: write to what it links to, so the link stays a link
    if (i === parts.length - 1) return real;
  }
  return path.join(root, ...parts);
}

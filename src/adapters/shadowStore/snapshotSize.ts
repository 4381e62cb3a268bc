import type { SandboxState } from './shadowRepository';
import type { ShadowGit } from './gitEnvironment';
import { parseBlobSizes, parseLsTree } from './gitOutput';

/**
 * The previous size plus what changed since: the cost follows the changed paths. `before` and
 * `after` name each changed path's blob on either side (an object id, `<tree>:<path>`, or
 * `:0:<path>` for the index), or nothing where the path is absent.
 */
export async function measureChanges(git: ShadowGit, state: SandboxState, changes: ReadonlyArray<{ before?: string; after?: string }>): Promise<{ sizeBytes: number; fileCount: number }> {
  const names = changes.flatMap((c) => [c.before, c.after]).filter((n): n is string => n !== undefined);
  const sizes = new Map<string, number | undefined>();
  if (names.length > 0) {
    const out = await git.raw(['cat-file', '--batch-check=%(objecttype) %(objectsize)'], names.join('\n') + '\n');
    parseBlobSizes(out, names.length).forEach((size, i) => sizes.set(names[i]!, size));
  }
  let sizeBytes = state.sizeBytes ?? 0;
  let fileCount = state.fileCount ?? 0;
  for (const { before, after } of changes) {
    const [old, now] = [before === undefined ? undefined : sizes.get(before), after === undefined ? undefined : sizes.get(after)];
    sizeBytes += (now ?? 0) - (old ?? 0);
    fileCount += (now === undefined ? 0 : 1) - (old === undefined ? 0 : 1);
  }
  return { sizeBytes, fileCount };
}

/** Size and file count of a whole tree. */
export async function measureTree(repoGit: ShadowGit, tree: string): Promise<{ sizeBytes: number; fileCount: number }> {
  const entries = parseLsTree(await repoGit.raw(['ls-tree', '-r', '-z', '-l', tree]));
  return { sizeBytes: entries.reduce((sum, e) => sum + e.size, 0), fileCount: entries.length };
}

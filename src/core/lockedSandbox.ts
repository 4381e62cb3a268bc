import { BusinessRuleViolation } from './errors';
import type { SandboxLocation, SandboxSnapshotter, WorkspaceFiles } from './ports';

/**
 * A sandbox folder as it was resolved before waiting for the store's lock: the path the plan
 * names, the real folder it led to, and that folder's identity (device and inode).
 */
export interface ResolvedSandbox extends SandboxLocation {
  readonly relativePath: string;
  /** Undefined when no folder is there (a sandbox that cleanup removed). */
  readonly identity: string | undefined;
}

/**
 * Resolves a sandbox, refusing a path or symlink that leads out of the workspace; with `missing`,
 * refused with that error when no real folder is there.
 */
export async function resolveSandbox(workspace: WorkspaceFiles, key: string, relativePath: string, missing?: () => Error): Promise<ResolvedSandbox> {
  const dir = await workspace.resolveSandbox(relativePath);
  const identity = await workspace.folderIdentity(dir);
  if (identity === undefined && missing) throw missing();
  return { key, dir, relativePath, identity };
}

/**
 * Runs `work` under the store's lock once the sandboxes resolved before the wait are resolved
 * again and found to be the very same folders. While an operation waits (another plan's long
 * checkpoint holds the lock), its folder, or one on its way, may be replaced by a symlink to
 * elsewhere: writing to the path resolved before the wait would then write there.
 */
export function exclusiveOnSandboxes<T>(
  deps: { readonly snapshotter: Pick<SandboxSnapshotter, 'exclusive'>; readonly workspace: WorkspaceFiles },
  key: string,
  sandboxes: readonly ResolvedSandbox[],
  work: () => Promise<T>,
): Promise<T> {
  return deps.snapshotter.exclusive(key, async () => {
    await confirmSandboxes(deps.workspace, sandboxes);
    return work();
  });
}

/** Refuses (nothing written yet) when a sandbox no longer resolves to the folder it resolved to before. */
export async function confirmSandboxes(workspace: WorkspaceFiles, sandboxes: readonly ResolvedSandbox[]): Promise<void> {
  for (const before of sandboxes) {
    let now: string;
    try {
      const dir = await workspace.resolveSandbox(before.relativePath);
      const identity = await workspace.folderIdentity(dir);
      if (dir === before.dir && identity === before.identity) continue;
      now = identity === undefined ? `${dir}, where no real folder is` : dir === before.dir ? `another folder at ${dir}` : dir;
    } catch (error) {
      now = `a folder that cannot be used (${error instanceof Error ? error.message : String(error)})`;
    }
    throw new BusinessRuleViolation(
      `The sandbox folder changed while waiting for the store lock: "${before.relativePath}" was ${before.dir}, now ${now}. Nothing was changed.`,
    );
  }
}

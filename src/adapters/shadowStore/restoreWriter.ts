import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { IncompleteRestoreError, SandboxError } from '../../core/errors';
import type { SandboxLocation } from '../../core/ports';
import type { ShadowGit } from './gitEnvironment';
import type { RawChange } from './gitOutput';
import { removeFiles, settleRestore } from './restoreSettle';
import type { ShadowRepository } from './shadowRepository';
import { StagedWriteError, refreshEntries, stageFiles, type StagedFiles } from './stagedWrite';
import { firstLine } from './storeFiles';
import { plural } from '../../core/displayText';

/**
 * How a restore's files are written, and put back when that fails: in place by git when the disk
 * has room to spare, else staged beside the store and renamed into place, so a disk that fills up
 * leaves each file whole.
 */
export class RestoreWriter {
  constructor(
    private readonly repo: ShadowRepository,
    /** Free space beyond twice the new contents above which git writes in place; Infinity: always staged. */
    private readonly inPlaceMarginBytes: number | undefined,
  ) {}

  /**
   * Whether the disk holding `dir` has room to spare for the restore's new contents: then git may
   * write them in place, the fast way. Git's checkout truncates a file before it writes it, so
   * near a full disk they are staged first instead ({@link writeStaged}).
   */
  async roomToWriteInPlace(dir: string, diff: readonly RawChange[]): Promise<boolean> {
    const margin = this.inPlaceMarginBytes ?? 64 * 1024 * 1024;
    if (!Number.isFinite(margin)) return false;
    const oids = diff.map((c) => c.newOid).filter((oid): oid is string => oid !== undefined);
    if (oids.length === 0) return true;
    const free = await fs.statfs(dir).then(({ bavail, bsize }) => bavail * bsize, () => undefined);
    if (free === undefined) return false;
    const sizes = await this.repo.repoGit().raw(['cat-file', '--batch-check=%(objectsize)'], `${oids.join('\n')}\n`);
    // A block per file on top of its size, as a file system rounds up.
    const bytes = sizes.split('\n').filter((l) => l.length > 0).reduce((sum, l) => sum + (Number(l) || 0) + 4096, 0);
    return free > 2 * bytes + margin;
  }

  /**
   * A restore near a full disk: each file ends whole, old or new. The new contents are staged
   * first (a disk that fills up there has changed nothing), then renamed into place.
   */
  async writeStaged(sandbox: SandboxLocation, git: ShadowGit, diff: readonly RawChange[], fromRef: string, target: string): Promise<void> {
    try {
      // A two-tree merge's dry run checks everything up front and writes nothing: it refuses
      // rather than overwrite a file it does not know, or one changed since the index.
      await git.raw(['read-tree', '-n', '-m', '-u', fromRef, target]);
    } catch (error) {
      await this.putBack(sandbox, diff, error);
    }
    // The new contents are staged first: a disk that fills up there has changed nothing.
    let staged: StagedFiles;
    try {
      staged = await stageFiles(git, diff.filter((c) => c.newId !== undefined).map((c) => ({ path: c.path, id: c.newId! })), await this.stagingParent());
    } catch (error) {
      const count = error instanceof StagedWriteError ? error.unwritten.length : diff.length;
      if (error instanceof StagedWriteError && error.diskFull) {
        throw new SandboxError(`Rollback failed: ${plural(count, 'file')} could not be written (disk full); nothing was changed. Free some space and try again.`, { cause: error });
      }
      throw new SandboxError(`Rollback failed and nothing was changed: ${firstLine(error)}`, { cause: error });
    }
    try {
      // Then what goes is removed, and what comes is renamed into place (no space needed), each file whole.
      await removeFiles(sandbox.dir, diff.filter((c) => c.newId === undefined).map((c) => c.path));
      await staged.moveIntoPlace(sandbox.dir);
      // The index becomes the target, keeping the stat data of the paths that did not change;
      // those written get theirs (a later two-tree merge refuses an entry with stale stat data).
      await git.raw(['read-tree', '-i', '-m', fromRef, target]);
      await refreshEntries(git, diff.filter((c) => c.newId !== undefined).map((c) => c.path));
    } catch (error) {
      await this.putBack(sandbox, diff, error);
    } finally {
      await staged.discard();
    }
  }

  /**
   * The folder under which contents to write are staged, beside the store (on the workspace's
   * file system). Under the store's lock, whatever is in it was left by a killed process: it goes.
   */
  async stagingParent(): Promise<string> {
    const dir = path.join(this.repo.checkpointDir, 'staging');
    await fs.rm(dir, { recursive: true, force: true });
    return dir;
  }

  /** After a failed restore: puts back what it changed (see {@link settleRestore}) and says how that went. */
  async putBack(sandbox: SandboxLocation, diff: readonly RawChange[], cause: unknown): Promise<never> {
    const reason = firstLine(cause);
    let left: string[];
    try {
      ({ left } = await settleRestore(sandbox.dir, this.repo.keyGit(sandbox), diff, 'before', await this.stagingParent()));
    } catch (second) {
      if (second instanceof StagedWriteError && second.diskFull) {
        // Every file is whole (old or new); the record stays, and recovery finishes or undoes once there is space.
        throw new IncompleteRestoreError(
          `Rollback failed (${reason}): ${plural(second.unwritten.length, 'file')} could not be written (disk full); free some space, then run "agents plan recover" to finish or undo it.`,
          { cause },
        );
      }
      throw new IncompleteRestoreError(`Rollback failed (${reason}) and the sandbox could not be put back automatically (${firstLine(second)}); run "agents plan recover" to finish or undo it.`, { cause });
    }
    if (left.length > 0) {
      throw new SandboxError(
        `Rollback failed (${reason}); the sandbox was put back, except ${plural(left.length, 'path')} that changed meanwhile and ${left.length === 1 ? 'was' : 'were'} left as they are: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}. The safety checkpoint holds them as they were before the rollback.`,
        { cause },
      );
    }
    throw new SandboxError(`Rollback failed and the sandbox was put back as it was: ${reason}`, { cause });
  }
}

import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ShadowGit } from './gitEnvironment';
import { nulList } from './gitOutput';
import { makeRealFolders } from './sandboxPaths';
import { renameOver } from '../files/renameOver';

/** A path to write and what it becomes: `<mode> <object id>`, as a raw diff's side names it. */
export interface EntryToWrite {
  readonly path: string;
  readonly id: string;
}

/** Whether an error (ours, node's or git's) says the disk or its quota is full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || /no space left on device|out of diskspace|ENOSPC|quota exceeded|EDQUOT/i.test(String(error));
}

/** Some files of a staged write could not be written: `unwritten` are as they were, the others hold their new content. */
export class StagedWriteError extends Error {
  constructor(
    readonly unwritten: readonly string[],
    cause: unknown,
    /** Known to be a full disk though the cause does not say so (git prints "unable to write file" without the reason). */
    private readonly outOfSpace = false,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }

  get diskFull(): boolean {
    return this.outOfSpace || isDiskFull(this.cause);
  }
}

/** Less free space than this where a checkout failed means the disk filled up. */
const NEARLY_FULL_BYTES = 1024 * 1024;

async function nearlyFull(dir: string): Promise<boolean> {
  try {
    const { bavail, bsize } = await fs.statfs(dir);
    return bavail * bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/**
 * New contents written where they cannot leave a file half written: {@link stageFiles} checks
 * them all out into a staging folder first (the step that needs space; a disk that fills up
 * there has changed nothing in the sandbox), then `moveIntoPlace` renames each over its path, which
 * needs no space and replaces a file whole. Git's own checkout writes in place: a full disk left
 * files truncated.
 */
export interface StagedFiles {
  /** Renames each staged file over its path (a folder standing there must be empty; it goes). */
  moveIntoPlace(root: string): Promise<void>;
  /** Removes the staging folder; call it in every case. */
  discard(): Promise<void>;
}

/**
 * Checks `entries` out of the store into a fresh folder under `stagingParent` (beside the store,
 * on the workspace's file system), through an index of their own. Throws {@link StagedWriteError}
 * naming every entry when that fails; nothing outside the staging folder is written.
 */
export async function stageFiles(git: ShadowGit, entries: readonly EntryToWrite[], stagingParent: string): Promise<StagedFiles> {
  const dir = path.join(stagingParent, `${process.pid}-${randomBytes(6).toString('hex')}`);
  const files = path.join(dir, 'files');
  const discard = () => fs.rm(dir, { recursive: true, force: true });
  try {
    await fs.mkdir(files, { recursive: true });
    const staging = git.withIndexFile(path.join(dir, 'index'));
    await staging.raw(['update-index', '--add', '-z', '--index-info'], entries.map((e) => `${e.id}\t${e.path}\0`).join(''));
    await staging.raw(['checkout-index', '-f', '-z', `--prefix=${files}${path.sep}`, '--stdin'], nulList(entries.map((e) => e.path)));
  } catch (error) {
    // Looked at before the staged files are removed, while they still take the space.
    const full = !isDiskFull(error) && (await nearlyFull(dir));
    await discard().catch(() => undefined);
    throw new StagedWriteError(entries.map((e) => e.path), error, full);
  }
  return {
    discard,
    moveIntoPlace: async (root) => {
      for (const [i, entry] of entries.entries()) {
        try {
          await moveOne(path.join(files, entry.path), root, entry.path);
        } catch (error) {
          throw new StagedWriteError(entries.slice(i).map((e) => e.path), error);
        }
      }
    },
  };
}

/** Removes a folder that holds nothing but (nested) empty folders; anything else in it makes it fail (ENOTEMPTY). */
async function removeEmptyFolders(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await removeEmptyFolders(path.join(dir, entry.name));
  }
  await fs.rmdir(dir);
}

async function moveOne(staged: string, root: string, rel: string): Promise<void> {
  // Made one level at a time, refusing a symlinked or replaced folder on the way: a rename would
  // follow it out of the sandbox (git's own checkout refuses the same).
  const target = path.join(await makeRealFolders(root, path.posix.dirname(rel)), path.posix.basename(rel));
  // A folder where the file goes: the files it held were removed first; folders git does not record may be left.
  if ((await fs.lstat(target).catch(() => undefined))?.isDirectory()) await removeEmptyFolders(target);
  try {
    await renameOver(staged, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // The sandbox is on another file system than the store: a copy beside the target, renamed over it.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const stat = await fs.lstat(staged);
      if (stat.isSymbolicLink()) await fs.symlink(await fs.readlink(staged), temp);
      else await fs.copyFile(staged, temp);
      await renameOver(temp, target);
    } catch (second) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw second;
    }
  }
}

/**
 * Brings the index's stat data of `paths` (just written with the content the index holds) up to
 * date, as git's own checkout does: a later two-tree merge refuses an entry whose stat data is stale.
 */
export async function refreshEntries(git: ShadowGit, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await git.raw(['update-index', '-q', '-z', '--stdin'], nulList(paths));
}

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { StoreRefusedError, ValidationError } from '../../core/errors';
import { assertRealDataPath } from './realDataPath';

/**
 * Moves an unreadable database out of the way so that a new, empty one is made on next use:
 * renamed beside itself with the time in its name (`cleveragents.db.unreadable-20261201T180000Z`),
 * never deleted, never written over. Refused when the file, or a folder on the way to it, is a
 * symbolic link (`.cleveragents/` comes with whatever the user clones: a rename through a link
 * would act outside the workspace), and when it is not a regular file. Returns the new path.
 */
export async function moveDatabaseAside(workspaceRoot: string, databasePath: string, now: Date): Promise<string> {
  await assertRealDataPath(workspaceRoot, databasePath);
  let info;
  try {
    info = await fs.lstat(databasePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ValidationError(`there is no database at ${databasePath} to move aside`);
    throw error;
  }
  if (info.isSymbolicLink()) throw new StoreRefusedError(`Refused: ${databasePath} is a symbolic link; it was not moved.`);
  if (!info.isFile()) throw new StoreRefusedError(`Refused: ${databasePath} is not a regular file; it was not moved.`);
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  for (let n = 1; n < 100; n++) {
    const target = `${databasePath}.unreadable-${stamp}${n === 1 ? '' : `-${n}`}`;
    try {
      // A hard link then an unlink: unlike rename, a link never replaces a file already there.
      await fs.link(databasePath, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
      // A file system without hard links: a rename, after looking that nothing is there.
      if (await exists(target)) continue;
      await fs.rename(databasePath, target);
      return target;
    }
    await fs.unlink(databasePath);
    return target;
  }
  throw new StoreRefusedError(`Refused: too many files named ${path.basename(databasePath)}.unreadable-${stamp}* already; move some away first.`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { renameOver } from './renameOver';

/** Suffix of the temporary files `writeFileAtomic` creates beside its target. */
export const TEMP_FILE_SUFFIX = '.tmp';

/** The name of a fresh temporary file beside `filePath`; it starts with the target's own name. */
export function tempFileFor(filePath: string): string {
  return `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_FILE_SUFFIX}`;
}

/**
 * Replaces `filePath` with `data` so that a reader (or a crash) sees either the old file or the
 * new one, never a mix: write a temporary file in the same folder, flush it, rename it over the
 * target, then flush the folder so the rename itself survives a power cut. Strings are written
 * as UTF-8.
 */
/** A failed atomic write, saying whether the file was replaced already (only its folder's flush failed). */
export class AtomicWriteError extends Error {
  constructor(
    readonly replaced: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }

  /** Whether the disk (or its quota) was full. */
  get diskFull(): boolean {
    return ['ENOSPC', 'EDQUOT'].includes((this.cause as NodeJS.ErrnoException | undefined)?.code ?? '');
  }
}

export async function writeFileAtomic(filePath: string, content: Uint8Array | string, mode = 0o600): Promise<void> {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const temp = tempFileFor(filePath);
  let renamed = false;
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      let offset = 0;
      while (offset < data.byteLength) {
        const { bytesWritten } = await handle.write(data, offset, data.byteLength - offset);
        offset += bytesWritten;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameOver(temp, filePath);
    renamed = true;
    await fsyncDirectory(path.dirname(filePath));
  } catch (error) {
    throw new AtomicWriteError(renamed, error);
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
}

/** Flushes a folder's entries. Some platforms (Windows) cannot open a folder for this: skip there. */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    await handle.close();
  }
}

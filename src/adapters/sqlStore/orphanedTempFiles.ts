import { readdir, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import type { Logger } from '../../core/ports';
import { TEMP_FILE_SUFFIX } from '../files/atomicFile';

/**
 * The temporary files of a database's saves (`<file>.<…>.tmp`) that a crashed writer left. They
 * exist only while their writer holds the lock, so under the lock any left are such leftovers.
 */
export class OrphanedTempFiles {
  /** `staleLocksBroken()` when they were last cleared; undefined: not yet. */
  private clearedAt: number | undefined;

  constructor(
    private readonly location: string,
    private readonly staleLocksBroken: () => number,
    private readonly logger: Logger,
  ) {}

  /** Removes them, under the lock: on the first write and after a stale lock was broken (else nothing to do). */
  async removeIfDue(): Promise<void> {
    if (this.clearedAt === this.staleLocksBroken()) return;
    this.clearedAt = this.staleLocksBroken();
    const dir = path.dirname(this.location);
    const prefix = `${path.basename(this.location)}.`;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(prefix) && name.endsWith(TEMP_FILE_SUFFIX)) {
        await unlink(path.join(dir, name)).catch(() => undefined);
        this.logger.info(`Removed ${name}, left behind by an interrupted save.`);
      }
    }
  }
}

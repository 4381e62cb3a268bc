import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { SandboxError, StoreError, ValidationError } from '../../core/errors';
import { tempFileFor } from '../files/atomicFile';
import { renameOver } from '../files/renameOver';

export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await directorySize(p);
    else total += (await fs.lstat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * Replaces a small bookkeeping file by rename, without fsync: all of these are rebuilt from git
 * when lost, and flushing them would double the cost of a small checkpoint.
 */
export async function replaceFile(file: string, text: string | Uint8Array): Promise<void> {
  const temp = tempFileFor(file);
  try {
    await fs.writeFile(temp, text);
    await renameOver(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').find((l) => l.trim().length > 0)?.trim() ?? text;
}

export function wrap(what: string, error: unknown): Error {
  if (error instanceof SandboxError || error instanceof ValidationError || error instanceof StoreError) return error;
  if (/no space left on device|out of diskspace|ENOSPC|quota exceeded|EDQUOT/i.test(String(error))) {
    return new SandboxError(`${what}: the disk is full (${firstLine(error)}); free some space and try again. The files are as they were.`, { cause: error });
  }
  return new SandboxError(`${what}: ${firstLine(error)}`, { cause: error });
}

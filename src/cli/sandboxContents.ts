// eslint-disable-next-line no-restricted-imports -- lists the sandbox (the user's files), never .cleveragents/
import { lstat, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { SandboxContents } from './textOutput';

/** Counts the files (and their bytes) under a folder, without following links; for previews only. */
export async function sandboxContents(dir: string): Promise<SandboxContents> {
  const top = await lstat(dir).catch(() => undefined);
  if (!top?.isDirectory()) return { exists: false, files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else {
        files += 1;
        if (entry.isFile()) bytes += (await lstat(full).catch(() => undefined))?.size ?? 0;
      }
    }
  }
  return { exists: true, files, bytes };
}

import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { ensureDataDir } from '../adapters/files/nodeWorkspaceFiles';
import { escapeUnsafe } from '../core/displayText';

/** `.cleveragents/logs/hooks.log` is rotated to `hooks.log.1` when it passes this size. */
export const HOOK_LOG_MAX_BYTES = 256 * 1024;
const LINE_MAX = 2000;

export function hookLogPath(workspaceRoot: string): string {
  return path.join(workspaceRoot, '.cleveragents', 'logs', 'hooks.log');
}

/**
 * Where `hook run` says what it did and what it could not: one escaped line per message, with the
 * time, bounded in size (one rotated file kept). Writing the log never fails the hook: a
 * read-only disk loses the line, nothing else.
 */
export class HookLog {
  private readonly pending: string[] = [];
  private sealed = false;

  constructor(private readonly prefix: string) {}

  line(message: string): void {
    if (this.sealed) return;
    const text = escapeUnsafe(`${new Date().toISOString()} ${this.prefix} ${message}`);
    this.pending.push(text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1)}…` : text);
  }

  get lines(): readonly string[] {
    return this.pending;
  }

  /**
   * Takes no more lines: a hook's work that goes on after its answer (hookRun.ts) must not add to,
   * or contradict, what the answer logged. The lines already taken are still written by `flush`.
   */
  seal(): void {
    this.sealed = true;
  }

  /**
   * Appends the lines to the workspace's hooks.log (creating its folder), rotating it first when
   * full; resolves whether they were written (none pending counts as written). A hook bounds the
   * wait for it (boundedFlush.ts).
   */
  async flush(workspaceRoot: string | undefined): Promise<boolean> {
    if (this.pending.length === 0) return true;
    if (!workspaceRoot) return false;
    const file = hookLogPath(workspaceRoot);
    try {
      // `.cleveragents` with its `.gitignore` of `*`: the user's git never sees the log
      await ensureDataDir(workspaceRoot);
      await mkdir(path.dirname(file), { recursive: true });
      const size = await stat(file).then((s) => s.size, () => 0);
      if (size > HOOK_LOG_MAX_BYTES) await rename(file, `${file}.1`);
      await appendFile(file, `${this.pending.join('\n')}\n`, { mode: 0o600 });
      this.pending.length = 0;
      return true;
    } catch {
      // a read-only or full disk: the agent must not notice
      return false;
    }
  }
}

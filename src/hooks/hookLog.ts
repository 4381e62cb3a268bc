import * as path from 'node:path';
import { ensureDataDir } from '../adapters/files/nodeWorkspaceFiles';
import { appendStateFile, renameStateFile, stateFileInfo } from '../adapters/files/stateFiles';
import { logLine } from '../core/displayText';

/** `.cleveragents/logs/hooks.log` is rotated to `hooks.log.1` when it passes this size. */
export const HOOK_LOG_MAX_BYTES = 256 * 1024;
const LINE_MAX = 2000;

export function hookLogPath(workspaceRoot: string): string {
  return path.join(workspaceRoot, '.cleveragents', 'logs', 'hooks.log');
}

/**
 * Where `hook run` says what it did and what it could not: one line per message, with the time,
 * quoted so that no text from an event can form a shell command (logLine), bounded in size (one
 * rotated file kept). The file is reached only through stateFiles.ts: never through a link, never
 * a FIFO. Writing the log never fails the hook: a read-only disk, or a log that is refused, loses
 * the lines, nothing else.
 */
export class HookLog {
  private readonly pending: string[] = [];
  private sealed = false;

  constructor(private readonly prefix: string) {}

  line(message: string): void {
    if (this.sealed) return;
    const text = logLine(`${new Date().toISOString()} ${this.prefix} ${message}`);
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
      const size = stateFileInfo(workspaceRoot, file)?.size ?? 0;
      if (size > HOOK_LOG_MAX_BYTES) renameStateFile(workspaceRoot, file, `${file}.1`);
      appendStateFile(workspaceRoot, file, `${this.pending.join('\n')}\n`);
      this.pending.length = 0;
      return true;
    } catch {
      // a read-only or full disk, a link or a FIFO in the way: the agent must not notice
      return false;
    }
  }
}

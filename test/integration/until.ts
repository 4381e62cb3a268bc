import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Waits until `probe` gives something truthy (and returns it), or fails naming what it waited for. */
export async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Writes `file` from outside VS Code, as a tool does, and resolves once a file watcher reported
 * it: the extension's own watcher hears the same event at the same moment, which on a busy machine
 * may be seconds later. Fails after `timeoutMs` (a generous deadline, not a wait).
 */
export async function writeAndHear(file: string, content: string, timeoutMs = 60_000): Promise<void> {
  const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const heard = new Promise<void>((resolve) => {
      watcher.onDidCreate(() => resolve());
      watcher.onDidChange(() => resolve());
    });
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no file watcher reported the write of ${file} within ${timeoutMs} ms`)), timeoutMs)));
    fs.writeFileSync(file, content);
    await Promise.race([heard, late]);
  } finally {
    clearTimeout(timer);
    watcher.dispose();
  }
}

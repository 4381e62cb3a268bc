// What the integration suites share: the extension under test activated, the workspace's services
// as another process (the CLI, an agent) has them, and the test-mode seams for dialogs and menus.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createWorkspaceServices, type WorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import type { CheckpointsApi } from '../../src/extension/api/api';
import { TESTING_DIALOGS_COMMAND } from '../../src/extension/rollback/rollbackCommandIds';
import type { RecordedDialog } from '../../src/extension/rollback/rollbackDialogs';

export const EXTENSION_ID = 'cleveragents.cleveragents-checkpoints';

export const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The extension activated (failing when the host did not load it), its API, and the first workspace folder. */
export async function activateExtension<T = CheckpointsApi>(): Promise<{ api: T; extension: vscode.Extension<T>; root: string }> {
  const extension = vscode.extensions.getExtension<T>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  return { api, extension, root: vscode.workspace.workspaceFolders![0].uri.fsPath };
}

/** The workspace's own services beside the extension's, on the same files (close them after the suite). */
export function outsideServices(root: string, options: Partial<Parameters<typeof createWorkspaceServices>[0]> = {}): WorkspaceServices {
  const wasmDir = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist');
  return createWorkspaceServices({ workspaceRoot: root, wasmDir, logger: quiet, ...options });
}

/** The dialogs shown since the last call (forgotten then); `answers` are given to the next ones, in order. */
export async function dialogs(answers?: (string | null)[]): Promise<RecordedDialog[]> {
  return (await vscode.commands.executeCommand<RecordedDialog[]>(TESTING_DIALOGS_COMMAND, answers ? { answers } : undefined)) ?? [];
}

/** The `view/item/context` entries of package.json whose `when` holds for a row with this context value. */
export function menuFor(menus: { command: string; when?: string; group?: string }[], contextValue: string): string[] {
  const shown: string[] = [];
  for (const m of menus) {
    const when = m.when ?? '';
    const eq = /viewItem == ([\w.]+)/.exec(when);
    const re = /viewItem =~ \/(.+?)\/(?: |$)/.exec(when);
    const fits = eq ? eq[1] === contextValue : re ? new RegExp(re[1]).test(contextValue) : false;
    if (fits) shown.push(`${m.command.replace('cleveragents.checkpoints.', '')}${m.group?.startsWith('inline') ? ' (inline)' : ''}`);
  }
  return [...new Set(shown)].sort();
}

function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('cleveragents.checkpoints');
}

/** Automatic checkpoints' quiet time and least interval, shortened for a suite (user settings). */
export async function setAutoCheckpointTimings(debounceMs: number, minIntervalMs: number): Promise<void> {
  await settings().update('autoCheckpoint.debounceMs', debounceMs, vscode.ConfigurationTarget.Global);
  await settings().update('autoCheckpoint.minIntervalMs', minIntervalMs, vscode.ConfigurationTarget.Global);
}

/** Automatic checkpoints' user settings back to their defaults (on, the default timings). */
export async function resetAutoCheckpointSettings(): Promise<void> {
  await settings().update('autoCheckpoint.enabled', undefined, vscode.ConfigurationTarget.Global);
  await settings().update('autoCheckpoint.debounceMs', undefined, vscode.ConfigurationTarget.Global);
  await settings().update('autoCheckpoint.minIntervalMs', undefined, vscode.ConfigurationTarget.Global);
}

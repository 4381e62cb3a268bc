import * as vscode from 'vscode';
import type { DatabaseState } from './contextKeys';
import type { TreeRow } from './treeNodes';
import type { IconSpec } from './treePresentation';

// Small pieces of the Checkpoints view's items (checkpointTree.ts): icons, folding, the dimmed
// labels of finished plans, and the state of several folders as one.

/** Labels of finished plans are dimmed through a FileDecoration on this scheme. */
export const PLAN_URI_SCHEME = 'cleveragents-plan';

/** Dims the labels of applied and cancelled plans. */
export class FinishedPlanDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== PLAN_URI_SCHEME) return undefined;
    return { color: new vscode.ThemeColor('disabledForeground'), tooltip: uri.query };
  }
}

/** The state of several folders as one, for the welcome view: the most useful one wins. */
export function aggregate(states: readonly DatabaseState[]): DatabaseState {
  for (const s of ['ready', 'error', 'empty', 'missing'] as const) if (states.includes(s)) return s;
  return 'noFolder';
}

export function themeIcon(icon: IconSpec): vscode.ThemeIcon {
  return new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
}

export function collapsibleName(state: vscode.TreeItemCollapsibleState | undefined): TreeRow['collapsible'] {
  if (state === vscode.TreeItemCollapsibleState.Expanded) return 'expanded';
  if (state === vscode.TreeItemCollapsibleState.Collapsed) return 'collapsed';
  return 'none';
}

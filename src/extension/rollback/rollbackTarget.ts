import type * as vscode from 'vscode';
import type { WorkspaceServices } from '../../composition';
import type { Checkpoint } from '../../core/checkpoint';
import type { Plan } from '../../core/plan';
import type { FolderServices } from '../folderServices';
import type { TreeNode } from '../tree/checkpointTree';

// What the rollback flows act on and reach through: a checkpoint with its plan, folder and
// services, the workspace folders, the tree. Kept apart from the controller, so that the flows
// beside it (Keep Mine, the unsaved-editors guard, the commands) need nothing of it.

export type RollbackFolders = Pick<FolderServices, 'folders' | 'services' | 'databaseExists' | 'findPlan' | 'planChoices'>;

/** The tree, as far as commands need it: telling its nodes from arguments, and its selection. */
export interface TreeAccess {
  isNode(value: unknown): value is TreeNode;
  selection(): readonly TreeNode[];
  /** Reloads the tree now (after a change made here). */
  refresh?(): void;
  /** Shows the plan's row in the view, selected. */
  reveal?(folder: vscode.WorkspaceFolder, planId: string): Promise<void>;
  /** Fires when the tree's selection changes. */
  onDidChangeSelection?: vscode.Event<unknown>;
}

/** Keeps the automatic checkpoints from reacting to the rollback's own writes. */
export interface WriteSuppressor {
  suppress<T>(planId: string, work: () => Promise<T>): Promise<T>;
}

export interface CheckpointTarget {
  readonly folder: vscode.WorkspaceFolder;
  readonly services: WorkspaceServices;
  readonly plan: Plan;
  readonly checkpoint: Checkpoint;
}

/** Where a panel's state says its files are. */
export function panelFolder(folder: vscode.WorkspaceFolder): { uri: string; name: string } {
  return { uri: folder.uri.toString(), name: folder.name };
}

import type * as vscode from 'vscode';
import type { Checkpoint } from '../../core/checkpoint';
import type { Decision } from '../../core/decision';
import type { InterruptedOperation } from '../../core/interruptedOperation';
import type { Plan } from '../../core/plan';
import type { ShortIds } from '../../core/shortIds';
import type { FetchedOrigin } from '../../remote/fetchedOrigins';
import type { SafetyPlacement } from './safetyPlacement';

// The rows of the Checkpoints view, as data: what each kind of row carries.

export interface FolderNode {
  readonly kind: 'folder';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
}

export interface PlanNode {
  readonly kind: 'plan';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
  readonly plan: Plan;
  /** Oldest first, as the service returns them. */
  readonly checkpoints: readonly Checkpoint[];
  /** An operation a dead process left half done on this plan; writes are refused until it is resolved. */
  readonly interrupted?: InterruptedOperation;
  /** An operation its owner (this or another live process) is still running: shown as under way, not as a warning. */
  readonly inProgress?: InterruptedOperation;
  /** The plan's decisions, oldest first. */
  readonly decisions: readonly Decision[];
  /** Its sandbox folder is gone (an isolated copy deleted by hand): the row says so and offers the ways out. */
  readonly sandboxMissing?: boolean;
  /** Where its rollbacks' safety checkpoints show: under the checkpoint (or prompt) each went back to. */
  readonly safety: SafetyPlacement;
  /** The short ids of the folder's plans, checkpoints, decisions and corrections, as the CLI shows them. */
  readonly shortIds: ShortIds;
  /** Fetched from a git remote (src/remote): where from; the plan is read-only here and sits under the Remote group. */
  readonly origin?: FetchedOrigin;
  readonly parent: FolderNode | RemoteGroupNode | undefined;
}

/** The Remote group: the plans fetched from git remotes, after the folder's own. */
export interface RemoteGroupNode {
  readonly kind: 'remoteGroup';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
  /** Newest first, as the folder's own plans. */
  readonly plans: PlanNode[];
  readonly parent: FolderNode | undefined;
}

/** A decision, under the plan when it builds on none, else under each decision it builds on. */
export interface DecisionNode {
  readonly kind: 'decision';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
  readonly plan: Plan;
  readonly decision: Decision;
  /** The plan's node (for its decisions and checkpoints). */
  readonly planNode: PlanNode;
  readonly parent: PlanNode | DecisionNode;
}

export interface CheckpointNode {
  readonly kind: 'checkpoint';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
  readonly plan: Plan;
  readonly checkpoint: Checkpoint;
  /** The plan's node (for its decisions and checkpoints). */
  readonly planNode: PlanNode;
  /**
   * The plan, or the decision the checkpoint is aligned to: checkpoints are grouped under their
   * decision. In a plan fed by an agent's hooks, under the prompt they followed.
   */
  readonly parent: PlanNode | DecisionNode | CheckpointNode;
  /** A prompt's row (a hook-fed plan): the checkpoints taken after it until the next prompt, oldest first. */
  readonly steps?: readonly Checkpoint[];
  /** The safety checkpoints of rollbacks back to this checkpoint (to this prompt or its tool calls), oldest first. */
  readonly safety?: readonly Checkpoint[];
}

/** A prompt's rollbacks' safety checkpoints, folded into one row under it. */
export interface SafetyGroupNode {
  readonly kind: 'safetyGroup';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
  readonly plan: Plan;
  readonly planNode: PlanNode;
  /** Oldest first. */
  readonly checkpoints: readonly Checkpoint[];
  readonly parent: CheckpointNode;
}

/** A row that is not data: an error reading a database, or a hint in an empty folder. */
export interface MessageNode {
  readonly kind: 'message';
  readonly id: string;
  readonly folder: vscode.WorkspaceFolder;
  readonly label: string;
  readonly tooltip: string;
  readonly severity: 'info' | 'error';
  readonly command: vscode.Command | undefined;
  readonly parent: FolderNode | undefined;
  readonly description?: string;
  /** Default: TreeItemContext.message. */
  readonly contextValue?: string;
}

export type TreeNode = FolderNode | PlanNode | DecisionNode | CheckpointNode | SafetyGroupNode | MessageNode | RemoteGroupNode;

/** The tree as plain data: what the view shows, for tests and the exported API. */
export interface TreeRow {
  readonly id: string;
  readonly label: string;
  readonly description: string | undefined;
  readonly contextValue: string | undefined;
  readonly icon: string | undefined;
  readonly tooltip: string | undefined;
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
  readonly children: TreeRow[];
}

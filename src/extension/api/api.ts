import type * as vscode from 'vscode';
import type { CleverAgentsCheckpointsApi } from '../../../api/cleveragents-checkpoints';
import type { TreeRow } from '../tree/checkpointTree';

export type { TreeRow };

/**
 * What `activate()` returns, for other extensions and the integration tests
 * (`vscode.extensions.getExtension('cleveragents.cleveragents-checkpoints').activate()`).
 * To make plans and checkpoints, run the commands with arguments (see commandArgs.ts).
 */
export interface CheckpointsApi extends CleverAgentsCheckpointsApi {
  readonly apiVersion: 1;
  /** Fires whenever the tree is told to reload: a database changed on disk, a command finished. */
  readonly onDidChangeTree: vscode.Event<void>;
  /** The tree as the view shows it, loaded now: folders (multi-root only) → plans → checkpoints. */
  describeTree(): Promise<TreeRow[]>;
  /** Whether sql.js and git were loaded, which happens at the first use, never at activation. */
  readonly engineLoaded: boolean;
  /** Show Agent Changes set an open file's marks: worked out, or moved with an edit. */
  /**
   * `workedOutMs`: for marks worked out, how long the provenance engine took (the rest of a wait is
   * VS Code's and other extensions'); `phases`: where that time went (AgentMarksSet in agentChanges.ts).
   */
  readonly onDidSetAgentMarks: vscode.Event<{ readonly uri: string; readonly cause: 'computed' | 'moved'; readonly workedOutMs?: number; readonly phases?: Readonly<Record<string, number>> }>;
  /** The marks Show Agent Changes holds for an open file (0-based lines, `end` exclusive). */
  agentMarks(uri: vscode.Uri): readonly { readonly start: number; readonly end: number; readonly group: 'agent' | 'user' | 'unknown' }[];
}

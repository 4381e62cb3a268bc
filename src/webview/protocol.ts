// The messages between the rollback panel's page (src/webview/main.ts) and its host
// (src/extension/rollback/panel/rollbackPanel.ts). Types only, shared by both sides: the page imports nothing
// else, and the host checks every message and every restored state against the zod schemas in
// src/extension/rollback/panel/panelSchemas.ts, which must describe exactly these types.

export type PanelPlanState = 'draft' | 'executing' | 'completed' | 'failed' | 'applied' | 'cancelled';

export type PanelChangeKind = 'added' | 'modified' | 'deleted';

/** One path, relative to the plan's sandbox with POSIX separators. */
export interface PanelChange {
  readonly path: string;
  readonly change: PanelChangeKind;
}

/**
 * What the panel shows:
 * - `rollback`: the result of a rollback (`from` is the checkpoint restored);
 * - `undo`: the result of undoing one (`from` is the safety checkpoint restored);
 * - `preview`: what a rollback to `from` would change, before anything is touched;
 * - `compareCurrent`: `from` against the sandbox as it is now (`to` is null);
 * - `comparePrevious`: the checkpoint before `to` (`from`) against `to`.
 */
export type PanelMode = 'rollback' | 'undo' | 'preview' | 'compareCurrent' | 'comparePrevious';

export interface PanelCheckpoint {
  readonly id: string;
  readonly label: string;
  readonly type: 'pre_write' | 'post_step' | 'manual';
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

/** The envelope's numbers, for rollback and undo. */
export interface PanelRollback {
  readonly restoredFilesCount: number;
  readonly elapsedSeconds: number;
  /** The safety checkpoint taken just before: rolling back to it undoes the rollback. */
  readonly undoCheckpointId: string;
  /** Set once the rollback was undone from this panel (the button then goes away). */
  readonly undone: boolean;
}

/** A correction of a decision whose files the rollback restored: the panel is headed by it. */
export interface PanelCorrection {
  readonly id: string;
  readonly decisionTitle: string;
  readonly mode: 'rollback' | 'keep_independent';
  /** The decisions it reverted, breadth-first from the corrected one (depth 0). */
  readonly reverted: readonly { readonly id: string; readonly title: string; readonly depth: number }[];
  /** Set once it was undone from this panel. */
  readonly undone: boolean;
}

/**
 * An agent-only rollback ("Undo Agent Changes Since Here (Keep Mine)"), or its preview: the changes
 * listed are the agent's, taken out; `kept` are the paths others changed, left as they are.
 */
export interface PanelAgentOnly {
  readonly kept: readonly string[];
  /** Why each kept path stays (the same order as `kept`): whose change it holds. Absent in a state saved before there were reasons. */
  readonly keptReasons?: readonly ('outside_tool_calls' | 'other_session' | 'unknown' | 'not_in_scope')[];
  /** Paths written whose changes by someone else stay in them. */
  readonly merged?: readonly string[];
  /** Paths written with conflict markers (both changed the same lines, and markers were asked for): a person settles them. */
  readonly conflictMarkers?: readonly string[];
  /** Whose tool calls were taken out (AgentOnlyScope); absent: the session's. */
  readonly scope?: 'session' | 'prompt' | 'tool_call' | 'subagent';
  readonly toolCalls: number;
  /** Tool calls with no post_step, counted as the agent's up to the next checkpoint (null: the files now). */
  readonly unclosed: readonly { readonly preWrite: string; readonly skipped: boolean; readonly until: string | null }[];
  /** preview: the snapshot of the files as the rollback would leave them (what the diffs show on their right). */
  readonly target?: string;
}

export interface PanelState {
  readonly version: 1;
  readonly mode: PanelMode;
  readonly folder: { readonly uri: string; readonly name: string };
  readonly plan: { readonly id: string; readonly title: string; readonly sandboxPath: string; readonly state: PanelPlanState };
  readonly from: PanelCheckpoint;
  /** comparePrevious: the newer checkpoint; every other mode: null. */
  readonly to: PanelCheckpoint | null;
  /** Sorted by path. */
  readonly changes: readonly PanelChange[];
  readonly rollback: PanelRollback | null;
  /** When the result was made, ISO-8601 UTC. */
  readonly madeAt: string;
  /** rollback: the correction that made it, if one did. */
  readonly correction?: PanelCorrection;
  /** rollback and preview: set when only the agent's changes are (to be) taken out. */
  readonly agentOnly?: PanelAgentOnly;
  /** preview: other plans' and decisions' later work on these files that the rollback would undo. */
  readonly undoneWork?: readonly PanelUndoneWork[];
  /**
   * compareCurrent before a correction that keeps independent work: the snapshot of what it leaves
   * (its merge), shown on the left instead of the checkpoint's files.
   */
  readonly afterSnapshot?: string;
  /**
   * The short form (core/shortIds.ts, as the tree and the dialogs show it) of each id the panel
   * shows, by whole id; an id without one is shown whole. The whole id stays in its tooltip.
   */
  readonly shortIds?: Readonly<Record<string, string>>;
}

/** Whose later work a previewed rollback undoes. */
export interface PanelUndoneWork {
  readonly kind: 'plan' | 'decision' | 'outside_tool_calls';
  readonly title: string;
  /** Relative to the plan's sandbox, sorted. */
  readonly paths: readonly string[];
}

/** Host → page. */
export type HostMessage =
  /**
   * `canWrite`: the workspace is trusted, so the panel may offer Undo and Roll Back. A page shows
   * neither until the host said so (a panel restored in Restricted Mode never offers them).
   */
  | { readonly type: 'show'; readonly state: PanelState; readonly canWrite: boolean }
  /** An action of the panel is running (or finished): its buttons are disabled meanwhile. */
  | { readonly type: 'busy'; readonly busy: boolean };

/** Page → host. */
export type PageMessage =
  /** The page loaded and listens: the host sends the state. */
  | { readonly type: 'ready' }
  | { readonly type: 'openDiff'; readonly path: string }
  | { readonly type: 'openAll' }
  | { readonly type: 'undo' }
  /** Preview only: go ahead with the rollback (asks for confirmation again). */
  | { readonly type: 'rollback' }
  | { readonly type: 'copyJson' }
  /** Correction result only: undo the correction (files and decisions). */
  | { readonly type: 'undoCorrection' }
  /** Preview and Compare with Current: restore this one path from the checkpoint (asks first). */
  | { readonly type: 'restorePath'; readonly path: string };

export type PageAction = Exclude<PageMessage['type'], 'ready' | 'openDiff' | 'restorePath'>;

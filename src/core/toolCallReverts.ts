// What taking tool calls back out of a snapshot asks and gives (the snapshotter's side of an
// agent-only rollback, core/ports.ts) and why a path can refuse it. Below both the port and the
// rollback's rules (core/agentOnlyRollback.ts), which re-exports these.

/** Why a path cannot be handed back to the agent-free state: both the agent and someone else changed it. */
export const CONFLICT_REASONS = {
  lines: 'the same lines were changed by the agent and by someone else',
  binary: 'a binary file changed by the agent and by someone else',
  created: 'created by the agent, then changed by someone else',
  recreated: 'deleted by the agent, then made again by someone else',
  deleted: 'changed by the agent, then deleted by someone else',
  mode: 'its mode (executable bit or file type) was changed by the agent and by someone else',
  symlink: 'a symbolic link changed by the agent and by someone else',
  folder: 'a file and a folder would have the same path',
} as const;
export type ConflictReason = keyof typeof CONFLICT_REASONS;

export interface AgentOnlyConflict {
  readonly path: string;
  readonly reason: ConflictReason;
}

/** One tool call to take back: the snapshots before and after it. */
export interface ToolCallRefs {
  readonly before: string;
  readonly after: string;
  /**
   * Its side's label when conflict markers are written into a path it changed; given only when
   * they are asked for (without it, a conflict of lines refuses the path).
   */
  readonly markerLabel?: string;
}

/** What taking tool calls back out of a snapshot gives. */
export interface RevertedToolCalls {
  /** The snapshot (a commit) of the files with the tool calls taken out; meaningless while there are conflicts. */
  readonly target: string;
  readonly conflicts: AgentOnlyConflict[];
  /** Paths the target holds with conflict markers (only for calls with a `markerLabel`), sorted. */
  readonly marked: string[];
}

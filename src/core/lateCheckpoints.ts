import type { Checkpoint } from './checkpoint';
import { BusinessRuleViolation } from './errors';

// A checkpoint asked for by a caller that stops waiting (an agent's hook, answered when its time
// budget runs out) must not be recorded once that caller has its answer: the agent then goes on
// and writes, and a `pre_write` read after that write would hold it. The caller hands the
// checkpoint service a RecordingGate, which decides the moment the snapshot has read the files,
// under the store's lock, whether the row is recorded, recorded marked late, or dropped. From that
// moment the checkpoint's content is fixed: a caller told it is recorded may have its answer
// while the tree, the commit and the row are still being written (the resident process answers a
// hook then: src/hooks/hookRun.ts).
//
// Late is `metadata.extra.late = "1"`. Only a plan's first snapshot is ever recorded late (it runs
// in a process of its own and is the plan's baseline: docs/AGENTS.md, "The first snapshot"); a
// hook's own checkpoints are dropped instead. A late checkpoint is no boundary: it neither opens
// nor closes an agent's tool call (agentOnlyRollback.ts), no agent-only rollback starts from it,
// and the search for others' work later than a rollback's target passes over it (undoneWork.ts).

/** The `metadata.extra` key that marks a late checkpoint, and its one value. */
export const LATE_EXTRA_KEY = 'late';
export const LATE_EXTRA_VALUE = '1';

/** Recorded after its caller had stopped waiting for it: its files may hold what came after. */
export function isLateCheckpoint(checkpoint: Checkpoint): boolean {
  // A row parsed from the store always has `extra` (its schema's default); one built by hand may not.
  const extra: Readonly<Record<string, string>> | undefined = checkpoint.metadata.extra;
  return extra?.[LATE_EXTRA_KEY] === LATE_EXTRA_VALUE;
}

/** What a gate says of a checkpoint about to be recorded. */
export type RecordingVerdict = 'record' | 'late' | 'drop';

/** Decides whether a checkpoint whose caller may have stopped waiting is still recorded. */
export interface RecordingGate {
  /** Whether the caller still waits: when not, the work stops before its snapshot (nothing recorded). */
  stillWaited(): boolean;
  /**
   * Asked once, under the store's lock, as soon as the snapshot of `checkpointId` has read the
   * files (before its tree and row are written): what is binding for the caller too (a hook then
   * says it is being taken). A snapshot that then finds nothing changed records nothing.
   */
  claim(checkpointId: string): RecordingVerdict;
}

/** The work of a caller that no longer waits (its gate said so): nothing was recorded. */
export class CheckpointNotWaitedForError extends Error {
  constructor(planId: string) {
    super(`the checkpoint of plan ${planId} was not recorded: its caller had already been answered`);
    this.name = 'CheckpointNotWaitedForError';
  }
}

/** A row marked late (its other metadata unchanged). */
export function markedLate(checkpoint: Checkpoint): Checkpoint {
  return { ...checkpoint, metadata: { ...checkpoint.metadata, extra: { ...checkpoint.metadata.extra, [LATE_EXTRA_KEY]: LATE_EXTRA_VALUE } } };
}

/** An agent-only rollback to a late checkpoint: refused, nothing written. */
export class LateCheckpointRollbackError extends BusinessRuleViolation {
  constructor(readonly checkpointId: string) {
    super(
      `Rollback blocked: checkpoint ${checkpointId} was recorded late, after the agent had been answered and could write, so its files may already hold the agent's changes ` +
        `and whose changes came after it is unknown; nothing was written. Roll back fully to it, or choose an earlier checkpoint.`,
    );
  }
}

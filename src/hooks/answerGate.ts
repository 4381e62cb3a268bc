import type { RecordingGate, RecordingVerdict } from '../core/lateCheckpoints';

/**
 * One hook call's line between its work and its answer (core/lateCheckpoints.ts): the checkpoint's
 * row is written only if it is claimed before the answer goes, and once the answer has gone,
 * nothing is claimed. Both sides run on one thread, so whichever comes first decides: a row
 * claimed first had its files read before the answer (it is a true "before"), and the answer then
 * says it is being recorded; an answer first makes the claim fail, and the call stays missed.
 */
export class HookAnswerGate implements RecordingGate {
  private state: 'waiting' | 'answered' = 'waiting';
  private claimed: string | undefined;

  /** `onClaim`: told when a checkpoint is claimed (its files read), for a caller that may answer then. */
  constructor(private readonly onClaim?: (checkpointId: string) => void) {}

  stillWaited(): boolean {
    return this.state === 'waiting';
  }

  claim(checkpointId: string): RecordingVerdict {
    if (this.state === 'answered') return 'drop';
    this.claimed = checkpointId;
    this.onClaim?.(checkpointId);
    return 'record';
  }

  /** The answer goes now: from here on nothing is recorded; returns the checkpoint claimed before, if one was. */
  answer(): string | undefined {
    this.state = 'answered';
    return this.claimed;
  }
}

/**
 * The gate of a plan's first snapshot, taken in a process of its own (backgroundCheckpoint.ts):
 * the baseline is always recorded, marked late when its files were read after `lateAfter` (epoch
 * ms), when the hook that started it had stopped waiting and could have been answered.
 */
export function firstSnapshotGate(lateAfter: number | undefined, now: () => number = Date.now): RecordingGate {
  return {
    stillWaited: () => true,
    claim: () => (lateAfter !== undefined && now() > lateAfter ? 'late' : 'record'),
  };
}

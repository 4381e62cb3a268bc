import * as z from 'zod';
import { CorrectionSchema } from './decision';
import { ObjectIdSchema, UlidSchema, UtcTimestampSchema } from './ids';
import { PlanStateSchema } from './plan';

/**
 * An operation that writes a sandbox's files, recorded before its first write and cleared after
 * its last: if the process dies in between, the record says what was under way, and the plan is
 * blocked until `recover` finishes or undoes it.
 */
export const InterruptedOperationSchema = z
  .object({
    type: z.enum(['rollback', 'apply', 'cleanup']),
    plan_id: UlidSchema,
    /** The checkpoint rolled back to (rollback); null for apply and cleanup. */
    target_checkpoint_id: UlidSchema.nullable(),
    /** The safety checkpoint that undoes a rollback; null otherwise. */
    undo_checkpoint_id: UlidSchema.nullable(),
    /** The shadow store's key of the folder being written: the plan, or `workspace` for an apply. */
    sandbox_key: z.string().regex(/^(?:[0-9A-HJKMNP-TV-Z]{26}|workspace)$/),
    /** The snapshot the files left and the one they were going to (null for cleanup). */
    from_ref: ObjectIdSchema.nullable(),
    to_ref: ObjectIdSchema.nullable(),
    /**
     * An apply's plan state before it: the apply marks the plan applied before its record is
     * cleared, so undoing a recorded apply puts this state back (finishing keeps it applied).
     */
    plan_state_before: PlanStateSchema.optional(),
    started_at: UtcTimestampSchema,
    pid: z.number().int().nonnegative(),
    host: z.string().max(256),
    /** When the owner process started (Linux: boot id and start ticks), to tell it from a later process with its pid. */
    process_started: z.string().max(128).optional(),
    /**
     * A correction whose files the rollback restores: finishing the operation also records it
     * and marks its decisions reverted (its undo checkpoint is the operation's).
     */
    correction: CorrectionSchema.omit({ undo_checkpoint_id: true }).optional(),
    /** A correction whose files the rollback puts back: finishing the operation also marks it undone. */
    undone_correction: z.object({ correction_id: UlidSchema, undone_at: UtcTimestampSchema }).strict().optional(),
  })
  .strict();
export type InterruptedOperation = z.infer<typeof InterruptedOperationSchema>;
/** A correction recorded with the rollback that restores its files. */
export type PendingCorrection = NonNullable<InterruptedOperation['correction']>;
/** What a correction's rollback records beside itself, for recovery to finish. */
export type CorrectionWork = Pick<InterruptedOperation, 'correction' | 'undone_correction'>;

/** How `recover` resolves an interrupted operation. */
export type RecoveryMode = 'finish' | 'undo';

/** The message of every write refused while an operation is interrupted. */
export function interruptedMessage(op: InterruptedOperation, what: string): string {
  return (
    `${what} blocked: plan ${op.plan_id} has an interrupted ${op.type} (started ${op.started_at} by process ${op.pid} on ${op.host}); ` +
    `run "agents plan recover ${op.plan_id}" to finish it${op.type === 'cleanup' ? '' : `, or "agents plan recover --undo ${op.plan_id}" to undo it`}`
  );
}

/** The message of a write refused while another process is still running an operation on the plan. */
export function inProgressMessage(op: InterruptedOperation, what: string): string {
  return `${what} blocked: plan ${op.plan_id} has a ${op.type} in progress (started ${op.started_at} by process ${op.pid} on ${op.host}); try again when it is done`;
}

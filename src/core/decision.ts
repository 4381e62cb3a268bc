import * as z from 'zod';
import { UlidSchema, UtcTimestampSchema } from './ids';

// A decision is a choice an agent (or a person) made while working on a plan: "use a worker pool",
// "rename the parser's entry point". Checkpoints are aligned to decisions through their
// `decision_id`; a decision may build on earlier decisions of the same plan. Correcting a
// decision reverts it, everything that built on it, and the files they changed.

export const DECISION_STATES = ['active', 'reverted'] as const;
export const DecisionStateSchema = z.enum(DECISION_STATES);
export type DecisionState = z.infer<typeof DecisionStateSchema>;

export const DecisionTitleSchema = z.string().trim().min(1, 'title must not be empty').max(200, 'title is longer than 200 characters');
export const RationaleSchema = z.string().max(4000, 'rationale is longer than 4000 characters');

/** How many earlier decisions one decision may build on. */
export const MAX_DEPENDENCIES = 50;

export const DecisionSchema = z.object({
  decision_id: UlidSchema,
  plan_id: UlidSchema,
  title: DecisionTitleSchema,
  rationale: RationaleSchema.nullable(),
  state: DecisionStateSchema,
  created_at: UtcTimestampSchema,
  reverted_at: UtcTimestampSchema.nullable(),
  /** The correction that reverted it; null while active. */
  reverted_by: UlidSchema.nullable(),
  /** Earlier decisions of the same plan it builds on, sorted. */
  depends_on: z.array(UlidSchema).max(MAX_DEPENDENCIES),
  /**
   * Not a column: worked out when decisions are listed. The applied correction (in the reference's
   * mode) whose restore undid this still active decision's later work; null when none did.
   */
  affected_by: UlidSchema.nullable().optional(),
});
export type Decision = z.infer<typeof DecisionSchema>;

/** What a caller says about a decision it records. */
export const RecordDecisionInputSchema = z
  .object({
    title: DecisionTitleSchema,
    rationale: RationaleSchema.optional(),
    dependsOn: z.array(UlidSchema).max(MAX_DEPENDENCIES).optional(),
    /** An id the agent already aligned checkpoints to; a new one is made when absent. */
    decisionId: UlidSchema.optional(),
  })
  .strict();
export type RecordDecisionInput = z.input<typeof RecordDecisionInputSchema>;

/**
 * How a correction restores the files. `rollback`: the whole sandbox goes back to the target
 * checkpoint (what the reference describes). `keep_independent`: only the paths the reverted
 * decisions changed go back; later work that does not depend on them stays.
 */
export const CORRECTION_MODES = ['rollback', 'keep_independent'] as const;
export const CorrectionModeSchema = z.enum(CORRECTION_MODES);
export type CorrectionMode = z.infer<typeof CorrectionModeSchema>;

export const CorrectionSchema = z.object({
  correction_id: UlidSchema,
  plan_id: UlidSchema,
  /** The decision that was said to be wrong. */
  decision_id: UlidSchema,
  mode: CorrectionModeSchema,
  state: z.enum(['applied', 'undone']),
  /** Every decision it reverted, in the order the BFS reached them (the corrected one first). */
  reverted_decisions: z.array(UlidSchema).min(1),
  /** The checkpoint the files went back to; null when no checkpoint service was wired. */
  target_checkpoint_id: UlidSchema.nullable(),
  /** `keep_independent`: the paths it restored (undoing it restores just these from the safety checkpoint). */
  restored_paths: z.array(z.string().min(1).max(4096)).nullable(),
  /** The safety checkpoint of the files before it; rolling back to it undoes the files. */
  undo_checkpoint_id: UlidSchema.nullable(),
  created_at: UtcTimestampSchema,
  undone_at: UtcTimestampSchema.nullable(),
  /** Decisions it did not revert whose later work its restore undid; absent in rows of older releases. */
  affected_decisions: z.array(UlidSchema).max(10_000).optional(),
});
export type Correction = z.infer<typeof CorrectionSchema>;

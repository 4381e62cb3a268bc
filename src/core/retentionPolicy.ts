import * as z from 'zod';

export const DEFAULT_MAX_CHECKPOINTS = 50;
export const MIN_MAX_CHECKPOINTS = 1;
export const MAX_MAX_CHECKPOINTS = 100;

export const RetentionPolicySchema = z.object({
  max_checkpoints: z
    .number()
    .int('max_checkpoints must be a whole number')
    .min(MIN_MAX_CHECKPOINTS, `max_checkpoints must be between ${MIN_MAX_CHECKPOINTS} and ${MAX_MAX_CHECKPOINTS}`)
    .max(MAX_MAX_CHECKPOINTS, `max_checkpoints must be between ${MIN_MAX_CHECKPOINTS} and ${MAX_MAX_CHECKPOINTS}`),
  auto_prune: z.boolean(),
});
/** The spec's CheckpointRetentionPolicy. */
export type CheckpointRetentionPolicy = z.infer<typeof RetentionPolicySchema>;

export const DEFAULT_RETENTION_POLICY: CheckpointRetentionPolicy = Object.freeze({
  max_checkpoints: DEFAULT_MAX_CHECKPOINTS,
  auto_prune: true,
});

/**
 * Which checkpoints to prune, given a plan's checkpoints oldest first (or their ids), and those
 * that must stay whatever the limit (`retained`: what an undo or a correction needs). When
 * pruning is on and the plan holds more than `max_checkpoints`, the oldest interior ones that are
 * not retained go, until the plan is down to the limit; the first and the most recent are never
 * returned. Retained ones count against the limit: they are kept beyond it only when they (with
 * the first and the most recent) are more than it. With `max_checkpoints` of 1 the plan keeps
 * the first and the most recent.
 */
export function selectCheckpointsToPrune<T>(oldestFirst: readonly T[], policy: CheckpointRetentionPolicy, retained: ReadonlySet<T> = new Set()): T[] {
  if (!mayPrune(oldestFirst.length, policy)) return [];
  const excess = oldestFirst.length - Math.max(policy.max_checkpoints, 2);
  return oldestFirst.slice(1, -1).filter((c) => !retained.has(c)).slice(0, excess);
}

/** Whether a plan of `count` checkpoints has any to prune: when not, what must stay need not be worked out. */
export function mayPrune(count: number, policy: CheckpointRetentionPolicy): boolean {
  return policy.auto_prune && count > Math.max(policy.max_checkpoints, 2);
}

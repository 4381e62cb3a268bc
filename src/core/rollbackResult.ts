import * as z from 'zod';
import type { AgentOnlySummary } from './agentOnlyRollback';
import { UlidSchema } from './ids';

import { PathChangeSchema, type ChangeKind, type PathChange } from './pathChange';

export { ChangeKindSchema, PathChangeSchema, type ChangeKind, type PathChange } from './pathChange';

/** The spec's RollbackResult; `changed_paths` is sorted by path and says how each changed. */
export const RollbackResultSchema = z.object({
  restored_files_count: z.number().int().nonnegative(),
  changed_paths: z.array(PathChangeSchema),
  from_checkpoint_id: UlidSchema,
});
export type RollbackResult = z.infer<typeof RollbackResultSchema>;

/** A rollback's result plus what the product adds: the checkpoint that undoes it, and its cost. */
export interface RollbackOutcome {
  readonly plan_id: string;
  readonly result: RollbackResult;
  /** The safety checkpoint of the state before the rollback; rolling back to it undoes it. */
  readonly undo_checkpoint_id: string;
  readonly elapsed_seconds: number;
  /** Set by an agent-only rollback: `changed_paths` are the agent's changes taken out; this says what was kept. */
  readonly agent_only?: AgentOnlySummary;
}

export function sortChanges(changes: PathChange[]): PathChange[] {
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The same changes seen the other way round: what was added from A to B is deleted from B to A. */
export function reverseChanges(changes: readonly PathChange[]): PathChange[] {
  const opposite: Record<ChangeKind, ChangeKind> = { added: 'deleted', deleted: 'added', modified: 'modified' };
  return changes.map((c) => ({ path: c.path, change: opposite[c.change] }));
}

export function countChanges(changes: readonly PathChange[]): Record<ChangeKind, number> {
  const counts: Record<ChangeKind, number> = { added: 0, modified: 0, deleted: 0 };
  for (const c of changes) counts[c.change] += 1;
  return counts;
}

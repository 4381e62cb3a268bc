// Where a rollback's safety checkpoint shows in the tree: under the checkpoint the rollback went
// back to (for a plan fed by an agent's hooks, under that checkpoint's prompt), not among the
// newest rows where it would push the prompts down. No `vscode` import: plain data.
import type { Checkpoint } from '../../core/checkpoint';
import { groupByPrompt } from '../../core/hookCheckpoints';
import { isSafetyCheckpoint } from '../../core/safetyCheckpoints';

export interface SafetyPlacement {
  /** The row (a checkpoint id: the prompt's, in a hook-fed plan) → the safety checkpoints shown under it, oldest first. */
  readonly under: ReadonlyMap<string, readonly Checkpoint[]>;
  /** The safety checkpoints placed under another row: left out of the plain listing. */
  readonly placed: ReadonlySet<string>;
}

/** How far a chain of undone rollbacks is followed (each undo is a rollback to the previous safety checkpoint). */
const CHAIN_MAX = 1000;

/**
 * The checkpoint a safety checkpoint concerns: the one its rollback went back to, following undone
 * rollbacks (a rollback to a safety checkpoint) to the first that is not one. Undefined when that
 * checkpoint is gone (pruned, deleted): the safety checkpoint then stays in the plain listing.
 */
function concerned(safety: Checkpoint, byId: ReadonlyMap<string, Checkpoint>): Checkpoint | undefined {
  let current = safety;
  for (let i = 0; i < CHAIN_MAX && isSafetyCheckpoint(current); i++) {
    const to = current.metadata.extra.rollback_to;
    const next = typeof to === 'string' ? byId.get(to) : undefined;
    if (next === undefined || next === safety) return undefined;
    current = next;
  }
  return isSafetyCheckpoint(current) ? undefined : current;
}

/** Places each safety checkpoint of a plan (checkpoints oldest first) under the row it concerns. */
export function placeSafetyCheckpoints(checkpoints: readonly Checkpoint[], hookFed: boolean): SafetyPlacement {
  const byId = new Map(checkpoints.map((c) => [c.checkpoint_id, c]));
  const promptOf = new Map<string, string>();
  if (hookFed) {
    for (const g of groupByPrompt(checkpoints).groups) {
      promptOf.set(g.prompt.checkpoint_id, g.prompt.checkpoint_id);
      for (const s of g.steps) promptOf.set(s.checkpoint_id, g.prompt.checkpoint_id);
    }
  }
  const under = new Map<string, Checkpoint[]>();
  const placed = new Set<string>();
  for (const c of checkpoints) {
    if (!isSafetyCheckpoint(c)) continue;
    const target = concerned(c, byId);
    if (target === undefined) continue;
    const row = promptOf.get(target.checkpoint_id) ?? target.checkpoint_id;
    under.set(row, [...(under.get(row) ?? []), c]);
    placed.add(c.checkpoint_id);
  }
  return { under, placed };
}

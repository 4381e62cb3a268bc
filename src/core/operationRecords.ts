import { BusinessRuleViolation, IncompleteRestoreError } from './errors';
import { inProgressMessage, interruptedMessage, type InterruptedOperation } from './interruptedOperation';
import { WORKSPACE_KEY } from './ports';
import type { ServiceDeps } from './serviceDeps';

// The record of an operation that writes files (the journal): refusing work while one is open,
// opening one, and keeping or clearing it as the write ends.

/**
 * Refuses `what` on a plan whose last operation was interrupted (its files may be half written):
 * `recover` must resolve it first. Call it under the store's lock.
 */
export async function refuseWhileInterrupted(deps: Pick<ServiceDeps, 'journal' | 'store'>, planId: string, what: string): Promise<void> {
  const interrupted = await deps.journal.get(planId);
  if (interrupted) throw new BusinessRuleViolation(deps.journal.ownerRunning?.(interrupted) ? inProgressMessage(interrupted, what) : interruptedMessage(interrupted, what));
  // Another plan's apply left the workspace half written: a plan working in place reads or writes
  // those files, and a second apply would write over them.
  const halfApplied = (await deps.journal.list()).find((op) => op.sandbox_key === WORKSPACE_KEY && op.plan_id !== planId);
  if (!halfApplied) return;
  const plan = await deps.store.read((uow) => uow.plans.get(planId));
  if (plan?.sandbox_kind === 'in_place' || what === 'Apply') throw new BusinessRuleViolation(deps.journal.ownerRunning?.(halfApplied) ? inProgressMessage(halfApplied, what) : interruptedMessage(halfApplied, what));
}

/** Records an operation that is about to write files: when it started, and which process runs it. */
export function beginOperation(
  deps: Pick<ServiceDeps, 'journal' | 'clock' | 'processInfo'>,
  operation: Omit<InterruptedOperation, 'started_at' | 'pid' | 'host' | 'process_started' | 'target_checkpoint_id' | 'undo_checkpoint_id' | 'from_ref' | 'to_ref'> &
    Partial<Pick<InterruptedOperation, 'target_checkpoint_id' | 'undo_checkpoint_id' | 'from_ref' | 'to_ref'>>,
): Promise<void> {
  return deps.journal.begin({
    target_checkpoint_id: null,
    undo_checkpoint_id: null,
    from_ref: null,
    to_ref: null,
    ...operation,
    started_at: deps.clock.now().toISOString(),
    ...deps.processInfo,
  });
}

/**
 * Runs a restore recorded in the journal. When it fails, the record is cleared if the files were
 * put back, and kept if they may be half written. When it succeeds, the caller clears the record
 * once the whole operation is done.
 */
export async function journaledApply(deps: Pick<ServiceDeps, 'journal'>, planId: string, apply: () => Promise<void>): Promise<void> {
  try {
    await apply();
  } catch (error) {
    if (!(error instanceof IncompleteRestoreError)) await deps.journal.end(planId);
    else deps.journal.abandon?.(planId);
    throw error;
  }
}

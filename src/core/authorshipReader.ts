import { authorshipRecord, type AuthorshipRecord } from './authorship';
import type { Checkpoint } from './checkpoint';
import type { Plan } from './plan';
import type { ServiceDeps } from './serviceDeps';

/**
 * The authorship record of a plan's files since a checkpoint, read through the store and the
 * snapshotter. `nowRef`: a snapshot of the files now (the record's last stretch ends there); a
 * snapshot the store cannot read is logged, and its changes are left out of the record.
 */
export async function readAuthorship(deps: ServiceDeps, plan: Plan, since: Checkpoint, nowRef: string | undefined): Promise<AuthorshipRecord> {
  const plans = await deps.store.read((uow) => uow.plans.list().map((p) => ({ plan: p, checkpoints: uow.checkpoints.listForPlan(p.plan_id) })));
  const own = plans.find((p) => p.plan.plan_id === plan.plan_id)?.checkpoints ?? [];
  return authorshipRecord({
    plan,
    checkpoints: own,
    since,
    plans,
    ...(nowRef === undefined ? {} : { nowRef, openNow: (await deps.snapshotter.openFences(plan.plan_id)).length > 0 }),
    changedBetween: async (from, to) => {
      try {
        return await deps.snapshotter.changesWithContent(from, to);
      } catch (error) {
        deps.logger.warn(`Could not compare snapshots ${from} and ${to} to tell whose changes they hold: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
  });
}

import type { Plan } from '../../core/plan';

/**
 * The plan that is active: the most recently updated `executing` plan, else the most recently
 * updated one still open (draft, completed, failed). Applied and cancelled plans never are.
 */
export function chooseActivePlan<T extends { plan: Plan }>(candidates: readonly T[]): T | undefined {
  const newest = (list: T[]) => list.sort((a, b) => (a.plan.updated_at < b.plan.updated_at ? 1 : a.plan.updated_at > b.plan.updated_at ? -1 : 0))[0];
  const executing = candidates.filter((c) => c.plan.state === 'executing');
  if (executing.length > 0) return newest(executing);
  return newest(candidates.filter((c) => c.plan.state !== 'applied' && c.plan.state !== 'cancelled'));
}

import type { Plan } from '../../core/plan';

/**
 * The plan that is active: the one selected in the tree (when still open), else the most recently
 * updated `executing` plan, else the most recently updated one still open (draft, completed,
 * failed). Applied and cancelled plans never are: a plan that merely changed last does not take
 * the status bar from the one at work.
 */
export function chooseActivePlan<T extends { plan: Plan }>(candidates: readonly T[], selectedPlanId?: string): T | undefined {
  const open = (c: T) => c.plan.state !== 'applied' && c.plan.state !== 'cancelled';
  const selected = selectedPlanId === undefined ? undefined : candidates.find((c) => c.plan.plan_id === selectedPlanId && open(c));
  if (selected) return selected;
  const newest = (list: T[]) => list.sort((a, b) => (a.plan.updated_at < b.plan.updated_at ? 1 : a.plan.updated_at > b.plan.updated_at ? -1 : 0))[0];
  const executing = candidates.filter((c) => c.plan.state === 'executing');
  if (executing.length > 0) return newest(executing);
  return newest(candidates.filter((c) => c.plan.state !== 'applied' && c.plan.state !== 'cancelled'));
}

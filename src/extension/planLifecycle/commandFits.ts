import type { Plan } from '../../core/plan';
import { LIFECYCLE_ACTIONS, canTransition, type LifecycleAction } from '../../core/planLifecycle';
import type { PlanLifecycleCommandName } from '../commandIds';

// Which plan each lifecycle command fits: the status bar's menu asks it at activation, without the
// commands themselves (dist/extensionCommands.js).

/** The verb of each state-changing command. */
export const ACTION_OF: Partial<Record<PlanLifecycleCommandName, LifecycleAction>> = {
  startPlan: 'start',
  completePlan: 'complete',
  failPlan: 'fail',
  cancelPlan: 'cancel',
  // An agent session's plan ends as completed: its hooks then start a new plan at the next prompt (hooks/sessionPlans.ts).
  endSession: 'complete',
};

/** Which plans each command can work on: the palette offers only those, the rows show it only on them. */
export function commandFits(name: PlanLifecycleCommandName, plan: Plan): boolean {
  const action = ACTION_OF[name];
  if (action) return canTransition(plan.state, LIFECYCLE_ACTIONS[action]);
  if (name === 'markPlanApplied') return plan.sandbox_kind === 'in_place' && canTransition(plan.state, 'applied');
  if (name === 'applyPlan') return plan.sandbox_kind === 'isolated' && canTransition(plan.state, 'applied');
  return true;
}

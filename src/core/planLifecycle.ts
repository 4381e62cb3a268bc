import * as z from 'zod';
import { BusinessRuleViolation } from './errors';
import { UlidSchema, UtcTimestampSchema } from './ids';
import { PlanStateSchema, type PlanState } from './plan';

// The plan's lifecycle, written once: every front door (CLI, commands, API) asks this table, and
// PlanService refuses anything else.
//
//   draft ──start──▶ executing ──complete──▶ completed
//                        │  ▲                    │
//                      fail └──── start ─────────┤ (resume)
//                        ▼                       │
//                      failed ──start──▶ executing
//
// Any state that is not final can be cancelled or applied; `applied` and `cancelled` are final.

/** Where each state may go next. */
export const PLAN_TRANSITIONS: Readonly<Record<PlanState, readonly PlanState[]>> = {
  draft: ['executing', 'applied', 'cancelled'],
  executing: ['completed', 'failed', 'applied', 'cancelled'],
  completed: ['executing', 'applied', 'cancelled'],
  failed: ['executing', 'applied', 'cancelled'],
  applied: [],
  cancelled: [],
};

/** The lifecycle's verbs, as the CLI and the commands name them, and the state each leads to. */
export const LIFECYCLE_ACTIONS = {
  start: 'executing',
  complete: 'completed',
  fail: 'failed',
  cancel: 'cancelled',
} as const satisfies Record<string, PlanState>;
export type LifecycleAction = keyof typeof LIFECYCLE_ACTIONS;

const ACTION_WORDS: Record<PlanState, string> = {
  draft: 'Draft',
  executing: 'Start',
  completed: 'Complete',
  failed: 'Mark failed',
  applied: 'Apply',
  cancelled: 'Cancel',
};

export function allowedTransitions(from: PlanState): readonly PlanState[] {
  return PLAN_TRANSITIONS[from];
}

export function canTransition(from: PlanState, to: PlanState): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

/** A state nothing leaves. */
export function isFinalState(state: PlanState): boolean {
  return PLAN_TRANSITIONS[state].length === 0;
}

/**
 * Throws the refusal of a transition the table does not allow, naming the ones it does: "Complete
 * blocked: plan is draft; from draft it can become executing, applied or cancelled".
 */
export function assertTransition(from: PlanState, to: PlanState): void {
  if (canTransition(from, to)) return;
  const what = ACTION_WORDS[to];
  if (from === 'applied') throw new BusinessRuleViolation(`${what} blocked: plan is already applied`);
  if (from === 'cancelled') throw new BusinessRuleViolation(`${what} blocked: plan is cancelled, which is final`);
  if (from === to) throw new BusinessRuleViolation(`${what} blocked: plan is already ${from}; from ${from} it can become ${listStates(PLAN_TRANSITIONS[from])}`);
  throw new BusinessRuleViolation(`${what} blocked: plan is ${from}; from ${from} it can become ${listStates(PLAN_TRANSITIONS[from])}`);
}

function listStates(states: readonly PlanState[]): string {
  if (states.length <= 1) return states.join('');
  return `${states.slice(0, -1).join(', ')} or ${states.at(-1)}`;
}

/** One recorded change of a plan's state; `from_state` is null for the plan's creation. */
export const PlanStateChangeSchema = z
  .object({
    plan_id: UlidSchema,
    from_state: PlanStateSchema.nullable(),
    to_state: PlanStateSchema,
    changed_at: UtcTimestampSchema,
  })
  .strict();
export type PlanStateChange = z.infer<typeof PlanStateChangeSchema>;

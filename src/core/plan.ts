import * as z from 'zod';
import { RelativePathSchema, UlidSchema, UtcTimestampSchema, ObjectIdSchema } from './ids';
import { RetentionPolicySchema } from './retentionPolicy';

export const PLAN_STATES = ['draft', 'executing', 'completed', 'failed', 'applied', 'cancelled'] as const;
export const PlanStateSchema = z.enum(PLAN_STATES);
export type PlanState = z.infer<typeof PlanStateSchema>;

/** `applied` is terminal: nothing may change a plan once its work reached the workspace. */
export const TERMINAL_PLAN_STATES: readonly PlanState[] = ['applied'];

/** Where the plan's sandbox lives: a folder of the workspace itself, or an isolated copy. */
export const SandboxKindSchema = z.enum(['in_place', 'isolated']);
export type SandboxKind = z.infer<typeof SandboxKindSchema>;

export const PlanSchema = z.object({
  plan_id: UlidSchema,
  title: z.string().trim().min(1, 'title must not be empty').max(200),
  state: PlanStateSchema,
  /** Relative to the workspace folder, POSIX separators; `.` is the workspace itself. */
  sandbox_path: RelativePathSchema,
  sandbox_kind: SandboxKindSchema,
  /** Isolated sandboxes: the shadow-store commit of the workspace when the sandbox was made. */
  base_ref: ObjectIdSchema.nullable(),
  retention: RetentionPolicySchema,
  created_at: UtcTimestampSchema,
  updated_at: UtcTimestampSchema,
});
export type Plan = z.infer<typeof PlanSchema>;

export function isTerminal(state: PlanState): boolean {
  return TERMINAL_PLAN_STATES.includes(state);
}

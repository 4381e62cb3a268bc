import * as z from 'zod';
import { CheckpointMetadataSchema, CheckpointTypeSchema, type Checkpoint } from '../core/checkpoint';
import { CorrectionSchema, DecisionSchema, type Decision } from '../core/decision';
import { ObjectIdSchema, RecordedPathSchema, UlidSchema, UtcTimestampSchema } from '../core/ids';
import { PROMPT_PHASE } from '../core/hookCheckpoints';
import { PlanSchema, type Plan } from '../core/plan';
import { PlanStateChangeSchema, type PlanStateChange } from '../core/planLifecycle';
import { redactSecrets, type WithheldReason } from './privacyRules';

// The document a plan travels in (`plan.json` in the tree of its remote ref): the plan's row, its
// state history, its checkpoints' rows with the tree each snapshot became, and where it came from.
// Whatever is fetched is untrusted: every field is checked here before a row is made of it.

export const BUNDLE_FORMAT = 'cleveragents-plan/1';

/** Where a plan was recorded: which workspace (an id of our own), machine, user and agent. */
export const OriginSchema = z
  .object({
    workspace_id: UlidSchema,
    machine: z.string().max(200),
    user: z.string().max(200),
    agent: z.string().max(200).nullable(),
  })
  .strict();
export type Origin = z.infer<typeof OriginSchema>;

export const WithheldSchema = z
  .object({
    path: RecordedPathSchema,
    reason: z.enum(['denied_name', 'secret_content', 'too_large']),
    detail: z.string().max(200).optional(),
  })
  .strict();
export type Withheld = z.infer<typeof WithheldSchema> & { readonly reason: WithheldReason };

export const BundledCheckpointSchema = z
  .object({
    checkpoint_id: UlidSchema,
    decision_id: UlidSchema.nullable(),
    checkpoint_type: CheckpointTypeSchema,
    resource_id: UlidSchema.nullable(),
    size_bytes: z.number().int().nonnegative(),
    created_at: UtcTimestampSchema,
    metadata: CheckpointMetadataSchema,
    /** The snapshot's tree as pushed (withheld files taken out): `snapshots/<checkpoint_id>` in the same commit. */
    tree: ObjectIdSchema,
    withheld: z.array(WithheldSchema).max(100_000),
  })
  .strict();
export type BundledCheckpoint = z.infer<typeof BundledCheckpointSchema>;

/** A decision's row as it travels: `affected_by` is worked out where decisions are listed, never stored. */
export const BundledDecisionSchema = DecisionSchema.omit({ affected_by: true }).strict();
export type BundledDecision = z.infer<typeof BundledDecisionSchema>;

export const PlanBundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    origin: OriginSchema,
    plan: PlanSchema,
    state_changes: z.array(PlanStateChangeSchema).max(100_000),
    checkpoints: z.array(BundledCheckpointSchema).max(100_000),
    // Absent in what earlier releases pushed: such a plan has none.
    decisions: z.array(BundledDecisionSchema).max(100_000).default([]),
    corrections: z.array(CorrectionSchema.strict()).max(100_000).default([]),
    prompts_included: z.boolean(),
  })
  .strict();
export type PlanBundle = z.infer<typeof PlanBundleSchema>;

/** Extra fields of a checkpoint's metadata that quote what a person typed to an agent. */
const CONVERSATION_EXTRAS = ['prompt'];

/**
 * A checkpoint's row as it leaves the machine. Without prompts, a prompt's checkpoint is named
 * `prompt N` (its place among the plan's prompts); in
 * any case, text that has the form of a secret is replaced.
 */
export function bundledMetadata(checkpoint: Checkpoint, promptNumber: number | undefined, includePrompts: boolean): Checkpoint['metadata'] {
  const m = checkpoint.metadata;
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(m.extra)) {
    if (!includePrompts && CONVERSATION_EXTRAS.includes(key)) continue;
    extra[key] = redactSecrets(value);
  }
  const isPrompt = m.phase === PROMPT_PHASE && promptNumber !== undefined;
  const reason = !includePrompts && isPrompt ? `prompt ${promptNumber}` : m.reason === null ? null : redactSecrets(m.reason);
  return { ...m, reason, extra };
}

/** A decision's row as it leaves the machine: text that has the form of a secret replaced. */
export function bundledDecision(decision: Decision): BundledDecision {
  const d = decision;
  return {
    decision_id: d.decision_id,
    plan_id: d.plan_id,
    title: redactSecrets(d.title),
    rationale: d.rationale === null ? null : redactSecrets(d.rationale),
    state: d.state,
    created_at: d.created_at,
    reverted_at: d.reverted_at,
    reverted_by: d.reverted_by,
    depends_on: [...d.depends_on],
  };
}

/** Oldest first (time, then id): the order rows are listed and inserted in. */
export function byCreatedAt<T extends { created_at: string }>(id: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
}

/** A plan's title as it leaves the machine: one made of an agent's first prompt keeps only the agent. */
export function bundledTitle(plan: Plan, agentNames: readonly string[], includePrompts: boolean): string {
  if (includePrompts) return redactSecrets(plan.title);
  const agent = agentNames.find((name) => plan.title.startsWith(`${name}: `));
  return agent === undefined ? redactSecrets(plan.title) : `${agent}: prompt 1`;
}

/** Parses a fetched `plan.json`; throws with the field that does not fit. */
export function parseBundle(text: string): PlanBundle {
  const json: unknown = JSON.parse(text);
  return PlanBundleSchema.parse(json);
}

export type { PlanStateChange };

import * as z from 'zod';
import { AGENT_ONLY_SCOPES } from '../core/agentOnlyScope';
import { CONFLICT_REASONS, type ConflictReason } from '../core/agentOnlyRollback';
import { CheckpointTypeSchema } from '../core/checkpoint';
import { interruptedOperationJson } from '../envelopes/envelopes';
import { InterruptedOperationSchema, type InterruptedOperation } from '../core/interruptedOperation';
import { PlanStateSchema, SandboxKindSchema } from '../core/plan';
import { ChangeKindSchema } from '../core/rollbackResult';
import { UlidSchema } from '../core/ids';
import { undoneWorkHeading, undoneWorkLines, type UndoneWork } from '../core/undoneWork';

// The pieces the tools' schemas share. Inputs are strict (an unknown key is a mistake worth
// hearing about); outputs describe the JSON documents `agents --format json` prints (envelopes/envelopes.ts).

export const PlanId = UlidSchema.describe('The plan’s id (a ULID, as list_plans or create_plan return it).');
export const CheckpointId = UlidSchema.describe('A checkpoint of that plan (a ULID, as list_checkpoints or create_checkpoint return it).');

export const PlanJsonSchema = z.object({
  plan_id: z.string(),
  title: z.string(),
  state: PlanStateSchema,
  sandbox_path: z.string(),
  sandbox_kind: SandboxKindSchema,
  base_ref: z.string().nullable(),
  retention: z.object({ max_checkpoints: z.number().int(), auto_prune: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});

export const CheckpointJsonSchema = z.object({
  checkpoint_id: z.string(),
  plan_id: z.string(),
  sandbox_ref: z.string(),
  decision_id: z.string().nullable(),
  checkpoint_type: CheckpointTypeSchema,
  resource_id: z.string().nullable(),
  filesystem_path: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  metadata: z.object({
    reason: z.string().nullable(),
    source_tool: z.string().nullable(),
    phase: z.string().nullable(),
    extra: z.record(z.string(), z.string()),
    file_count: z.number().int().optional(),
    skipped: z.array(z.object({ path: z.string(), reason: z.string(), size_bytes: z.number().int().optional() })),
  }),
});

export const ChangesSchema = z.array(z.object({ path: z.string(), change: ChangeKindSchema }));

export const InterruptedOperationJsonSchema = z.object({
  type: InterruptedOperationSchema.shape.type,
  plan_id: z.string(),
  target_checkpoint_id: z.string().nullable(),
  undo_checkpoint_id: z.string().nullable(),
  started_at: z.string(),
  process: z.object({ pid: z.number().int(), host: z.string() }),
});

export const AgentOnly = z
  .boolean()
  .optional()
  .describe('true: take out only the changes made inside your tool calls (pre_write to post_step) since the checkpoint, keeping what others changed between them.');

/** What an agent-only rollback adds to the summary (cli/envelopes.ts AgentOnlySummaryJson). */
export const AgentOnlySummarySchema = z.object({
  mode: z.literal('agent_only'),
  scope: z.enum(AGENT_ONLY_SCOPES),
  reverted: z.array(z.string()),
  kept: z.array(z.string()),
  kept_reasons: z
    .array(z.object({ path: z.string(), reason: z.enum(['outside_tool_calls', 'other_session', 'unknown', 'not_in_scope']), plan_id: z.string().optional(), unknown: z.string().optional() }))
    .describe('Why each kept path stays: the user or another program (outside_tool_calls), another session (other_session), or a missed fence (unknown).'),
  merged: z.array(z.string()),
  conflicts: z.array(z.object({ path: z.string(), reason: z.enum(Object.keys(CONFLICT_REASONS) as [ConflictReason, ...ConflictReason[]]), message: z.string() })),
  conflict_markers: z.array(z.string()).optional().describe('Paths written with conflict markers (only when the user asked for them): tell the user to settle them.'),
  tool_calls: z.number().int(),
  unclosed: z.array(z.object({ pre_write_checkpoint_id: z.string(), pre_write_skipped: z.boolean(), until_checkpoint_id: z.string().nullable() })),
  change: z
    .object({
      path: z.string(),
      hunk: z.number().int().nullable(),
      tool_call_checkpoint_id: z.string(),
      hunks: z.array(z.object({ index: z.number().int(), before: z.object({ start: z.number().int(), count: z.number().int() }), after: z.object({ start: z.number().int(), count: z.number().int() }) })),
    })
    .optional()
    .describe('Undo This Change: the one file of the tool call taken back, the hunk (null: all of it), and every hunk of its change (lines before and after the call).'),
});

/** Whose later work a rollback or a correction would also undo: other plans over the same files, decisions not reverted. */
export const UndoneWorkSchema = z
  .array(
    z.object({
      kind: z.enum(['plan', 'decision', 'outside_tool_calls']),
      plan_id: z.string(),
      decision_id: z.string().nullable(),
      title: z.string(),
      paths: z.array(z.string()),
      since: z.string().nullable().optional(),
      until: z.string().nullable().optional(),
    }),
  )
  .describe('Other plans, decisions, and edits made outside tool calls (by the user or another program) whose later changes to these paths would be undone: tell the user before going on.');

/** The reference's rollback envelope, with the checkpoint that undoes the rollback (and what an agent-only one adds). */
export const RollbackEnvelopeSchema = z.object({
  rollback_summary: z.object({ plan_id: z.string(), from_checkpoint_id: z.string(), restored_files_count: z.number().int() }).extend(AgentOnlySummarySchema.partial().shape),
  changes_reverted: z.array(z.string()),
  impact: z.object({ files_affected: z.number().int() }),
  post_rollback_state: z.object({ active_checkpoint: z.string(), plan_id: z.string(), undo_checkpoint_id: z.string() }),
  timing: z.object({ elapsed_seconds: z.number() }),
  messages: z.array(z.string()),
});

/** `plan show`'s `interrupted_operation`, typed by its schema. */
export function interruptedJson(op: InterruptedOperation): z.infer<typeof InterruptedOperationJsonSchema> {
  return InterruptedOperationJsonSchema.parse(interruptedOperationJson(op));
}

/** A sentence for the tool's text naming whose work would be undone; empty when nobody's. */
export function undoneWorkSentence(undone: readonly UndoneWork[]): string {
  return undone.length === 0 ? '' : ` ${undoneWorkHeading(undone)} ${undoneWorkLines(undone).join('; ')}.`;
}

import type * as Api from '../../api/cleveragents-checkpoints';
import { CONFLICT_REASONS, AgentOnlyConflictError, type AgentOnlyConflict, type AgentOnlyPreview, type AgentOnlySummary, type ConflictReason, type UnclosedToolCall } from '../core/agentOnlyRollback';
import type { Checkpoint } from '../core/checkpoint';
import { ApplyConflictError, CheckpointError, CorrectionConflictError } from '../core/errors';
import { CorrectionMergeConflictError } from '../core/correctionToolCalls';
import type { InterruptedOperation } from '../core/interruptedOperation';
import type { Plan } from '../core/plan';
import type { PlanStateChange } from '../core/planLifecycle';
import type { RecoveryOutcome } from '../core/recoveryService';
import type { PathChange, RollbackOutcome } from '../core/rollbackResult';
import type { UndoneWork } from '../core/undoneWork';
import type { ToolCallChange } from '../core/toolCallChange';
import type { AgentOnlyScope } from '../core/agentOnlyScope';
import type { UnknownReason } from '../core/authorship';
import type { KeptReason } from '../core/authorshipQueries';
import { CliError } from './cliErrors';

// The JSON documents of `agents --format json`. Other tools script against these shapes, and the
// extension reuses them ("Copy as JSON"), so this file imports no Node module and builds every
// object with its keys in a fixed order.

export interface PlanJson {
  plan_id: string;
  title: string;
  state: Plan['state'];
  sandbox_path: string;
  sandbox_kind: Plan['sandbox_kind'];
  base_ref: string | null;
  retention: { max_checkpoints: number; auto_prune: boolean };
  created_at: string;
  updated_at: string;
}

export interface CheckpointJson {
  checkpoint_id: string;
  plan_id: string;
  sandbox_ref: string;
  decision_id: string | null;
  checkpoint_type: Checkpoint['checkpoint_type'];
  resource_id: string | null;
  filesystem_path: string;
  size_bytes: number;
  created_at: string;
  metadata: {
    reason: string | null;
    source_tool: string | null;
    phase: string | null;
    extra: Record<string, string>;
    /** Files captured; absent on checkpoints recorded by tools that do not count them. */
    file_count?: number;
    /** What the snapshot left out (too large, nested repositories); rollback never touches them. */
    skipped: Checkpoint['metadata']['skipped'];
  };
}

/** What an agent-only rollback adds to `rollback_summary`, after the reference's fields. */
export interface AgentOnlySummaryJson {
  mode: 'agent_only';
  /** The paths it wrote: the agent's changes taken out (as `changes_reverted`). */
  reverted: string[];
  /** Whose tool calls are taken out: `session` (since the checkpoint), `prompt`, `tool_call` or `subagent`. */
  scope: AgentOnlyScope;
  /** Paths changed by others since the checkpoint, left as they were; never a path it writes. */
  kept: string[];
  /** Each kept path and why: `outside_tool_calls` (you, or another program), `other_session` (with its `plan_id`), `unknown` (with why), `not_in_scope` (this session's, outside the scope). */
  kept_reasons: { path: string; reason: KeptReason; plan_id?: string; unknown?: UnknownReason }[];
  /** Paths it writes in which changes by others stay (only the agent's are taken out). */
  merged: string[];
  /** Always empty after a rollback (a conflict refuses it); the preview lists them. */
  conflicts: { path: string; reason: ConflictReason; message: string }[];
  /** With `--conflicts markers`: the paths (also in `reverted`) written with conflict markers, for a person to settle; empty otherwise. */
  conflict_markers: string[];
  tool_calls: number;
  /** pre_write checkpoints with no post_step, counted as the agent's up to the next checkpoint (null: the files now). */
  unclosed: UnclosedToolCall[];
  /** Undo This Change (`--path`, `--hunk`): the one file of the tool call taken back, the hunk (null: all of it), and every hunk of its change. */
  change?: ToolCallChangeJson;
}

/** One tool call's change to one file, as Undo This Change takes it back. */
export interface ToolCallChangeJson {
  path: string;
  hunk: number | null;
  tool_call_checkpoint_id: string;
  /** Lines are 1-based; `count` 0: none (`start` is the line they would come before). */
  hunks: { index: number; before: { start: number; count: number }; after: { start: number; count: number } }[];
}

/** The spec's rollback envelope, plus `undo_checkpoint_id`: the safety checkpoint that undoes it. */
export interface RollbackEnvelope {
  rollback_summary: { plan_id: string; from_checkpoint_id: string; restored_files_count: number } & Partial<AgentOnlySummaryJson>;
  changes_reverted: string[];
  impact: { files_affected: number };
  post_rollback_state: { active_checkpoint: string; plan_id: string; undo_checkpoint_id: string };
  timing: { elapsed_seconds: number };
  messages: string[];
}

/** An operation a dead process left half done (`plan show`'s `interrupted_operation`). */
export function interruptedOperationJson(op: InterruptedOperation): Api.InterruptedOperation {
  return {
    type: op.type,
    plan_id: op.plan_id,
    target_checkpoint_id: op.target_checkpoint_id,
    undo_checkpoint_id: op.undo_checkpoint_id,
    started_at: op.started_at,
    process: { pid: op.pid, host: op.host },
  };
}

/** What `recover` did (the CLI's `recovered`). */
export function recoveredJson(outcome: RecoveryOutcome): Api.RecoveryResult {
  return { ...interruptedOperationJson(outcome.operation), mode: outcome.mode, kept: outcome.kept, kept_in: outcome.keptIn, left_as_they_were: outcome.left };
}

export interface ErrorEnvelope {
  error: { type: string; message: string; conflicts?: string[]; conflict_reasons?: AgentOnlySummaryJson['conflicts'] };
}

export const ROLLBACK_SUCCESS_MESSAGE = 'Rollback completed successfully.';

export function planJson(plan: Plan): PlanJson {
  return {
    plan_id: plan.plan_id,
    title: plan.title,
    state: plan.state,
    sandbox_path: plan.sandbox_path,
    sandbox_kind: plan.sandbox_kind,
    base_ref: plan.base_ref,
    retention: { max_checkpoints: plan.retention.max_checkpoints, auto_prune: plan.retention.auto_prune },
    created_at: plan.created_at,
    updated_at: plan.updated_at,
  };
}

/** One entry of `plan show`'s `state_history`. */
export function stateChangeJson(change: PlanStateChange): { from_state: string | null; to_state: string; changed_at: string } {
  return { from_state: change.from_state, to_state: change.to_state, changed_at: change.changed_at };
}

export function checkpointJson(checkpoint: Checkpoint): CheckpointJson {
  const m = checkpoint.metadata;
  return {
    checkpoint_id: checkpoint.checkpoint_id,
    plan_id: checkpoint.plan_id,
    sandbox_ref: checkpoint.sandbox_ref,
    decision_id: checkpoint.decision_id,
    checkpoint_type: checkpoint.checkpoint_type,
    resource_id: checkpoint.resource_id,
    filesystem_path: checkpoint.filesystem_path,
    size_bytes: checkpoint.size_bytes,
    created_at: checkpoint.created_at,
    metadata: {
      reason: m.reason,
      source_tool: m.source_tool,
      phase: m.phase,
      extra: { ...m.extra },
      ...(m.file_count === undefined ? {} : { file_count: m.file_count }),
      skipped: m.skipped.map((s) => ({ ...s })),
    },
  };
}

/** Whose later work a rollback or a correction also undoes (`undoes_work_of` in previews). */
export function undoneWorkJson(undone: readonly UndoneWork[]): UndoneWorkJson[] {
  return undone.map((u) => ({
    kind: u.kind,
    plan_id: u.plan_id,
    decision_id: u.decision_id,
    title: u.title,
    paths: [...u.paths],
    ...(u.kind === 'outside_tool_calls' ? { since: u.since ?? null, until: u.until ?? null } : {}),
  }));
}

/** One owner of work a rollback or a correction also undoes: `outside_tool_calls` carries when (`until` null: up to the files now). */
export interface UndoneWorkJson {
  kind: UndoneWork['kind'];
  plan_id: string;
  decision_id: string | null;
  title: string;
  paths: string[];
  since?: string | null;
  until?: string | null;
}

/** `agents plan rollback --preview`: what the rollback would change, and whose work it undoes. */
export function rollbackPreviewEnvelope(planId: string, checkpointId: string, changes: readonly PathChange[], undone: readonly UndoneWork[]) {
  return { rollback_preview: { plan_id: planId, checkpoint_id: checkpointId, changes: changesJson(changes), undoes_work_of: undoneWorkJson(undone) } };
}

export function changesJson(changes: readonly PathChange[]): { path: string; change: PathChange['change'] }[] {
  return changes.map((c) => ({ path: c.path, change: c.change }));
}

/** `agents plan rollback --format json`: the spec's envelope, field for field. */
export function rollbackEnvelope(outcome: RollbackOutcome): RollbackEnvelope {
  const { result } = outcome;
  return {
    rollback_summary: {
      plan_id: outcome.plan_id,
      from_checkpoint_id: result.from_checkpoint_id,
      restored_files_count: result.restored_files_count,
      ...(outcome.agent_only ? agentOnlySummaryJson(outcome.agent_only, result.changed_paths) : {}),
    },
    changes_reverted: result.changed_paths.map((c) => c.path),
    impact: { files_affected: result.changed_paths.length },
    post_rollback_state: {
      active_checkpoint: result.from_checkpoint_id,
      plan_id: outcome.plan_id,
      undo_checkpoint_id: outcome.undo_checkpoint_id,
    },
    timing: { elapsed_seconds: outcome.elapsed_seconds },
    messages: [ROLLBACK_SUCCESS_MESSAGE],
  };
}

export function conflictsJson(conflicts: readonly AgentOnlyConflict[]): AgentOnlySummaryJson['conflicts'] {
  return conflicts.map((c) => ({ path: c.path, reason: c.reason, message: CONFLICT_REASONS[c.reason] }));
}

function agentOnlySummaryJson(summary: AgentOnlySummary, reverted: readonly PathChange[]): AgentOnlySummaryJson {
  return {
    mode: summary.mode,
    reverted: reverted.map((c) => c.path),
    scope: summary.scope,
    kept: [...summary.kept],
    kept_reasons: summary.kept_reasons.map((k) => ({ ...k })),
    merged: [...summary.merged],
    conflicts: conflictsJson(summary.conflicts),
    conflict_markers: [...summary.conflict_markers],
    tool_calls: summary.tool_calls,
    unclosed: summary.unclosed.map((u) => ({ pre_write_checkpoint_id: u.pre_write_checkpoint_id, pre_write_skipped: u.pre_write_skipped, until_checkpoint_id: u.until_checkpoint_id })),
    ...(summary.change ? { change: toolCallChangeJson(summary.change) } : {}),
  };
}

function toolCallChangeJson(change: ToolCallChange): ToolCallChangeJson {
  return {
    path: change.path,
    hunk: change.hunk,
    tool_call_checkpoint_id: change.tool_call_checkpoint_id,
    hunks: change.hunks.map((h) => ({ index: h.index, before: { ...h.before }, after: { ...h.after } })),
  };
}

/** `plan rollback --agent-only --preview`: what it would change, keep and refuse. */
export function agentOnlyPreviewJson(planId: string, checkpointId: string, preview: AgentOnlyPreview): { plan_id: string; checkpoint_id: string; changes: ReturnType<typeof changesJson> } & AgentOnlySummaryJson {
  return { plan_id: planId, checkpoint_id: checkpointId, changes: changesJson(preview.changes), ...agentOnlySummaryJson(preview.summary, preview.changes) };
}

/** What kind of error this is, in the words of the JSON envelope. */
export function errorType(error: unknown): string {
  if (error instanceof CheckpointError || error instanceof CliError) return error.type;
  return 'InternalError';
}

/** The message a user sees; an unexpected error says so and where to learn more. */
export function errorMessage(error: unknown): string {
  if (error instanceof CheckpointError || error instanceof CliError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `Unexpected error: ${text} (re-run with --debug for details)`;
}

/** `{"error": {"type", "message"}}`, with the conflicting paths when an apply was blocked. */
export function errorEnvelope(error: unknown): ErrorEnvelope {
  const body: ErrorEnvelope['error'] = { type: errorType(error), message: errorMessage(error) };
  if (error instanceof ApplyConflictError || error instanceof CorrectionConflictError) body.conflicts = [...error.conflicts];
  if (error instanceof AgentOnlyConflictError || error instanceof CorrectionMergeConflictError) {
    const reasons = error instanceof CorrectionMergeConflictError ? error.reasons : error.conflicts;
    body.conflicts = reasons.map((c) => c.path);
    body.conflict_reasons = conflictsJson(reasons);
  }
  return { error: body };
}

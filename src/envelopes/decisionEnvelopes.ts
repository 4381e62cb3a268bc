import type { CorrectionImpact, CorrectionOutcome, DecisionWithCheckpoints, UndoCorrectionOutcome } from '../core/correctionService';
import type { Correction, Decision } from '../core/decision';
import { plural } from '../core/displayText';
import { changesJson, conflictsJson, rollbackEnvelope, ROLLBACK_SUCCESS_MESSAGE, undoneWorkJson, type RollbackEnvelope } from './envelopes';

// The JSON documents of decisions and corrections, keys in a fixed order like envelopes.ts. No
// Node import: the extension's API returns the same shapes.

export interface DecisionJson {
  decision_id: string;
  plan_id: string;
  title: string;
  rationale: string | null;
  state: Decision['state'];
  depends_on: string[];
  checkpoint_ids: string[];
  created_at: string;
  reverted_at: string | null;
  reverted_by: string | null;
  /** The applied correction that undid this active decision's later work (its files went back); null when none. */
  affected_by: string | null;
}

export function decisionJson(decision: Decision, checkpointIds: readonly string[] = []): DecisionJson {
  return {
    decision_id: decision.decision_id,
    plan_id: decision.plan_id,
    title: decision.title,
    rationale: decision.rationale,
    state: decision.state,
    depends_on: [...decision.depends_on],
    checkpoint_ids: [...checkpointIds],
    created_at: decision.created_at,
    reverted_at: decision.reverted_at,
    reverted_by: decision.reverted_by,
    affected_by: decision.affected_by ?? null,
  };
}

export function decisionsEnvelope(planId: string, list: readonly DecisionWithCheckpoints[]): { plan_id: string; decisions: DecisionJson[] } {
  return { plan_id: planId, decisions: list.map((d) => decisionJson(d.decision, d.checkpoint_ids)) };
}

export interface CorrectionSummary {
  correction_id: string;
  plan_id: string;
  decision_id: string;
  reverted_decisions: string[];
  mode: Correction['mode'];
  state: Correction['state'];
}

function summary(c: Correction): CorrectionSummary {
  return { correction_id: c.correction_id, plan_id: c.plan_id, decision_id: c.decision_id, reverted_decisions: [...c.reverted_decisions], mode: c.mode, state: c.state };
}

/** The rollback envelope's fields for a correction that restored no file (or had no checkpoint service). */
function noFilesRestored(c: Correction, messages: string[]): RollbackEnvelope {
  return {
    rollback_summary: { plan_id: c.plan_id, from_checkpoint_id: c.target_checkpoint_id ?? '', restored_files_count: 0 },
    changes_reverted: [],
    impact: { files_affected: 0 },
    post_rollback_state: { active_checkpoint: c.target_checkpoint_id ?? '', plan_id: c.plan_id, undo_checkpoint_id: '' },
    timing: { elapsed_seconds: 0 },
    messages,
  };
}

/** `agents plan correct`: the correction, then the rollback envelope's fields. */
export function correctionEnvelope(outcome: CorrectionOutcome): { correction_summary: CorrectionSummary } & RollbackEnvelope {
  const n = outcome.correction.reverted_decisions.length;
  const done = `Reverted ${n} decision${n === 1 ? '' : 's'}; undo with: agents plan correct --undo ${outcome.correction.plan_id} ${outcome.correction.correction_id}`;
  const files = outcome.rollback ? rollbackEnvelope(outcome.rollback) : noFilesRestored(outcome.correction, [ROLLBACK_SUCCESS_MESSAGE]);
  return { correction_summary: summary(outcome.correction), ...files, messages: [...files.messages, done] };
}

/** `agents plan correct --undo`. */
export function undoCorrectionEnvelope(outcome: UndoCorrectionOutcome): { correction_summary: CorrectionSummary; reactivated_decisions: string[] } & RollbackEnvelope {
  const files = outcome.rollback ? rollbackEnvelope(outcome.rollback) : noFilesRestored(outcome.correction, [ROLLBACK_SUCCESS_MESSAGE]);
  return {
    correction_summary: summary(outcome.correction),
    reactivated_decisions: [...outcome.reactivated],
    ...files,
    messages: [...files.messages, `Correction ${outcome.correction.correction_id} undone; ${plural(outcome.reactivated.length, 'decision')} active again.`],
  };
}

export interface CorrectionPreviewJson {
  correction_preview: {
    plan_id: string;
    decision_id: string;
    mode: Correction['mode'];
    target_checkpoint_id: string | null;
    reverted_decisions: { decision_id: string; title: string; depth: number }[];
    restore_paths: string[] | null;
    changes: ReturnType<typeof changesJson>;
    conflicts: string[];
    /** Restored paths someone else changed between the tool calls: merged, their changes kept. */
    kept: string[];
    /** Paths that cannot be merged, with the reason; any blocks the correction. */
    merge_conflicts: ReturnType<typeof conflictsJson>;
    undoes_work_of: ReturnType<typeof undoneWorkJson>;
  };
}

/** `agents plan correct --preview`: what the correction would do. */
export function correctionPreviewEnvelope(impact: CorrectionImpact): CorrectionPreviewJson {
  return {
    correction_preview: {
      plan_id: impact.plan_id,
      decision_id: impact.decision_id,
      mode: impact.mode,
      target_checkpoint_id: impact.target_checkpoint?.checkpoint_id ?? null,
      reverted_decisions: impact.reverted.map((r) => ({ decision_id: r.decision.decision_id, title: r.decision.title, depth: r.depth })),
      restore_paths: impact.restore_paths,
      changes: changesJson(impact.changes),
      conflicts: [...impact.conflicts],
      kept: [...impact.kept],
      merge_conflicts: conflictsJson(impact.merge_conflicts),
      undoes_work_of: undoneWorkJson(impact.undoes_work_of),
    },
  };
}

import { CONFLICT_REASONS } from '../core/agentOnlyRollback';
import type { CorrectionImpact, CorrectionOutcome, DecisionWithCheckpoints, UndoCorrectionOutcome } from '../core/correctionService';
import type { Decision } from '../core/decision';
import { escapeUnsafe as v, plural } from '../core/displayText';
import { changeLines, formatTime, renderRollback, renderUndoneWork, table } from './textOutput';

// `--format text` of decisions and corrections; every value from the database through `v`.

export function renderDecisionRecorded(d: Decision): string {
  return [
    `Recorded decision ${v(d.decision_id)} "${v(d.title)}" of plan ${v(d.plan_id)}`,
    ...(d.depends_on.length ? [`  depends on: ${d.depends_on.map(v).join(', ')}`] : []),
    ...(d.rationale ? [`  rationale:  ${v(d.rationale)}`] : []),
    `  Align checkpoints to it with: agents plan checkpoint ${v(d.plan_id)} --decision ${v(d.decision_id)}`,
  ].join('\n');
}

export function renderDecisionList(planId: string, list: readonly DecisionWithCheckpoints[], id: (id: string) => string = (x) => x): string {
  if (list.length === 0) return `Plan ${v(planId)} has no decisions yet. Record one with: agents plan decide ${v(planId)} --title TEXT`;
  return table(
    ['DECISION ID', 'STATE', 'CREATED', 'DEPENDS ON', 'CHECKPOINTS', 'TITLE'],
    list.map(({ decision: d, checkpoint_ids }) => [v(id(d.decision_id)), d.affected_by ? 'affected' : d.state, formatTime(d.created_at), d.depends_on.map((x) => v(id(x))).join(',') || '-', String(checkpoint_ids.length), v(d.title)]),
  );
}

export function renderCorrectionPreview(impact: CorrectionImpact): string {
  const lines = [
    `Correcting decision ${v(impact.decision_id)} of plan ${v(impact.plan_id)} reverts ${plural(impact.reverted.length, 'decision')}:`,
    ...impact.reverted.map((r) => `  ${'  '.repeat(r.depth)}${v(r.decision.decision_id)} "${v(r.decision.title)}"`),
  ];
  if (!impact.target_checkpoint) {
    lines.push('No file changes: the decisions are only marked reverted.');
  } else if (impact.conflicts.length > 0) {
    lines.push('Refused: these paths were also changed by decisions that stay:', ...impact.conflicts.map((p) => `  ${v(p)}`));
  } else if (impact.merge_conflicts.length > 0) {
    lines.push(
      `Refused: ${plural(impact.merge_conflicts.length, 'path')} changed both by these decisions and by someone else between their tool calls; nothing is written while there are any:`,
      ...impact.merge_conflicts.map((c) => `  conflict  ${v(c.path)}: ${CONFLICT_REASONS[c.reason]}`),
    );
  } else {
    const how =
      impact.mode === 'rollback'
        ? 'the sandbox goes back to checkpoint'
        : 'the changes these decisions made in their tool calls are taken out (merged three ways onto the files now) since checkpoint';
    lines.push(`Files: ${how} ${v(impact.target_checkpoint.checkpoint_id)}; ${plural(impact.changes.length, 'path')} change${impact.changes.length === 1 ? 's' : ''}:`);
    if (impact.changes.length) lines.push(changeLines(impact.changes));
    if (impact.kept.length) {
      lines.push(`Kept (changed by you or another program between their tool calls): ${plural(impact.kept.length, 'path')}`, ...impact.kept.map((p) => `  kept      ${v(p)}`));
    }
    lines.push(...renderUndoneWork(impact.undoes_work_of));
    lines.push('A safety checkpoint of the current files is taken first, so the correction can be undone.');
  }
  return lines.join('\n');
}

export function renderCorrected(outcome: CorrectionOutcome): string {
  const c = outcome.correction;
  return [
    `Correction ${v(c.correction_id)}: reverted ${plural(c.reverted_decisions.length, 'decision')} of plan ${v(c.plan_id)} (${c.mode}): ${c.reverted_decisions.map(v).join(', ')}`,
    ...(outcome.rollback ? [renderRollback(outcome.rollback)] : ['No file was changed.']),
    `Undo the correction with: agents plan correct --undo ${v(c.plan_id)} ${v(c.correction_id)}`,
  ].join('\n');
}

export function renderCorrectionUndone(outcome: UndoCorrectionOutcome): string {
  return [
    `Undid correction ${v(outcome.correction.correction_id)}: ${plural(outcome.reactivated.length, 'decision')} active again.`,
    ...(outcome.rollback ? [renderRollback(outcome.rollback)] : []),
  ].join('\n');
}

// How decisions read in the tree. No `vscode` import: plain functions of the data and the time.
import type { Checkpoint } from '../../core/checkpoint';
import type { Decision } from '../../core/decision';
import { plural } from '../../core/displayText';
import { escapeMarkdown, formatRelativeTime, type IconSpec } from './treePresentation';

export function decisionIcon(decision: Decision): IconSpec {
  return decision.state === 'reverted' ? { id: 'discard', color: 'disabledForeground' } : { id: 'lightbulb', color: 'charts.yellow' };
}

function aligned(decision: Decision, checkpoints: readonly Checkpoint[]): number {
  return checkpoints.filter((c) => c.decision_id === decision.decision_id).length;
}

export function decisionDescription(decision: Decision, checkpoints: readonly Checkpoint[], now: Date): string {
  const n = aligned(decision, checkpoints);
  // The time first, as on every row: a narrow sidebar cuts the end off.
  const parts = [formatRelativeTime(decision.created_at, now), decision.state === 'reverted' ? 'reverted' : decision.affected_by ? 'work undone by a correction' : 'decision', plural(n, 'checkpoint')];
  return parts.join(' · ');
}

export function decisionTooltip(decision: Decision, all: readonly Decision[], checkpoints: readonly Checkpoint[], now: Date): string {
  const title = (id: string) => all.find((d) => d.decision_id === id)?.title ?? id;
  const lines = [
    `**${escapeMarkdown(decision.title)}** · ${decision.state === 'reverted' ? 'reverted' : 'active'}`,
    `Decision \`${decision.decision_id}\`, ${escapeMarkdown(formatRelativeTime(decision.created_at, now))}`,
  ];
  if (decision.rationale) lines.push(escapeMarkdown(decision.rationale));
  if (decision.depends_on.length > 0) lines.push(`Builds on: ${decision.depends_on.map((id) => escapeMarkdown(`“${title(id)}”`)).join(', ')}`);
  lines.push(`Aligned checkpoints: ${aligned(decision, checkpoints)}`);
  if (decision.state === 'reverted') lines.push(`Reverted by correction \`${decision.reverted_by ?? '?'}\`; Undo Correction makes it active again.`);
  else if (decision.affected_by) lines.push(`Still active, but its later work on some files was undone by correction \`${decision.affected_by}\` (the sandbox went back to before another decision); Undo Correction brings the work back.`);
  else lines.push('Revert Decision… reverts it, every decision built on it, and their files.');
  return lines.join('\n\n');
}

// What each row of the Checkpoints view says, from its node: its description, label and tooltip.
// No `vscode` import: plain functions of the data and the time the row is drawn at. A file of its
// own because it draws on the decision and prompt rows' text, which draw on treePresentation.ts.
import { hookAgentOf } from '../../core/hookCheckpoints';
import { decisionDescription, decisionTooltip } from './decisionPresentation';
import { hookAgentName, promptRowDescription, promptRowLabel } from './promptPresentation';
import { isSafetyCheckpoint } from '../../core/safetyCheckpoints';
import type { CheckpointNode, DecisionNode, PlanNode, TreeNode } from './treeNodes';
import { checkpointDescription, checkpointTooltip, escapeMarkdown, planAccessibilityLabel, planDescription, planTooltip, safetyRowLabel, toolCallLabel } from './treePresentation';
import { originText } from '../../remote/fetchedOrigins';

/** A plan's row: the agent that feeds it (if hooks do), and first what holds it up or runs on it. */
export function planRowDescription(node: PlanNode): string {
  const { plan } = node;
  const agent = hookAgentOf(node.checkpoints);
  const described = agent === undefined ? planDescription(plan) : `${hookAgentName(agent)} session · ${planDescription(plan, agent)}`;
  if (node.interrupted) return `interrupted ${node.interrupted.type} · ${described}`;
  if (node.inProgress) return `${node.inProgress.type} in progress · ${described}`;
  if (node.sandboxMissing) return `sandbox missing · ${described}`;
  if (node.origin) return `from ${originText(node.origin.origin)} · read-only · ${described}`;
  return described;
}

export function planRowAccessibilityLabel(node: PlanNode): string {
  return planAccessibilityLabel(node.plan, node.checkpoints.length, node.interrupted) + (node.sandboxMissing ? ', sandbox missing' : '') + (node.origin ? `, fetched from ${originText(node.origin.origin)}, read-only` : '');
}

export function decisionRowDescription(node: DecisionNode, now: Date): string {
  return decisionDescription(node.decision, node.planNode.checkpoints, now);
}

/** A prompt's row is labelled by the prompt: its checkpoint is the state before it. */
export function checkpointRowLabel(node: CheckpointNode): string {
  if (node.steps !== undefined) return promptRowLabel(node.checkpoint);
  // Under the checkpoint its rollback went back to, a safety checkpoint need not quote that one's name.
  if (isSafetyCheckpoint(node.checkpoint) && node.parent.kind === 'checkpoint') return safetyRowLabel(node.checkpoint);
  return toolCallLabel(node.checkpoint);
}

export function checkpointRowDescription(node: CheckpointNode, now: Date): string {
  return node.steps === undefined ? checkpointDescription(node.checkpoint, now) : promptRowDescription(node.checkpoint, node.steps, now);
}

/** A plan's, decision's or checkpoint's tooltip (Markdown); undefined for the rows that have a plain one. */
export function rowTooltipMarkdown(node: TreeNode, now: Date): string | undefined {
  if (node.kind === 'plan') {
    const tip = planTooltip(node.plan, node.checkpoints, now, node.interrupted, node.sandboxMissing === true, node.shortIds);
    if (!node.origin) return tip;
    const o = node.origin;
    return `${tip}\n\n---\n\nFetched from ${escapeMarkdown(o.remote)} on ${escapeMarkdown(o.fetched_at.slice(0, 16).replace('T', ' '))} UTC: recorded by ${escapeMarkdown(originText(o.origin))}. Read-only here: compare its checkpoints, or roll this workspace back to one.`;
  }
  if (node.kind === 'checkpoint') return checkpointTooltip(node.checkpoint, now, node.planNode.shortIds);
  if (node.kind === 'decision') return decisionTooltip(node.decision, node.planNode.decisions, node.planNode.checkpoints, now);
  return undefined;
}

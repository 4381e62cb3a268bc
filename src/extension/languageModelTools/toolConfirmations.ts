// What VS Code asks before an agent's rollback, undo or delete runs (prepareInvocation). No
// `vscode` import: plain text for the tests, made Markdown-inert here and wrapped by the caller.
import type { Checkpoint } from '../../core/checkpoint';
import { displayText } from '../../core/displayText';
import type { Plan } from '../../core/plan';
import type { PathChange } from '../../core/rollbackResult';
import type { UndoneWork } from '../../core/undoneWork';
import type { CorrectionImpact } from '../../core/correctionService';
import type { Correction } from '../../core/decision';
import { revertConfirmation, undoCorrectionConfirmation } from '../decisions/decisionText';
import { applyConfirmation, deleteConfirmation, markAppliedConfirmation } from '../planLifecycle/planLifecycleText';
import type { AgentOnlyPreview } from '../../core/agentOnlyRollback';
import { agentOnlyConfirmation, restoreConfirmation, rollbackConfirmation, type ConfirmationText } from '../rollback/rollbackText';
import { checkpointLabel, escapeMarkdown, formatRelativeTime } from '../tree/treePresentation';

export interface ToolConfirmation {
  readonly title: string;
  /** Markdown in which every value is escaped: nothing a plan or a path holds is interpreted. */
  readonly markdown: string;
}

/** The rollback modal's own words (counts first, then the first paths), as inert Markdown. */
export function rollbackToolConfirmation(plan: Plan, checkpoint: Checkpoint, changes: readonly PathChange[], undo: boolean, undone: readonly UndoneWork[] = []): ToolConfirmation {
  const text = rollbackConfirmation({ planTitle: plan.title, checkpointLabel: checkpointLabel(checkpoint), checkpointTaken: formatRelativeTime(checkpoint.created_at, new Date()), changes, undo, undone });
  return { title: undo ? 'Undo the rollback?' : 'Roll back?', markdown: inertMarkdown(text) };
}

/** The agent-only rollback modal's words: how many of the agent's changes go, how many of the user's stay, the conflicts. */
export function agentOnlyToolConfirmation(plan: Plan, checkpoint: Checkpoint, preview: AgentOnlyPreview): ToolConfirmation {
  const text = agentOnlyConfirmation({ planTitle: plan.title, checkpointLabel: checkpointLabel(checkpoint), checkpointTaken: formatRelativeTime(checkpoint.created_at, new Date()), preview });
  return { title: 'Undo the agent’s changes, keeping the user’s?', markdown: inertMarkdown(text) };
}

export function deleteToolConfirmation(plan: Plan, checkpoint: Checkpoint): ToolConfirmation {
  return {
    title: 'Delete the checkpoint?',
    markdown: inertMarkdown({
      // Named by label and time, as everywhere a person reads it: the id is the model's, not the user's.
      message: `Delete the checkpoint “${checkpointLabel(checkpoint)}” (${checkpoint.checkpoint_type}, taken ${formatRelativeTime(checkpoint.created_at, new Date())}) of the plan “${plan.title}”?`,
      detail: ['Its snapshot is dropped from the shadow store; this cannot be undone. The files of the sandbox are not touched.'],
    }),
  };
}

/** The Revert Decision modal's own words: the decisions the BFS reaches, then the file counts. */
export function correctionToolConfirmation(impact: CorrectionImpact): ToolConfirmation {
  return { title: 'Revert the decision?', markdown: inertMarkdown(revertConfirmation(impact)) };
}

export function undoCorrectionToolConfirmation(correction: Correction, decisionTitle: string, changes: readonly PathChange[] = []): ToolConfirmation {
  return { title: 'Undo the correction?', markdown: inertMarkdown(undoCorrectionConfirmation(correction, decisionTitle, changes)) };
}

/** "Restore this file"'s words: counts first, then the paths. */
export function restoreToolConfirmation(plan: Plan, checkpoint: Checkpoint, changes: readonly PathChange[]): ToolConfirmation {
  return { title: 'Restore from the checkpoint?', markdown: inertMarkdown(restoreConfirmation(plan.title, checkpointLabel(checkpoint), changes)) };
}

/** The Apply / Mark Applied modal's words: an isolated plan's changes, or an in-place plan made final. */
export function applyToolConfirmation(plan: Plan, changes: readonly PathChange[], checkpoints: number): ToolConfirmation {
  const text = plan.sandbox_kind === 'isolated' ? applyConfirmation(plan, changes) : markAppliedConfirmation(plan, checkpoints);
  return { title: 'Apply the plan?', markdown: inertMarkdown(text) };
}

/** The Delete Plan modal's words: what goes with it. */
export function deletePlanToolConfirmation(plan: Plan, checkpoints: readonly Checkpoint[], now: Date): ToolConfirmation {
  return { title: 'Delete the plan?', markdown: inertMarkdown(deleteConfirmation(plan, checkpoints, now)) };
}

/** The question in bold, then each line of the detail on a line of its own, every one escaped and shortened. */
function inertMarkdown(text: ConfirmationText): string {
  const line = (value: string) => escapeMarkdown(displayText(value, 300));
  return [`**${line(text.message)}**`, ...text.detail.map((d) => (d === '' ? '' : line(d)))].join('  \n');
}

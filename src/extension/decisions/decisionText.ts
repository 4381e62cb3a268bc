import type { AgentOnlyConflict } from '../../core/agentOnlyRollback';
// The questions of the decisions feature. No `vscode` import: unit-tested in plain Node.
import type { CorrectionImpact } from '../../core/correctionService';
import type { Correction } from '../../core/decision';
import { plural, relativeTime } from '../../core/displayText';
import type { PathChange } from '../../core/rollbackResult';
import type { UndoneWork } from '../../core/undoneWork';
import type { PanelCorrection } from '../../webview/protocol';
import { countsSentence, listPaths, undoneWorkBlock, type ConfirmationText } from '../rollback/rollbackText';
import { checkpointLabel } from '../tree/treePresentation';

export const REVERT = 'Revert';
export const UNDO_CORRECTION = 'Undo Correction';
/** The tree's two ways to revert: independent work kept (first), or the sandbox back to before the decision. */
export const KEEP_INDEPENDENT_CHOICE = 'Revert, Keep Independent Work';
export const UNDO_LATER_WORK_CHOICE = 'Revert and Undo Later Work';

/** The picker's second choice, saying whose later work it undoes. */
export function undoLaterWorkDetail(undone: readonly UndoneWork[]): string {
  if (undone.length === 0) return 'The sandbox goes back to the checkpoint before the decision; no other work is undone.';
  const named = undone.map((u) => `${u.decision_id ? 'decision' : 'plan'} “${u.title}” (${u.paths.length === 1 ? u.paths[0] : plural(u.paths.length, 'file')})`);
  return `The sandbox goes back to the checkpoint before the decision. Also undoes: ${named.join(', ')}.`;
}

/**
 * The picker's first choice; `conflicts`: paths decisions that stay also changed, `mergeConflicts`:
 * paths where someone else changed the same lines between the tool calls (either: it cannot be done).
 */
export function keepIndependentDetail(conflicts: readonly string[], mergeConflicts: readonly AgentOnlyConflict[] = []): string {
  const list = (paths: readonly string[]): string => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}`;
  if (conflicts.length > 0) {
    return `Not possible here: ${plural(conflicts.length, 'path')} changed by these decisions ${conflicts.length === 1 ? 'was' : 'were'} also changed by decisions that stay (${list(conflicts)}).`;
  }
  if (mergeConflicts.length > 0) {
    const paths = mergeConflicts.map((c) => c.path);
    return `Not possible here: ${plural(paths.length, 'path')} changed by these decisions ${paths.length === 1 ? 'was' : 'were'} also changed by someone else on the same lines (${list(paths)}).`;
  }
  return 'Only the changes the reverted decisions made go back; later independent work, and your edits between their tool calls, stay.';
}

/** "Revert “B” and 1 decision built on it?", with the decisions the BFS reaches and the file counts. */
export function revertConfirmation(impact: CorrectionImpact, now: Date = new Date()): ConfirmationText {
  const [first, ...rest] = impact.reverted;
  const message = `Revert “${first!.decision.title}”${rest.length ? ` and ${plural(rest.length, 'decision')} built on it` : ''}?`;
  const decisions = impact.reverted.map((r) => `${'    '.repeat(r.depth)}• ${r.decision.title}`);
  const files = impact.target_checkpoint
    ? [
        countsSentence(impact.changes),
        '',
        ...undoneWorkBlock(impact.undoes_work_of),
        ...listPaths(impact.changes),
        '',
        impact.mode === 'keep_independent'
          ? `Only the changes these decisions made are taken out; later work that does not build on them stays${impact.kept.length > 0 ? `; edits made to ${plural(impact.kept.length, 'file')} between their tool calls are kept (merged)` : ''}.`
          : `The sandbox goes back to “${checkpointLabel(impact.target_checkpoint)}” (taken ${relativeTime(impact.target_checkpoint.created_at, now)}), before the decision.`,
        'A safety checkpoint is taken first: Undo Correction puts the files back and makes the decisions active again.',
      ]
    : ['No file changes: the decisions are only marked reverted.'];
  return { message, detail: ['These decisions will be marked reverted:', ...decisions, '', ...files] };
}

/** `changes`: what undoing it changes in the files (its preview), listed as the other modals list them. */
export function undoCorrectionConfirmation(correction: Correction, title: string, changes: readonly PathChange[] = [], undone: readonly UndoneWork[] = []): ConfirmationText {
  const n = correction.reverted_decisions.length;
  const files = !correction.undo_checkpoint_id
    ? ['It changed no file.']
    : changes.length === 0
      ? ['The files already are as they were before the correction: none changes.']
      : [countsSentence(changes), '', ...undoneWorkBlock(undone), ...listPaths(changes), '', 'The files it restored go back to how they were just before it. A safety checkpoint is taken first.'];
  return {
    message: `Undo the correction of “${title}”?`,
    detail: [`${plural(n, 'decision')} become${n === 1 ? 's' : ''} active again.`, '', ...files],
  };
}

/** The panel's heading of a correction. */
export function panelCorrection(correction: Correction, titles: ReadonlyMap<string, string>, depths: ReadonlyMap<string, number>): PanelCorrection {
  return {
    id: correction.correction_id,
    decisionTitle: titles.get(correction.decision_id) ?? correction.decision_id,
    mode: correction.mode,
    reverted: correction.reverted_decisions.map((id) => ({ id, title: titles.get(id) ?? id, depth: depths.get(id) ?? 0 })),
    undone: correction.state === 'undone',
  };
}

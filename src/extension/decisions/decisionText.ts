// The questions of the decisions feature. No `vscode` import: unit-tested in plain Node.
import type { CorrectionImpact } from '../../core/correctionService';
import type { Correction } from '../../core/decision';
import type { PanelCorrection } from '../../webview/protocol';
import { countsSentence, listPaths, type ConfirmationText } from '../rollback/rollbackText';

export const REVERT = 'Revert';
export const UNDO_CORRECTION = 'Undo Correction';

/** "Revert “B” and 1 decision built on it?", with the decisions the BFS reaches and the file counts. */
export function revertConfirmation(impact: CorrectionImpact): ConfirmationText {
  const [first, ...rest] = impact.reverted;
  const message = `Revert “${first!.decision.title}”${rest.length ? ` and ${rest.length} decision${rest.length === 1 ? '' : 's'} built on it` : ''}?`;
  const decisions = impact.reverted.map((r) => `${'    '.repeat(r.depth)}• ${r.decision.title}`);
  const files = impact.target_checkpoint
    ? [
        countsSentence(impact.changes),
        '',
        ...listPaths(impact.changes),
        '',
        impact.mode === 'keep_independent'
          ? 'Only the paths these decisions changed are restored; later work that does not build on them stays.'
          : `The sandbox goes back to checkpoint ${impact.target_checkpoint.checkpoint_id}, before the decision.`,
        'A safety checkpoint is taken first: Undo Correction puts the files back and makes the decisions active again.',
      ]
    : ['No file changes: the decisions are only marked reverted.'];
  return { message, detail: ['These decisions will be marked reverted:', ...decisions, '', ...files] };
}

export function undoCorrectionConfirmation(correction: Correction, title: string): ConfirmationText {
  const n = correction.reverted_decisions.length;
  return {
    message: `Undo the correction of “${title}”?`,
    detail: [
      `${n} decision${n === 1 ? '' : 's'} become${n === 1 ? 's' : ''} active again.`,
      correction.undo_checkpoint_id ? `The files it restored go back to how they were before it (checkpoint ${correction.undo_checkpoint_id}).` : 'It changed no file.',
    ],
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

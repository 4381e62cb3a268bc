"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UNDO_LATER_WORK_CHOICE = exports.KEEP_INDEPENDENT_CHOICE = exports.UNDO_CORRECTION = exports.REVERT = void 0;
exports.undoLaterWorkDetail = undoLaterWorkDetail;
exports.keepIndependentDetail = keepIndependentDetail;
exports.revertConfirmation = revertConfirmation;
exports.undoCorrectionConfirmation = undoCorrectionConfirmation;
exports.panelCorrection = panelCorrection;
const displayText_1 = require("../../core/displayText");
const rollbackText_1 = require("../rollback/rollbackText");
const treePresentation_1 = require("../tree/treePresentation");
exports.REVERT = 'Revert';
exports.UNDO_CORRECTION = 'Undo Correction';
/** The tree's two ways to revert: independent work kept (first), or the sandbox back to before the decision. */
exports.KEEP_INDEPENDENT_CHOICE = 'Revert, Keep Independent Work';
exports.UNDO_LATER_WORK_CHOICE = 'Revert and Undo Later Work';
/** The picker's second choice, saying whose later work it undoes. */
function undoLaterWorkDetail(undone) {
    if (undone.length === 0)
        return 'The sandbox goes back to the checkpoint before the decision; no other work is undone.';
    const named = undone.map((u) => `${u.decision_id ? 'decision' : 'plan'} “${u.title}” (${u.paths.length === 1 ? u.paths[0] : (0, displayText_1.plural)(u.paths.length, 'file')})`);
    return `The sandbox goes back to the checkpoint before the decision. Also undoes: ${named.join(', ')}.`;
}
/**
 * The picker's first choice; `conflicts`: paths decisions that stay also changed, `mergeConflicts`:
 * paths where someone else changed the same lines between the tool calls (either: it cannot be done).
 */
function keepIndependentDetail(conflicts, mergeConflicts = []) {
    const list = (paths) => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}`;
    if (conflicts.length > 0) {
        return `Not possible here: ${(0, displayText_1.plural)(conflicts.length, 'path')} changed by these decisions ${conflicts.length === 1 ? 'was' : 'were'} also changed by decisions that stay (${list(conflicts)}).`;
    }
    if (mergeConflicts.length > 0) {
        const paths = mergeConflicts.map((c) => c.path);
        return `Not possible here: ${(0, displayText_1.plural)(paths.length, 'path')} changed by these decisions ${paths.length === 1 ? 'was' : 'were'} also changed by someone else on the same lines (${list(paths)}).`;
    }
    return 'Only the changes the reverted decisions made go back; later independent work, and your edits between their tool calls, stay.';
}
/** "Revert “B” and 1 decision built on it?", with the decisions the BFS reaches and the file counts. */
function revertConfirmation(impact, now = new Date()) {
    const [first, ...rest] = impact.reverted;
    const message = `Revert “${first.decision.title}”${rest.length ? ` and ${(0, displayText_1.plural)(rest.length, 'decision')} built on it` : ''}?`;
    const decisions = impact.reverted.map((r) => `${'    '.repeat(r.depth)}• ${r.decision.title}`);
    const files = impact.target_checkpoint
        ? [
            (0, rollbackText_1.countsSentence)(impact.changes),
            '',
            ...(0, rollbackText_1.undoneWorkBlock)(impact.undoes_work_of),
            ...(0, rollbackText_1.listPaths)(impact.changes),
            '',
            impact.mode === 'keep_independent'
                ? `Only the changes these decisions made are taken out; later work that does not build on them stays${impact.kept.length > 0 ? `; edits made to ${(0, displayText_1.plural)(impact.kept.length, 'file')} between their tool calls are kept (merged)` : ''}.`
                : `The sandbox goes back to “${(0, treePresentation_1.checkpointLabel)(impact.target_checkpoint)}” (taken ${(0, displayText_1.relativeTime)(impact.target_checkpoint.created_at, now)}), before the decision.`,
            'A safety checkpoint is taken first: Undo Correction puts the files back and makes the decisions active again.',
        ]
        : ['No file changes: the decisions are only marked reverted.'];
    return { message, detail: ['These decisions will be marked reverted:', ...decisions, '', ...files] };
}
/** `changes`: what undoing it changes in the files (its preview), listed as the other modals list them. */
function undoCorrectionConfirmation(correction, title, changes = [], undone = []) {
    const n = correction.reverted_decisions.length;
    const files = !correction.undo_checkpoint_id
        ? ['It changed no file.']
        : changes.length === 0
            ? ['The files already are as they were before the correction: none changes.']
            : [(0, rollbackText_1.countsSentence)(changes), '', ...(0, rollbackText_1.undoneWorkBlock)(undone), ...(0, rollbackText_1.listPaths)(changes), '', 'The files it restored go back to how they were just before it. A safety checkpoint is taken first.'];
    return {
        message: `Undo the correction of “${title}”?`,
        detail: [`${(0, displayText_1.plural)(n, 'decision')} become${n === 1 ? 's' : ''} active again.`, '', ...files],
    };
}
/** The panel's heading of a correction. */
function panelCorrection(correction, titles, depths) {
    return {
        id: correction.correction_id,
        decisionTitle: titles.get(correction.decision_id) ?? correction.decision_id,
        mode: correction.mode,
        reverted: correction.reverted_decisions.map((id) => ({ id, title: titles.get(id) ?? id, depth: depths.get(id) ?? 0 })),
        undone: correction.state === 'undone',
    };
}
//# sourceMappingURL=decisionText.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KEEP_MINE_HINT = exports.LISTED_PATHS = void 0;
exports.countsSentence = countsSentence;
exports.undoneWorkBlock = undoneWorkBlock;
exports.listPaths = listPaths;
exports.rollbackConfirmation = rollbackConfirmation;
exports.agentOnlyConfirmation = agentOnlyConfirmation;
exports.takesOthersWork = takesOthersWork;
exports.agentOnlyConflictQuestion = agentOnlyConflictQuestion;
exports.restoreConfirmation = restoreConfirmation;
exports.unsavedEditorsQuestion = unsavedEditorsQuestion;
exports.unsavedEditorsError = unsavedEditorsError;
exports.nothingToRollBack = nothingToRollBack;
exports.firstCheckpointMessage = firstCheckpointMessage;
exports.rolledBackStatus = rolledBackStatus;
// What the rollback dialogs say. No `vscode` import: plain functions, unit-tested in plain Node.
const agentOnlyRollback_1 = require("../../core/agentOnlyRollback");
const rollbackResult_1 = require("../../core/rollbackResult");
const displayText_1 = require("../../core/displayText");
const undoneWork_1 = require("../../core/undoneWork");
const agentOnlyScope_1 = require("../../core/agentOnlyScope");
const authorshipText_1 = require("../../core/authorshipText");
/** How many paths a dialog lists before "and N more". */
exports.LISTED_PATHS = 10;
/** "1 file will be added, 2 modified and 0 deleted." */
function countsSentence(changes) {
    const c = (0, rollbackResult_1.countChanges)(changes);
    return `${(0, displayText_1.plural)(c.added, 'file')} will be added, ${(0, displayText_1.formatCount)(c.modified)} modified and ${(0, displayText_1.formatCount)(c.deleted)} deleted.`;
}
const WILL = { added: 'add', modified: 'restore', deleted: 'delete' };
/** Whose later work this also undoes, one owner a line after a heading, then a blank line; nothing when nobody's. */
function undoneWorkBlock(undone) {
    return undone && undone.length > 0 ? [(0, undoneWork_1.undoneWorkHeading)(undone), ...(0, undoneWork_1.undoneWorkLines)(undone).map((l) => `• ${l}`), ''] : [];
}
/** The first paths, one a line, each with what the rollback (or `will`'s operation) does to it; then "and N more". */
function listPaths(changes, shown = exports.LISTED_PATHS, will = WILL) {
    // in the panel's order (file2 before file10), not git's
    const first = [...changes].sort((a, b) => (0, displayText_1.naturalCompare)(a.path, b.path)).slice(0, shown);
    const lines = first.map((c) => `${will[c.change].padEnd(7)}  ${c.path}`);
    if (changes.length > shown)
        lines.push(`and ${(0, displayText_1.formatCount)(changes.length - shown)} more`);
    return lines;
}
/** The modal asking before a rollback (`undo`: before restoring the safety checkpoint of one). */
function rollbackConfirmation(o) {
    const message = o.undo
        ? `Undo the rollback of “${o.planTitle}”?`
        : `Roll back “${o.planTitle}” to “${o.checkpointLabel}”?`;
    const target = o.undo ? `what it was before the rollback (saved ${o.checkpointTaken})` : `“${o.checkpointLabel}” (taken ${o.checkpointTaken})`;
    // The counts are computed and come first, apart from the list: a name cannot stand in for them.
    const detail = [
        countsSentence(o.changes),
        '',
        ...undoneWorkBlock(o.undone),
        ...(takesOthersWork(o.undone) && !o.undo ? [exports.KEEP_MINE_HINT, ''] : []),
        ...listPaths(o.changes),
        '',
        `The files it works on become exactly ${target}; files ignored by .gitignore are left alone. A safety checkpoint of the current files is taken first, so this can be undone.`,
    ];
    return { message, detail };
}
/** The modal asking before an agent-only rollback ("Undo Agent Changes Since Here (Keep Mine)"). */
function agentOnlyConfirmation(o) {
    const { changes, summary } = o.preview;
    const whose = summary.scope === 'session' ? 'the agent’s changes' : `the agent’s changes in ${agentOnlyScope_1.SCOPE_WORDS[summary.scope]}`;
    const message = `Undo ${whose} to “${o.planTitle}” since “${o.checkpointLabel}”, keeping yours?`;
    const counts = `${(0, displayText_1.plural)(changes.length, 'path')} of the agent’s changes (${(0, displayText_1.plural)(summary.tool_calls, 'tool call')}) will be undone; ${(0, displayText_1.plural)(summary.kept.length, 'path')} that ${summary.kept.length === 1 ? 'is' : 'are'} not the agent’s will be kept${summary.kept.length > 0 ? ` (${(0, authorshipText_1.keptCounts)(summary.kept_reasons)})` : ''}.`;
    const detail = [counts];
    if (summary.conflicts.length > 0) {
        detail.push('', `${(0, displayText_1.plural)(summary.conflicts.length, 'conflict')}: nothing will be written while the agent and someone else both changed these:`);
        detail.push(...summary.conflicts.slice(0, exports.LISTED_PATHS).map((c) => `${c.path}: ${agentOnlyRollback_1.CONFLICT_REASONS[c.reason]}`));
        if (summary.conflicts.length > exports.LISTED_PATHS)
            detail.push(`and ${(0, displayText_1.formatCount)(summary.conflicts.length - exports.LISTED_PATHS)} more`);
    }
    if (changes.length > 0)
        detail.push('', 'Undone:', ...listPaths(changes));
    if (summary.merged.length > 0) {
        detail.push('', 'Merged (only the agent’s lines go, the rest stays):', ...summary.merged.slice(0, exports.LISTED_PATHS).map((p) => `merge    ${p}`));
        if (summary.merged.length > exports.LISTED_PATHS)
            detail.push(`and ${(0, displayText_1.formatCount)(summary.merged.length - exports.LISTED_PATHS)} more`);
    }
    if (summary.kept_reasons.length > 0) {
        detail.push('', 'Kept:', ...summary.kept_reasons.slice(0, exports.LISTED_PATHS).map((k) => `keep     ${k.path} (${authorshipText_1.KEPT_REASON_LABELS[k.reason]})`));
        if (summary.kept_reasons.length > exports.LISTED_PATHS)
            detail.push(`and ${(0, displayText_1.formatCount)(summary.kept_reasons.length - exports.LISTED_PATHS)} more`);
    }
    if (summary.unclosed.length > 0)
        detail.push('', `${(0, displayText_1.plural)(summary.unclosed.length, 'tool call')} had no post_step (a crash or a missed hook): whose changes they hold is unknown, so they are kept.`);
    detail.push('', `Taken from “${o.checkpointLabel}” (taken ${o.checkpointTaken}) onwards. A safety checkpoint of the current files is taken first, so this can be undone (Undo Rollback).`);
    return { message, detail };
}
/** Whether a full rollback would take edits made outside tool calls or another session's work: then Keep Mine is offered beside it. */
function takesOthersWork(undone) {
    return (undone ?? []).some((u) => u.kind === 'outside_tool_calls' || u.kind === 'plan');
}
/** The line under a rollback's list when it takes others' work: what Keep Mine would do instead. */
exports.KEEP_MINE_HINT = 'Keep Mine undoes only the agent’s tool calls since then and keeps these edits and other sessions’ work.';
/** The modal when Keep Mine cannot take the agent's changes out alone: the ways on. */
function agentOnlyConflictQuestion(planTitle, checkpointLabel, preview) {
    const { conflicts } = preview.summary;
    return {
        message: `The agent’s changes to “${planTitle}” since “${checkpointLabel}” cannot be undone alone: ${(0, displayText_1.plural)(conflicts.length, 'path')} ${conflicts.length === 1 ? 'was' : 'were'} changed both by the agent and by someone else.`,
        detail: [
            ...conflicts.slice(0, exports.LISTED_PATHS).map((c) => `${c.path}: ${agentOnlyRollback_1.CONFLICT_REASONS[c.reason]}`),
            ...(conflicts.length > exports.LISTED_PATHS ? [`and ${(0, displayText_1.formatCount)(conflicts.length - exports.LISTED_PATHS)} more`] : []),
            '',
            'Nothing has been written. Preview the full rollback, roll back fully (everything since then, yours too, with an undo), or restore only the paths you choose.',
        ],
    };
}
/** Restoring chosen paths from a checkpoint ("Restore this file"). */
function restoreConfirmation(planTitle, checkpointLabel, changes) {
    const message = changes.length === 1 ? `Restore “${changes[0].path}” of “${planTitle}” from “${checkpointLabel}”?` : `Restore ${(0, displayText_1.plural)(changes.length, 'path')} of “${planTitle}” from “${checkpointLabel}”?`;
    return {
        message,
        detail: [countsSentence(changes), '', ...listPaths(changes), '', 'Only these paths change; the other files stay as they are. A safety checkpoint is taken first, so this can be undone (Undo Rollback).'],
    };
}
/** Unsaved editors on paths the rollback is about to change. */
function unsavedEditorsQuestion(paths) {
    const listed = paths.slice(0, exports.LISTED_PATHS);
    return {
        message: `${(0, displayText_1.plural)(paths.length, 'file')} the rollback changes ${paths.length === 1 ? 'has' : 'have'} unsaved changes.`,
        detail: [
            ...listed,
            ...(paths.length > listed.length ? [`and ${(0, displayText_1.formatCount)(paths.length - listed.length)} more`] : []),
            '',
            'Save them first: the rollback then restores the checkpoint over the saved files, and its safety checkpoint keeps your edits (Undo Rollback brings them back). ' +
                'Or discard the unsaved changes. Nothing has been touched yet.',
        ],
    };
}
/** For callers that cannot be asked (the API without confirmation). */
/** `action`: what was refused, in lower case (`rollback`, `restore`, `correction`, `undo`). */
function unsavedEditorsError(paths, action = 'rollback') {
    const shown = paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${(0, displayText_1.formatCount)(paths.length - 5)} more` : '');
    return `${action[0].toUpperCase()}${action.slice(1)} blocked: ${(0, displayText_1.plural)(paths.length, 'file')} the ${action} would change ${paths.length === 1 ? 'has' : 'have'} unsaved changes in an editor: ${shown}. Save or revert ${paths.length === 1 ? 'it' : 'them'} first.`;
}
function nothingToRollBack(planTitle, checkpointLabel) {
    return `Nothing to roll back: the files of “${planTitle}” already match “${checkpointLabel}”.`;
}
function firstCheckpointMessage(checkpointLabel) {
    return `“${checkpointLabel}” is the plan's first checkpoint: there is no earlier one to compare it with. Use Compare with Current instead.`;
}
/** The status-bar message after a rollback. */
function rolledBackStatus(changes, seconds, undo) {
    return `${undo ? 'Rollback undone' : 'Rolled back'}: ${(0, displayText_1.plural)(changes, 'file')} in ${seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`}`;
}
//# sourceMappingURL=rollbackText.js.map
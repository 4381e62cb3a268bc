"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AgentOnlyConflictError = exports.CONFLICT_REASONS = exports.AUTOMATIC_SOURCE_TOOL = void 0;
exports.checkpointSpans = checkpointSpans;
exports.conflictText = conflictText;
exports.agentOnlySummary = agentOnlySummary;
const displayText_1 = require("./displayText");
const errors_1 = require("./errors");
const lateCheckpoints_1 = require("./lateCheckpoints");
const authorshipQueries_1 = require("./authorshipQueries");
// An agent-only rollback ("undo the agent, keep mine"): of everything that changed since a
// checkpoint, only what changed inside the agent's tool calls is taken back. A tool call is fenced
// by its `pre_write` and its `post_step`; what changed between one tool call's `post_step` and the
// next one's `pre_write` came from someone else (the user, a formatter, another program) and stays.
/** What VS Code's automatic checkpoints name as their source: they fence any burst of writes (the user's saves too), not a tool call. */
exports.AUTOMATIC_SOURCE_TOOL = 'auto-checkpoint';
function fencesToolCall(c, type) {
    return c.checkpoint_type === type && c.metadata.source_tool !== exports.AUTOMATIC_SOURCE_TOOL && !(0, lateCheckpoints_1.isLateCheckpoint)(c);
}
/**
 * The stretches after `checkpoints[from]` (a plan's checkpoints, oldest first), each marked as the
 * agent's or someone else's:
 * - from a `pre_write` to the next checkpoint: the agent's (unclosed when that is not a `post_step`,
 *   or when there is none: then up to the files as they are now);
 * - from any other checkpoint to a `post_step`: the agent's too, a tool call whose `pre_write` was
 *   skipped because nothing had changed since that checkpoint (the agent hooks skip it then);
 * - from the `post_step` of a command left running in the background: the agent's (see `background`);
 * - anything else (from a `post_step` or a manual checkpoint to a `pre_write` or a manual one, or
 *   to the files now): someone else's.
 * A late checkpoint (core/lateCheckpoints.ts) is no boundary: after `from`, the stretches pass over
 * it (its files were read at a moment no hook fenced), and as `from` it opens no tool call.
 */
function checkpointSpans(checkpoints, from) {
    const spans = [];
    const after = checkpoints.slice(from + 1).filter((c) => !(0, lateCheckpoints_1.isLateCheckpoint)(c));
    const list = from < checkpoints.length ? [checkpoints[from], ...after] : [];
    for (let i = 0; i < list.length; i++) {
        const start = list[i];
        const end = list[i + 1];
        const opened = fencesToolCall(start, 'pre_write');
        const closed = end !== undefined && fencesToolCall(end, 'post_step');
        const extra = start.metadata.extra;
        const background = fencesToolCall(start, 'post_step') && extra?.background === '1';
        spans.push({ from: start, to: end, agent: opened || closed || background, unclosed: opened && !closed, ...(background ? { background: true } : {}) });
    }
    return spans;
}
/** Why a path cannot be handed back to the agent-free state: both the agent and someone else changed it. */
exports.CONFLICT_REASONS = {
    lines: 'the same lines were changed by the agent and by someone else',
    binary: 'a binary file changed by the agent and by someone else',
    created: 'created by the agent, then changed by someone else',
    recreated: 'deleted by the agent, then made again by someone else',
    deleted: 'changed by the agent, then deleted by someone else',
    mode: 'its mode (executable bit or file type) was changed by the agent and by someone else',
    symlink: 'a symbolic link changed by the agent and by someone else',
    folder: 'a file and a folder would have the same path',
};
function conflictText(c) {
    return `${c.path} (${exports.CONFLICT_REASONS[c.reason]})`;
}
/** An agent-only rollback refused: paths both changed; nothing was written. */
class AgentOnlyConflictError extends errors_1.BusinessRuleViolation {
    conflicts;
    constructor(conflicts) {
        super(`Rollback blocked: ${(0, displayText_1.plural)(conflicts.length, 'path')} ${conflicts.length === 1 ? 'was' : 'were'} changed both by the agent and by someone else, so the agent's changes cannot be taken out of them alone; nothing was written: ` +
            conflicts.slice(0, 10).map(conflictText).join('; ') +
            (conflicts.length > 10 ? `; and ${(0, displayText_1.formatCount)(conflicts.length - 10)} more` : '') +
            '. Roll back fully, or restore chosen paths, instead.');
        this.conflicts = conflicts;
    }
}
exports.AgentOnlyConflictError = AgentOnlyConflictError;
/** The summary of an agent-only rollback from the authorship record, which tool calls it takes out, the paths it writes, and the conflicts. */
function agentOnlySummary(record, scope, takenOut, written, conflicts) {
    const { kept, merged } = (0, authorshipQueries_1.keptAndMerged)(record, takenOut, new Set(written), new Set(conflicts.map((c) => c.path)));
    return {
        mode: 'agent_only',
        scope,
        tool_calls: record.stretches.filter((s) => s.author.kind === 'tool_call' && takenOut(s.author)).length,
        kept: kept.map((k) => k.path),
        kept_reasons: kept,
        merged,
        conflicts: [...conflicts].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
        unclosed: record.stretches
            .filter((s) => s.author.kind === 'unknown' && s.author.reason === 'unclosed')
            .map((s) => ({ pre_write_checkpoint_id: s.from.checkpoint_id, until_checkpoint_id: s.to?.checkpoint_id ?? null })),
    };
}
//# sourceMappingURL=agentOnlyRollback.js.map
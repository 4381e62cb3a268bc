"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CorrectionMergeConflictError = void 0;
exports.correctionToolCalls = correctionToolCalls;
exports.stretchesBetween = stretchesBetween;
const displayText_1 = require("./displayText");
const agentOnlyRollback_1 = require("./agentOnlyRollback");
const decisionGraph_1 = require("./decisionGraph");
const errors_1 = require("./errors");
/**
 * The stretches that hold the reverted decisions' work, oldest first, overlapping and adjacent ones
 * joined. For each decision, the agent's tool calls inside its window (a span from a `pre_write`
 * aligned to it, or ending at a `post_step` aligned to it: see {@link checkpointSpans}); a decision
 * whose window holds none of those (its checkpoints are not typed as fences) counts its whole window
 * as its work, as before. `checkpoints`: the plan's, oldest first.
 */
function correctionToolCalls(checkpoints, reverted) {
    const index = new Map(checkpoints.map((c, i) => [c.checkpoint_id, i]));
    const ranges = [];
    for (const d of reverted) {
        const window = (0, decisionGraph_1.decisionWindow)(checkpoints, d);
        if (!window)
            continue;
        const [start, end] = [index.get(window.from.checkpoint_id), index.get(window.to.checkpoint_id)];
        if (start >= end)
            continue;
        // By id: the spans pass over late checkpoints (core/lateCheckpoints.ts), so one may cover two.
        const own = (0, agentOnlyRollback_1.checkpointSpans)(checkpoints.slice(0, end + 1), start).filter((s) => s.agent && s.to !== undefined && (s.from.decision_id === d.decision_id || s.to.decision_id === d.decision_id));
        if (own.length === 0)
            ranges.push([start, end]);
        else
            for (const s of own)
                ranges.push([index.get(s.from.checkpoint_id), index.get(s.to.checkpoint_id)]);
    }
    ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const joined = [];
    for (const r of ranges) {
        const last = joined.at(-1);
        if (last && r[0] <= last[1])
            last[1] = Math.max(last[1], r[1]);
        else
            joined.push([...r]);
    }
    return joined.map(([a, b]) => ({ from: checkpoints[a], to: checkpoints[b] }));
}
/**
 * The stretches from `target` to the files now that are not in `calls` (`to` undefined: up to the
 * files now): what someone else changed there is kept.
 */
function stretchesBetween(checkpoints, target, calls) {
    const index = new Map(checkpoints.map((c, i) => [c.checkpoint_id, i]));
    const out = [];
    let at = index.get(target.checkpoint_id) ?? 0;
    for (const call of calls) {
        const [a, b] = [index.get(call.from.checkpoint_id), index.get(call.to.checkpoint_id)];
        if (b <= at)
            continue;
        if (a > at)
            out.push({ from: checkpoints[at], to: call.from });
        at = b;
    }
    out.push({ from: checkpoints[at], to: undefined });
    return out;
}
/** A correction refused because a reverted decision and someone else changed the same lines (or a binary file, a file's existence, its mode). */
class CorrectionMergeConflictError extends errors_1.CorrectionConflictError {
    reasons;
    constructor(reasons) {
        super(reasons.map((c) => c.path), `Correction blocked: ${(0, displayText_1.plural)(reasons.length, 'path')} ${reasons.length === 1 ? 'was' : 'were'} changed both by the decisions it reverts and by someone else between their tool calls, ` +
            `so their changes cannot be taken out alone; nothing was written: ` +
            reasons
                .slice(0, 10)
                .map((c) => `${c.path} (${agentOnlyRollback_1.CONFLICT_REASONS[c.reason]})`)
                .join('; ') +
            (reasons.length > 10 ? `; and ${reasons.length - 10} more` : '') +
            '. Correct without keeping independent work, or restore those paths by hand.');
        this.reasons = reasons;
    }
}
exports.CorrectionMergeConflictError = CorrectionMergeConflictError;
//# sourceMappingURL=correctionToolCalls.js.map
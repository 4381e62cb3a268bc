"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.revertOrder = revertOrder;
exports.targetCheckpoint = targetCheckpoint;
exports.decisionWindow = decisionWindow;
function byAge(a, b) {
    return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
/**
 * Breadth-first over the dependents of `start` (which comes first, at depth 0): each decision is
 * reached once, at its smallest depth, dependents of one decision oldest first. Decisions already
 * reverted are neither reached nor gone through: their branch was corrected before. A cycle (only
 * possible in rows another client wrote) ends where it meets a decision already reached.
 */
function revertOrder(decisions, start) {
    const dependents = new Map();
    for (const d of decisions) {
        for (const on of d.depends_on)
            dependents.set(on, [...(dependents.get(on) ?? []), d]);
    }
    const reached = [{ decision: start, depth: 0 }];
    const seen = new Set([start.decision_id]);
    for (let i = 0; i < reached.length; i++) {
        const { decision, depth } = reached[i];
        const next = (dependents.get(decision.decision_id) ?? [])
            .filter((d) => d.state === 'active' && !seen.has(d.decision_id))
            .sort((a, b) => byAge({ created_at: a.created_at, id: a.decision_id }, { created_at: b.created_at, id: b.decision_id }));
        for (const d of next) {
            seen.add(d.decision_id);
            reached.push({ decision: d, depth: depth + 1 });
        }
    }
    return reached;
}
/**
 * The checkpoint the files go back to when `decision` is corrected: the earliest `pre_write`
 * aligned to it; else the newest checkpoint taken before the decision was recorded; else none.
 * `checkpoints` are one plan's, oldest first.
 */
function targetCheckpoint(checkpoints, decision) {
    const preWrite = checkpoints.find((c) => c.decision_id === decision.decision_id && c.checkpoint_type === 'pre_write');
    if (preWrite)
        return preWrite;
    return checkpoints.filter((c) => c.created_at < decision.created_at).at(-1);
}
/**
 * The checkpoints that bound what a decision changed: from its target (see above; its first aligned
 * checkpoint when it has none) to its newest aligned checkpoint. Undefined when nothing is aligned
 * to it: what it changed is not known.
 */
function decisionWindow(checkpoints, decision) {
    const aligned = checkpoints.filter((c) => c.decision_id === decision.decision_id);
    if (aligned.length === 0)
        return undefined;
    return { from: targetCheckpoint(checkpoints, decision) ?? aligned[0], to: aligned.at(-1) };
}
//# sourceMappingURL=decisionGraph.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.placeSafetyCheckpoints = placeSafetyCheckpoints;
const hookCheckpoints_1 = require("../../core/hookCheckpoints");
const safetyCheckpoints_1 = require("../../core/safetyCheckpoints");
/** How far a chain of undone rollbacks is followed (each undo is a rollback to the previous safety checkpoint). */
const CHAIN_MAX = 1000;
/**
 * The checkpoint a safety checkpoint concerns: the one its rollback went back to, following undone
 * rollbacks (a rollback to a safety checkpoint) to the first that is not one. Undefined when that
 * checkpoint is gone (pruned, deleted): the safety checkpoint then stays in the plain listing.
 */
function concerned(safety, byId) {
    let current = safety;
    for (let i = 0; i < CHAIN_MAX && (0, safetyCheckpoints_1.isSafetyCheckpoint)(current); i++) {
        const to = current.metadata.extra.rollback_to;
        const next = typeof to === 'string' ? byId.get(to) : undefined;
        if (next === undefined || next === safety)
            return undefined;
        current = next;
    }
    return (0, safetyCheckpoints_1.isSafetyCheckpoint)(current) ? undefined : current;
}
/** Places each safety checkpoint of a plan (checkpoints oldest first) under the row it concerns. */
function placeSafetyCheckpoints(checkpoints, hookFed) {
    const byId = new Map(checkpoints.map((c) => [c.checkpoint_id, c]));
    const promptOf = new Map();
    if (hookFed) {
        for (const g of (0, hookCheckpoints_1.groupByPrompt)(checkpoints).groups) {
            promptOf.set(g.prompt.checkpoint_id, g.prompt.checkpoint_id);
            for (const s of g.steps)
                promptOf.set(s.checkpoint_id, g.prompt.checkpoint_id);
        }
    }
    const under = new Map();
    const placed = new Set();
    for (const c of checkpoints) {
        if (!(0, safetyCheckpoints_1.isSafetyCheckpoint)(c))
            continue;
        const target = concerned(c, byId);
        if (target === undefined)
            continue;
        const row = promptOf.get(target.checkpoint_id) ?? target.checkpoint_id;
        under.set(row, [...(under.get(row) ?? []), c]);
        placed.add(c.checkpoint_id);
    }
    return { under, placed };
}
//# sourceMappingURL=safetyPlacement.js.map
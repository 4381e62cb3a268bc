"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.checkpointsToRetain = checkpointsToRetain;
const checkpoint_1 = require("./checkpoint");
const decisionGraph_1 = require("./decisionGraph");
/**
 * The checkpoints of one plan that retention keeps whatever its limit, because an undo or a
 * correction still needs them (ids). Pruning them would leave that undo or correction nothing to
 * restore from, and it would fail or, worse, "succeed" with no change.
 * - The safety checkpoint of the latest rollback (a restore of paths and a correction take one
 *   too): undoing that rollback rolls back to it.
 * - The safety checkpoint of the latest correction not undone: its undo restores from it.
 * - For every active decision, and every decision that correction reverted (undoing it makes them
 *   active again): the checkpoint a correction of it goes back to (its pre_write, or the newest
 *   one taken before it), and the newest checkpoint aligned to it. Together they bound what it
 *   changed; the checkpoints between them can go without changing either end.
 * `oldestFirst`, `decisions` and `corrections` are one plan's.
 */
function checkpointsToRetain(oldestFirst, decisions, corrections) {
    const keep = new Set();
    const latestSafety = oldestFirst.filter(checkpoint_1.isSafetyCheckpoint).at(-1);
    if (latestSafety)
        keep.add(latestSafety.checkpoint_id);
    const latestCorrection = corrections.filter((c) => c.state === 'applied').at(-1);
    if (latestCorrection?.undo_checkpoint_id)
        keep.add(latestCorrection.undo_checkpoint_id);
    for (const d of decisions) {
        const needed = d.state === 'active' || (latestCorrection !== undefined && d.reverted_by === latestCorrection.correction_id);
        if (!needed)
            continue;
        const target = (0, decisionGraph_1.targetCheckpoint)(oldestFirst, d);
        if (target)
            keep.add(target.checkpoint_id);
        const window = (0, decisionGraph_1.decisionWindow)(oldestFirst, d);
        if (window) {
            keep.add(window.from.checkpoint_id);
            keep.add(window.to.checkpoint_id);
        }
    }
    return keep;
}
//# sourceMappingURL=retainedCheckpoints.js.map
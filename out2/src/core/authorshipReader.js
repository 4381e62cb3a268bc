"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readAuthorship = readAuthorship;
const authorship_1 = require("./authorship");
/**
 * The authorship record of a plan's files since a checkpoint, read through the store and the
 * snapshotter. `nowRef`: a snapshot of the files now (the record's last stretch ends there); a
 * snapshot the store cannot read is logged, and its changes are left out of the record.
 */
async function readAuthorship(deps, plan, since, nowRef) {
    const plans = await deps.store.read((uow) => uow.plans.list().map((p) => ({ plan: p, checkpoints: uow.checkpoints.listForPlan(p.plan_id) })));
    const own = plans.find((p) => p.plan.plan_id === plan.plan_id)?.checkpoints ?? [];
    return (0, authorship_1.authorshipRecord)({
        plan,
        checkpoints: own,
        since,
        plans,
        ...(nowRef === undefined ? {} : { nowRef }),
        changedBetween: async (from, to) => {
            try {
                return await deps.snapshotter.changesWithContent(from, to);
            }
            catch (error) {
                deps.logger.warn(`Could not compare snapshots ${from} and ${to} to tell whose changes they hold: ${error instanceof Error ? error.message : String(error)}`);
                throw error;
            }
        },
    });
}
//# sourceMappingURL=authorshipReader.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.chooseActivePlan = chooseActivePlan;
/**
 * The plan that is active: the one selected in the tree (when still open), else the most recently
 * updated `executing` plan, else the most recently updated one still open (draft, completed,
 * failed). Applied and cancelled plans never are: a plan that merely changed last does not take
 * the status bar from the one at work. Nor is a plan whose sandbox folder is missing, unless selected.
 */
function chooseActivePlan(all, selectedPlanId) {
    const open = (c) => c.plan.state !== 'applied' && c.plan.state !== 'cancelled';
    const selected = selectedPlanId === undefined ? undefined : all.find((c) => c.plan.plan_id === selectedPlanId && open(c));
    if (selected)
        return selected;
    // A plan whose sandbox is gone cannot be checkpointed: shown when selected, never jumped to.
    const candidates = all.filter((c) => c.sandboxMissing !== true);
    const newest = (list) => list.sort((a, b) => (a.plan.updated_at < b.plan.updated_at ? 1 : a.plan.updated_at > b.plan.updated_at ? -1 : 0))[0];
    const executing = candidates.filter((c) => c.plan.state === 'executing');
    if (executing.length > 0)
        return newest(executing);
    return newest(candidates.filter((c) => c.plan.state !== 'applied' && c.plan.state !== 'cancelled'));
}
//# sourceMappingURL=activePlan.js.map
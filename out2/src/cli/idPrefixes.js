"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.resolveIdPrefixes = resolveIdPrefixes;
exports.idShown = idShown;
const displayText_1 = require("../core/displayText");
const idPrefix_1 = require("../core/idPrefix");
/**
 * The command with every id the user shortened made whole. Whole ids cost nothing; a prefix costs
 * one read of the plans (and of the plan's checkpoints, decisions or corrections when one of those
 * is shortened).
 */
async function resolveIdPrefixes(command, services) {
    if (!('planId' in command))
        return command;
    const planId = (0, idPrefix_1.isWholeId)(command.planId) ? command.planId : (0, idPrefix_1.resolveIdPrefix)(command.planId, await planCandidates(services), 'plan');
    let resolved = { ...command, planId };
    const checkpoints = lazy(() => checkpointCandidates(services, planId));
    for (const field of ['checkpointId', 'fromCheckpointId', 'toCheckpointId']) {
        const value = field in resolved ? resolved[field] : undefined;
        if (typeof value === 'string' && !(0, idPrefix_1.isWholeId)(value))
            resolved = { ...resolved, [field]: (0, idPrefix_1.resolveIdPrefix)(value, await checkpoints(), 'checkpoint') };
    }
    if (resolved.name === 'correct' && !(0, idPrefix_1.isWholeId)(resolved.decisionId)) {
        const decisions = await services.corrections.listDecisions(planId);
        resolved = { ...resolved, decisionId: (0, idPrefix_1.resolveIdPrefix)(resolved.decisionId, decisions.map(({ decision: d }) => ({ id: d.decision_id, label: (0, displayText_1.escapeUnsafe)(d.title) })), 'decision') };
    }
    if (resolved.name === 'correct-undo' && !(0, idPrefix_1.isWholeId)(resolved.correctionId)) {
        const corrections = await services.corrections.listCorrections(planId);
        resolved = { ...resolved, correctionId: (0, idPrefix_1.resolveIdPrefix)(resolved.correctionId, corrections.map((c) => ({ id: c.correction_id, label: c.created_at })), 'correction') };
    }
    return resolved;
}
async function planCandidates(services) {
    return (await services.plans.listPlans()).map((p) => ({ id: p.plan_id, label: (0, displayText_1.escapeUnsafe)(p.title) }));
}
async function checkpointCandidates(services, planId) {
    return (await services.checkpoints.listCheckpoints(planId)).map((c) => ({
        id: c.checkpoint_id,
        label: `${c.checkpoint_type}, ${c.created_at}${c.metadata.reason ? `, ${(0, displayText_1.escapeUnsafe)(c.metadata.reason.slice(0, 60))}` : ''}`,
    }));
}
function lazy(make) {
    let value;
    return () => (value ??= make());
}
/** How a table shows an id: its short form when the text is for a person. */
async function idShown(ctx) {
    const short = await ctx.shortIds?.();
    return short ? (id) => short.of(id) : (id) => id;
}
//# sourceMappingURL=idPrefixes.js.map
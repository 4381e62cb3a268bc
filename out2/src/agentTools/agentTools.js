"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AGENT_TOOLS = void 0;
const checkpointTools_1 = require("./checkpointTools");
const lifecycleTools_1 = require("./lifecycleTools");
const decisionTools_1 = require("./decisionTools");
const planTools_1 = require("./planTools");
const rollbackTools_1 = require("./rollbackTools");
/** Every tool an agent can call, in the order clients list them. A new tool is a declaration and a line here. */
exports.AGENT_TOOLS = [
    planTools_1.listPlans,
    planTools_1.showPlan,
    planTools_1.createPlan,
    lifecycleTools_1.changePlanState,
    lifecycleTools_1.applyPlan,
    lifecycleTools_1.deletePlan,
    checkpointTools_1.createCheckpoint,
    checkpointTools_1.listCheckpoints,
    checkpointTools_1.diff,
    rollbackTools_1.previewRollback,
    rollbackTools_1.rollback,
    rollbackTools_1.undoRollback,
    checkpointTools_1.deleteCheckpoint,
    planTools_1.setRetentionPolicy,
    rollbackTools_1.recover,
    decisionTools_1.recordDecision,
    decisionTools_1.listDecisions,
    decisionTools_1.previewCorrection,
    decisionTools_1.correctDecision,
    decisionTools_1.undoCorrection,
    decisionTools_1.restorePaths,
];
//# sourceMappingURL=agentTools.js.map
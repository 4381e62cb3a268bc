"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.PlanStateChangeSchema = exports.LIFECYCLE_ACTIONS = exports.PLAN_TRANSITIONS = void 0;
exports.allowedTransitions = allowedTransitions;
exports.canTransition = canTransition;
exports.isFinalState = isFinalState;
exports.assertTransition = assertTransition;
const z = __importStar(require("zod"));
const errors_1 = require("./errors");
const ids_1 = require("./ids");
const plan_1 = require("./plan");
// The plan's lifecycle, written once: every front door (CLI, commands, API) asks this table, and
// PlanService refuses anything else.
//
//   draft ──start──▶ executing ──complete──▶ completed
//                        │  ▲                    │
//                      fail └──── start ─────────┤ (resume)
//                        ▼                       │
//                      failed ──start──▶ executing
//
// Any state that is not final can be cancelled or applied; `applied` and `cancelled` are final.
/** Where each state may go next. */
exports.PLAN_TRANSITIONS = {
    draft: ['executing', 'applied', 'cancelled'],
    executing: ['completed', 'failed', 'applied', 'cancelled'],
    completed: ['executing', 'applied', 'cancelled'],
    failed: ['executing', 'applied', 'cancelled'],
    applied: [],
    cancelled: [],
};
/** The lifecycle's verbs, as the CLI and the commands name them, and the state each leads to. */
exports.LIFECYCLE_ACTIONS = {
    start: 'executing',
    complete: 'completed',
    fail: 'failed',
    cancel: 'cancelled',
};
const ACTION_WORDS = {
    draft: 'Draft',
    executing: 'Start',
    completed: 'Complete',
    failed: 'Mark failed',
    applied: 'Apply',
    cancelled: 'Cancel',
};
function allowedTransitions(from) {
    return exports.PLAN_TRANSITIONS[from];
}
function canTransition(from, to) {
    return exports.PLAN_TRANSITIONS[from].includes(to);
}
/** A state nothing leaves. */
function isFinalState(state) {
    return exports.PLAN_TRANSITIONS[state].length === 0;
}
/**
 * Throws the refusal of a transition the table does not allow, naming the ones it does: "Complete
 * blocked: plan is draft; from draft it can become executing, applied or cancelled".
 */
function assertTransition(from, to) {
    if (canTransition(from, to))
        return;
    const what = ACTION_WORDS[to];
    if (from === 'applied')
        throw new errors_1.BusinessRuleViolation(`${what} blocked: plan is already applied`);
    if (from === 'cancelled')
        throw new errors_1.BusinessRuleViolation(`${what} blocked: plan is cancelled, which is final`);
    if (from === to)
        throw new errors_1.BusinessRuleViolation(`${what} blocked: plan is already ${from}; from ${from} it can become ${listStates(exports.PLAN_TRANSITIONS[from])}`);
    throw new errors_1.BusinessRuleViolation(`${what} blocked: plan is ${from}; from ${from} it can become ${listStates(exports.PLAN_TRANSITIONS[from])}`);
}
function listStates(states) {
    if (states.length <= 1)
        return states.join('');
    return `${states.slice(0, -1).join(', ')} or ${states.at(-1)}`;
}
/** One recorded change of a plan's state; `from_state` is null for the plan's creation. */
exports.PlanStateChangeSchema = z
    .object({
    plan_id: ids_1.UlidSchema,
    from_state: plan_1.PlanStateSchema.nullable(),
    to_state: plan_1.PlanStateSchema,
    changed_at: ids_1.UtcTimestampSchema,
})
    .strict();
//# sourceMappingURL=planLifecycle.js.map
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
exports.CorrectionSchema = exports.CorrectionModeSchema = exports.CORRECTION_MODES = exports.RecordDecisionInputSchema = exports.DecisionSchema = exports.MAX_DEPENDENCIES = exports.RationaleSchema = exports.DecisionTitleSchema = exports.DecisionStateSchema = exports.DECISION_STATES = void 0;
const z = __importStar(require("zod"));
const ids_1 = require("./ids");
// A decision is a choice an agent (or a person) made while working on a plan: "use a worker pool",
// "rename the parser's entry point". Checkpoints are aligned to decisions through their
// `decision_id`; a decision may build on earlier decisions of the same plan. Correcting a
// decision reverts it, everything that built on it, and the files they changed.
exports.DECISION_STATES = ['active', 'reverted'];
exports.DecisionStateSchema = z.enum(exports.DECISION_STATES);
exports.DecisionTitleSchema = z.string().trim().min(1, 'title must not be empty').max(200, 'title is longer than 200 characters');
exports.RationaleSchema = z.string().max(4000, 'rationale is longer than 4000 characters');
/** How many earlier decisions one decision may build on. */
exports.MAX_DEPENDENCIES = 50;
exports.DecisionSchema = z.object({
    decision_id: ids_1.UlidSchema,
    plan_id: ids_1.UlidSchema,
    title: exports.DecisionTitleSchema,
    rationale: exports.RationaleSchema.nullable(),
    state: exports.DecisionStateSchema,
    created_at: ids_1.UtcTimestampSchema,
    reverted_at: ids_1.UtcTimestampSchema.nullable(),
    /** The correction that reverted it; null while active. */
    reverted_by: ids_1.UlidSchema.nullable(),
    /** Earlier decisions of the same plan it builds on, sorted. */
    depends_on: z.array(ids_1.UlidSchema).max(exports.MAX_DEPENDENCIES),
    /**
     * Not a column: worked out when decisions are listed. The applied correction (in the reference's
     * mode) whose restore undid this still active decision's later work; null when none did.
     */
    affected_by: ids_1.UlidSchema.nullable().optional(),
});
/** What a caller says about a decision it records. */
exports.RecordDecisionInputSchema = z
    .object({
    title: exports.DecisionTitleSchema,
    rationale: exports.RationaleSchema.optional(),
    dependsOn: z.array(ids_1.UlidSchema).max(exports.MAX_DEPENDENCIES).optional(),
    /** An id the agent already aligned checkpoints to; a new one is made when absent. */
    decisionId: ids_1.UlidSchema.optional(),
})
    .strict();
/**
 * How a correction restores the files. `rollback`: the whole sandbox goes back to the target
 * checkpoint (what the reference describes). `keep_independent`: only the paths the reverted
 * decisions changed go back; later work that does not depend on them stays.
 */
exports.CORRECTION_MODES = ['rollback', 'keep_independent'];
exports.CorrectionModeSchema = z.enum(exports.CORRECTION_MODES);
exports.CorrectionSchema = z.object({
    correction_id: ids_1.UlidSchema,
    plan_id: ids_1.UlidSchema,
    /** The decision that was said to be wrong. */
    decision_id: ids_1.UlidSchema,
    mode: exports.CorrectionModeSchema,
    state: z.enum(['applied', 'undone']),
    /** Every decision it reverted, in the order the BFS reached them (the corrected one first). */
    reverted_decisions: z.array(ids_1.UlidSchema).min(1),
    /** The checkpoint the files went back to; null when no checkpoint service was wired. */
    target_checkpoint_id: ids_1.UlidSchema.nullable(),
    /** `keep_independent`: the paths it restored (undoing it restores just these from the safety checkpoint). */
    restored_paths: z.array(z.string().min(1).max(4096)).nullable(),
    /** The safety checkpoint of the files before it; rolling back to it undoes the files. */
    undo_checkpoint_id: ids_1.UlidSchema.nullable(),
    created_at: ids_1.UtcTimestampSchema,
    undone_at: ids_1.UtcTimestampSchema.nullable(),
    /** Decisions it did not revert whose later work its restore undid; absent in rows of older releases. */
    affected_decisions: z.array(ids_1.UlidSchema).max(10_000).optional(),
});
//# sourceMappingURL=decision.js.map
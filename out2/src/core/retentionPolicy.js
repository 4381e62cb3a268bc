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
exports.DEFAULT_RETENTION_POLICY = exports.RetentionPolicySchema = exports.MAX_MAX_CHECKPOINTS = exports.MIN_MAX_CHECKPOINTS = exports.DEFAULT_MAX_CHECKPOINTS = void 0;
exports.selectCheckpointsToPrune = selectCheckpointsToPrune;
exports.mayPrune = mayPrune;
const z = __importStar(require("zod"));
exports.DEFAULT_MAX_CHECKPOINTS = 50;
exports.MIN_MAX_CHECKPOINTS = 1;
exports.MAX_MAX_CHECKPOINTS = 100;
exports.RetentionPolicySchema = z.object({
    max_checkpoints: z
        .number()
        .int('max_checkpoints must be a whole number')
        .min(exports.MIN_MAX_CHECKPOINTS, `max_checkpoints must be between ${exports.MIN_MAX_CHECKPOINTS} and ${exports.MAX_MAX_CHECKPOINTS}`)
        .max(exports.MAX_MAX_CHECKPOINTS, `max_checkpoints must be between ${exports.MIN_MAX_CHECKPOINTS} and ${exports.MAX_MAX_CHECKPOINTS}`),
    auto_prune: z.boolean(),
});
exports.DEFAULT_RETENTION_POLICY = Object.freeze({
    max_checkpoints: exports.DEFAULT_MAX_CHECKPOINTS,
    auto_prune: true,
});
/**
 * Which checkpoints to prune, given a plan's checkpoints oldest first (or their ids), and those
 * that must stay whatever the limit (`retained`: what an undo or a correction needs). When
 * pruning is on and the plan holds more than `max_checkpoints`, the oldest interior ones that are
 * not retained go, until the plan is down to the limit; the first and the most recent are never
 * returned. Retained ones count against the limit: they are kept beyond it only when they (with
 * the first and the most recent) are more than it. With `max_checkpoints` of 1 the plan keeps
 * the first and the most recent.
 */
function selectCheckpointsToPrune(oldestFirst, policy, retained = new Set()) {
    if (!mayPrune(oldestFirst.length, policy))
        return [];
    const excess = oldestFirst.length - Math.max(policy.max_checkpoints, 2);
    return oldestFirst.slice(1, -1).filter((c) => !retained.has(c)).slice(0, excess);
}
/** Whether a plan of `count` checkpoints has any to prune: when not, what must stay need not be worked out. */
function mayPrune(count, policy) {
    return policy.auto_prune && count > Math.max(policy.max_checkpoints, 2);
}
//# sourceMappingURL=retentionPolicy.js.map
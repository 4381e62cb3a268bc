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
exports.InterruptedOperationSchema = void 0;
exports.interruptedMessage = interruptedMessage;
exports.inProgressMessage = inProgressMessage;
const z = __importStar(require("zod"));
const decision_1 = require("./decision");
const ids_1 = require("./ids");
const plan_1 = require("./plan");
/**
 * An operation that writes a sandbox's files, recorded before its first write and cleared after
 * its last: if the process dies in between, the record says what was under way, and the plan is
 * blocked until `recover` finishes or undoes it.
 */
exports.InterruptedOperationSchema = z
    .object({
    type: z.enum(['rollback', 'apply', 'cleanup']),
    plan_id: ids_1.UlidSchema,
    /** The checkpoint rolled back to (rollback); null for apply and cleanup. */
    target_checkpoint_id: ids_1.UlidSchema.nullable(),
    /** The safety checkpoint that undoes a rollback; null otherwise. */
    undo_checkpoint_id: ids_1.UlidSchema.nullable(),
    /** The shadow store's key of the folder being written: the plan, or `workspace` for an apply. */
    sandbox_key: z.string().regex(/^(?:[0-9A-HJKMNP-TV-Z]{26}|workspace)$/),
    /** The snapshot the files left and the one they were going to (null for cleanup). */
    from_ref: ids_1.ObjectIdSchema.nullable(),
    to_ref: ids_1.ObjectIdSchema.nullable(),
    /**
     * An apply's plan state before it: the apply marks the plan applied before its record is
     * cleared, so undoing a recorded apply puts this state back (finishing keeps it applied).
     */
    plan_state_before: plan_1.PlanStateSchema.optional(),
    started_at: ids_1.UtcTimestampSchema,
    pid: z.number().int().nonnegative(),
    host: z.string().max(256),
    /** When the owner process started (Linux: boot id and start ticks), to tell it from a later process with its pid. */
    process_started: z.string().max(128).optional(),
    /**
     * A correction whose files the rollback restores: finishing the operation also records it
     * and marks its decisions reverted (its undo checkpoint is the operation's).
     */
    correction: decision_1.CorrectionSchema.omit({ undo_checkpoint_id: true }).optional(),
    /** A correction whose files the rollback puts back: finishing the operation also marks it undone. */
    undone_correction: z.object({ correction_id: ids_1.UlidSchema, undone_at: ids_1.UtcTimestampSchema }).strict().optional(),
})
    .strict();
/** The message of every write refused while an operation is interrupted. */
function interruptedMessage(op, what) {
    return (`${what} blocked: plan ${op.plan_id} has an interrupted ${op.type} (started ${op.started_at} by process ${op.pid} on ${op.host}); ` +
        `run "agents plan recover ${op.plan_id}" to finish it${op.type === 'cleanup' ? '' : `, or "agents plan recover --undo ${op.plan_id}" to undo it`}`);
}
/** The message of a write refused while another process is still running an operation on the plan. */
function inProgressMessage(op, what) {
    return `${what} blocked: plan ${op.plan_id} has a ${op.type} in progress (started ${op.started_at} by process ${op.pid} on ${op.host}); try again when it is done`;
}
//# sourceMappingURL=interruptedOperation.js.map
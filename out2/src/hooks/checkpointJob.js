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
exports.CheckpointJobSchema = void 0;
exports.runCheckpointJob = runCheckpointJob;
exports.promptAlreadyTaken = promptAlreadyTaken;
const z = __importStar(require("zod"));
const checkpoint_1 = require("../core/checkpoint");
const ids_1 = require("../core/ids");
const lateCheckpoints_1 = require("../core/lateCheckpoints");
/** One checkpoint a hook asks for; also what a background process is handed on its command line. */
exports.CheckpointJobSchema = z
    .object({
    workspaceRoot: z.string().min(1).max(4096),
    databasePath: z.string().min(1).max(4096).optional(),
    planId: ids_1.UlidSchema,
    type: checkpoint_1.CheckpointTypeSchema,
    reason: z.string().max(1000),
    sourceTool: z.string().max(200).optional(),
    phase: z.string().max(100),
    extra: z.record(z.string().min(1).max(200), z.string().max(4000)),
    /** Skip it when the files are exactly the last checkpoint's. */
    onlyIfChanged: z.boolean(),
    /**
     * A plan's first snapshot in the background: when (epoch ms) the hook that started it stops
     * waiting for it. Files read after that are recorded marked late (core/lateCheckpoints.ts).
     */
    lateAfter: z.number().int().min(0).max(8.64e15).optional(),
})
    .strict();
/**
 * Takes the checkpoint, recorded only as `gate` says (core/lateCheckpoints.ts); returns its id and
 * whether it was recorded late, or undefined when nothing changed and none was needed.
 */
async function runCheckpointJob(services, job, gate) {
    const options = { type: job.type, reason: job.reason, sourceTool: job.sourceTool, phase: job.phase, extra: job.extra };
    const created = job.onlyIfChanged ? await services.checkpoints.createCheckpointIfChanged(job.planId, options, undefined, gate) : await services.checkpoints.createCheckpoint(job.planId, options, gate);
    return created && { id: created.checkpoint.checkpoint_id, late: (0, lateCheckpoints_1.isLateCheckpoint)(created.checkpoint) };
}
/**
 * Whether the plan's last checkpoint is this job's prompt (same phase, reason and session): after
 * a resident process went away mid-call, it may have taken it already. The caller then takes the
 * prompt's checkpoint only if the files changed since.
 */
async function promptAlreadyTaken(services, job) {
    const last = (await services.checkpoints.listCheckpoints(job.planId)).at(-1);
    return last !== undefined && last.metadata.phase === job.phase && last.metadata.reason === job.reason && last.metadata.extra.session_id === job.extra.session_id;
}
//# sourceMappingURL=checkpointJob.js.map
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
exports.CALL_TOKEN_EXTRA = exports.CreateCheckpointOptionsSchema = exports.CheckpointSchema = exports.CheckpointMetadataSchema = exports.SkippedPathSchema = exports.SpecialFileTypeSchema = exports.CheckpointScopeSchema = exports.CheckpointTypeSchema = exports.CHECKPOINT_TYPES = void 0;
exports.skipReasonText = skipReasonText;
exports.isSafetyCheckpoint = isSafetyCheckpoint;
const z = __importStar(require("zod"));
const formatBytes_1 = require("./formatBytes");
const ids_1 = require("./ids");
exports.CHECKPOINT_TYPES = ['pre_write', 'post_step', 'manual'];
exports.CheckpointTypeSchema = z.enum(exports.CHECKPOINT_TYPES);
/** Which checkpoints a tool call gets: none, one before, one after, or both. */
exports.CheckpointScopeSchema = z.enum(['none', 'pre_write', 'post_step', 'both']);
/** What a special file is: never opened (reading a FIFO blocks), never captured, never touched. */
exports.SpecialFileTypeSchema = z.enum(['fifo', 'socket', 'block_device', 'character_device']);
/**
 * A path a snapshot did not capture, and why: above the size limit, a nested repository, a file
 * the snapshot could not read, a name that is not UTF-8 (shown with U+FFFD where its bytes do
 * not decode), or a special file (with its type). Rollback and apply leave such paths alone.
 */
exports.SkippedPathSchema = z.object({
    path: ids_1.RecordedPathSchema,
    reason: z.enum(['too_large', 'nested_repository', 'unreadable', 'name_not_utf8', 'special_file']),
    size_bytes: z.number().int().nonnegative().optional(),
    file_type: exports.SpecialFileTypeSchema.optional(),
});
const ShortText = z.string().max(1000);
exports.CheckpointMetadataSchema = z.object({
    reason: ShortText.nullable().default(null),
    source_tool: ShortText.nullable().default(null),
    phase: ShortText.nullable().default(null),
    extra: z.record(z.string().max(200), z.string().max(4000)).default({}),
    /** Files in the snapshot, and what it left out. */
    file_count: z.number().int().nonnegative().optional(),
    skipped: z.array(exports.SkippedPathSchema).default([]),
});
exports.CheckpointSchema = z.object({
    checkpoint_id: ids_1.UlidSchema,
    plan_id: ids_1.UlidSchema,
    sandbox_ref: ids_1.ObjectIdSchema,
    decision_id: ids_1.UlidSchema.nullable(),
    checkpoint_type: exports.CheckpointTypeSchema,
    resource_id: ids_1.UlidSchema.nullable(),
    /** Relative to the checkpoint directory (`.cleveragents/checkpoints/`). */
    filesystem_path: ids_1.RelativePathSchema,
    size_bytes: z.number().int().nonnegative(),
    created_at: ids_1.UtcTimestampSchema,
    metadata: exports.CheckpointMetadataSchema,
});
/** What a caller may say about a checkpoint it asks for; every field optional but the plan. */
exports.CreateCheckpointOptionsSchema = z
    .object({
    type: exports.CheckpointTypeSchema.default('manual'),
    reason: ShortText.optional(),
    sourceTool: ShortText.optional(),
    phase: ShortText.optional(),
    decisionId: ids_1.UlidSchema.optional(),
    resourceId: ids_1.UlidSchema.optional(),
    extra: z.record(z.string().min(1).max(200), z.string().max(4000)).optional(),
    /**
     * The new checkpoint's id, chosen by the caller so that the call can be made again safely: when
     * the plan already has a checkpoint of that id, it is the answer and nothing new is taken (the
     * resident process's client, src/daemon, doing the work itself after the process went away
     * without answering, may find the checkpoint that process made).
     */
    checkpointId: ids_1.UlidSchema.optional(),
    /**
     * The call's token, with `checkpointId`: recorded in the checkpoint's `extra` (CALL_TOKEN_EXTRA),
     * and an existing checkpoint of that id is the answer only when it holds the same token. One that
     * does not (another call's) is no answer: a new checkpoint is taken, under an id of its own.
     */
    callToken: z
        .string()
        .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/)
        .optional(),
})
    .strict();
/** The key of `metadata.extra` that holds the token of the call that took the checkpoint (callToken). */
exports.CALL_TOKEN_EXTRA = 'checkpoint_call';
const SPECIAL_FILE_TEXT = {
    fifo: 'named pipe (FIFO)',
    socket: 'socket',
    block_device: 'block device',
    character_device: 'character device',
};
/** Why a path was not captured, in a few words: `too large, 6.0 MiB`, `nested git repository`, `socket, never opened`. */
function skipReasonText(s) {
    switch (s.reason) {
        case 'too_large':
            return s.size_bytes === undefined ? 'too large' : `too large, ${(0, formatBytes_1.formatBytes)(s.size_bytes)}`;
        case 'nested_repository':
            return 'nested git repository';
        case 'unreadable':
            return 'unreadable';
        case 'name_not_utf8':
            return 'name is not UTF-8';
        case 'special_file':
            return `${s.file_type ? SPECIAL_FILE_TEXT[s.file_type] : 'special file'}, never opened`;
    }
}
/**
 * Whether a checkpoint has the shape of the safety checkpoint a rollback takes (see
 * CheckpointService.rollbackToCheckpoint): rolling back to it undoes that rollback. Anything else
 * asked to be "undone" is a rollback, and is confirmed as one.
 */
function isSafetyCheckpoint(c) {
    const m = c.metadata;
    const extraKeys = Object.keys(m.extra);
    return (c.checkpoint_type === 'manual' &&
        m.source_tool === 'rollback' &&
        m.phase === 'rollback' &&
        // `restored_ref`: what a merged restore (an agent-only rollback, a correction) wrote.
        extraKeys.every((k) => k === 'rollback_to' || k === 'restored_ref') &&
        (m.extra.restored_ref === undefined || /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(m.extra.restored_ref)) &&
        ids_1.UlidSchema.safeParse(m.extra.rollback_to).success &&
        m.extra.rollback_to !== c.checkpoint_id &&
        c.decision_id === null &&
        c.resource_id === null);
}
//# sourceMappingURL=checkpoint.js.map
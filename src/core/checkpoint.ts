import * as z from 'zod';
import { formatBytes } from './formatBytes';
import { ObjectIdSchema, RecordedPathSchema, RelativePathSchema, UlidSchema, UtcTimestampSchema } from './ids';

export const CHECKPOINT_TYPES = ['pre_write', 'post_step', 'manual'] as const;
export const CheckpointTypeSchema = z.enum(CHECKPOINT_TYPES);
export type CheckpointType = z.infer<typeof CheckpointTypeSchema>;

/** Which checkpoints a tool call gets: none, one before, one after, or both. */
export const CheckpointScopeSchema = z.enum(['none', 'pre_write', 'post_step', 'both']);
export type CheckpointScope = z.infer<typeof CheckpointScopeSchema>;

/** What a special file is: never opened (reading a FIFO blocks), never captured, never touched. */
export const SpecialFileTypeSchema = z.enum(['fifo', 'socket', 'block_device', 'character_device']);
export type SpecialFileType = z.infer<typeof SpecialFileTypeSchema>;

/**
 * A path a snapshot did not capture, and why: above the size limit, a nested repository, a file
 * the snapshot could not read, a name that is not UTF-8 (shown with U+FFFD where its bytes do
 * not decode), or a special file (with its type). Rollback and apply leave such paths alone.
 */
export const SkippedPathSchema = z.object({
  path: RecordedPathSchema,
  // `withheld`: left out of a snapshot fetched from a remote, by the pushing machine's privacy filter (src/remote).
  reason: z.enum(['too_large', 'nested_repository', 'unreadable', 'name_not_utf8', 'special_file', 'withheld']),
  size_bytes: z.number().int().nonnegative().optional(),
  file_type: SpecialFileTypeSchema.optional(),
});
export type SkippedPath = z.infer<typeof SkippedPathSchema>;

const ShortText = z.string().max(1000);

export const CheckpointMetadataSchema = z.object({
  reason: ShortText.nullable().default(null),
  source_tool: ShortText.nullable().default(null),
  phase: ShortText.nullable().default(null),
  extra: z.record(z.string().max(200), z.string().max(4000)).default({}),
  /** Files in the snapshot, and what it left out. */
  file_count: z.number().int().nonnegative().optional(),
  skipped: z.array(SkippedPathSchema).default([]),
});
export type CheckpointMetadata = z.infer<typeof CheckpointMetadataSchema>;

export const CheckpointSchema = z.object({
  checkpoint_id: UlidSchema,
  plan_id: UlidSchema,
  sandbox_ref: ObjectIdSchema,
  decision_id: UlidSchema.nullable(),
  checkpoint_type: CheckpointTypeSchema,
  resource_id: UlidSchema.nullable(),
  /** Relative to the checkpoint directory (`.cleveragents/checkpoints/`). */
  filesystem_path: RelativePathSchema,
  size_bytes: z.number().int().nonnegative(),
  created_at: UtcTimestampSchema,
  metadata: CheckpointMetadataSchema,
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** What a caller may say about a checkpoint it asks for; every field optional but the plan. */
export const CreateCheckpointOptionsSchema = z
  .object({
    type: CheckpointTypeSchema.default('manual'),
    reason: ShortText.optional(),
    sourceTool: ShortText.optional(),
    phase: ShortText.optional(),
    decisionId: UlidSchema.optional(),
    resourceId: UlidSchema.optional(),
    extra: z.record(z.string().min(1).max(200), z.string().max(4000)).optional(),
    /**
     * The new checkpoint's id, chosen by the caller so that the call can be made again safely: when
     * the plan already has a checkpoint of that id, it is the answer and nothing new is taken (the
     * resident process's client, src/daemon, doing the work itself after the process went away
     * without answering, may find the checkpoint that process made).
     */
    checkpointId: UlidSchema.optional(),
    /**
     * The call's token, with `checkpointId`: recorded in the checkpoint's `extra` (CALL_TOKEN_EXTRA),
     * and an existing checkpoint of that id is the answer only when it holds the same token. One that
     * does not (another call's) is no answer: a new checkpoint is taken, under an id of its own.
     */
    callToken: z
      .string()
      .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/)
      .optional(),
    /**
     * Take it only as the plan's first checkpoint, decided under the store's lock: a baseline that
     * may come late (Cline's CLI runs its agent_start hook detached, so it can end after the first
     * tool call's fence began) is then never recorded after a fence.
     */
    onlyIfFirst: z.boolean().optional(),
  })
  .strict();

/** The key of `metadata.extra` that holds the token of the call that took the checkpoint (callToken). */
export const CALL_TOKEN_EXTRA = 'checkpoint_call';

/** What VS Code's automatic checkpoints name as their source: they fence any burst of writes (the user's saves too), not a tool call. */
export const AUTOMATIC_SOURCE_TOOL = 'auto-checkpoint';
export type CreateCheckpointOptions = z.input<typeof CreateCheckpointOptionsSchema>;

const SPECIAL_FILE_TEXT: Record<SpecialFileType, string> = {
  fifo: 'named pipe (FIFO)',
  socket: 'socket',
  block_device: 'block device',
  character_device: 'character device',
};

/** Why a path was not captured, in a few words: `too large, 6.0 MiB`, `nested git repository`, `socket, never opened`. */
export function skipReasonText(s: SkippedPath): string {
  switch (s.reason) {
    case 'too_large':
      return s.size_bytes === undefined ? 'too large' : `too large, ${formatBytes(s.size_bytes)}`;
    case 'nested_repository':
      return 'nested git repository';
    case 'unreadable':
      return 'unreadable';
    case 'name_not_utf8':
      return 'name is not UTF-8';
    case 'special_file':
      return `${s.file_type ? SPECIAL_FILE_TEXT[s.file_type] : 'special file'}, never opened`;
    case 'withheld':
      return 'withheld by the machine that pushed it';
  }
}

/**
 * Whether a checkpoint has the shape of the safety checkpoint a rollback takes (see
 * CheckpointService.rollbackToCheckpoint): rolling back to it undoes that rollback. Anything else
 * asked to be "undone" is a rollback, and is confirmed as one.
 */
export function isSafetyCheckpoint(c: Checkpoint): boolean {
  const m = c.metadata;
  const extraKeys = Object.keys(m.extra);
  return (
    c.checkpoint_type === 'manual' &&
    m.source_tool === 'rollback' &&
    m.phase === 'rollback' &&
    // `restored_ref`: what a merged restore (an agent-only rollback, a correction) wrote.
    extraKeys.every((k) => k === 'rollback_to' || k === 'restored_ref') &&
    (m.extra.restored_ref === undefined || /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(m.extra.restored_ref)) &&
    UlidSchema.safeParse(m.extra.rollback_to).success &&
    m.extra.rollback_to !== c.checkpoint_id &&
    c.decision_id === null &&
    c.resource_id === null
  );
}

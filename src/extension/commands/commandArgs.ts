// What code may pass to the commands (`vscode.commands.executeCommand(id, args)`): other
// extensions, tests, links in the tree. Validated like every other input before it reaches a service.
import * as z from 'zod';
import { describeIssues, ValidationError } from '../../core/errors';
// Ids as a person types them too: whole, short (the tree's tooltips, the CLI) or a prefix.
import { IdOrPrefixSchema as UlidSchema } from '../../core/idPrefix';
import { MAX_MAX_CHECKPOINTS, MIN_MAX_CHECKPOINTS } from '../../core/retentionPolicy';

/** A workspace folder by URI (`file:///…`), file system path or name; default: the only one, or ask. */
const FolderArg = z.string().min(1).max(4096).optional();

export const CreatePlanArgsSchema = z
  .object({
    folder: FolderArg,
    title: z.string().optional(),
    /** A folder relative to the workspace folder; `.` is the whole folder. */
    sandbox: z.string().max(4096).optional(),
    isolated: z.boolean().optional(),
  })
  .strict();

export const PlanArgsSchema = z.object({ folder: FolderArg, planId: UlidSchema }).strict();

export const CreateCheckpointArgsSchema = PlanArgsSchema.extend({ reason: z.string().max(1000).optional() }).strict();

export const CheckpointArgsSchema = PlanArgsSchema.extend({
  checkpointId: UlidSchema,
  /** Deletes without the confirmation dialog (for callers that asked the user themselves). */
  skipConfirmation: z.boolean().optional(),
}).strict();

export const RetentionArgsSchema = PlanArgsSchema.extend({
  maxCheckpoints: z.number().int().min(MIN_MAX_CHECKPOINTS).max(MAX_MAX_CHECKPOINTS).optional(),
  autoPrune: z.boolean().optional(),
}).strict();

export const FolderArgsSchema = z.object({ folder: FolderArg }).strict();

export function parseArgs<S extends z.ZodType>(schema: S, value: unknown, command: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`arguments of ${command}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

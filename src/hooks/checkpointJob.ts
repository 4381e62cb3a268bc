import * as z from 'zod';
import type { WorkspaceServices } from '../composition';
import { CheckpointTypeSchema } from '../core/checkpoint';
import { UlidSchema } from '../core/ids';
import { isLateCheckpoint, type RecordingGate } from '../core/lateCheckpoints';

/** One checkpoint a hook asks for; also what a background process is handed on its command line. */
export const CheckpointJobSchema = z
  .object({
    workspaceRoot: z.string().min(1).max(4096),
    databasePath: z.string().min(1).max(4096).optional(),
    planId: UlidSchema,
    type: CheckpointTypeSchema,
    reason: z.string().max(1000),
    sourceTool: z.string().max(200).optional(),
    phase: z.string().max(100),
    extra: z.record(z.string().min(1).max(200), z.string().max(4000)),
    /** Skip it when the files are exactly the last checkpoint's. */
    onlyIfChanged: z.boolean(),
    /** Skip it when the plan has a checkpoint already (CreateCheckpointOptions.onlyIfFirst). */
    onlyIfFirst: z.boolean().optional(),
    /**
     * A plan's first snapshot in the background: when (epoch ms) the hook that started it stops
     * waiting for it. Files read after that are recorded marked late (core/lateCheckpoints.ts).
     */
    lateAfter: z.number().int().min(0).max(8.64e15).optional(),
  })
  .strict();
export type CheckpointJob = z.infer<typeof CheckpointJobSchema>;

/**
 * Takes the checkpoint, recorded only as `gate` says (core/lateCheckpoints.ts); returns its id and
 * whether it was recorded late, or undefined when nothing changed and none was needed.
 */
export async function runCheckpointJob(services: WorkspaceServices, job: CheckpointJob, gate?: RecordingGate): Promise<{ readonly id: string; readonly late: boolean } | undefined> {
  const options = { type: job.type, reason: job.reason, sourceTool: job.sourceTool, phase: job.phase, extra: job.extra, ...(job.onlyIfFirst === true ? { onlyIfFirst: true } : {}) };
  const created = job.onlyIfChanged ? await services.checkpoints.createCheckpointIfChanged(job.planId, options, undefined, gate) : await services.checkpoints.createCheckpoint(job.planId, options, gate);
  return created && { id: created.checkpoint.checkpoint_id, late: isLateCheckpoint(created.checkpoint) };
}

/**
 * Whether the plan's last checkpoint is this job's prompt (same phase, reason and session): after
 * a resident process went away mid-call, it may have taken it already. The caller then takes the
 * prompt's checkpoint only if the files changed since.
 */
export async function promptAlreadyTaken(services: WorkspaceServices, job: CheckpointJob): Promise<boolean> {
  const last = (await services.checkpoints.listCheckpoints(job.planId)).at(-1);
  return last !== undefined && last.metadata.phase === job.phase && last.metadata.reason === job.reason && last.metadata.extra.session_id === job.extra.session_id;
}

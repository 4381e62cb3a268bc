import { firstSnapshotGate } from './answerGate';
import { CheckpointJobSchema, runCheckpointJob } from './checkpointJob';
import { flushWithin } from './boundedFlush';
import { HookLog } from './hookLog';
import { hookServices } from './hookServices';
import { readStdin } from '../daemonClient/hookStdin';

/** A background checkpoint waits for the store as long as the CLI does: nobody waits on it. */
const BACKGROUND_LOCK_WAIT_MS = 120_000;
/** How long it waits for its line in hooks.log. */
const BACKGROUND_LOG_WAIT_MS = 5_000;

/** A job is a few kB; its starter writes it at once and closes the pipe. */
const JOB_MAX_BYTES = 64 * 1024;
const JOB_WAIT_MS = 5_000;

/**
 * `agents hook checkpoint-job`, the job's JSON on stdin, started by a hook (backgroundCheckpoint.ts),
 * never by a person: takes one checkpoint and says so in hooks.log. Exit 0 when it was taken (or
 * not needed); 2 when no whole job came (no arguments are taken: a job on the command line would
 * show its prompt to every local user).
 */
export async function checkpointJobCommand(argv: readonly string[], stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }, wasmDir: string): Promise<number> {
  if (argv.length > 0) return 2;
  const log = new HookLog('background');
  const input = await readStdin(stdin, JOB_MAX_BYTES, JOB_WAIT_MS);
  if (!input.ok) return 2;
  let parsed;
  try {
    parsed = CheckpointJobSchema.safeParse(JSON.parse(input.text));
  } catch {
    return 2;
  }
  if (!parsed.success) return 2;
  const job = parsed.data;
  let code = 0;
  try {
    const services = await hookServices(job.workspaceRoot, job.databasePath, wasmDir, BACKGROUND_LOCK_WAIT_MS, log);
    try {
      const taken = await runCheckpointJob(services, job, firstSnapshotGate(job.lateAfter));
      const late = taken?.late ? ', recorded late: it ended after the hook had stopped waiting, so it may hold changes the agent made meanwhile, and no rollback uses it as a boundary' : '';
      log.line(`${job.type} ${taken?.id ?? 'skipped, nothing changed'} in plan ${job.planId} (the plan's first snapshot, in process ${process.pid}${late})`);
    } finally {
      services.dispose();
    }
  } catch (error) {
    log.line(`${job.type} of plan ${job.planId} missed: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  }
  // Nobody waits for this process, but its marker keeps later hooks from starting another first
  // snapshot while it lives: a log write that hangs must not keep it alive (main.ts ends it).
  await flushWithin(log, job.workspaceRoot, Date.now() + BACKGROUND_LOG_WAIT_MS);
  return code;
}

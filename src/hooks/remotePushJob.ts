import * as z from 'zod';
import { UlidSchema } from '../core/ids';
import { runRemoteCommand } from '../remote/remoteCommands';
import type { PushOutcome } from '../remote/remotePush';
import { shownUrl } from '../remote/remoteRefs';
import { writeSessionEndOutcome } from '../remote/sessionEndOutcome';
import { flushWithin } from './boundedFlush';
import { HookLog } from './hookLog';
import { hookServices } from './hookServices';
import { readStdin } from '../daemonClient/hookStdin';

// `agents hook remote-push-job`, the job on stdin, started detached by a session's end
// (sessionEndPush.ts), never by a person: one push of the session's plan, as
// `agents remote push <remote> --plan <id>` would make it (the same code, the same privacy rules,
// refused when pushing was turned off meanwhile), its outcome to hooks.log and to the file
// `agents remote status` reads.

const JobSchema = z.object({ workspaceRoot: z.string().min(1).max(4096), databasePath: z.string().min(1).max(4096).optional(), planId: UlidSchema.nullable(), remote: z.string().min(1).max(4096) }).strict();

const JOB_MAX_BYTES = 64 * 1024;
const JOB_WAIT_MS = 5_000;
/** Nobody waits on this process: it waits for the store as long as the CLI does. */
const LOCK_WAIT_MS = 120_000;
const LOG_WAIT_MS = 5_000;

function summary(out: PushOutcome): { status: 'pushed' | 'up_to_date' | 'refused'; message: string } {
  const plan = out.plans[0];
  if (plan === undefined) return { status: 'up_to_date', message: 'the plan has no checkpoint to push' };
  if (plan.status === 'refused') return { status: 'refused', message: plan.reason ?? 'refused' };
  if (plan.status === 'up_to_date') return { status: 'up_to_date', message: `up to date (${plan.checkpoints_on_remote} checkpoint(s) on the remote)` };
  const withheld = plan.withheld.length === 0 ? 'nothing withheld' : `${plan.withheld.length} file(s) withheld: ${plan.withheld.map((w) => w.path).join(', ')}`;
  return { status: 'pushed', message: `${plan.checkpoints_sent.length} checkpoint(s) sent, ${plan.checkpoints_on_remote} on the remote, prompt text left out, ${withheld}` };
}

export async function remotePushJobCommand(argv: readonly string[], stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }, wasmDir: string): Promise<number> {
  if (argv.length > 0) return 2;
  const input = await readStdin(stdin, JOB_MAX_BYTES, JOB_WAIT_MS);
  if (!input.ok) return 2;
  let job: z.infer<typeof JobSchema>;
  try {
    const parsed = JobSchema.safeParse(JSON.parse(input.text));
    if (!parsed.success) return 2;
    job = parsed.data;
  } catch {
    return 2;
  }
  const log = new HookLog('session-end push');
  const root = job.workspaceRoot;
  const at = () => new Date().toISOString();
  const record = (status: 'pushed' | 'up_to_date' | 'refused' | 'failed', message: string) => {
    log.line(`plan ${job.planId ?? 'none'} to ${shownUrl(job.remote)}: ${status}: ${message}`);
    try {
      writeSessionEndOutcome(root, { at: at(), remote: shownUrl(job.remote), plan_id: job.planId, status, message });
    } catch (error) {
      log.line(`its outcome could not be recorded for "agents remote status": ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let code = 0;
  try {
    const services = await hookServices(root, job.databasePath, wasmDir, LOCK_WAIT_MS, log);
    try {
      const { json } = await runRemoteCommand(
        { name: 'push', remote: job.remote, ...(job.planId ? { planIds: [job.planId] } : {}), dryRun: false, includePrompts: false },
        { services, cwd: root, now: () => new Date(), warn: (m) => log.line(m) },
      );
      const { status, message } = summary((json as { push: PushOutcome }).push);
      record(status, message);
      if (status === 'refused') code = 1;
    } finally {
      services.dispose();
    }
  } catch (error) {
    record('failed', error instanceof Error ? error.message : String(error));
    code = 1;
  }
  await flushWithin(log, root, Date.now() + LOG_WAIT_MS);
  return code;
}

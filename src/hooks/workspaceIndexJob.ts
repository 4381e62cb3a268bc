import { flushWithin } from './boundedFlush';
import { HookLog } from './hookLog';
import { hookServices } from './hookServices';
import { readStdin } from '../daemonClient/hookStdin';
import { IndexJobSchema } from './workspaceIndexStart';

// `agents hook index-job`: the workspace's index brought up to date in its own process (see
// workspaceIndexStart.ts for why and who starts it).

/** The store waits as long as a command of the CLI: nobody waits on this process. */
const LOCK_WAIT_MS = 120_000;
const LOG_WAIT_MS = 5_000;
const JOB_MAX_BYTES = 16 * 1024;
const JOB_WAIT_MS = 5_000;

/**
 * `agents hook index-job` (internal, never a person's): the job's JSON on stdin. Exit 0 when the
 * index is up to date, 1 when it failed (said in hooks.log), 2 when no whole job came.
 */
export async function indexJobCommand(argv: readonly string[], stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }, wasmDir: string): Promise<number> {
  if (argv.length > 0) return 2;
  const input = await readStdin(stdin, JOB_MAX_BYTES, JOB_WAIT_MS);
  if (!input.ok) return 2;
  let parsed;
  try {
    parsed = IndexJobSchema.safeParse(JSON.parse(input.text));
  } catch {
    return 2;
  }
  if (!parsed.success) return 2;
  const job = parsed.data;
  const log = new HookLog('background');
  const began = Date.now();
  let code = 0;
  try {
    const services = await hookServices(job.workspaceRoot, job.databasePath, wasmDir, LOCK_WAIT_MS, log);
    try {
      await services.plans.warmWorkspaceIndex();
      log.line(`the workspace index is up to date (${Date.now() - began} ms, process ${process.pid}): sessions over the whole folder start from it`);
    } finally {
      services.dispose();
    }
  } catch (error) {
    log.line(`the workspace index was not brought up to date: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  }
  await flushWithin(log, job.workspaceRoot, Date.now() + LOG_WAIT_MS);
  return code;
}

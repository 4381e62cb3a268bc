import { spawn } from 'node:child_process';
import * as z from 'zod';

// The workspace's own index in the shadow store, brought up to date before an agent's first tool
// call: a plan over the whole folder (every agent session) starts from a copy of it, so that its
// first snapshot reads only the files changed since, not all of them. On a folder of 60,000 files
// that first read takes about 11 s on a 2-core machine: longer than a hook may wait, so the first
// tool calls of a session went unfenced (issue 35 item 4). `agents hook index-job`
// (workspaceIndexJob.ts) does the read in a detached process, started at hook install and by
// Connect an Agent; where neither ran (hooks installed by an earlier release), the first session's
// own first snapshot leaves its index as the workspace's (snapshotWriter.ts). This file is what the
// starters load: no store, no sql.js.

export const IndexJobSchema = z
  .object({
    workspaceRoot: z.string().min(1).max(4096),
    databasePath: z.string().min(1).max(4096).optional(),
  })
  .strict();
export type IndexJob = z.infer<typeof IndexJobSchema>;

/** Turns the job off for a call (and so for an install's): `agents hook install` into a template folder, say. */
export const NO_INDEX_JOB_ENV = 'CLEVERAGENTS_NO_INDEX_JOB';

/**
 * Starts `<node> <cli> hook index-job` detached, the job on its stdin, and returns at once: nobody
 * waits for it, and its outcome goes to hooks.log. `program` is the one the hooks name (an
 * Electron program runs as Node.js with ELECTRON_RUN_AS_NODE=1, as in hookCommandLine.ts).
 */
export function startWorkspaceIndexJob(job: IndexJob, program: { readonly node: string; readonly cli: string; readonly electron?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const off = env[NO_INDEX_JOB_ENV];
  if (off !== undefined && off !== '' && off !== '0') return false;
  try {
    const child = spawn(program.node, [program.cli, 'hook', 'index-job'], {
      cwd: job.workspaceRoot,
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: program.electron ? { ...env, ELECTRON_RUN_AS_NODE: '1' } : env,
      windowsHide: true,
    });
    child.once('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(JSON.stringify(job));
    child.unref();
    return true;
  } catch {
    // the program cannot be started: the first session pays the read, as before
    return false;
  }
}

// The CLI rows time what a user sees in steady use: the workspace's resident process running and
// warm. Its start is not steady use: the first forwarded call (`agents plan list`, `plan
// checkpoint`) finds no process, does its work in its own process and starts one; the process then
// loads sql.js and the database (its `warm:` line in .cleveragents/logs/daemon.log), and the first
// command it serves runs the checkpoint code for the first time (before the process loaded the
// CLI's database at its start, that command also paid the load).
// Timed, those calls were the median of three CLI checkpoints on a real repository, twice the
// steady calls' time. So before its timed calls a benchmark makes these, untimed, and prints what
// they took.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { DAEMON_LOG, dataDirOf, noDaemon } from '../src/daemonClient/daemonFiles';
import { time } from './benchCommon';

export interface WarmUp {
  /** The first call: in its own process, which starts the resident process. */
  readonly firstMs: number;
  /** From the end of the first call to the process's `warm:` line; undefined: it was running already, or does not run. */
  readonly warmMs?: number;
  /** The first call the warm process serves. */
  readonly servedMs: number;
  /** Why the timed calls may still include the process's start (no `warm:` line in time), if so. */
  readonly problem?: string;
}

export interface WarmUpOptions {
  readonly workspace: string;
  /** The calls' environment: CLEVERAGENTS_NO_DAEMON there means no process to wait for. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The node CLI (dist/cli.js), for `agents daemon status`. */
  readonly cli: string;
  /** The call that starts the process (e.g. `agents plan list`). */
  readonly first: () => unknown;
  /** The call the warm process serves first (e.g. the command the rows then time). */
  readonly served: () => unknown;
  /** How long to wait for the `warm:` line; default 60 s. */
  readonly timeoutMs?: number;
}

/** Whether `agents daemon status` finds the workspace's process running. */
export function residentProcessRuns(cli: string, workspace: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const r = spawnSync(process.execPath, [cli, 'daemon', 'status', '--workspace', workspace], { encoding: 'utf8', env: env as NodeJS.ProcessEnv });
  try {
    return (JSON.parse(r.stdout) as { running?: unknown }).running === true;
  } catch {
    return false;
  }
}

/** The daemon log's lines written after `offset` bytes (the log is appended to; rotated at 1 MB by a start). */
function logSince(file: string, offset: number): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file);
  return text.subarray(text.length >= offset ? offset : 0).toString('utf8');
}

/** Makes the untimed calls that start the resident process and warm it; see the file's comment. */
export async function warmResidentProcess(options: WarmUpOptions): Promise<WarmUp> {
  const enabled = !noDaemon(options.env);
  const log = path.join(dataDirOf(options.workspace), DAEMON_LOG);
  const offset = existsSync(log) ? statSync(log).size : 0;
  const running = enabled && residentProcessRuns(options.cli, options.workspace, options.env);
  const firstMs = await time(options.first);
  let warmMs: number | undefined;
  let problem: string | undefined;
  if (enabled && !running) {
    const began = performance.now();
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const since = logSince(log, offset);
      if (/\] warm(:|-up failed)/.test(since)) {
        warmMs = performance.now() - began;
        if (/\] warm-up failed/.test(since)) problem = 'the resident process logged "warm-up failed"';
        break;
      }
      if (Date.now() > deadline) {
        problem = `no "warm:" line in ${log} within ${options.timeoutMs ?? 60_000} ms of the first call`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const servedMs = await time(options.served);
  return { firstMs, ...(warmMs === undefined ? {} : { warmMs }), servedMs, ...(problem ? { problem } : {}) };
}

/** The warm-up's line in the benchmark's output. */
export function describeWarmUp(w: WarmUp, first: string, served: string): string {
  const warm = w.warmMs === undefined ? '' : `, the resident process warm ${w.warmMs.toFixed(0)} ms after it`;
  const line = `CLI warm-up (untimed): ${first} ${w.firstMs.toFixed(0)} ms${warm}, then ${served} ${w.servedMs.toFixed(0)} ms`;
  return w.problem ? `${line}\n  !! ${w.problem}: the CLI rows may include the resident process's start` : line;
}

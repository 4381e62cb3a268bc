// The resident process's protocol: one JSON document per line each way, over its socket.
// Client → process: one request. Process → client: an acknowledgement at once (or a refusal),
// a heartbeat while it works, then the answer. The client trusts none of it beyond "the answer
// came": a silence, a refusal or a closed socket sends it back to doing the work itself.
// (Types only here: the client bundle must not load zod. The process validates each request with
// the schemas of daemonRequest.ts.)

import { commandWords } from './commandWords';

/**
 * The environment variables a request carries: those the hooks and the CLI commands read. The
 * launcher's shell code names each (fastClientScript.ts): a variable read by a hook must be here.
 */
export const FORWARDED_ENV_NAMES: readonly string[] = [
  'CLAUDE_PROJECT_DIR',
  'GEMINI_PROJECT_DIR',
  'GEMINI_SESSION_ID',
  'AGENTS_HOOK_BUDGET_MS',
  'AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS',
  'AGENTS_HOOK_TIMINGS',
  'AGENTS_WORKSPACE',
  'AGENTS_DATABASE',
  'AGENTS_DEBUG',
];

export const FORWARDED_ENV = new RegExp(`^(${FORWARDED_ENV_NAMES.join('|')})$`);

/**
 * Set by the launcher's fast client (fastClientScript.ts) for the node client it falls back to:
 * the resident process took the call and went away unanswering, so it may have done part of it.
 */
export const RESIDENT_LOST_ENV = 'AGENTS_HOOK_RESIDENT_LOST';

/** A hook's whole time budget when `AGENTS_HOOK_BUDGET_MS` does not say: 10 s. */
export const DEFAULT_HOOK_BUDGET_MS = 10_000;

/** `AGENTS_HOOK_BUDGET_MS` when it is a whole number of ms up to ten minutes, else the default. */
export function hookBudget(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.AGENTS_HOOK_BUDGET_MS;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 600_000 ? n : DEFAULT_HOOK_BUDGET_MS;
}

/**
 * When the resident process must have answered a hook begun at `started`: half the budget, or all
 * but 3 s when that is more, leaving the client time to do the work itself if it does not.
 */
export function hookAnswerBy(started: number, budget: number): number {
  return started + Math.max(Math.floor(budget / 2), budget - 3000);
}

/** The `agents plan …` commands the client forwards: they read no stdin and ask nothing. */
export const FORWARDED_PLAN_COMMANDS: readonly string[] = ['list', 'show', 'checkpoints', 'checkpoint'];

/** The command groups the client forwards whole: `agents blame` and `agents log` read only, and ask nothing. */
export const FORWARDED_GROUPS: readonly string[] = ['blame', 'log'];

/**
 * Whether a command line is `agents … plan <one of FORWARDED_PLAN_COMMANDS> …` or one of
 * FORWARDED_GROUPS, global options anywhere before its words (`agents --format json plan list`),
 * and not a request for help.
 */
export function isForwardedPlanCommand(args: readonly string[]): boolean {
  const [group, command] = commandWords(args, 2).words;
  const forwarded = (group === 'plan' && FORWARDED_PLAN_COMMANDS.includes(command ?? '')) || FORWARDED_GROUPS.includes(group ?? '');
  return forwarded && !args.includes('--help') && !args.includes('-h');
}

/** A request line's limit: an 8 MiB event, escaped, with room to spare. */
export const MAX_REQUEST_BYTES = 20 * 1024 * 1024;

export type StdinInput = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly why: string };

export type DaemonRequest =
  | {
      readonly version: string;
      readonly kind: 'hook';
      readonly agent: string;
      readonly input: StdinInput;
      readonly cwd: string;
      readonly env: Record<string, string>;
      /** When the client began (epoch ms): the hook's budget counts from there. */
      readonly started: number;
      /** The process must answer by then (epoch ms), leaving the client time to do the work itself. */
      readonly answerBy: number;
    }
  | {
      readonly version: string;
      readonly kind: 'cli';
      readonly argv: readonly string[];
      readonly cwd: string;
      readonly env: Record<string, string>;
      /** `plan checkpoint`: the id its checkpoint gets, and the call's token (callCheckpointId.ts), chosen by the client. */
      readonly checkpoint?: { readonly id: string; readonly token: string };
    }
  | { readonly version: string; readonly kind: 'status' | 'stop' };

export type DaemonReply =
  | { readonly t: 'ack'; readonly version: string; readonly pid: number }
  | { readonly t: 'beat' }
  | { readonly t: 'refused'; readonly version: string; readonly why: string }
  | { readonly t: 'done'; readonly stdout: string; readonly stderr: string; readonly code: number };

/** What `agents daemon status` prints (its JSON). */
export interface DaemonStatus {
  readonly pid: number;
  readonly version: string;
  readonly workspace: string;
  readonly uptime_ms: number;
  readonly requests: number;
  readonly rss_bytes: number;
  readonly rss_limit_bytes: number;
  readonly idle_exit_ms: number;
  /** Databases held loaded: one for hooks and one for the CLI per database path used. */
  readonly warm_databases: number;
  /** Folders under a watch that is ready to vouch that nothing changed (src/adapters/files/folderWatch.ts). */
  readonly watched_folders: number;
}

/** How often the process says it is still working on a request. */
export const HEARTBEAT_MS = 200;

/** Seconds the process has to acknowledge a fast client's request (the node client's CLEVERAGENTS_DAEMON_ACK_MS default). */
export const FAST_ACK_S = 1;

/**
 * Seconds of silence after the acknowledgement after which a fast client gives up (the process
 * sends a byte every HEARTBEAT_MS). curl averages its speed over some seconds, so with curl this
 * bounds only a silence after the acknowledgement; before it, the watchdog's FAST_ACK_S does.
 */
export const FAST_SILENCE_S = 2;

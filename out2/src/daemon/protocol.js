"use strict";
// The resident process's protocol: one JSON document per line each way, over its socket.
// Client → process: one request. Process → client: an acknowledgement at once (or a refusal),
// a heartbeat while it works, then the answer. The client trusts none of it beyond "the answer
// came": a silence, a refusal or a closed socket sends it back to doing the work itself.
// (Types only here: the client bundle must not load zod. The process validates each request with
// the schemas of daemonRequest.ts.)
Object.defineProperty(exports, "__esModule", { value: true });
exports.FAST_SILENCE_S = exports.FAST_ACK_S = exports.HEARTBEAT_MS = exports.MAX_REQUEST_BYTES = exports.FORWARDED_PLAN_COMMANDS = exports.DEFAULT_HOOK_BUDGET_MS = exports.RESIDENT_LOST_ENV = exports.FORWARDED_ENV = exports.FORWARDED_ENV_NAMES = void 0;
exports.hookBudget = hookBudget;
exports.hookAnswerBy = hookAnswerBy;
exports.isForwardedPlanCommand = isForwardedPlanCommand;
const commandWords_1 = require("../cli/commandWords");
/**
 * The environment variables a request carries: those the hooks and the CLI commands read. The
 * launcher's shell code names each (fastClientScript.ts): a variable read by a hook must be here.
 */
exports.FORWARDED_ENV_NAMES = [
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
exports.FORWARDED_ENV = new RegExp(`^(${exports.FORWARDED_ENV_NAMES.join('|')})$`);
/**
 * Set by the launcher's fast client (fastClientScript.ts) for the node client it falls back to:
 * the resident process took the call and went away unanswering, so it may have done part of it.
 */
exports.RESIDENT_LOST_ENV = 'AGENTS_HOOK_RESIDENT_LOST';
/** A hook's whole time budget when `AGENTS_HOOK_BUDGET_MS` does not say: 10 s. */
exports.DEFAULT_HOOK_BUDGET_MS = 10_000;
/** `AGENTS_HOOK_BUDGET_MS` when it is a whole number of ms up to ten minutes, else the default. */
function hookBudget(env) {
    const raw = env.AGENTS_HOOK_BUDGET_MS;
    const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
    return Number.isInteger(n) && n >= 0 && n <= 600_000 ? n : exports.DEFAULT_HOOK_BUDGET_MS;
}
/**
 * When the resident process must have answered a hook begun at `started`: half the budget, or all
 * but 3 s when that is more, leaving the client time to do the work itself if it does not.
 */
function hookAnswerBy(started, budget) {
    return started + Math.max(Math.floor(budget / 2), budget - 3000);
}
/** The `agents plan …` commands the client forwards: they read no stdin and ask nothing. */
exports.FORWARDED_PLAN_COMMANDS = ['list', 'show', 'checkpoints', 'checkpoint'];
/**
 * Whether a command line is `agents … plan <one of FORWARDED_PLAN_COMMANDS> …`, global options
 * anywhere before its words (`agents --format json plan list`), and not a request for help.
 */
function isForwardedPlanCommand(args) {
    const [group, command] = (0, commandWords_1.commandWords)(args, 2).words;
    return group === 'plan' && exports.FORWARDED_PLAN_COMMANDS.includes(command ?? '') && !args.includes('--help') && !args.includes('-h');
}
/** A request line's limit: an 8 MiB event, escaped, with room to spare. */
exports.MAX_REQUEST_BYTES = 20 * 1024 * 1024;
/** How often the process says it is still working on a request. */
exports.HEARTBEAT_MS = 200;
/** Seconds the process has to acknowledge a fast client's request (the node client's CLEVERAGENTS_DAEMON_ACK_MS default). */
exports.FAST_ACK_S = 1;
/**
 * Seconds of silence after the acknowledgement after which a fast client gives up (the process
 * sends a byte every HEARTBEAT_MS). curl averages its speed over some seconds, so with curl this
 * bounds only a silence after the acknowledgement; before it, the watchdog's FAST_ACK_S does.
 */
exports.FAST_SILENCE_S = 2;
//# sourceMappingURL=protocol.js.map
"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
// First: its module marks when this bundle starts to run (AGENTS_HOOK_TIMINGS=1 only).
const hookTimings_1 = require("../hooks/hookTimings");
const path = __importStar(require("node:path"));
const hookAgents_1 = require("../hooks/hookAgents");
const hookStdin_1 = require("../hooks/hookStdin");
const commandWords_1 = require("../cli/commandWords");
const callCheckpointId_1 = require("./callCheckpointId");
const client_1 = require("./client");
const daemonFiles_1 = require("./daemonFiles");
const processExit_1 = require("./processExit");
const logWrites_1 = require("../hooks/logWrites");
const protocol_1 = require("./protocol");
const VERSION = typeof AGENTS_VERSION === 'string' ? AGENTS_VERSION : 'unbuilt';
function forwardedEnv() {
    const env = {};
    for (const [key, value] of Object.entries(process.env))
        if (value !== undefined && protocol_1.FORWARDED_ENV.test(key))
            env[key] = value;
    return env;
}
function text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
/**
 * The workspace the hook will work in, as the event names it (src/hooks/events/*: project dir,
 * workspace roots, cwd). A guess only: the resident process works it out again with the event's
 * schemas and refuses a call for any workspace but its own.
 */
function hookRoot(agent, stdinText, cwd) {
    const projectDir = agent === 'claude-code' ? text(process.env.CLAUDE_PROJECT_DIR) : agent === 'gemini' ? text(process.env.GEMINI_PROJECT_DIR) : undefined;
    let eventDir;
    try {
        const e = JSON.parse(stdinText ?? '');
        const roots = (list) => (Array.isArray(list) ? text(list[0]) : undefined);
        if (agent === 'cursor')
            eventDir = roots(e.workspace_roots) ?? text(e.cwd);
        else if (agent === 'cline')
            eventDir = roots(e.workspaceRoots);
        else
            eventDir = (projectDir && path.isAbsolute(projectDir) ? projectDir : undefined) ?? text(e.cwd);
    }
    catch {
        eventDir = projectDir;
    }
    return path.resolve(cwd, eventDir ?? text(process.env.AGENTS_WORKSPACE) ?? '.');
}
/** The folder of `--workspace DIR` or `--workspace=DIR`, else `$AGENTS_WORKSPACE`, else here. */
function cliRoot(argv, cwd) {
    let given;
    argv.forEach((arg, i) => {
        if (arg === '--workspace')
            given = argv[i + 1];
        else if (arg.startsWith('--workspace='))
            given = arg.slice('--workspace='.length);
    });
    return path.resolve(cwd, given ?? text(process.env.AGENTS_WORKSPACE) ?? '.');
}
/**
 * Asks the resident process; on anything but an answer, says why for the log and starts a new
 * process when there is none (or one of another version). `undefined` outcome: not asked at all.
 */
async function ask(root, request, deadline) {
    const unfit = (0, client_1.storeUnfit)(root, text(process.env.AGENTS_DATABASE));
    // No store yet: this call makes it (if it takes a checkpoint); a later one starts the process.
    if (unfit?.noStore)
        return {};
    if (unfit)
        return { note: `resident process not used: ${unfit.why}` };
    const outcome = await (0, client_1.callDaemon)(root, request, (0, client_1.callTimes)(process.env, deadline));
    if (outcome.kind === 'done')
        return { outcome };
    // None running yet is the ordinary start: nothing to say. Anything else goes to the log.
    let note = outcome.kind === 'unavailable' && outcome.start ? undefined : `resident process not used: ${outcome.why}`;
    if ((outcome.kind === 'unavailable' || outcome.kind === 'refused') && outcome.start) {
        const notStarted = (0, client_1.startDaemon)(root, __dirname);
        if (notStarted && notStarted !== 'another call is starting it')
            note = `${note ?? 'resident process not started'}: ${notStarted}`;
        else if (note)
            note += '; started a new one';
    }
    return { outcome, note };
}
async function hookRun(agent) {
    const started = Date.now();
    const cwd = process.cwd();
    const budget = (0, protocol_1.hookBudget)(process.env);
    const input = await (0, hookStdin_1.readStdin)(process.stdin, hookStdin_1.HOOK_STDIN_MAX_BYTES, Math.min(hookStdin_1.STDIN_WAIT_MS, budget));
    (0, hookTimings_1.hookPhase)('stdin read');
    const root = hookRoot(agent, input.ok ? input.text : undefined, cwd);
    const answerBy = (0, protocol_1.hookAnswerBy)(started, budget);
    const request = { version: VERSION, kind: 'hook', agent, input, cwd, env: forwardedEnv(), started, answerBy };
    // The launcher's fast client saw the process take this call and go away: asked again, it could
    // take a second checkpoint of the same moment. This process does it, knowing part may be done.
    const lostByLauncher = process.env[protocol_1.RESIDENT_LOST_ENV] === '1';
    delete process.env[protocol_1.RESIDENT_LOST_ENV];
    const { outcome, note } = lostByLauncher ? { outcome: undefined, note: 'resident process not used: it took the call from the launcher and went away unanswering' } : await ask(root, request, answerBy + 1000);
    let stdout;
    if (outcome?.kind === 'done') {
        stdout = outcome.stdout;
        (0, hookTimings_1.hookPhase)('resident process answered');
    }
    else {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { runHookInput } = require('./agentsHookRun.js');
        const result = await runHookInput(agent, input, {
            cwd,
            env: process.env,
            wasmDir: __dirname,
            started,
            notes: note ? [note] : [],
            afterPartial: lostByLauncher || outcome?.kind === 'lost',
        });
        stdout = result.stdout;
    }
    // Exit once the answer is written: nothing of ours may keep the agent waiting (as hooks/main.ts).
    process.stdout.write(stdout, () => {
        (0, hookTimings_1.writeHookTimings)();
        (0, processExit_1.exitProcess)(0, processExit_1.HOOK_EXIT_GRACE_MS, logWrites_1.logWritesUnderWay);
    });
}
async function planCommand(argv) {
    const cwd = process.cwd();
    const root = cliRoot(argv, cwd);
    // One id for the checkpoint, whoever takes it: the process, or this one after the process went
    // away unanswering (it may have taken it already; then that one is the answer, not a second).
    // Chosen here, unless the fast client that execs into this process chose it (callCheckpointId.ts).
    let checkpoint;
    if ((0, commandWords_1.commandWords)(argv, 2).words[1] === 'checkpoint') {
        const found = (0, callCheckpointId_1.checkpointCallOf)(process.env, process.pid);
        if (found.ignored && process.env.AGENTS_DEBUG)
            process.stderr.write((0, callCheckpointId_1.ignoredCallLine)(found.ignored));
        checkpoint = found.call ?? (0, callCheckpointId_1.newCheckpointCall)();
        // for cliMain.js below, in this process, should the resident process not answer
        (0, callCheckpointId_1.setCheckpointCall)(process.env, process.pid, checkpoint);
    }
    const request = { version: VERSION, kind: 'cli', argv, cwd, env: forwardedEnv(), ...(checkpoint ? { checkpoint } : {}) };
    const { outcome, note } = await ask(root, request);
    if (outcome?.kind === 'done') {
        if (outcome.stderr)
            process.stderr.write(outcome.stderr);
        process.stdout.write(outcome.stdout);
        process.exitCode = outcome.code;
        return;
    }
    if (note && process.env.AGENTS_DEBUG)
        process.stderr.write(`debug: ${note.replace(/[\u0000-\u001f\u007f]/g, '?')}\n`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('./cliMain.js');
}
/**
 * `daemon status|stop` with the global options anywhere on the line, as the other commands take
 * them (`agents --format json --workspace DIR daemon status`). Its output is JSON, so `--format`
 * may only say json. `undefined`: not that command line.
 */
function daemonLine(argv) {
    const { words } = (0, commandWords_1.commandWords)(argv, 3);
    const [, command] = words;
    if (words.length !== 2 || (command !== 'status' && command !== 'stop'))
        return undefined;
    const options = argv.filter((a) => a !== 'daemon' && a !== command);
    for (let i = 0; i < options.length; i++) {
        const option = options[i];
        if (option === '--workspace' && options[i + 1] !== undefined)
            i++;
        else if (option === '--format' && options[i + 1] === 'json')
            i++;
        else if (!(option.startsWith('--workspace=') || option === '--format=json'))
            return undefined;
    }
    return { command, options };
}
async function daemonCommand(argv) {
    const line = daemonLine(argv);
    if (!line) {
        process.stderr.write('agents: usage: agents daemon status|stop [--workspace DIR] [--format json]\n');
        process.exitCode = 2;
        return;
    }
    const { command } = line;
    const root = cliRoot(line.options, process.cwd());
    const unfit = (0, client_1.storeUnfit)(root, text(process.env.AGENTS_DATABASE));
    const outcome = unfit ? undefined : await (0, client_1.callDaemon)(root, { version: VERSION, kind: command }, (0, client_1.callTimes)(process.env));
    if (outcome?.kind !== 'done') {
        const why = unfit?.why ?? outcome?.why ?? '';
        process.stdout.write(`${JSON.stringify({ running: false, workspace: root, why: why.replace(/[\u0000-\u001f\u007f]/g, '?') }, null, 2)}\n`);
        process.exitCode = command === 'stop' ? 0 : 1;
        return;
    }
    const status = JSON.parse(outcome.stdout);
    process.stdout.write(`${JSON.stringify({ running: command === 'status', ...status }, null, 2)}\n`);
}
// A reader that went away is not an error of ours.
process.stdout.on('error', () => process.exit(0));
const args = process.argv.slice(2);
const forwardable = (0, protocol_1.isForwardedPlanCommand)(args) || args[0] === 'hook';
if ((0, commandWords_1.commandWords)(args, 1).words[0] === 'daemon') {
    void daemonCommand(args);
}
else if (!forwardable || (0, daemonFiles_1.noDaemon)(process.env) || (args[0] === 'hook' && (args.length !== 3 || args[1] !== 'run' || !hookAgents_1.HOOK_AGENTS.includes(args[2])))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(args[0] === 'hook' ? './agentsHook.js' : './cliMain.js');
}
else if (args[0] === 'hook') {
    hookRun(args[2]).catch(() => process.exit(0));
}
else {
    void planCommand(args);
}
//# sourceMappingURL=clientMain.js.map
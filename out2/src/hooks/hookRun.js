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
exports.SESSION_START_PHASE = void 0;
exports.runHook = runHook;
exports.runHookInput = runHookInput;
const hookCheckpoints_1 = require("../core/hookCheckpoints");
const protocol_1 = require("../daemon/protocol");
const z = __importStar(require("zod"));
const agentEvents_1 = require("./events/agentEvents");
const hookAnswer_1 = require("./hookAnswer");
const answerGate_1 = require("./answerGate");
const boundedFlush_1 = require("./boundedFlush");
const hookLog_1 = require("./hookLog");
const hookStdin_1 = require("./hookStdin");
const hookWorkspace_1 = require("./hookWorkspace");
const promptText_1 = require("./promptText");
const sessionNotes_1 = require("./sessionNotes");
const loadHookStore_1 = require("./loadHookStore");
const hookTimings_1 = require("./hookTimings");
/** The whole call, from reading stdin to the answer, must end within this; the agents give 30 s or more. */
/** How long a hook waits for the store's lock, held by another session's checkpoint, before the checkpoint is missed. */
const LOCK_WAIT_MS = 5_000;
/** How long a hook waits for a plan's first snapshot before leaving it to run in the background. */
const DEFAULT_FIRST_SNAPSHOT_WAIT_MS = 3_000;
/** The end of a budget kept for writing hooks.log: the work stops this much earlier (a fifth of a small budget). */
const LOG_RESERVE_MS = 500;
/** The part of a budget left for the log once the work's time is up. */
function logReserve(budget) {
    return Math.min(LOG_RESERVE_MS, Math.floor(budget / 5));
}
const MillisSchema = z.coerce.number().int().min(0).max(600_000);
function millis(env, name, fallback) {
    const parsed = MillisSchema.safeParse(env[name]);
    return env[name] !== undefined && env[name] !== '' && parsed.success ? parsed.data : fallback;
}
/** The project folder an agent names in the environment, for when its event cannot be read. */
function envProjectDir(agent, env) {
    if (agent === 'claude-code')
        return env.CLAUDE_PROJECT_DIR || undefined;
    if (agent === 'gemini')
        return env.GEMINI_PROJECT_DIR || undefined;
    return undefined;
}
/**
 * `agents hook run <agent>`: reads the agent's event, takes the checkpoint it calls for, and
 * returns the protocol's answer. Never throws and never fails the agent: whatever goes wrong
 * (bad stdin, no workspace, a refused or locked store, a read-only disk, the time budget) ends in
 * a line in `.cleveragents/logs/hooks.log` and the same allowing answer.
 */
async function runHook(agent, io) {
    const started = Date.now();
    const input = await (0, hookStdin_1.readStdin)(io.stdin, hookStdin_1.HOOK_STDIN_MAX_BYTES, Math.min(hookStdin_1.STDIN_WAIT_MS, (0, protocol_1.hookBudget)(io.env)));
    (0, hookTimings_1.hookPhase)('stdin read');
    return runHookInput(agent, input, { cwd: io.cwd, env: io.env, wasmDir: io.wasmDir, started });
}
/**
 * `runHook` on an event already read from stdin. Never throws, and answers within the budget
 * whatever its work and its log wait on (docs/AGENTS.md, "Time budget"): the work has the budget
 * but its last part, hooks.log that last part. Work not done by then is abandoned: it takes no
 * further step and records nothing (answerGate.ts), and the call is logged as missed.
 */
async function runHookInput(agent, input, io) {
    const log = io.log ?? new hookLog_1.HookLog(agent);
    for (const note of io.notes ?? [])
        log.line(note);
    const budget = (0, protocol_1.hookBudget)(io.env);
    const answerAt = io.started + budget;
    const workUntil = answerAt - logReserve(budget);
    const gate = new answerGate_1.HookAnswerGate();
    const call = { event: undefined, logRoot: undefined };
    const work = hookWork(agent, input, io, log, gate, call, workUntil).catch((error) => {
        log.line(`${call.event?.eventName ?? 'event'}: checkpoint missed: ${describe(error)}`);
        return 'done';
    });
    let timer;
    const timeUp = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, workUntil - Date.now()))));
    const outcome = await Promise.race([work, timeUp]);
    clearTimeout(timer);
    const claimed = gate.answer();
    if (outcome === 'refused')
        return { stdout: '', refused: true };
    if (outcome === 'timeout') {
        const name = call.event?.eventName ?? 'event';
        // Claimed first: its files were read before this answer, and its row is being written.
        log.line(claimed ? `${name}: checkpoint ${claimed} was being recorded as the hook's ${budget} ms budget ran out (its files were read before this answer)` : `${name}: checkpoint missed: not done within the hook's ${budget} ms budget`);
        io.onAbandoned?.(work);
    }
    await (0, boundedFlush_1.flushWithin)(log, call.logRoot, answerAt);
    (0, hookTimings_1.hookPhase)('hooks.log written');
    return { stdout: (0, hookAnswer_1.hookAnswer)(agent, call.event?.eventName) };
}
/** The call's work, up to its checkpoint: `refused` when the resident process does not serve the workspace. */
async function hookWork(agent, input, io, log, gate, call, deadline) {
    if (!input.ok) {
        log.line(`event ignored: ${input.why}`);
    }
    else {
        call.event = parseEvent(agent, input.text, io.env, log);
    }
    const event = call.event;
    (0, hookTimings_1.hookPhase)('event parsed');
    const workspace = await (0, hookWorkspace_1.hookWorkspace)(event?.workspaceDir ?? envProjectDir(agent, io.env), io.cwd, io.env);
    (0, hookTimings_1.hookPhase)('workspace found');
    if (!workspace.ok) {
        log.line(`event ignored: ${workspace.why}`);
        // said where the hook runs, when that is a workspace at all
        const here = await (0, hookWorkspace_1.hookWorkspace)(envProjectDir(agent, io.env), io.cwd, io.env);
        if (here.ok)
            call.logRoot = here.location.workspaceRoot;
        return 'done';
    }
    if (io.acceptWorkspace && !(await io.acceptWorkspace(workspace.location)))
        return 'refused';
    call.logRoot = workspace.location.workspaceRoot;
    if (event)
        await handleEvent(agent, event, workspace.location, io, log, gate, deadline);
    return 'done';
}
function parseEvent(agent, text, env, log) {
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch {
        log.line(`event ignored: stdin is not JSON (${text.length} characters)`);
        return undefined;
    }
    try {
        return agentEvents_1.AGENT_EVENTS[agent].normalize(raw, env);
    }
    catch (error) {
        const issues = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join(', ') : describe(error);
        log.line(`event ignored: not a ${agent} event: ${issues}`);
        return undefined;
    }
}
/** The phase of the checkpoint a session's start takes: its baseline, before the agent can write. */
exports.SESSION_START_PHASE = 'session_start';
/**
 * The checkpoint an event calls for, if any: prompts always; a session's start its baseline; tool
 * calls when the tool can write.
 */
function jobFor(agent, event, root) {
    const extra = { agent, session_id: event.sessionId };
    if (event.kind === 'prompt') {
        return { type: 'manual', reason: (0, hookCheckpoints_1.promptReason)((0, promptText_1.promptLine)(event.prompt ?? '')), phase: hookCheckpoints_1.PROMPT_PHASE, extra, onlyIfChanged: false };
    }
    if (event.kind === 'sessionStart') {
        // The plan's first snapshot, taken before the agent can write, so that its first tool call is
        // not what pays for it (a large folder takes seconds); skipped when nothing changed since the
        // plan's last checkpoint (a resumed session).
        return { type: 'manual', reason: `Session start (${event.eventName})`.slice(0, 1000), phase: exports.SESSION_START_PHASE, extra, onlyIfChanged: true };
    }
    if ((event.kind !== 'preTool' && event.kind !== 'postTool') || event.toolName === undefined)
        return undefined;
    if (!agentEvents_1.AGENT_EVENTS[agent].isWritingTool(event.toolName))
        return undefined;
    const file = (0, hookWorkspace_1.sandboxRelativePath)(root, event.cwd, event.filePath);
    if (file !== undefined)
        extra.file_path = file;
    // What a shell ran, so that two "After Bash" rows can be told apart: its first line, escaped and shortened (as a prompt's).
    const command = file === undefined && event.command !== undefined ? (0, promptText_1.promptLine)(event.command) : '';
    if (command !== '')
        extra.command = command;
    if (event.toolUseId !== undefined)
        extra.tool_use_id = event.toolUseId;
    // a subagent's call, under its parent's session: the tree and agent-only rollback can scope to it
    if (event.agentId !== undefined)
        extra.agent_id = event.agentId;
    if (event.agentType !== undefined)
        extra.agent_type = event.agentType;
    const pre = event.kind === 'preTool';
    if (!pre && event.failed === true)
        extra.outcome = 'failed';
    // A command left running (Claude's Bash run_in_background): its post_step comes at its launch, so
    // what it writes later lands before the next fence; `background` names that stretch as its own
    // (src/core/agentOnlyRollback.ts), never the user's.
    if (!pre && event.background === true)
        extra.background = '1';
    return {
        type: pre ? 'pre_write' : 'post_step',
        reason: `${pre ? 'Before' : 'After'} ${event.toolName}${file !== undefined ? ` ${file}` : command !== '' ? `: ${command}` : ''}${!pre && event.failed === true ? ' (failed)' : ''}${!pre && event.background === true ? ' (started in the background)' : ''}`.slice(0, 1000),
        sourceTool: event.toolName,
        phase: pre ? 'pre_tool' : 'post_tool',
        extra,
        // Both skip when nothing changed: a pre_write right after the previous checkpoint, a
        // post_step of a command that wrote nothing (`ls` through Bash), would add nothing to restore.
        onlyIfChanged: true,
    };
}
/**
 * Events that take no checkpoint but must not pass unnoticed: one line per session in hooks.log
 * (an event we do not use, a turn no person wrote). Other kinds say nothing.
 */
async function noteOnce(agent, event, root, log) {
    if (event.kind === 'other') {
        if (await (0, sessionNotes_1.firstInSession)(root, agent, event.sessionId, `event ${event.eventName}`))
            log.line(`${event.eventName}: an event the hooks do not use: ignored (said once per session)`);
    }
    else if (event.kind === 'machinePrompt') {
        if (await (0, sessionNotes_1.firstInSession)(root, agent, event.sessionId, `machine prompt ${event.why ?? ''}`))
            log.line(`${event.eventName}: ${event.why ?? 'a turn no person wrote'}, not a person's prompt: no prompt checkpoint (said once per session)`);
    }
}
async function handleEvent(agent, event, location, io, log, gate, deadline) {
    const root = location.workspaceRoot;
    const job = jobFor(agent, event, root);
    if (!job) {
        await noteOnce(agent, event, root, log);
        return;
    }
    const remaining = () => Math.max(0, deadline - Date.now());
    // Each lock is waited for with what is left of the budget at that moment.
    const lockWait = () => Math.min(LOCK_WAIT_MS, remaining());
    const { hookServices, sessionPlan, checkpointInBackground, firstSnapshotRunning, runCheckpointJob, promptAlreadyTaken } = io.store ?? (0, loadHookStore_1.loadHookStore)();
    (0, hookTimings_1.hookPhase)('store bundle loaded');
    const lent = io.services
        ? await io.services(root, location.databasePath, lockWait, log)
        : await hookServices(root, location.databasePath, io.wasmDir, lockWait, log).then((services) => ({ services, release: () => services.dispose() }));
    const services = lent.services;
    (0, hookTimings_1.hookPhase)('services made');
    try {
        // Answered already (the budget ran out): no plan, session file or marker is made after that.
        if (!gate.stillWaited())
            return;
        const { planId, created } = await sessionPlan(services, root, agent, event.sessionId, event.prompt, lockWait(), () => gate.stillWaited());
        (0, hookTimings_1.hookPhase)('session plan found (store opened, database loaded)');
        if (created)
            log.line(`${event.eventName}: plan ${planId} made for session ${event.sessionId}`);
        const full = { ...job, planId, workspaceRoot: root, ...(location.databasePath ? { databasePath: location.databasePath } : {}) };
        let first = created || !(await services.checkpoints.hasCheckpoints(planId));
        (0, hookTimings_1.hookPhase)('checkpoints listed');
        const firstWait = () => Math.min(millis(io.env, 'AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS', DEFAULT_FIRST_SNAPSHOT_WAIT_MS), remaining());
        if (first) {
            // The first snapshot (a session start's baseline, say) may be under way in its own process:
            // this call waits for it as long as for one of its own, then takes its checkpoint as usual.
            const running = await untilFirstSnapshotEnds(() => firstSnapshotRunning(root, planId), firstWait());
            if (running !== undefined) {
                log.line(`${event.eventName}: ${job.type} of plan ${planId} missed: its first snapshot is still being taken (process ${running})`);
                return;
            }
            first = !(await services.checkpoints.hasCheckpoints(planId));
        }
        if (first) {
            // The first snapshot of a plan reads the whole folder: it runs in its own process, which
            // this call waits for only so long (see docs/AGENTS.md, "The first snapshot").
            const wait = firstWait();
            if (!gate.stillWaited())
                return;
            const outcome = await checkpointInBackground(full, io.wasmDir, wait);
            if (outcome === 'still-running')
                log.line(`${event.eventName}: ${job.type} of plan ${planId} (its first snapshot) continues in the background: if it ends after this answer it is recorded marked late, as no rollback's boundary`);
            else if (outcome === 'failed')
                log.line(`${event.eventName}: ${job.type} of plan ${planId} missed: the background checkpoint failed (its line above says why)`);
            return;
        }
        // after a resident process that went away mid-call: its prompt checkpoint, if it took it, is not doubled
        const again = io.afterPartial === true && job.phase === hookCheckpoints_1.PROMPT_PHASE && (await promptAlreadyTaken(services, full));
        const taken = await runCheckpointJob(services, again ? { ...full, onlyIfChanged: true } : full, gate);
        (0, hookTimings_1.hookPhase)('checkpoint job (snapshot, database write)');
        const what = taken ? `${job.type} ${taken.id}` : `${job.type} skipped, nothing changed`;
        log.line(`${event.eventName}${event.toolName ? ` ${event.toolName}` : ''}: ${what} in plan ${planId}`);
    }
    finally {
        lent.release();
    }
}
/** Polls `running` until it answers undefined (returned) or `waitMs` passed (its last answer). */
async function untilFirstSnapshotEnds(running, waitMs) {
    const deadline = Date.now() + waitMs;
    for (;;) {
        const pid = await running();
        if (pid === undefined || Date.now() >= deadline)
            return pid;
        // a timer that holds the process (sleep's is unref'd: the call would end here, unanswered)
        await new Promise((r) => setTimeout(r, Math.min(100, Math.max(0, deadline - Date.now()))));
    }
}
function describe(error) {
    return error instanceof Error ? error.message : String(error);
}
//# sourceMappingURL=hookRun.js.map
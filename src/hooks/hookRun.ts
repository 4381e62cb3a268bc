import { PROMPT_PHASE, promptReason } from '../core/hookCheckpoints';
import { hookBudget } from '../daemonClient/protocol';
import * as z from 'zod';
import { AGENT_EVENTS } from './events/agentEvents';
import type { HookEvent } from './events/hookEvent';
import { hookAnswer } from './hookAnswer';
import type { HookAgent } from '../daemonClient/hookAgents';
import { HookAnswerGate } from './answerGate';
import { flushWithin } from './boundedFlush';
import { HookLog } from './hookLog';
import { readStdin, HOOK_STDIN_MAX_BYTES, STDIN_WAIT_MS, type StdinRead } from '../daemonClient/hookStdin';
import { hookWorkspace, sandboxRelativePath } from './hookWorkspace';
import type { CheckpointJob } from './checkpointJob';
import { promptLine } from './promptText';
import { firstInSession } from './sessionNotes';
import { startSessionEndPush } from './sessionEndPush';
import { loadHookStore, type HookStore } from './loadHookStore';
import type { WorkspaceLocation } from '../cli/workspaceLocation';
import { hookPhase } from './hookTimings';
import type { WorkspaceServices } from '../composition';

/** Everything `hook run` touches of its process. */
export interface HookIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** The folder holding `sql-wasm.wasm` and `cli.js` (dist/). */
  readonly wasmDir: string;
}

/** `hook run` after its stdin is read: in its own process, or in the resident process (src/daemon). */
export interface HookCall {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly wasmDir: string;
  /** When the call began (its budget counts from here, stdin's read included). */
  readonly started: number;
  /** Lines for hooks.log before the call's own (why the resident process was not used). */
  readonly notes?: readonly string[];
  /**
   * The resident process may have done part of this call before it went away: a prompt's
   * checkpoint is then not taken again when the plan's last one is that same prompt's and no file
   * changed since (tool calls skip an unchanged folder anyway).
   */
  readonly afterPartial?: boolean;
  /** The workspace's services, when kept warm by the resident process; default: made and disposed here. */
  readonly services?: HookServicesProvider;
  /**
   * The store half (hookStore.ts) when the caller bundles it itself: the resident process, whose
   * services must meet the same classes (an `instanceof NotFoundError` across two bundles fails).
   * Default: loaded from its own bundle (loadHookStore).
   */
  readonly store?: HookStore;
  /** The resident process serves one workspace: false refuses the call (the client then runs it itself). */
  readonly acceptWorkspace?: (location: WorkspaceLocation) => Promise<boolean>;
  /**
   * The answer goes as soon as the checkpoint's files are read (the resident process, whose work
   * goes on after an answer): its tree, commit and row, and the call's lines in hooks.log, follow
   * in `HookResult.rest`. A hook's own process answers when it is done: it ends with its answer.
   */
  readonly answerOnceRead?: boolean;
  /** Where the call's lines go; default a new HookLog (tests give one whose writes they hold). */
  readonly log?: HookLog;
}

/**
 * Lends a call the workspace's services; `release` is called when the call is done with them.
 * `lockWait` is asked at each wait for a lock: what is left of the call's budget then.
 */
export type HookServicesProvider = (root: string, databasePath: string | undefined, lockWait: () => number, log: HookLog) => Promise<{ readonly services: WorkspaceServices; release(): void }>;

/** What `hook run` ends with: the exact bytes for stdout (the exit code is always 0). */
export interface HookResult {
  readonly stdout: string;
  /** The call was for a workspace the resident process does not serve; nothing was done. */
  readonly refused?: boolean;
  /**
   * The call's work still under way at its answer, and why: its checkpoint's files were read
   * (`answerOnceRead`), or the budget ran out (it then records nothing more). The resident process
   * keeps its next request behind it and watches it end (src/daemon/server.ts).
   */
  readonly rest?: { readonly work: Promise<unknown>; readonly after: 'files-read' | 'budget' };
}

/** The whole call, from reading stdin to the answer, must end within this; the agents give 30 s or more. */
/** How long a hook waits for the store's lock, held by another session's checkpoint, before the checkpoint is missed. */
const LOCK_WAIT_MS = 5_000;
/** How long a hook waits for a plan's first snapshot before leaving it to run in the background. */
const DEFAULT_FIRST_SNAPSHOT_WAIT_MS = 3_000;
/** The end of a budget kept for writing hooks.log: the work stops this much earlier (a fifth of a small budget). */
const LOG_RESERVE_MS = 500;

/** The part of a budget left for the log once the work's time is up. */
function logReserve(budget: number): number {
  return Math.min(LOG_RESERVE_MS, Math.floor(budget / 5));
}

const MillisSchema = z.coerce.number().int().min(0).max(600_000);

function millis(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const parsed = MillisSchema.safeParse(env[name]);
  return env[name] !== undefined && env[name] !== '' && parsed.success ? parsed.data : fallback;
}

/** The project folder an agent names in the environment, for when its event cannot be read. */
function envProjectDir(agent: HookAgent, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (agent === 'claude-code') return env.CLAUDE_PROJECT_DIR || undefined;
  if (agent === 'gemini') return env.GEMINI_PROJECT_DIR || undefined;
  return undefined;
}

/**
 * `agents hook run <agent>`: reads the agent's event, takes the checkpoint it calls for, and
 * returns the protocol's answer. Never throws and never fails the agent: whatever goes wrong
 * (bad stdin, no workspace, a refused or locked store, a read-only disk, the time budget) ends in
 * a line in `.cleveragents/logs/hooks.log` and the same allowing answer.
 */
export async function runHook(agent: HookAgent, io: HookIo): Promise<HookResult> {
  const started = Date.now();
  const input = await readStdin(io.stdin, HOOK_STDIN_MAX_BYTES, Math.min(STDIN_WAIT_MS, hookBudget(io.env)));
  hookPhase('stdin read');
  return runHookInput(agent, input, { cwd: io.cwd, env: io.env, wasmDir: io.wasmDir, started });
}


/** What a call found out as it went, for its answer and its log. */
interface CallState {
  event: HookEvent | undefined;
  /** The workspace whose hooks.log gets the call's lines. */
  logRoot: string | undefined;
}

/**
 * `runHook` on an event already read from stdin. Never throws, and answers within the budget
 * whatever its work and its log wait on (docs/AGENTS.md, "Time budget"): the work has the budget
 * but its last part, hooks.log that last part. Work not done by then is abandoned: it takes no
 * further step and records nothing (answerGate.ts), and the call is logged as missed.
 */
export async function runHookInput(agent: HookAgent, input: StdinRead, io: HookCall): Promise<HookResult> {
  const log = io.log ?? new HookLog(agent);
  for (const note of io.notes ?? []) log.line(note);
  const budget = hookBudget(io.env);
  const answerAt = io.started + budget;
  const workUntil = answerAt - logReserve(budget);
  let filesRead: () => void = () => undefined;
  const read = new Promise<'read'>((resolve) => (filesRead = () => resolve('read')));
  const gate = new HookAnswerGate(io.answerOnceRead === true ? () => filesRead() : undefined);
  const call: CallState = { event: undefined, logRoot: undefined };
  const work = hookWork(agent, input, io, log, gate, call, workUntil).catch((error: unknown) => {
    log.line(`${call.event?.eventName ?? 'event'}: checkpoint missed: ${describe(error)}`);
    return 'done' as const;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, workUntil - Date.now()))));
  const outcome = await Promise.race([work, timeUp, read]);
  clearTimeout(timer);
  const claimed = gate.answer();
  if (outcome === 'refused') return { stdout: '', refused: true };
  const stdout = hookAnswer(agent, call.event?.eventName);
  if (outcome === 'read') {
    // The checkpoint's content is fixed: the agent may write from now on. The rest (tree, commit,
    // row) and the call's lines in hooks.log, which say how it ended, come after the answer.
    hookPhase('answered once the files were read');
    // The log write is waited for only until the budget's end, like an answer's: one that hangs
    // does not hold the resident process's next request.
    return { stdout, rest: { work: work.then(() => flushWithin(log, call.logRoot, answerAt)), after: 'files-read' } };
  }
  if (outcome === 'timeout') {
    const name = call.event?.eventName ?? 'event';
    // Claimed first (a hook's own process: the resident process answers at the claim): its files
    // were read before this answer, and its tree and row were being written. The process ends
    // with its answer, and that work with it unless it ends first.
    log.line(
      claimed
        ? `${name}: checkpoint ${claimed} was being recorded as the hook's ${budget} ms budget ran out (its files were read before this answer); it is recorded only if that ends before this process does`
        : `${name}: checkpoint missed: not done within the hook's ${budget} ms budget`,
    );
  }
  await flushWithin(log, call.logRoot, answerAt);
  hookPhase('hooks.log written');
  return { stdout, ...(outcome === 'timeout' ? { rest: { work, after: 'budget' as const } } : {}) };
}

/** The call's work, up to its checkpoint: `refused` when the resident process does not serve the workspace. */
async function hookWork(agent: HookAgent, input: StdinRead, io: HookCall, log: HookLog, gate: HookAnswerGate, call: CallState, deadline: number): Promise<'done' | 'refused'> {
  if (!input.ok) {
    log.line(`event ignored: ${input.why}`);
  } else {
    call.event = parseEvent(agent, input.text, io.env, log);
  }
  const event = call.event;
  hookPhase('event parsed');
  const workspace = await hookWorkspace(event?.workspaceDir ?? envProjectDir(agent, io.env), io.cwd, io.env);
  hookPhase('workspace found');
  if (!workspace.ok) {
    log.line(`event ignored: ${workspace.why}`);
    // said where the hook runs, when that is a workspace at all
    const here = await hookWorkspace(envProjectDir(agent, io.env), io.cwd, io.env);
    if (here.ok) call.logRoot = here.location.workspaceRoot;
    return 'done';
  }
  if (io.acceptWorkspace && !(await io.acceptWorkspace(workspace.location))) return 'refused';
  call.logRoot = workspace.location.workspaceRoot;
  if (event) await handleEvent(agent, event, workspace.location, io, log, gate, deadline);
  return 'done';
}

function parseEvent(agent: HookAgent, text: string, env: Readonly<Record<string, string | undefined>>, log: HookLog): HookEvent | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    log.line(`event ignored: stdin is not JSON (${text.length} characters)`);
    return undefined;
  }
  try {
    return AGENT_EVENTS[agent].normalize(raw, env);
  } catch (error) {
    const issues = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join(', ') : describe(error);
    log.line(`event ignored: not a ${agent} event: ${issues}`);
    return undefined;
  }
}

/** The phase of the checkpoint a session's start takes: its baseline, before the agent can write. */
export const SESSION_START_PHASE = 'session_start';

/**
 * The checkpoint an event calls for, if any: prompts always; a session's start its baseline; tool
 * calls when the tool can write.
 */
function jobFor(agent: HookAgent, event: HookEvent, root: string): Omit<CheckpointJob, 'planId' | 'workspaceRoot' | 'databasePath'> | undefined {
  const extra: Record<string, string> = { agent, session_id: event.sessionId };
  if (event.kind === 'prompt') {
    return { type: 'manual', reason: promptReason(promptLine(event.prompt ?? '')), phase: PROMPT_PHASE, extra, onlyIfChanged: false };
  }
  if (event.kind === 'sessionStart') {
    // The plan's first snapshot, taken before the agent can write, so that its first tool call is
    // not what pays for it (a large folder takes seconds); skipped when nothing changed since the
    // plan's last checkpoint (a resumed session).
    // Cline's CLI (3.0.65) runs agent_start detached and does not wait for it before the first tool
    // call (its hook runner awaits only tool_call and tool_result): its baseline may then come
    // after that call's pre_write, or after its write, and would be recorded inside the fence. So
    // it is taken only as the plan's first checkpoint; otherwise the pre_write stands for it.
    return { type: 'manual', reason: `Session start (${event.eventName})`.slice(0, 1000), phase: SESSION_START_PHASE, extra, onlyIfChanged: true, ...(agent === 'cline' ? { onlyIfFirst: true } : {}) };
  }
  if ((event.kind !== 'preTool' && event.kind !== 'postTool') || event.toolName === undefined) return undefined;
  if (!AGENT_EVENTS[agent].isWritingTool(event.toolName)) return undefined;
  const file = sandboxRelativePath(root, event.cwd, event.filePath);
  if (file !== undefined) extra.file_path = file;
  // What a shell ran, so that two "After Bash" rows can be told apart: its first line, escaped and shortened (as a prompt's).
  const command = file === undefined && event.command !== undefined ? promptLine(event.command) : '';
  if (command !== '') extra.command = command;
  if (event.toolUseId !== undefined) extra.tool_use_id = event.toolUseId;
  // a subagent's call, under its parent's session: the tree and agent-only rollback can scope to it
  if (event.agentId !== undefined) extra.agent_id = event.agentId;
  if (event.agentType !== undefined) extra.agent_type = event.agentType;
  const pre = event.kind === 'preTool';
  if (!pre && event.failed === true) extra.outcome = 'failed';
  // A command left running (Claude's Bash run_in_background): its post_step comes at its launch, so
  // what it writes later lands before the next fence; `background` names that stretch as its own
  // (src/core/agentOnlyRollback.ts), never the user's.
  if (!pre && event.background === true) extra.background = '1';
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
async function noteOnce(agent: HookAgent, event: HookEvent, root: string, log: HookLog): Promise<void> {
  if (event.kind === 'other') {
    if (await firstInSession(root, agent, event.sessionId, `event ${event.eventName}`)) log.line(`${event.eventName}: an event the hooks do not use: ignored (said once per session)`);
  } else if (event.kind === 'machinePrompt') {
    if (await firstInSession(root, agent, event.sessionId, `machine prompt ${event.why ?? ''}`)) log.line(`${event.eventName}: ${event.why ?? 'a turn no person wrote'}, not a person's prompt: no prompt checkpoint (said once per session)`);
  }
}

async function handleEvent(agent: HookAgent, event: HookEvent, location: WorkspaceLocation, io: HookCall, log: HookLog, gate: HookAnswerGate, deadline: number): Promise<void> {
  const root = location.workspaceRoot;
  // Started detached and not waited for: the agent's session end never waits on the network.
  if (event.kind === 'sessionEnd') await startSessionEndPush(agent, event.eventName, event.sessionId, location, io.env, io.wasmDir, log);
  const job = jobFor(agent, event, root);
  if (!job) {
    await noteOnce(agent, event, root, log);
    return;
  }
  const remaining = () => Math.max(0, deadline - Date.now());
  // Each lock is waited for with what is left of the budget at that moment.
  const lockWait = () => Math.min(LOCK_WAIT_MS, remaining());
  const { hookServices, sessionPlan, checkpointInBackground, firstSnapshotRunning, runCheckpointJob, promptAlreadyTaken } = io.store ?? loadHookStore();
  hookPhase('store bundle loaded');
  const lent = io.services
    ? await io.services(root, location.databasePath, lockWait, log)
    : await hookServices(root, location.databasePath, io.wasmDir, lockWait, log).then((services) => ({ services, release: () => services.dispose() }));
  const services = lent.services;
  hookPhase('services made');
  try {
    // Answered already (the budget ran out): no plan, session file or marker is made after that.
    if (!gate.stillWaited()) return;
    const { planId, created } = await sessionPlan(services, root, agent, event.sessionId, event.prompt, lockWait(), () => gate.stillWaited());
    hookPhase('session plan found (store opened, database loaded)');
    if (created) log.line(`${event.eventName}: plan ${planId} made for session ${event.sessionId}`);
    const full: CheckpointJob = { ...job, planId, workspaceRoot: root, ...(location.databasePath ? { databasePath: location.databasePath } : {}) };
    let first = created || !(await services.checkpoints.hasCheckpoints(planId));
    hookPhase('checkpoints listed');
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
      if (!gate.stillWaited()) return;
      const outcome = await checkpointInBackground(full, io.wasmDir, wait);
      if (outcome === 'still-running') log.line(`${event.eventName}: ${job.type} of plan ${planId} (its first snapshot) continues in the background: if it ends after this answer it is recorded marked late, as no rollback's boundary`);
      else if (outcome === 'failed') log.line(`${event.eventName}: ${job.type} of plan ${planId} missed: the background checkpoint failed (its line above says why)`);
      return;
    }
    // after a resident process that went away mid-call: its prompt checkpoint, if it took it, is not doubled
    const again = io.afterPartial === true && job.phase === PROMPT_PHASE && (await promptAlreadyTaken(services, full));
    const taken = await runCheckpointJob(services, again ? { ...full, onlyIfChanged: true } : full, gate);
    hookPhase('checkpoint job (snapshot, database write)');
    const what = taken ? `${job.type} ${taken.id}` : `${job.type} skipped, ${job.onlyIfFirst === true ? 'the plan has a checkpoint already or ' : ''}nothing changed`;
    log.line(`${event.eventName}${event.toolName ? ` ${event.toolName}` : ''}: ${what} in plan ${planId}`);
  } finally {
    lent.release();
  }
}

/** Polls `running` until it answers undefined (returned) or `waitMs` passed (its last answer). */
async function untilFirstSnapshotEnds(running: () => Promise<number | undefined>, waitMs: number): Promise<number | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pid = await running();
    if (pid === undefined || Date.now() >= deadline) return pid;
    // a timer that holds the process (sleep's is unref'd: the call would end here, unanswered)
    await new Promise((r) => setTimeout(r, Math.min(100, Math.max(0, deadline - Date.now()))));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

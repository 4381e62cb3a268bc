// First: its module marks when this bundle starts to run (AGENTS_HOOK_TIMINGS=1 only).
import { hookPhase, writeHookTimings } from '../hooks/hookTimings';
import * as path from 'node:path';
import { HOOK_AGENTS } from '../daemonClient/hookAgents';
import { HOOK_STDIN_MAX_BYTES, STDIN_WAIT_MS, readStdin } from '../daemonClient/hookStdin';
import { commandWords } from '../daemonClient/commandWords';
import { checkpointCallOf, ignoredCallLine, newCheckpointCall, setCheckpointCall, type CheckpointCall } from '../daemonClient/callCheckpointId';
import { callDaemon, callTimes, startDaemon, stopOtherVersion, storeUnfit, type CallOutcome } from '../daemonClient/client';
import { noDaemon } from '../daemonClient/daemonFiles';
import { refreshCliLauncher } from '../daemonClient/cliLauncher';
import { LAUNCHER_PATH_ENV } from '../daemonClient/launcherText';
import { exitProcess, hookExitGraceMs } from '../daemonClient/processExit';
import { logWritesUnderWay } from '../hooks/logWrites';
import { FORWARDED_ENV, RESIDENT_LOST_ENV, hookAnswerBy, hookBudget, isForwardedPlanCommand, type DaemonRequest, type DaemonStatus } from '../daemonClient/protocol';

// `dist/agentsClient.js`, loaded by the launcher (cli/launch.ts) for `agents hook run <agent>`,
// the forwarded `agents plan …` commands and `agents daemon status|stop`. It hands the call to
// the workspace's resident process (src/daemon/server.ts) when one answers in time, else does the
// work in this process, as without it (dist/agentsHookRun.js, dist/cliMain.js); and starts the
// resident process for the calls after this one. See docs/AGENTS.md, "The resident process".

/** The package's version, written in at build time (esbuild's `define`). */
declare const AGENTS_VERSION: string;
const VERSION = typeof AGENTS_VERSION === 'string' ? AGENTS_VERSION : 'unbuilt';

function forwardedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && FORWARDED_ENV.test(key)) env[key] = value;
  return env;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The workspace the hook will work in, as the event names it (src/hooks/events/*: project dir,
 * workspace roots, cwd). A guess only: the resident process works it out again with the event's
 * schemas and refuses a call for any workspace but its own.
 */
function hookRoot(agent: string, stdinText: string | undefined, cwd: string): string {
  const projectDir = agent === 'claude-code' ? text(process.env.CLAUDE_PROJECT_DIR) : agent === 'gemini' ? text(process.env.GEMINI_PROJECT_DIR) : undefined;
  let eventDir: string | undefined;
  try {
    const e = JSON.parse(stdinText ?? '') as Record<string, unknown>;
    const roots = (list: unknown) => (Array.isArray(list) ? text(list[0]) : undefined);
    if (agent === 'cursor') eventDir = roots(e.workspace_roots) ?? text(e.cwd);
    else if (agent === 'cline') eventDir = roots(e.workspaceRoots);
    else eventDir = (projectDir && path.isAbsolute(projectDir) ? projectDir : undefined) ?? text(e.cwd);
  } catch {
    eventDir = projectDir;
  }
  return path.resolve(cwd, eventDir ?? text(process.env.AGENTS_WORKSPACE) ?? '.');
}

/** The folder of `--workspace DIR` or `--workspace=DIR`, else `$AGENTS_WORKSPACE`, else here. */
function cliRoot(argv: readonly string[], cwd: string): string {
  let given: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--workspace') given = argv[i + 1];
    else if (arg.startsWith('--workspace=')) given = arg.slice('--workspace='.length);
  });
  return path.resolve(cwd, given ?? text(process.env.AGENTS_WORKSPACE) ?? '.');
}

/**
 * Asks the resident process; on anything but an answer, says why for the log and starts a new
 * process when there is none (or one of another version). `undefined` outcome: not asked at all.
 */
async function ask(root: string, request: DaemonRequest, deadline?: number): Promise<{ outcome?: CallOutcome; note?: string; noStore?: true }> {
  const unfit = storeUnfit(root, text(process.env.AGENTS_DATABASE));
  // No store yet: this call makes it (if it takes a checkpoint), and a hook then starts the process
  // once it has answered (hookRun).
  if (unfit?.noStore) return { noStore: true };
  if (unfit) return { note: `resident process not used: ${unfit.why}` };
  const outcome = await callDaemon(root, request, callTimes(process.env, deadline));
  if (outcome.kind === 'done') return { outcome };
  // None running yet is the ordinary start: nothing to say. Anything else goes to the log.
  let note = outcome.kind === 'unavailable' && outcome.start ? undefined : `resident process not used: ${outcome.why}`;
  if ((outcome.kind === 'unavailable' || outcome.kind === 'refused') && outcome.start) {
    // A process of another version still holding the socket is replaced, not left serving.
    if (outcome.kind === 'refused' && outcome.otherVersion !== undefined && (await stopOtherVersion(root, outcome.otherVersion, callTimes(process.env)))) note = `${note ?? 'resident process not used'}; stopped the process of version ${outcome.otherVersion}`;
    const notStarted = startDaemon(root, __dirname);
    if (notStarted && notStarted !== 'another call is starting it') note = `${note ?? 'resident process not started'}: ${notStarted}`;
    else if (note) note += '; started a new one';
  }
  return { outcome, note };
}

async function hookRun(agent: string): Promise<void> {
  const started = Date.now();
  const cwd = process.cwd();
  const budget = hookBudget(process.env);
  const input = await readStdin(process.stdin, HOOK_STDIN_MAX_BYTES, Math.min(STDIN_WAIT_MS, budget));
  hookPhase('stdin read');
  const root = hookRoot(agent, input.ok ? input.text : undefined, cwd);
  const answerBy = hookAnswerBy(started, budget);
  const request: DaemonRequest = { version: VERSION, kind: 'hook', agent, input, cwd, env: forwardedEnv(), started, answerBy };
  // The launcher's fast client saw the process take this call and go away: asked again, it could
  // take a second checkpoint of the same moment. This process does it, knowing part may be done.
  const lostByLauncher = process.env[RESIDENT_LOST_ENV] === '1';
  delete process.env[RESIDENT_LOST_ENV];
  // The terminal's launcher that handed this call to node (cliLauncher.ts): mine to keep current.
  const launcher = process.env[LAUNCHER_PATH_ENV];
  delete process.env[LAUNCHER_PATH_ENV];
  const { outcome, note, noStore } = lostByLauncher ? { outcome: undefined, note: 'resident process not used: it took the call from the launcher and went away unanswering' } : await ask(root, request, answerBy + 1000);
  let stdout: string;
  if (outcome?.kind === 'done') {
    stdout = outcome.stdout;
    hookPhase('resident process answered');
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runHookInput } = require('./agentsHookRun.js') as typeof import('./hookRunEntry');
    const result = await runHookInput(agent as (typeof HOOK_AGENTS)[number], input, {
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
    writeHookTimings();
    // After the answer: once after an update of the CLI, the launcher is rewritten for this version.
    if (launcher && VERSION !== 'unbuilt') refreshCliLauncher(launcher, path.join(__dirname, 'cli.js'), VERSION);
    // This call made the store (a session's first prompt makes its plan): the process starts now,
    // during the agent's turn with its model, so that the session's first tool call finds it.
    if (noStore && !storeUnfit(root, text(process.env.AGENTS_DATABASE))) startDaemon(root, __dirname);
    exitProcess(0, hookExitGraceMs(agent), logWritesUnderWay);
  });
}

async function planCommand(argv: readonly string[]): Promise<void> {
  const cwd = process.cwd();
  const root = cliRoot(argv, cwd);
  // One id for the checkpoint, whoever takes it: the process, or this one after the process went
  // away unanswering (it may have taken it already; then that one is the answer, not a second).
  // Chosen here, unless the fast client that execs into this process chose it (callCheckpointId.ts).
  let checkpoint: CheckpointCall | undefined;
  if (commandWords(argv, 2).words[1] === 'checkpoint') {
    const found = checkpointCallOf(process.env, process.pid);
    if (found.ignored && process.env.AGENTS_DEBUG) process.stderr.write(ignoredCallLine(found.ignored));
    checkpoint = found.call ?? newCheckpointCall();
    // for cliMain.js below, in this process, should the resident process not answer
    setCheckpointCall(process.env, process.pid, checkpoint);
  }
  const request: DaemonRequest = { version: VERSION, kind: 'cli', argv, cwd, env: forwardedEnv(), ...(checkpoint ? { checkpoint } : {}) };
  const { outcome, note } = await ask(root, request);
  if (outcome?.kind === 'done') {
    if (outcome.stderr) process.stderr.write(outcome.stderr);
    process.stdout.write(outcome.stdout);
    process.exitCode = outcome.code;
    return;
  }
  if (note && process.env.AGENTS_DEBUG) process.stderr.write(`debug: ${note.replace(/[\u0000-\u001f\u007f]/g, '?')}\n`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./cliMain.js');
}

/**
 * `daemon status|stop` with the global options anywhere on the line, as the other commands take
 * them (`agents --format json --workspace DIR daemon status`). Its output is JSON, so `--format`
 * may only say json. `undefined`: not that command line.
 */
function daemonLine(argv: readonly string[]): { command: 'status' | 'stop'; options: string[] } | undefined {
  const { words } = commandWords(argv, 3);
  const [, command] = words;
  if (words.length !== 2 || (command !== 'status' && command !== 'stop')) return undefined;
  const options = argv.filter((a) => a !== 'daemon' && a !== command);
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if (option === '--workspace' && options[i + 1] !== undefined) i++;
    else if (option === '--format' && options[i + 1] === 'json') i++;
    else if (!(option.startsWith('--workspace=') || option === '--format=json')) return undefined;
  }
  return { command, options };
}

async function daemonCommand(argv: readonly string[]): Promise<void> {
  const line = daemonLine(argv);
  if (!line) {
    process.stderr.write('agents: usage: agents daemon status|stop [--workspace DIR] [--format json]\n');
    process.exitCode = 2;
    return;
  }
  const { command } = line;
  const root = cliRoot(line.options, process.cwd());
  const unfit = storeUnfit(root, text(process.env.AGENTS_DATABASE));
  const outcome = unfit ? undefined : await callDaemon(root, { version: VERSION, kind: command }, callTimes(process.env));
  if (outcome?.kind !== 'done') {
    const why = unfit?.why ?? outcome?.why ?? '';
    process.stdout.write(`${JSON.stringify({ running: false, workspace: root, why: why.replace(/[\u0000-\u001f\u007f]/g, '?') }, null, 2)}\n`);
    process.exitCode = command === 'stop' ? 0 : 1;
    return;
  }
  const status = JSON.parse(outcome.stdout) as DaemonStatus;
  process.stdout.write(`${JSON.stringify({ running: command === 'status', ...status }, null, 2)}\n`);
}

// A reader that went away is not an error of ours.
process.stdout.on('error', () => process.exit(0));

const args = process.argv.slice(2);
const forwardable = isForwardedPlanCommand(args) || args[0] === 'hook';
if (commandWords(args, 1).words[0] === 'daemon') {
  void daemonCommand(args);
} else if (!forwardable || noDaemon(process.env) || (args[0] === 'hook' && (args.length !== 3 || args[1] !== 'run' || !(HOOK_AGENTS as readonly string[]).includes(args[2]!)))) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(args[0] === 'hook' ? './agentsHook.js' : './cliMain.js');
} else if (args[0] === 'hook') {
  hookRun(args[2]!).catch(() => process.exit(0));
} else {
  void planCommand(args);
}

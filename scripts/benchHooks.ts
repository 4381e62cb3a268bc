// The hooked path against plain git on a real repository's history (`npm run bench -- --repo DIR
// --hooks`): the history is replayed as an agent's session in a temporary copy. Each commit's diff
// is one tool call between the agent's configured hook commands (the exact commands `agents hook
// install <agent>` writes, run as the agent runs them: a new process, the event's JSON on stdin), with
// a prompt event every few calls. In the same run, plain git takes the same snapshots in its own
// store (`add -A`, `write-tree`, `commit-tree`, `update-ref`, as one shell command, before and after
// the call). Then a no-change `pre_write` against `git status` on the same tree, and `agents plan
// checkpoint` through the CLI against plain git's one snapshot. Once with the resident process on,
// once off (CLEVERAGENTS_NO_DAEMON=1). `--profile` adds where one hooked call's time goes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { executableOnPath } from '../src/adapters/files/executableOnPath';
import { createWorkspaceServices } from '../src/composition';
import type { Logger } from '../src/core/ports';
import type { HookAgent } from '../src/daemonClient/hookAgents';
import { AGENT_HOOK_CONFIGS } from '../src/hooks/install/agentHookConfigs';
import { programOfCommand } from '../src/hooks/install/hookCommandLine';
import { PlainGit, settle, time } from './benchCommon';
import { agentEvent, daemonRuns, sessionCommits, type DaemonMode, type HookMoment, type ToolCall } from './benchHookEvents';
import { applyCommit, checkout, cleanEnv, CLI, history, pathsLeftOut, PLAIN_SNAPSHOT, readRepo } from './benchRepository';
import { medianOf, p95Of, summarizeCpuProfile, type HookProfile, type HookRow } from './benchHookReport';
import { describeWarmUp, warmResidentProcess } from './benchWarmUp';

/** Rows of what no command hook can go below: its processes, doing nothing. */
export const FLOOR_CALL = 'floor: two hook processes doing nothing (`--version` by the hook\'s command)';
export const FLOOR_STATUS = 'floor: one hook process doing nothing vs git status';
/** What the fast client starts on this machine (fastClientScript.ts): perl when the PATH has it, else curl and its helpers. */
const FAST_CLIENT_PROGRAMS = executableOnPath('perl') ? 'sh, perl' : 'sh, find, cat, sleep, curl, rm';

/** With the fast client, the floor is a call the resident process answers at once: a tool that writes nothing. */
export const FAST_FLOOR_CALL = 'floor: two fast-client calls answered at once (a Read tool call)';
export const FAST_FLOOR_STATUS = 'floor: one fast-client call answered at once vs git status';

export interface HookBenchOptions {
  readonly repo: string;
  readonly from?: string;
  readonly steps: number;
  readonly runs: number;
  readonly promptEvery: number;
  readonly agent: HookAgent;
  readonly daemon: DaemonMode;
  readonly profile: boolean;
  /** Timed CLI checkpoints per run (sessionCommits). */
  readonly cliCheckpoints?: number;
  readonly base: string;
  readonly logger: Logger;
}

/** How a hook is started: argv of the process the agent spawns (sh -c for a command line, the script itself for Cline). */
type HookProcess = readonly string[];

/**
 * The commands `agents hook install <agent>` wrote into a scratch folder, by the agent's event
 * name: on Linux and macOS they name its launcher with the fast client (src/daemonClient/cliLauncher.ts),
 * written into `<scratch>-state/` (beside it: a state folder inside the workspace is refused).
 */
export function installedHooks(agent: HookAgent, scratch: string, cli = CLI): Map<string, HookProcess> {
  mkdirSync(scratch, { recursive: true });
  execFileSync(process.execPath, [cli, 'hook', 'install', agent, '--workspace', scratch], { env: { ...cleanEnv(), XDG_STATE_HOME: `${scratch}-state` }, stdio: 'ignore' });
  const config = AGENT_HOOK_CONFIGS[agent];
  const out = new Map<string, HookProcess>();
  if (config.kind === 'scripts') {
    for (const event of config.events) out.set(event, [path.join(scratch, config.folder('project'), event)]);
    return out;
  }
  if (config.kind === 'plugin') {
    // the plugin starts the command it names for each of its events, with the event on stdin
    const command = config.commandOf(readFileSync(path.join(scratch, config.file('project')), 'utf8'));
    if (command) for (const event of config.events) out.set(event, ['sh', '-c', command]);
    return out;
  }
  const file = JSON.parse(readFileSync(path.join(scratch, config.file('project')), 'utf8')) as { hooks: Record<string, Record<string, unknown>[]> };
  for (const [event, entries] of Object.entries(file.hooks)) {
    const hooks = config.shape === 'grouped' ? entries.flatMap((e) => (e.hooks as Record<string, unknown>[]) ?? []) : entries;
    const command = hooks.map((h) => h.command ?? h.bash).find((c): c is string => typeof c === 'string' && c.includes('hook run'));
    if (command) out.set(event, ['sh', '-c', command]);
  }
  return out;
}

/**
 * The same hooks naming node in place of the launcher, as on Windows (and as `agents hook install`
 * wrote them from a terminal before it had a launcher): node's small client hands each event to
 * the resident process.
 */
export function withNode(installed: Map<string, HookProcess>): Map<string, HookProcess> {
  const node = `"${process.execPath}"`;
  const swap = (line: string) => {
    const program = programOfCommand(line.replace(/^exec\s+/, ''));
    if (!program) throw new Error(`cannot read the program of the installed command: ${line}`);
    return program.node === process.execPath ? line : line.replace(`"${program.node}"`, node);
  };
  const out = new Map<string, HookProcess>();
  for (const [event, argv] of installed) {
    if (argv[0] === 'sh') out.set(event, ['sh', '-c', swap(argv[2]!)]);
    else {
      const script = `${argv[0]!}.node`;
      writeFileSync(script, readFileSync(argv[0]!, 'utf8').split('\n').map((l) => (l.includes(' hook run ') ? swap(l) : l)).join('\n'), { mode: 0o755 });
      out.set(event, [script]);
    }
  }
  return out;
}

/**
 * The floor of any command hook: the process the agent starts, doing nothing. The installed
 * command line (`sh -c`, node, the launcher) with `--version` in place of `hook run <agent>`, which
 * the launcher answers before it loads any bundle.
 */
export function idleHook(installed: HookProcess): HookProcess {
  const line = installed[0] === 'sh' ? installed[2]! : (readFileSync(installed[0]!, 'utf8').split('\n').find((l) => l.includes(' hook run ')) ?? '').replace(/^exec /, '');
  const idle = line.replace(/ hook run \S+\s*$/, ' --version');
  if (idle === line) throw new Error(`cannot find "hook run" at the end of the hook's command: ${line}`);
  return ['sh', '-c', idle];
}

/**
 * The resident process's own time for the last request, from its trace lines in daemon.log
 * (CLEVERAGENTS_DAEMON_TRACE=1): with the fast client, no node process keeps timings.
 */
class DaemonTraceReader {
  private offset = 0;
  constructor(private readonly file: string) {}
  phases(wallMs: number): [string, number][] | undefined {
    if (!existsSync(this.file)) return undefined;
    const text = readFileSync(this.file).subarray(this.offset).toString('utf8');
    this.offset += Buffer.byteLength(text);
    const served = [...text.matchAll(/\] hook: ([\d.]+) ms/g)].at(-1);
    if (!served) return undefined;
    const own = Number(served[1]);
    return [
      ['resident process answered (its own clock)', own],
      [`fast client: ${FAST_CLIENT_PROGRAMS}; the socket`, wallMs - own],
    ];
  }
}

/** What the run's hook calls wrote into hooks.log since the last look. */
class HookLogReader {
  private offset = 0;
  problems = 0;
  constructor(private readonly file: string) {}
  next(): string[] {
    if (!existsSync(this.file)) return [];
    const size = statSync(this.file).size;
    if (size < this.offset) this.offset = 0; // rotated
    const text = readFileSync(this.file).subarray(this.offset).toString('utf8');
    this.offset = size;
    const lines = text.split('\n').filter(Boolean);
    for (const l of lines) {
      if (/missed|ignored|error|warning/.test(l)) {
        this.problems++;
        if (this.problems <= 5) console.log(`  !! hooks.log: ${l}`);
      }
    }
    return lines;
  }
}

interface Timings {
  bootstrapComplete: number;
  marks: [string, number][];
  notes: string[];
}

const PRE_STEP = 'pre_write (before the call)';
const POST_STEP = 'post_step (after the call)';

/** The installed hook's node and cli.js, started with node's CPU profiler writing into `dir`. */
function profiledHook(installed: HookProcess, agent: HookAgent, dir: string): HookProcess {
  const text = installed[0] === 'sh' ? installed[2]! : readFileSync(installed[0]!, 'utf8').split('\n').find((l) => l.includes('hook run'))!;
  const program = programOfCommand(text);
  if (!program) throw new Error(`cannot read the node and cli.js of the installed hook: ${text}`);
  return [program.node, '--cpu-prof', `--cpu-prof-dir=${dir}`, program.cli, 'hook', 'run', agent];
}

function timingsOf(stderr: string): Timings | undefined {
  const line = stderr.split('\n').find((l) => l.startsWith('agents-hook-timings '));
  return line ? (JSON.parse(line.slice('agents-hook-timings '.length)) as Timings) : undefined;
}

/** A hooked call's phases: node's own start, then each mark's share, then what lies outside node's clock. */
export function phasesOf(t: Timings, wallMs: number): [string, number][] {
  const out: [string, number][] = [['node start (to the end of its bootstrap)', t.bootstrapComplete]];
  let last = t.bootstrapComplete;
  for (const [name, at] of t.marks) {
    out.push([name === 'hook bundle started' ? 'launcher (cli.js) and the hook bundle read and compiled' : name === 'hook bundle loaded' ? 'hook bundle run (its modules and schemas)' : name, at - last]);
    last = at;
  }
  out.push(['outside node\'s clock: sh, exec, exit', wallMs - last]);
  return out;
}

export async function benchHooks(options: HookBenchOptions): Promise<{ rows: HookRow[]; profiles: HookProfile[]; notes: string[] }> {
  const rows: HookRow[] = [];
  const profiles: HookProfile[] = [];
  const notes: string[] = [];
  const label = path.basename(path.resolve(options.repo)) === 'repo' ? path.basename(path.dirname(path.resolve(options.repo))) : path.basename(path.resolve(options.repo));
  const split = sessionCommits(options.steps, options.profile, options.cliCheckpoints);
  if (!split) throw new Error(`--steps ${options.steps}: too few commits for the hooked calls, the CLI's checkpoints${options.profile ? ' and the profile' : ''}`);
  const { start, commits } = history({ ...options, steps: split.total });
  const hookCount = split.hooked;
  const profileCount = split.profiled;
  // A history shorter than asked for (--from near HEAD) leaves the CLI fewer commits.
  const cliCount = Math.min(split.cli, commits.length - hookCount - profileCount);
  if (cliCount < 1) throw new Error(`${options.repo}: ${commits.length} commits to replay after ${start.slice(0, 12)}, too few for ${hookCount} hooked calls${options.profile ? ', the profile' : ''} and a CLI checkpoint`);
  const files = readRepo(options.repo, 'ls-tree', '-r', '--name-only', start).split('\n').length;
  console.log(`\n[${label}, hooks of ${options.agent}] ${files} files at ${start.slice(0, 12)}; ${hookCount} hooked tool calls, ${cliCount} CLI checkpoints${options.profile ? ', 1 profiled call' : ''}, up to ${commits.at(-1)!.slice(0, 12)}`);
  const leftOut = pathsLeftOut(options.repo, [start, ...commits]);
  if (leftOut.length > 0) console.log(`  left out (submodules, content missing from the repository): ${leftOut.join(', ')}`);
  const launcherHooks = installedHooks(options.agent, path.join(options.base, label, 'hook-config'));
  const nodeHooks = withNode(launcherHooks);

  for (const mode of daemonRuns(options.daemon)) {
    console.log(`  -- ${mode.label}`);
    const hooks = mode.launcher ? launcherHooks : nodeHooks;
    // The fast client's calls keep no timings (no node runs): the resident process logs its own
    // time per request, and the rest of a call is the fast client's.
    const daemonLog = new DaemonTraceReader(path.join(options.base, label, mode.label.replace(/\W+/g, '-'), 'ours', '.cleveragents', 'logs', 'daemon.log'));
    const dir = path.join(options.base, label, mode.label.replace(/\W+/g, '-'));
    const root = path.join(dir, 'ours');
    const plainRoot = path.join(dir, 'plain');
    checkout(options.repo, start, root, leftOut);
    checkout(options.repo, start, plainRoot, leftOut);
    settle();
    const plain = new PlainGit(path.join(plainRoot, '.cleveragents', 'checkpoints', 'shadow.git'), plainRoot);
    const log = new HookLogReader(path.join(root, '.cleveragents', 'logs', 'hooks.log'));
    const session = `bench-${label}-${mode.label.replace(/\W+/g, '-')}`;
    const samples = new Map<string, { ours: number[]; plain: number[] }>();
    const add = (step: string, ours: number, theirs: number) => {
      const s = samples.get(step) ?? { ours: [], plain: [] };
      s.ours.push(ours);
      s.plain.push(theirs);
      samples.set(step, s);
    };
    const phases = new Map<string, Map<string, number[]>>();
    const addPhases = (moment: string, list: [string, number][]) => {
      const byName = phases.get(moment) ?? new Map<string, number[]>();
      for (const [name, ms] of list) byName.set(name, [...(byName.get(name) ?? []), ms]);
      phases.set(moment, byName);
    };

    /** One hook process, as the agent starts it; its wall time, and its phases when timings are on. */
    const hook = (moment: HookMoment, call: ToolCall, extraEnv: Record<string, string> = {}, cpuProfileDir?: string): { ms: number; timings?: Timings; phases?: [string, number][] } => {
      const event = agentEvent(options.agent, moment, call);
      const installed = hooks.get(event.eventName);
      if (!installed) throw new Error(`agents hook install ${options.agent} wrote no hook for ${event.eventName}`);
      // node takes --cpu-prof on its command line only (not in NODE_OPTIONS): the installed
      // command's node and cli.js, with the flag between them
      const argv = cpuProfileDir === undefined ? installed : profiledHook(installed, options.agent, cpuProfileDir);
      const env: NodeJS.ProcessEnv = { ...cleanEnv(), ...event.env, ...extraEnv };
      delete env.AGENTS_HOOK_TIMINGS;
      if (options.profile) env.AGENTS_HOOK_TIMINGS = '1';
      if (options.profile && mode.launcher) env.CLEVERAGENTS_DAEMON_TRACE = '1';
      for (const [k, v] of Object.entries(mode.env)) {
        if (v === undefined) delete env[k];
        else env[k] = v;
      }
      const started = performance.now();
      const r = spawnSync(argv[0]!, argv.slice(1), { cwd: root, env, input: JSON.stringify(event.json), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const ms = performance.now() - started;
      if (r.status !== 0) throw new Error(`the ${event.eventName} hook exited with ${r.status}: ${r.stderr}`);
      log.next();
      const timings = timingsOf(r.stderr);
      // With the fast client, a call that node did instead (timings on stderr: the session's first
      // calls, before the resident process runs) is left out of the fast client's phases.
      const served = options.profile && mode.launcher ? daemonLog.phases(ms) : undefined;
      const phases = mode.launcher ? (timings ? undefined : served) : timings ? phasesOf(timings, ms) : undefined;
      return { ms, ...(timings ? { timings } : {}), ...(phases ? { phases } : {}) };
    };
    const idleArgv = idleHook(hooks.get(agentEvent(options.agent, 'pre', { workspace: root, session, index: 0, file: 'package.json' }).eventName)!);
    const idle = (): number => {
      const started = performance.now();
      const r = spawnSync(idleArgv[0]!, idleArgv.slice(1), { cwd: root, env: cleanEnv(), stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`the idle hook process exited with ${r.status}`);
      return performance.now() - started;
    };
    // The fast client's floor (Claude Code's events only): a PreToolUse of Read, which takes no checkpoint.
    const fastIdle = (): number => {
      const pre = agentEvent(options.agent, 'pre', { workspace: root, session, index: 0, file: 'package.json' });
      const argv = hooks.get(pre.eventName)!;
      const input = JSON.stringify({ ...pre.json, tool_name: 'Read', tool_input: { file_path: path.join(root, 'package.json') } });
      const started = performance.now();
      const r = spawnSync(argv[0]!, argv.slice(1), { cwd: root, env: { ...cleanEnv(), ...pre.env }, input, stdio: ['pipe', 'ignore', 'ignore'] });
      if (r.status !== 0) throw new Error(`the Read hook exited with ${r.status}`);
      return performance.now() - started;
    };
    const floors = mode.launcher ? (options.agent === 'claude-code' ? { call: FAST_FLOOR_CALL, status: FAST_FLOOR_STATUS, idle: fastIdle } : undefined) : { call: FLOOR_CALL, status: FLOOR_STATUS, idle };
    const snapshot = (): number => {
      const started = performance.now();
      plain.shell(PLAIN_SNAPSHOT);
      return performance.now() - started;
    };

    // The session's first prompt makes its plan and the first snapshot of the whole folder (which
    // a hook otherwise leaves to a background process after 3 s): waited for here, so the calls
    // after it are the incremental ones an agent's session is made of.
    const firstOurs = hook('prompt', { workspace: root, session, index: 0, prompt: 'Replay the history' }, { AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '600000', AGENTS_HOOK_BUDGET_MS: '600000' }).ms;
    plain.init();
    add('first prompt (the whole folder\'s first snapshot)', firstOurs, await time(() => plain.checkpoint(true)));

    let parent = start;
    let index = 1;
    const changed: number[] = [];
    const toolCall = (commit: string): ToolCall | undefined => {
      const names = readRepo(options.repo, 'diff', '--name-only', '--no-renames', '--ignore-submodules', parent, commit, '--', '.', ...leftOut.map((p) => `:(exclude,literal)${p}`)).split('\n').filter(Boolean);
      if (names.length === 0) return undefined;
      return { workspace: root, session, index: index++, ...(names.length === 1 ? { file: names[0] } : { command: `git apply ${commit.slice(0, 12)}.patch` }) };
    };
    const apply = (commit: string): void => {
      const applied = applyCommit(options.repo, parent, commit, [root, plainRoot], path.join(dir, 'step.patch'), leftOut);
      parent = commit;
      if (!applied.ok) throw new Error(`the diff of ${commit} does not apply; pick another --from`);
      changed.push(applied.paths);
    };

    let calls = 0;
    for (const commit of commits.slice(0, hookCount)) {
      const call = toolCall(commit);
      if (!call) {
        parent = commit;
        continue;
      }
      if (calls > 0 && calls % options.promptEvery === 0) {
        settle();
        const p = hook('prompt', { ...call, prompt: `Prompt before call ${call.index}` });
        add('prompt', p.ms, snapshot());
        if (p.phases) addPhases('prompt', p.phases);
      }
      calls++;
      settle();
      const pre = hook('pre', call);
      const plainBefore = snapshot();
      apply(commit);
      settle();
      const post = hook('post', call);
      const plainAfter = snapshot();
      add(PRE_STEP, pre.ms, plainBefore);
      add(POST_STEP, post.ms, plainAfter);
      add('hooked tool call: pre + post', pre.ms + post.ms, plainBefore + plainAfter);
      if (floors) add(floors.call, floors.idle() + floors.idle(), plainBefore + plainAfter);
      if (pre.phases) addPhases('pre_write', pre.phases);
      if (post.phases) addPhases('post_step', post.phases);
    }
    const paths = medianOf(changed);

    // A no-change pre_write: a hook when nothing changed since the last checkpoint, against
    // `git status` of the same tree in plain git's store.
    for (let r = 0; r < options.runs; r++) {
      settle();
      const pre = hook('pre', { workspace: root, session, index: index++, file: 'package.json' });
      const started = performance.now();
      plain.shell('git status --porcelain');
      const status = performance.now() - started;
      add('no-change pre_write vs git status', pre.ms, status);
      if (floors) add(floors.status, floors.idle(), status);
    }

    // The plan the session made, for the CLI's checkpoints and the comparison of trees.
    const services = createWorkspaceServices({ workspaceRoot: root, wasmDir: __dirname, logger: options.logger });
    let planId: string;
    try {
      const plans = await services.plans.listPlans();
      if (plans.length !== 1) throw new Error(`expected the session's one plan, found ${plans.length}`);
      planId = plans[0]!.plan_id;
    } finally {
      services.dispose();
    }

    // Where the time of one hooked call goes: node's CPU profile of a pre_write and a post_step.
    // (With the fast client no node runs: its phases come from the resident process's trace above.)
    if (options.profile && !mode.launcher) {
      const commit = commits[hookCount]!;
      const call = toolCall(commit);
      if (call) {
        const profileDir = path.join(dir, 'profiles');
        const run = (moment: HookMoment, what: string) => {
          const out = path.join(profileDir, what);
          mkdirSync(out, { recursive: true });
          settle();
          const result = hook(moment, call, {}, out);
          const profilesWritten = readdirSync(out).filter((f) => f.endsWith('.cpuprofile'));
          // the hook's own process: the largest profile (a background job, if any, is another)
          const biggest = profilesWritten.map((f) => path.join(out, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
          if (biggest) profiles.push({ workspace: label, mode: mode.label, what, wallMs: result.ms, top: summarizeCpuProfile(JSON.parse(readFileSync(biggest, 'utf8'))), phases: [], notes: (result.timings?.notes ?? []).map((n) => n.split(root).join('<workspace>')) });
        };
        run('pre', 'pre_write');
        apply(commit);
        run('post', 'post_step');
      } else {
        parent = commit;
      }
    }
    if (options.profile) {
      for (const [moment, byName] of phases) {
        const med = medianOf;
        const profile = profiles.find((p) => p.mode === mode.label && p.workspace === label && p.what === moment);
        const list: [string, number][] = [...byName].map(([name, xs]) => [name, med(xs)]);
        if (profile) profile.phases = list;
        else profiles.push({ workspace: label, mode: mode.label, what: moment, wallMs: Number.NaN, top: [], phases: list, notes: [] });
      }
    }

    // `agents plan checkpoint` through the CLI, against plain git's one snapshot. In the fast
    // client's run, `agents` as VS Code's terminal has it (bin/agents, whose fast client asks the
    // resident process with curl), else node running the CLI as the npm package installs it.
    // Timed in steady use: the session's process runs already (on), but the CLI's first call it
    // serves builds the CLI's services; an untimed `plan list` and no-change checkpoint make those
    // first calls (benchWarmUp.ts). Each timed call is on a commit of its own (sessionCommits).
    const agentsCommand = mode.launcher ? ['/bin/sh', path.join(path.dirname(CLI), '..', 'bin', 'agents')] : [process.execPath, CLI];
    const agentsEnv: NodeJS.ProcessEnv = { ...cleanEnv(), AGENTS_RUNTIME: process.execPath };
    for (const [k, v] of Object.entries(mode.env)) {
      if (v === undefined) delete agentsEnv[k];
      else agentsEnv[k] = v;
    }
    const agents = (...args: string[]): void => {
      const r = spawnSync(agentsCommand[0]!, [...agentsCommand.slice(1), '--workspace', root, '--format', 'json', ...args], { encoding: 'utf8', env: agentsEnv });
      if (r.status !== 0) throw new Error(`agents ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
    };
    const warmUp = await warmResidentProcess({ workspace: root, env: agentsEnv, cli: CLI, first: () => agents('plan', 'list'), served: () => agents('plan', 'checkpoint', planId) });
    console.log(`  ${describeWarmUp(warmUp, 'plan list', 'a no-change plan checkpoint')}`);
    for (const commit of commits.slice(hookCount + profileCount, hookCount + profileCount + cliCount)) {
      if (!toolCall(commit)) {
        parent = commit;
        continue;
      }
      apply(commit);
      settle();
      add('CLI: agents plan checkpoint', await time(() => agents('plan', 'checkpoint', planId)), snapshot());
    }

    // Like for like: the last checkpoint of ours holds the tree plain git's last snapshot holds.
    const last = await (async () => {
      const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: __dirname, logger: options.logger });
      try {
        const list = await s.checkpoints.listCheckpoints(planId);
        return { count: list.length, ref: [...list].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.checkpoint_id.localeCompare(b.checkpoint_id)).at(-1)!.sandbox_ref };
      } finally {
        s.dispose();
      }
    })();
    const oursTree = execFileSync('git', ['--git-dir', path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'), 'rev-parse', `${last.ref}^{tree}`], { env: cleanEnv(), encoding: 'utf8' }).trim();
    const plainTree = plain.git('write-tree');
    console.log(oursTree === plainTree ? `  the last checkpoint (of ${last.count}) holds the same tree as plain git's last snapshot` : `  !! the last checkpoint's tree ${oursTree} differs from plain git's ${plainTree}`);
    if (log.problems > 0) console.log(`  !! ${log.problems} line(s) of hooks.log said a checkpoint was missed or an event ignored`);
    const memory = residentMemory(root, mode.env);
    if (memory !== undefined) {
      const note = `${label}: the resident process held ${(memory / 2 ** 20).toFixed(0)} MB (resident set) after the session of ${files} files`;
      notes.push(note);
      console.log(`  ${note}`);
    }

    for (const [step, s] of samples) {
      const row: HookRow = { workspace: label, mode: mode.label, step: step.startsWith('hooked tool call') || step.startsWith('post_step') ? `${step} (median ${paths} paths)` : step, ours: s.ours, plain: s.plain };
      rows.push(row);
      printRow(row);
    }
    // Which calls make the p95: each one's two hooks, in the session's order.
    if (options.profile) {
      const pre = samples.get(PRE_STEP)?.ours ?? [];
      const post = samples.get(POST_STEP)?.ours ?? [];
      console.log(`  each hooked call in turn, pre_write + post_step (ms): ${pre.map((ms, i) => `${ms.toFixed(0)}+${(post[i] ?? NaN).toFixed(0)}`).join(' ')}`);
    }
  }
  return { rows, profiles, notes };
}

/** The resident process's memory (`agents daemon status`), when the run had one. */
function residentMemory(root: string, env: Record<string, string | undefined>): number | undefined {
  if (env.CLEVERAGENTS_NO_DAEMON !== undefined) return undefined;
  const r = spawnSync(process.execPath, [CLI, 'daemon', 'status', '--workspace', root], { encoding: 'utf8', env: cleanEnv() });
  try {
    const status = JSON.parse(r.stdout) as { running?: boolean; rss_bytes?: unknown };
    return status.running === true && typeof status.rss_bytes === 'number' ? status.rss_bytes : undefined;
  } catch {
    return undefined;
  }
}

function printRow(r: HookRow): void {
  const med = medianOf;
  const p95 = p95Of;
  console.log(`  ${r.step.padEnd(52)} n=${String(r.ours.length).padStart(3)}  ours ${med(r.ours).toFixed(0).padStart(5)} ms (p95 ${p95(r.ours).toFixed(0).padStart(5)})   plain git ${med(r.plain).toFixed(0).padStart(5)} ms (p95 ${p95(r.plain).toFixed(0).padStart(5)})   ratio ${(med(r.ours) / med(r.plain)).toFixed(2)}`);
}

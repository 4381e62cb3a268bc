import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { writeJson, writeText, type TextSink } from '../../cli/terminalOutput';
import { HOOK_AGENT_NAMES, HOOK_AGENTS, isHookAgent, type HookAgent } from '../../daemonClient/hookAgents';
import type { HookScope } from './agentHookConfigs';
import { programResolves, runningHookProgram, type HookProgram } from './hookCommandLine';
import { applyHookPlan, planHookChange, type HookPlan } from './hookInstaller';
import { hookStatus, type HookScopeStatus } from './hookStatus';
import { programWarnings } from './programChecks';
import { currentTerminalHost, terminalHookProgram, type TerminalProgram } from './terminalLauncher';
import { ConfigFileError } from './jsonEdit';
import { unifiedDiff } from './loadUnifiedDiff';
import { startWorkspaceIndexJob } from '../workspaceIndexStart';

// `agents hook install|uninstall <agent> [--workspace DIR] [--user] [--dry-run]` and
// `agents hook status [--workspace DIR]`, each with `--format json`. It writes the agent's own
// hook configuration so that the agent runs `agents hook run <agent>` around its tool calls.

export interface HookAdminIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  readonly homeDir: string;
  /** The node and cli.js the installed hooks start; by default this node and the cli.js beside this bundle. */
  readonly program?: HookProgram;
}

const USAGE = [
  'usage: agents hook run <agent>   (what an agent\'s hook configuration calls; the event on stdin)',
  '       agents hook install <agent> [--workspace DIR] [--user] [--dry-run] [--format json]',
  '       agents hook uninstall <agent> [--workspace DIR] [--user] [--dry-run] [--format json]',
  '       agents hook status [--workspace DIR] [--format json]',
  `agents: ${HOOK_AGENTS.join(', ')}`,
  'Project scope (the workspace) by default; --user writes the configuration in your home folder.',
].join('\n');

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

class HookUsageError extends Error {}

interface HookArgs {
  readonly action: 'install' | 'uninstall' | 'status' | 'help';
  readonly agent?: HookAgent;
  readonly workspace?: string;
  readonly user: boolean;
  readonly dryRun: boolean;
  readonly json: boolean;
}

function parseArgs(argv: readonly string[]): HookArgs {
  const positional: string[] = [];
  let workspace: string | undefined;
  let user = false;
  let dryRun = false;
  let format = 'text';
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new HookUsageError(`${name} needs a value`);
      return v;
    };
    if (name === '--workspace') workspace = value();
    else if (name === '--format') format = value();
    else if (name === '--user' && inline === undefined) user = true;
    else if (name === '--dry-run' && inline === undefined) dryRun = true;
    else if ((name === '--help' || name === '-h') && inline === undefined) help = true;
    else if (arg.startsWith('-')) throw new HookUsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (format !== 'text' && format !== 'json') throw new HookUsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
  const json = format === 'json';
  const [action, agent, ...extra] = positional;
  if (help || action === 'help') return { action: 'help', user, dryRun, json };
  if (action === 'status') {
    if (agent !== undefined) throw new HookUsageError(`hook status takes no agent (it shows them all), not ${JSON.stringify(agent)}`);
    if (user || dryRun) throw new HookUsageError('hook status shows both scopes and writes nothing: --user and --dry-run do not apply');
    return { action, workspace, user, dryRun, json };
  }
  if (action !== 'install' && action !== 'uninstall') throw new HookUsageError(action === undefined ? 'hook needs a command: install, uninstall or status' : `unknown hook command ${JSON.stringify(action)}`);
  if (agent === undefined) throw new HookUsageError(`hook ${action} needs an agent: ${HOOK_AGENTS.join(', ')}`);
  if (!isHookAgent(agent)) throw new HookUsageError(`unknown agent ${JSON.stringify(agent)}: one of ${HOOK_AGENTS.join(', ')}`);
  if (extra.length > 0) throw new HookUsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  return { action, agent, workspace, user, dryRun, json };
}

async function workspaceOf(args: HookArgs, io: HookAdminIo): Promise<string> {
  const dir = path.resolve(io.cwd, args.workspace ?? '.');
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new ConfigFileError(`workspace ${dir} is not a folder`);
  return dir;
}

function changeJson(plan: HookPlan) {
  return plan.changes.map((c) => ({
    path: c.display,
    action: c.before === null ? 'create' : c.after === null ? 'delete' : 'modify',
    ...(c.executable && c.after !== null ? { mode: '0755' } : {}),
    diff: unifiedDiff(c.display, c.before, c.after),
  }));
}

function reportChange(plan: HookPlan, action: 'install' | 'uninstall', dryRun: boolean, args: HookArgs, io: HookAdminIo, launcher?: TerminalProgram['launcher']): void {
  const name = HOOK_AGENT_NAMES[plan.agent];
  if (args.json) {
    const client = action === 'install' ? { client: launcher ? 'fast' : 'node', launcher: launcher?.path ?? null } : {};
    writeJson(io.stdout, { hook: { agent: plan.agent, action, scope: plan.scope, dry_run: dryRun, events: plan.events, ...client, changes: changeJson(plan), warnings: plan.warnings } });
    return;
  }
  if (dryRun) {
    for (const c of plan.changes) {
      if (c.executable && c.before === null && c.after !== null) writeText(io.stdout, `new file mode 100755: ${c.display}`);
      writeText(io.stdout, unifiedDiff(c.display, c.before, c.after));
    }
  }
  const where = plan.files.join(', ');
  if (plan.changes.length === 0) {
    writeText(io.stdout, action === 'install' ? `${name}: the hooks are already in ${where}; nothing changed.` : `${name}: no hook of ours in ${where}; nothing changed.`);
  } else {
    const verb = dryRun ? (action === 'install' ? 'would write' : 'would remove from') : action === 'install' ? 'wrote' : 'removed from';
    const lines = plan.changes.map((c) => `  ${c.before === null ? 'create' : c.after === null ? 'delete' : 'modify'} ${c.display}`);
    writeText(io.stdout, [`${name}: ${verb} ${where} (${action === 'install' ? 'events' : 'hooks of'} ${plan.events.join(', ')}):`, ...lines].join('\n'));
    if (dryRun) writeText(io.stdout, 'Dry run: nothing was written.');
  }
  if (launcher) writeText(io.stdout, `The hooks ${dryRun ? 'would run' : 'run'} the fast client through ${launcher.path}${launcher.written ? ' (written now)' : ''}.`);
  for (const warning of plan.warnings) writeText(io.stderr, `warning: ${warning}`);
}

function reportStatus(statuses: readonly HookScopeStatus[], args: HookArgs, io: HookAdminIo): void {
  if (args.json) {
    writeJson(io.stdout, { hooks: statuses });
    return;
  }
  const lines: string[] = [];
  for (const agent of HOOK_AGENTS) {
    lines.push(`${HOOK_AGENT_NAMES[agent]} (${agent})`);
    for (const s of statuses.filter((x) => x.agent === agent)) {
      const client = s.client === 'fast' ? ', fast client' : ', node client';
      const state = s.installed ? `installed (${s.events.join(', ')})${client}${s.command_resolves === false ? ', but its command no longer runs' : ''}` : s.problems.length > 0 ? 'unreadable' : 'not installed';
      lines.push(`  ${s.scope.padEnd(8)}${s.path}: ${state}`);
    }
  }
  writeText(io.stdout, lines.join('\n'));
  for (const s of statuses) for (const problem of s.problems) writeText(io.stderr, `warning: ${problem}`);
}

/** Runs one `agents hook install|uninstall|status` command line; never throws. */
export async function runHookAdminCommand(argv: readonly string[], io: HookAdminIo): Promise<number> {
  let args: HookArgs | undefined;
  try {
    args = parseArgs(argv);
    if (args.action === 'help') {
      writeText(io.stdout, USAGE);
      return EXIT_OK;
    }
    const workspace = await workspaceOf(args, io);
    if (args.action === 'status') {
      reportStatus(await hookStatus(workspace, io.homeDir, io.env), args, io);
      return EXIT_OK;
    }
    const scope: HookScope = args.user ? 'user' : 'project';
    const root = scope === 'user' ? io.homeDir : workspace;
    // From a terminal: the hooks' launcher with the fast client (Linux, macOS), else node. The
    // launcher is written only once the plan is made (a configuration refused leaves none behind).
    const node = io.program ?? runningHookProgram(undefined, io.env);
    const host = currentTerminalHost(io.env, io.homeDir);
    let running: TerminalProgram = io.program || args.action !== 'install' ? { program: node } : terminalHookProgram(node, host, workspace, true);
    if (args.action === 'install' && !programResolves(node)) {
      throw new ConfigFileError(`cannot find this CLI's node and cli.js (${node.node}, ${node.cli}) to name in the hook`);
    }
    let plan = await planHookChange(args.agent!, args.action, scope, root, running.program);
    if (!args.dryRun && running.launcher) {
      running = terminalHookProgram(node, host, workspace, false);
      // refused when written (a link where the launcher goes): the hooks name node
      if (!running.launcher) plan = await planHookChange(args.agent!, args.action, scope, root, running.program);
    }
    if (!args.dryRun) await applyHookPlan(plan, args.action);
    const program = running.program;
    // a command that runs today but will not stay (npx's cache) is said with the plan's own warnings
    const warnings = args.action === 'install' ? [...programWarnings(program), ...(running.warning ? [running.warning] : [])] : [];
    // The folder's files read once now, in the background, so that the agent's first tool calls
    // are fenced at once however large the folder (hooks/workspaceIndexStart.ts).
    const indexing = args.action === 'install' && !args.dryRun && scope === 'project' && startWorkspaceIndexJob({ workspaceRoot: workspace }, node, io.env);
    reportChange({ ...plan, warnings: [...warnings, ...plan.warnings] }, args.action, args.dryRun, args, io, running.launcher);
    if (indexing && !args.json) writeText(io.stdout, 'Reading the folder’s files once, in the background, so that the first tool calls of a session are checkpointed at once (.cleveragents/logs/hooks.log says when it is done).');
    return EXIT_OK;
  } catch (error) {
    const usage = error instanceof HookUsageError;
    const message = error instanceof Error ? error.message : String(error);
    if (args?.json || (!args && argv.includes('json'))) writeJson(io.stdout, { error: { type: usage ? 'UsageError' : error instanceof ConfigFileError ? 'ConfigError' : 'Error', message } });
    else writeText(io.stderr, usage ? `error: ${message}\n${USAGE}` : `error: ${message}`);
    return usage ? EXIT_USAGE : EXIT_FAILED;
  }
}

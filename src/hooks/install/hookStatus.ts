import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { HOOK_AGENT_NAMES, HOOK_AGENTS, type HookAgent } from '../../daemonClient/hookAgents';
import { AGENT_HOOK_CONFIGS, type HookScope } from './agentHookConfigs';
import { codexTrustProblem } from './codexTrust';
import { hookClient, programOfCommand, programResolves, type HookProgram } from './hookCommandLine';
import { displayPath, isOurClineScript, readTextOrNull } from './hookFiles';
import { agentParse, duplicateKey, duplicateKeyMessage } from './duplicateKeys';
import { ourConfiguredHooks, READ_KEYS } from './jsonHookMerge';
import { parseJsonObject } from './jsonEdit';
import { resolveTarget } from './safeTarget';
import { sharedFileWarning } from './sharedFiles';

// `agents hook status`: per agent and scope, whether our hooks are configured, under which events,
// and whether the command they start still runs (its node and cli.js are still there: an
// extension update or a moved checkout leaves a hook that fails on every tool call).

export interface HookScopeStatus {
  readonly agent: HookAgent;
  readonly name: string;
  readonly scope: HookScope;
  /** The configuration file (or Cline's folder), as the user sees it. */
  readonly path: string;
  readonly installed: boolean;
  readonly events: readonly string[];
  /** Whether every configured command's node and cli.js exist; null when nothing is installed. */
  readonly command_resolves: boolean | null;
  /**
   * Which client the hooks run: `fast` (a launcher with the fast client: no Node.js per call when
   * the resident process answers), `node` (node and the small client), null when nothing is installed.
   */
  readonly client: 'fast' | 'node' | null;
  readonly problems: readonly string[];
  /**
   * Events this version installs that the installed hooks lack (an install made before they were
   * added, such as the session-end events): running install again adds them.
   */
  readonly missing_events: readonly string[];
}

/** A program for listing the events a configuration installs (the commands it would name are not used). */
const EVENTS_ONLY: HookProgram = { node: 'node', cli: 'cli.js' };

/** Which part of a command that no longer runs is gone. */
function whyNotRunning(program: HookProgram): string {
  if (!existsSync(program.node)) return `${program.node} is missing`;
  // the extension's stable shim is there, but no version of the extension is left for it to load
  if (existsSync(program.cli)) return `${program.cli} finds no installed version of the extension to load`;
  return `${program.cli} is missing`;
}

async function scopeStatus(agent: HookAgent, scope: HookScope, root: string, home: string, env: NodeJS.ProcessEnv): Promise<HookScopeStatus> {
  const config = AGENT_HOOK_CONFIGS[agent];
  const base = { agent, name: HOOK_AGENT_NAMES[agent], scope };
  const events: string[] = [];
  const commands: string[] = [];
  const problems: string[] = [];
  /** The events this version installs that an install of ours must have (a user's own Cline script excepted). */
  let expected: readonly string[] = [];
  let shown: string;
  try {
    if (config.kind === 'json') {
      const relative = config.file(scope);
      shown = displayPath(scope, relative);
      const text = await readTextOrNull(await resolveTarget(root, relative, scope, shown), shown);
      if (text !== null) {
        const doc = parseJsonObject(text, shown, config.allowComments);
        // what the agent itself reads (the last of a key given twice), never what our edits would find
        const found = ourConfiguredHooks(agentParse(text, config.allowComments) ?? doc.value, config);
        events.push(...found.events);
        expected = config.entries(EVENTS_ONLY).map((e) => e.event);
        commands.push(...found.commands);
        const duplicate = duplicateKey(doc, READ_KEYS);
        if (duplicate) problems.push(`${duplicateKeyMessage(shown, HOOK_AGENT_NAMES[agent], duplicate)}: install and uninstall leave the file alone until it is there once`);
      }
      // where an earlier version put them (Claude Code's shared settings.json): found, and said
      for (const former of config.formerFiles?.(scope) ?? []) {
        const formerShown = displayPath(scope, former);
        const formerText = await readTextOrNull(await resolveTarget(root, former, scope, formerShown), formerShown);
        if (formerText === null) continue;
        const found = ourConfiguredHooks(agentParse(formerText, config.allowComments) ?? parseJsonObject(formerText, formerShown, config.allowComments).value, config);
        if (found.events.length === 0) continue;
        for (const event of found.events) if (!events.includes(event)) events.push(event);
        commands.push(...found.commands);
        problems.push(`${formerShown} holds our hooks, with this machine's paths, in the file a team shares: run \`agents hook install ${agent}\` again to move them to ${shown}`);
      }
    } else if (config.kind === 'plugin') {
      const relative = config.file(scope);
      shown = displayPath(scope, relative);
      const text = await readTextOrNull(await resolveTarget(root, relative, scope, shown), shown);
      if (text !== null && config.isOurs(text)) {
        // an earlier version's plugin handles fewer events: those its text has a handler for
        events.push(...config.events.filter((event) => text.includes(`${JSON.stringify(event)}:`)));
        expected = config.events;
        const command = config.commandOf(text);
        if (command) commands.push(command);
      }
    } else {
      shown = displayPath(scope, `${config.folder(scope)}/`);
      for (const event of config.events) {
        const relative = `${config.folder(scope)}/${event}`;
        const text = await readTextOrNull(await resolveTarget(root, relative, scope, displayPath(scope, relative)), displayPath(scope, relative));
        if (text === null || !isOurClineScript(text)) {
          // a user's own script where only the session's end would run: left to them, not missing
          if (text === null || !config.optionalEvents.includes(event)) expected = [...expected, event];
          continue;
        }
        expected = [...expected, event];
        events.push(event);
        const exec = text.split(/\r?\n/).find((line) => /^(?:(?:ELECTRON_RUN_AS_NODE|CLEVERAGENTS_NO_DAEMON)=1 )*exec /.test(line));
        if (exec) commands.push(exec);
      }
    }
  } catch (error) {
    return { ...base, path: config.kind === 'scripts' ? displayPath(scope, `${config.folder(scope)}/`) : displayPath(scope, config.file(scope)), installed: false, events: [], command_resolves: null, client: null, problems: [(error as Error).message], missing_events: [] };
  }
  let resolves: boolean | null = null;
  let client: 'fast' | 'node' | null = null;
  if (events.length > 0) {
    resolves = true;
    for (const command of new Set(commands)) {
      const program = programOfCommand(command);
      // the slower one when commands differ: what some of the calls pay
      if (program && client !== 'node') client = hookClient(program).client;
      if (program && programResolves(program)) continue;
      resolves = false;
      problems.push(`${shown}: the hook command no longer runs (${program ? whyNotRunning(program) : 'it is not a command this installer wrote'}); run \`agents hook install ${agent}${scope === 'user' ? ' --user' : ''}\` again`);
    }
  }
  // installed by an earlier version that had fewer events (the session's end): install adds them
  const missing = events.length > 0 ? expected.filter((event) => !events.includes(event)) : [];
  if (missing.length > 0) problems.push(`${shown}: our hooks are installed without ${missing.join(', ')} (an earlier version's install); run \`agents hook install ${agent}${scope === 'user' ? ' --user' : ''}\` again to add ${missing.length === 1 ? 'it' : 'them'}`);
  // Codex skips a hook the user has not reviewed: installed is not yet running
  if (agent === 'codex' && config.kind === 'json' && events.length > 0) {
    const untrusted = await codexTrustProblem(path.join(root, config.file(scope)), home, env);
    if (untrusted) problems.push(untrusted);
  }
  const shared = events.length > 0 ? sharedFileWarning(agent, scope) : undefined;
  if (shared) problems.push(shared);
  return { ...base, path: shown, installed: events.length > 0, events, command_resolves: resolves, client: events.length > 0 ? (client ?? 'node') : null, problems, missing_events: missing };
}

/** Every agent's status, project scope (the workspace) then user scope (the home folder). */
export async function hookStatus(workspace: string, home: string, env: NodeJS.ProcessEnv = process.env): Promise<HookScopeStatus[]> {
  const result: HookScopeStatus[] = [];
  for (const agent of HOOK_AGENTS) {
    result.push(await scopeStatus(agent, 'project', workspace, home, env));
    result.push(await scopeStatus(agent, 'user', home, home, env));
  }
  return result;
}

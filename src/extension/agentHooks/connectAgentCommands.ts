import * as os from 'node:os';
import { startWorkspaceIndexJob } from '../../hooks/workspaceIndexStart';
import { ContextKeys } from '../tree/contextKeys';
import * as vscode from 'vscode';
import * as z from 'zod';
import { HOOK_AGENT_NAMES, HOOK_AGENTS, type HookAgent } from '../../daemonClient/hookAgents';
import type { HookPlan } from '../../hooks/install/hookInstaller';
import type { HookScopeStatus } from '../../hooks/install/hookStatus';
import { parseArgs } from '../commands/commandArgs';
import { CommandTitles, Commands, type AgentHookCommandName } from '../commandIds';
import { folderNamed, type FolderServices } from '../folderServices';
import type { ErrorReporter } from '../log';
import { showInfo, showPick, showWarning } from '../shownText';
import { currentHost, vscodeHookProgram } from './hookRuntime';
import { loadInstaller } from './loadInstaller';
import { residentProcessEnabled } from './residentProcessSetting';

// Checkpoints: Connect an Agent… / Disconnect an Agent…: the installer of `agents hook install`,
// run in-process on a workspace folder (project scope), naming this extension's dist/cli.js. The
// list shows which agents are connected from the same code as `agents hook status`.

const AgentArgsSchema = z
  .object({
    folder: z.string().min(1).max(4096).optional(),
    agent: z.enum(HOOK_AGENTS).optional(),
  })
  .strict();

/** What a connect or disconnect did (returned to callers such as the tests). */
export interface AgentHookResult {
  readonly agent: HookAgent;
  readonly action: 'install' | 'uninstall';
  /** The configuration files concerned, relative to the workspace folder. */
  readonly files: readonly string[];
  /** The files created, changed or removed (empty: it was so already). */
  readonly changed: readonly string[];
}

export interface ConnectAgentDeps {
  readonly folders: FolderServices;
  readonly reporter: ErrorReporter;
  readonly distDir: string;
  readonly storageDir: string;
}

type AgentPick = vscode.QuickPickItem & { readonly agent: HookAgent };

function stateText(status: HookScopeStatus | undefined): string {
  if (!status) return 'not connected';
  if (status.problems.length > 0 && !status.installed) return 'configuration unreadable';
  if (!status.installed) return 'not connected';
  if (status.command_resolves === false) return 'connected, but its command no longer runs: connect again';
  // an earlier version's install: connecting again adds what it lacks (the session's end), nothing else changes
  if (status.missing_events.length > 0) return `connected, without ${status.missing_events.join(', ')}: connect again to add ${status.missing_events.length === 1 ? 'it' : 'them'}`;
  // Codex runs a hook only once the user has reviewed it in Codex (hookStatus says when no review is recorded)
  return status.agent === 'codex' && status.problems.length > 0 ? 'connected, but not yet trusted in Codex (/hooks)' : 'connected';
}

class AgentHookCommands {
  constructor(private readonly deps: ConnectAgentDeps) {}

  private async folder(given: string | undefined): Promise<vscode.WorkspaceFolder | undefined> {
    const all = this.deps.folders.folders();
    const named = folderNamed(all, given);
    if (named) return named;
    if (all.length === 0) throw new Error('open a folder first: agents are connected per workspace folder');
    if (all.length === 1) return all[0];
    return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which workspace folder do the agent’s hooks go in?' });
  }

  private async pickAgent(root: string, action: 'install' | 'uninstall'): Promise<HookAgent | undefined> {
    const statuses = await loadInstaller().hookStatus(root, os.homedir());
    const project = (agent: HookAgent) => statuses.find((s) => s.agent === agent && s.scope === 'project');
    const user = (agent: HookAgent) => statuses.find((s) => s.agent === agent && s.scope === 'user');
    const items: AgentPick[] = [];
    // HOOK_AGENTS lists Copilot first: VS Code's own agent mode is the agent in this window.
    for (const agent of HOOK_AGENTS) {
      const status = project(agent);
      if (action === 'uninstall' && !status?.installed) continue;
      const inUser = user(agent)?.installed ? ' (also in your user settings)' : '';
      items.push({
        agent,
        label: agent === 'copilot' ? `${HOOK_AGENT_NAMES[agent]} (VS Code agent mode)` : HOOK_AGENT_NAMES[agent],
        description: `${stateText(status)}${inUser}`,
        detail: status?.path,
      });
    }
    if (items.length === 0) {
      void showInfo('No agent is connected in this folder.');
      return undefined;
    }
    const picked = await showPick(items, {
      title: action === 'install' ? 'Connect an Agent: its hooks take a checkpoint per prompt and around each writing tool call' : 'Disconnect an Agent',
      placeHolder: action === 'install' ? 'Which agent?' : 'Which agent’s hooks to remove?',
    });
    return picked?.agent;
  }

  private async change(agent: HookAgent, action: 'install' | 'uninstall', root: string): Promise<HookPlan> {
    const program = { ...(await vscodeHookProgram(currentHost(this.deps.distDir, this.deps.storageDir))), ...(residentProcessEnabled() ? {} : { noDaemon: true }) };
    const { applyHookPlan, planHookChange } = loadInstaller();
    const plan = await planHookChange(agent, action, 'project', root, program);
    await applyHookPlan(plan, action);
    // The folder's files read once now, in the background: the agent's first tool calls are then
    // fenced at once however large the folder (hooks/workspaceIndexStart.ts).
    if (action === 'install') startWorkspaceIndexJob({ workspaceRoot: root }, program);
    return plan;
  }

  private result(plan: HookPlan, action: 'install' | 'uninstall'): AgentHookResult {
    return { agent: plan.agent, action, files: plan.files, changed: plan.changes.map((c) => c.display) };
  }

  async connect(arg: unknown): Promise<AgentHookResult | undefined> {
    const args = parseArgs(AgentArgsSchema, arg ?? {}, Commands.connectAgent);
    const folder = await this.folder(args.folder);
    if (!folder) return undefined;
    const root = folder.uri.fsPath;
    const agent = args.agent ?? (await this.pickAgent(root, 'install'));
    if (!agent) return undefined;
    const plan = await this.change(agent, 'install', root);
    const name = HOOK_AGENT_NAMES[agent];
    await ContextKeys.agentConnected.set(true);
    for (const warning of plan.warnings) void showWarning(`${name}: ${warning}`);
    const message =
      plan.changes.length === 0
        ? `${name} is connected already: its hooks are in ${plan.files.join(', ')}.`
        : `${name} is connected: wrote ${plan.changes.map((c) => c.display).join(', ')} (hooks on ${plan.events.join(', ')}). Its next session in this folder gets a plan with a checkpoint per prompt.`;
    void showInfo(message, 'Undo').then(async (answer) => {
      if (answer !== 'Undo') return;
      try {
        await this.disconnectAgent(agent, root);
      } catch (error) {
        this.deps.reporter.report(error, CommandTitles.disconnectAgent);
      }
    });
    return this.result(plan, 'install');
  }

  private async disconnectAgent(agent: HookAgent, root: string): Promise<AgentHookResult> {
    const plan = await this.change(agent, 'uninstall', root);
    const name = HOOK_AGENT_NAMES[agent];
    void showInfo(plan.changes.length === 0 ? `${name}: no hook of ours in ${plan.files.join(', ')}; nothing changed.` : `${name} is disconnected: removed its hooks from ${plan.changes.map((c) => c.display).join(', ')}.`);
    return this.result(plan, 'uninstall');
  }

  async disconnect(arg: unknown): Promise<AgentHookResult | undefined> {
    const args = parseArgs(AgentArgsSchema, arg ?? {}, Commands.disconnectAgent);
    const folder = await this.folder(args.folder);
    if (!folder) return undefined;
    const agent = args.agent ?? (await this.pickAgent(folder.uri.fsPath, 'uninstall'));
    if (!agent) return undefined;
    return this.disconnectAgent(agent, folder.uri.fsPath);
  }
}

/** Registers Connect an Agent…, Disconnect an Agent… and Restore to Before This Prompt; all need a trusted workspace (they write files). */
export function registerAgentHookCommands(deps: ConnectAgentDeps): vscode.Disposable {
  const c = new AgentHookCommands(deps);
  const run = (name: AgentHookCommandName, work: (arg: unknown) => Promise<unknown>) =>
    vscode.commands.registerCommand(Commands[name], async (arg?: unknown) => {
      if (!vscode.workspace.isTrusted) {
        void showWarning(`${CommandTitles[name]} is off in Restricted Mode: it writes the agent's configuration in the workspace. Trust this workspace first.`);
        return undefined;
      }
      try {
        return await work(arg);
      } catch (error) {
        deps.reporter.report(error, CommandTitles[name]);
        return undefined;
      }
    });
  return vscode.Disposable.from(
    run('connectAgent', (a) => c.connect(a)),
    run('disconnectAgent', (a) => c.disconnect(a)),
    // A prompt's row is its checkpoint: the guarded rollback to it (preview, safety checkpoint, undo).
    run('restoreBeforePrompt', async (a) => vscode.commands.executeCommand(Commands.rollback, a)),
  );
}

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
exports.registerAgentHookCommands = registerAgentHookCommands;
const os = __importStar(require("node:os"));
const contextKeys_1 = require("../tree/contextKeys");
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const hookAgents_1 = require("../../hooks/hookAgents");
const commandArgs_1 = require("../commands/commandArgs");
const commandIds_1 = require("../commandIds");
const folderServices_1 = require("../folderServices");
const shownText_1 = require("../shownText");
const hookRuntime_1 = require("./hookRuntime");
const loadInstaller_1 = require("./loadInstaller");
const residentProcessSetting_1 = require("./residentProcessSetting");
// Checkpoints: Connect an Agent… / Disconnect an Agent…: the installer of `agents hook install`,
// run in-process on a workspace folder (project scope), naming this extension's dist/cli.js. The
// list shows which agents are connected from the same code as `agents hook status`.
const AgentArgsSchema = z
    .object({
    folder: z.string().min(1).max(4096).optional(),
    agent: z.enum(hookAgents_1.HOOK_AGENTS).optional(),
})
    .strict();
function stateText(status) {
    if (!status)
        return 'not connected';
    if (status.problems.length > 0 && !status.installed)
        return 'configuration unreadable';
    if (!status.installed)
        return 'not connected';
    if (status.command_resolves === false)
        return 'connected, but its command no longer runs: connect again';
    // Codex runs a hook only once the user has reviewed it in Codex (hookStatus says when no review is recorded)
    return status.agent === 'codex' && status.problems.length > 0 ? 'connected, but not yet trusted in Codex (/hooks)' : 'connected';
}
class AgentHookCommands {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async folder(given) {
        const all = this.deps.folders.folders();
        const named = (0, folderServices_1.folderNamed)(all, given);
        if (named)
            return named;
        if (all.length === 0)
            throw new Error('open a folder first: agents are connected per workspace folder');
        if (all.length === 1)
            return all[0];
        return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which workspace folder do the agent’s hooks go in?' });
    }
    async pickAgent(root, action) {
        const statuses = await (0, loadInstaller_1.loadInstaller)().hookStatus(root, os.homedir());
        const project = (agent) => statuses.find((s) => s.agent === agent && s.scope === 'project');
        const user = (agent) => statuses.find((s) => s.agent === agent && s.scope === 'user');
        const items = [];
        // HOOK_AGENTS lists Copilot first: VS Code's own agent mode is the agent in this window.
        for (const agent of hookAgents_1.HOOK_AGENTS) {
            const status = project(agent);
            if (action === 'uninstall' && !status?.installed)
                continue;
            const inUser = user(agent)?.installed ? ' (also in your user settings)' : '';
            items.push({
                agent,
                label: agent === 'copilot' ? `${hookAgents_1.HOOK_AGENT_NAMES[agent]} (VS Code agent mode)` : hookAgents_1.HOOK_AGENT_NAMES[agent],
                description: `${stateText(status)}${inUser}`,
                detail: status?.path,
            });
        }
        if (items.length === 0) {
            void (0, shownText_1.showInfo)('No agent is connected in this folder.');
            return undefined;
        }
        const picked = await (0, shownText_1.showPick)(items, {
            title: action === 'install' ? 'Connect an Agent: its hooks take a checkpoint per prompt and around each writing tool call' : 'Disconnect an Agent',
            placeHolder: action === 'install' ? 'Which agent?' : 'Which agent’s hooks to remove?',
        });
        return picked?.agent;
    }
    async change(agent, action, root) {
        const program = { ...(await (0, hookRuntime_1.vscodeHookProgram)((0, hookRuntime_1.currentHost)(this.deps.distDir, this.deps.storageDir))), ...((0, residentProcessSetting_1.residentProcessEnabled)() ? {} : { noDaemon: true }) };
        const { applyHookPlan, planHookChange } = (0, loadInstaller_1.loadInstaller)();
        const plan = await planHookChange(agent, action, 'project', root, program);
        await applyHookPlan(plan, action);
        return plan;
    }
    result(plan, action) {
        return { agent: plan.agent, action, files: plan.files, changed: plan.changes.map((c) => c.display) };
    }
    async connect(arg) {
        const args = (0, commandArgs_1.parseArgs)(AgentArgsSchema, arg ?? {}, commandIds_1.Commands.connectAgent);
        const folder = await this.folder(args.folder);
        if (!folder)
            return undefined;
        const root = folder.uri.fsPath;
        const agent = args.agent ?? (await this.pickAgent(root, 'install'));
        if (!agent)
            return undefined;
        const plan = await this.change(agent, 'install', root);
        const name = hookAgents_1.HOOK_AGENT_NAMES[agent];
        await contextKeys_1.ContextKeys.agentConnected.set(true);
        for (const warning of plan.warnings)
            void (0, shownText_1.showWarning)(`${name}: ${warning}`);
        const message = plan.changes.length === 0
            ? `${name} is connected already: its hooks are in ${plan.files.join(', ')}.`
            : `${name} is connected: wrote ${plan.changes.map((c) => c.display).join(', ')} (hooks on ${plan.events.join(', ')}). Its next session in this folder gets a plan with a checkpoint per prompt.`;
        void (0, shownText_1.showInfo)(message, 'Undo').then(async (answer) => {
            if (answer !== 'Undo')
                return;
            try {
                await this.disconnectAgent(agent, root);
            }
            catch (error) {
                this.deps.reporter.report(error, commandIds_1.CommandTitles.disconnectAgent);
            }
        });
        return this.result(plan, 'install');
    }
    async disconnectAgent(agent, root) {
        const plan = await this.change(agent, 'uninstall', root);
        const name = hookAgents_1.HOOK_AGENT_NAMES[agent];
        void (0, shownText_1.showInfo)(plan.changes.length === 0 ? `${name}: no hook of ours in ${plan.files.join(', ')}; nothing changed.` : `${name} is disconnected: removed its hooks from ${plan.changes.map((c) => c.display).join(', ')}.`);
        return this.result(plan, 'uninstall');
    }
    async disconnect(arg) {
        const args = (0, commandArgs_1.parseArgs)(AgentArgsSchema, arg ?? {}, commandIds_1.Commands.disconnectAgent);
        const folder = await this.folder(args.folder);
        if (!folder)
            return undefined;
        const agent = args.agent ?? (await this.pickAgent(folder.uri.fsPath, 'uninstall'));
        if (!agent)
            return undefined;
        return this.disconnectAgent(agent, folder.uri.fsPath);
    }
}
/** Registers Connect an Agent…, Disconnect an Agent… and Restore to Before This Prompt; all need a trusted workspace (they write files). */
function registerAgentHookCommands(deps) {
    const c = new AgentHookCommands(deps);
    const run = (name, work) => vscode.commands.registerCommand(commandIds_1.Commands[name], async (arg) => {
        if (!vscode.workspace.isTrusted) {
            void (0, shownText_1.showWarning)(`${commandIds_1.CommandTitles[name]} is off in Restricted Mode: it writes the agent's configuration in the workspace. Trust this workspace first.`);
            return undefined;
        }
        try {
            return await work(arg);
        }
        catch (error) {
            deps.reporter.report(error, commandIds_1.CommandTitles[name]);
            return undefined;
        }
    });
    return vscode.Disposable.from(run('connectAgent', (a) => c.connect(a)), run('disconnectAgent', (a) => c.disconnect(a)), 
    // A prompt's row is its checkpoint: the guarded rollback to it (preview, safety checkpoint, undo).
    run('restoreBeforePrompt', async (a) => vscode.commands.executeCommand(commandIds_1.Commands.rollback, a)));
}
//# sourceMappingURL=connectAgentCommands.js.map
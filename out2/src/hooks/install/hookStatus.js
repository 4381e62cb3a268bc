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
exports.hookStatus = hookStatus;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const hookAgents_1 = require("../hookAgents");
const agentHookConfigs_1 = require("./agentHookConfigs");
const codexTrust_1 = require("./codexTrust");
const hookCommandLine_1 = require("./hookCommandLine");
const hookFiles_1 = require("./hookFiles");
const duplicateKeys_1 = require("./duplicateKeys");
const jsonHookMerge_1 = require("./jsonHookMerge");
const jsonEdit_1 = require("./jsonEdit");
const safeTarget_1 = require("./safeTarget");
const sharedFiles_1 = require("./sharedFiles");
/** Which part of a command that no longer runs is gone. */
function whyNotRunning(program) {
    if (!(0, node_fs_1.existsSync)(program.node))
        return `${program.node} is missing`;
    // the extension's stable shim is there, but no version of the extension is left for it to load
    if ((0, node_fs_1.existsSync)(program.cli))
        return `${program.cli} finds no installed version of the extension to load`;
    return `${program.cli} is missing`;
}
async function scopeStatus(agent, scope, root, home, env) {
    const config = agentHookConfigs_1.AGENT_HOOK_CONFIGS[agent];
    const base = { agent, name: hookAgents_1.HOOK_AGENT_NAMES[agent], scope };
    const events = [];
    const commands = [];
    const problems = [];
    let shown;
    try {
        if (config.kind === 'json') {
            const relative = config.file(scope);
            shown = (0, hookFiles_1.displayPath)(scope, relative);
            const text = await (0, hookFiles_1.readTextOrNull)(await (0, safeTarget_1.resolveTarget)(root, relative, scope, shown), shown);
            if (text !== null) {
                const doc = (0, jsonEdit_1.parseJsonObject)(text, shown, config.allowComments);
                // what the agent itself reads (the last of a key given twice), never what our edits would find
                const found = (0, jsonHookMerge_1.ourConfiguredHooks)((0, duplicateKeys_1.agentParse)(text, config.allowComments) ?? doc.value, config);
                events.push(...found.events);
                commands.push(...found.commands);
                const duplicate = (0, duplicateKeys_1.duplicateKey)(doc, jsonHookMerge_1.READ_KEYS);
                if (duplicate)
                    problems.push(`${(0, duplicateKeys_1.duplicateKeyMessage)(shown, hookAgents_1.HOOK_AGENT_NAMES[agent], duplicate)}: install and uninstall leave the file alone until it is there once`);
            }
            // where an earlier version put them (Claude Code's shared settings.json): found, and said
            for (const former of config.formerFiles?.(scope) ?? []) {
                const formerShown = (0, hookFiles_1.displayPath)(scope, former);
                const formerText = await (0, hookFiles_1.readTextOrNull)(await (0, safeTarget_1.resolveTarget)(root, former, scope, formerShown), formerShown);
                if (formerText === null)
                    continue;
                const found = (0, jsonHookMerge_1.ourConfiguredHooks)((0, duplicateKeys_1.agentParse)(formerText, config.allowComments) ?? (0, jsonEdit_1.parseJsonObject)(formerText, formerShown, config.allowComments).value, config);
                if (found.events.length === 0)
                    continue;
                for (const event of found.events)
                    if (!events.includes(event))
                        events.push(event);
                commands.push(...found.commands);
                problems.push(`${formerShown} holds our hooks, with this machine's paths, in the file a team shares: run \`agents hook install ${agent}\` again to move them to ${shown}`);
            }
        }
        else if (config.kind === 'plugin') {
            const relative = config.file(scope);
            shown = (0, hookFiles_1.displayPath)(scope, relative);
            const text = await (0, hookFiles_1.readTextOrNull)(await (0, safeTarget_1.resolveTarget)(root, relative, scope, shown), shown);
            if (text !== null && config.isOurs(text)) {
                events.push(...config.events);
                const command = config.commandOf(text);
                if (command)
                    commands.push(command);
            }
        }
        else {
            shown = (0, hookFiles_1.displayPath)(scope, `${config.folder(scope)}/`);
            for (const event of config.events) {
                const relative = `${config.folder(scope)}/${event}`;
                const text = await (0, hookFiles_1.readTextOrNull)(await (0, safeTarget_1.resolveTarget)(root, relative, scope, (0, hookFiles_1.displayPath)(scope, relative)), (0, hookFiles_1.displayPath)(scope, relative));
                if (text === null || !(0, hookFiles_1.isOurClineScript)(text))
                    continue;
                events.push(event);
                const exec = text.split(/\r?\n/).find((line) => /^(?:(?:ELECTRON_RUN_AS_NODE|CLEVERAGENTS_NO_DAEMON)=1 )*exec /.test(line));
                if (exec)
                    commands.push(exec);
            }
        }
    }
    catch (error) {
        return { ...base, path: config.kind === 'scripts' ? (0, hookFiles_1.displayPath)(scope, `${config.folder(scope)}/`) : (0, hookFiles_1.displayPath)(scope, config.file(scope)), installed: false, events: [], command_resolves: null, problems: [error.message] };
    }
    let resolves = null;
    if (events.length > 0) {
        resolves = true;
        for (const command of new Set(commands)) {
            const program = (0, hookCommandLine_1.programOfCommand)(command);
            if (program && (0, hookCommandLine_1.programResolves)(program))
                continue;
            resolves = false;
            problems.push(`${shown}: the hook command no longer runs (${program ? whyNotRunning(program) : 'it is not a command this installer wrote'}); run \`agents hook install ${agent}${scope === 'user' ? ' --user' : ''}\` again`);
        }
    }
    // Codex skips a hook the user has not reviewed: installed is not yet running
    if (agent === 'codex' && config.kind === 'json' && events.length > 0) {
        const untrusted = await (0, codexTrust_1.codexTrustProblem)(path.join(root, config.file(scope)), home, env);
        if (untrusted)
            problems.push(untrusted);
    }
    const shared = events.length > 0 ? (0, sharedFiles_1.sharedFileWarning)(agent, scope) : undefined;
    if (shared)
        problems.push(shared);
    return { ...base, path: shown, installed: events.length > 0, events, command_resolves: resolves, problems };
}
/** Every agent's status, project scope (the workspace) then user scope (the home folder). */
async function hookStatus(workspace, home, env = process.env) {
    const result = [];
    for (const agent of hookAgents_1.HOOK_AGENTS) {
        result.push(await scopeStatus(agent, 'project', workspace, home, env));
        result.push(await scopeStatus(agent, 'user', home, home, env));
    }
    return result;
}
//# sourceMappingURL=hookStatus.js.map
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
exports.runHookAdminCommand = runHookAdminCommand;
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const terminalOutput_1 = require("../../cli/terminalOutput");
const hookAgents_1 = require("../hookAgents");
const hookCommandLine_1 = require("./hookCommandLine");
const hookInstaller_1 = require("./hookInstaller");
const hookStatus_1 = require("./hookStatus");
const programChecks_1 = require("./programChecks");
const jsonEdit_1 = require("./jsonEdit");
const loadUnifiedDiff_1 = require("./loadUnifiedDiff");
const USAGE = [
    'usage: agents hook install <agent> [--workspace DIR] [--user] [--dry-run] [--format json]',
    '       agents hook uninstall <agent> [--workspace DIR] [--user] [--dry-run] [--format json]',
    '       agents hook status [--workspace DIR] [--format json]',
    `agents: ${hookAgents_1.HOOK_AGENTS.join(', ')}`,
    'Project scope (the workspace) by default; --user writes the configuration in your home folder.',
].join('\n');
const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
class HookUsageError extends Error {
}
function parseArgs(argv) {
    const positional = [];
    let workspace;
    let user = false;
    let dryRun = false;
    let format = 'text';
    let help = false;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
        const value = () => {
            const v = inline ?? argv[++i];
            if (v === undefined || v === '')
                throw new HookUsageError(`${name} needs a value`);
            return v;
        };
        if (name === '--workspace')
            workspace = value();
        else if (name === '--format')
            format = value();
        else if (name === '--user' && inline === undefined)
            user = true;
        else if (name === '--dry-run' && inline === undefined)
            dryRun = true;
        else if ((name === '--help' || name === '-h') && inline === undefined)
            help = true;
        else if (arg.startsWith('-'))
            throw new HookUsageError(`unknown option ${arg}`);
        else
            positional.push(arg);
    }
    if (format !== 'text' && format !== 'json')
        throw new HookUsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
    const json = format === 'json';
    const [action, agent, ...extra] = positional;
    if (help || action === 'help')
        return { action: 'help', user, dryRun, json };
    if (action === 'status') {
        if (agent !== undefined)
            throw new HookUsageError(`hook status takes no agent (it shows them all), not ${JSON.stringify(agent)}`);
        if (user || dryRun)
            throw new HookUsageError('hook status shows both scopes and writes nothing: --user and --dry-run do not apply');
        return { action, workspace, user, dryRun, json };
    }
    if (action !== 'install' && action !== 'uninstall')
        throw new HookUsageError(action === undefined ? 'hook needs a command: install, uninstall or status' : `unknown hook command ${JSON.stringify(action)}`);
    if (agent === undefined)
        throw new HookUsageError(`hook ${action} needs an agent: ${hookAgents_1.HOOK_AGENTS.join(', ')}`);
    if (!(0, hookAgents_1.isHookAgent)(agent))
        throw new HookUsageError(`unknown agent ${JSON.stringify(agent)}: one of ${hookAgents_1.HOOK_AGENTS.join(', ')}`);
    if (extra.length > 0)
        throw new HookUsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
    return { action, agent, workspace, user, dryRun, json };
}
async function workspaceOf(args, io) {
    const dir = path.resolve(io.cwd, args.workspace ?? '.');
    const info = await (0, promises_1.stat)(dir).catch(() => undefined);
    if (!info?.isDirectory())
        throw new jsonEdit_1.ConfigFileError(`workspace ${dir} is not a folder`);
    return dir;
}
function changeJson(plan) {
    return plan.changes.map((c) => ({
        path: c.display,
        action: c.before === null ? 'create' : c.after === null ? 'delete' : 'modify',
        ...(c.executable && c.after !== null ? { mode: '0755' } : {}),
        diff: (0, loadUnifiedDiff_1.unifiedDiff)(c.display, c.before, c.after),
    }));
}
function reportChange(plan, action, dryRun, args, io) {
    const name = hookAgents_1.HOOK_AGENT_NAMES[plan.agent];
    if (args.json) {
        (0, terminalOutput_1.writeJson)(io.stdout, { hook: { agent: plan.agent, action, scope: plan.scope, dry_run: dryRun, events: plan.events, changes: changeJson(plan), warnings: plan.warnings } });
        return;
    }
    if (dryRun) {
        for (const c of plan.changes) {
            if (c.executable && c.before === null && c.after !== null)
                (0, terminalOutput_1.writeText)(io.stdout, `new file mode 100755: ${c.display}`);
            (0, terminalOutput_1.writeText)(io.stdout, (0, loadUnifiedDiff_1.unifiedDiff)(c.display, c.before, c.after));
        }
    }
    const where = plan.files.join(', ');
    if (plan.changes.length === 0) {
        (0, terminalOutput_1.writeText)(io.stdout, action === 'install' ? `${name}: the hooks are already in ${where}; nothing changed.` : `${name}: no hook of ours in ${where}; nothing changed.`);
    }
    else {
        const verb = dryRun ? (action === 'install' ? 'would write' : 'would remove from') : action === 'install' ? 'wrote' : 'removed from';
        const lines = plan.changes.map((c) => `  ${c.before === null ? 'create' : c.after === null ? 'delete' : 'modify'} ${c.display}`);
        (0, terminalOutput_1.writeText)(io.stdout, [`${name}: ${verb} ${where} (${action === 'install' ? 'events' : 'hooks of'} ${plan.events.join(', ')}):`, ...lines].join('\n'));
        if (dryRun)
            (0, terminalOutput_1.writeText)(io.stdout, 'Dry run: nothing was written.');
    }
    for (const warning of plan.warnings)
        (0, terminalOutput_1.writeText)(io.stderr, `warning: ${warning}`);
}
function reportStatus(statuses, args, io) {
    if (args.json) {
        (0, terminalOutput_1.writeJson)(io.stdout, { hooks: statuses });
        return;
    }
    const lines = [];
    for (const agent of hookAgents_1.HOOK_AGENTS) {
        lines.push(`${hookAgents_1.HOOK_AGENT_NAMES[agent]} (${agent})`);
        for (const s of statuses.filter((x) => x.agent === agent)) {
            const state = s.installed ? `installed (${s.events.join(', ')})${s.command_resolves === false ? ', but its command no longer runs' : ''}` : s.problems.length > 0 ? 'unreadable' : 'not installed';
            lines.push(`  ${s.scope.padEnd(8)}${s.path}: ${state}`);
        }
    }
    (0, terminalOutput_1.writeText)(io.stdout, lines.join('\n'));
    for (const s of statuses)
        for (const problem of s.problems)
            (0, terminalOutput_1.writeText)(io.stderr, `warning: ${problem}`);
}
/** Runs one `agents hook install|uninstall|status` command line; never throws. */
async function runHookAdminCommand(argv, io) {
    let args;
    try {
        args = parseArgs(argv);
        if (args.action === 'help') {
            (0, terminalOutput_1.writeText)(io.stdout, USAGE);
            return EXIT_OK;
        }
        const workspace = await workspaceOf(args, io);
        if (args.action === 'status') {
            reportStatus(await (0, hookStatus_1.hookStatus)(workspace, io.homeDir, io.env), args, io);
            return EXIT_OK;
        }
        const scope = args.user ? 'user' : 'project';
        const root = scope === 'user' ? io.homeDir : workspace;
        const program = io.program ?? (0, hookCommandLine_1.runningHookProgram)(undefined, io.env);
        if (args.action === 'install' && !(0, hookCommandLine_1.programResolves)(program)) {
            throw new jsonEdit_1.ConfigFileError(`cannot find this CLI's node and cli.js (${program.node}, ${program.cli}) to name in the hook`);
        }
        const plan = await (0, hookInstaller_1.planHookChange)(args.agent, args.action, scope, root, program);
        if (!args.dryRun)
            await (0, hookInstaller_1.applyHookPlan)(plan, args.action);
        // a command that runs today but will not stay (npx's cache) is said with the plan's own warnings
        const warnings = args.action === 'install' ? (0, programChecks_1.programWarnings)(program) : [];
        reportChange({ ...plan, warnings: [...warnings, ...plan.warnings] }, args.action, args.dryRun, args, io);
        return EXIT_OK;
    }
    catch (error) {
        const usage = error instanceof HookUsageError;
        const message = error instanceof Error ? error.message : String(error);
        if (args?.json || (!args && argv.includes('json')))
            (0, terminalOutput_1.writeJson)(io.stdout, { error: { type: usage ? 'UsageError' : error instanceof jsonEdit_1.ConfigFileError ? 'ConfigError' : 'Error', message } });
        else
            (0, terminalOutput_1.writeText)(io.stderr, usage ? `error: ${message}\n${USAGE}` : `error: ${message}`);
        return usage ? EXIT_USAGE : EXIT_FAILED;
    }
}
//# sourceMappingURL=hookAdminCommand.js.map
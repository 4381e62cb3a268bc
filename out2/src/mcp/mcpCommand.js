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
exports.MCP_HELP = void 0;
exports.parseMcpArgs = parseMcpArgs;
exports.runMcp = runMcp;
const path = __importStar(require("node:path"));
const errors_1 = require("../core/errors");
const node_util_1 = require("node:util");
const agentTools_1 = require("../agentTools/agentTools");
const cli_1 = require("../cli/cli");
const cliErrors_1 = require("../envelopes/cliErrors");
const envelopes_1 = require("../envelopes/envelopes");
const terminalOutput_1 = require("../cli/terminalOutput");
const workspaceLocation_1 = require("../cli/workspaceLocation");
const composition_1 = require("../composition");
const displayText_1 = require("../core/displayText");
const hookCommandLine_1 = require("../hooks/install/hookCommandLine");
const programChecks_1 = require("../hooks/install/programChecks");
const clientConfigs_1 = require("./clientConfigs");
const mcpServer_1 = require("./mcpServer");
exports.MCP_HELP = `agents mcp [--workspace DIR] [--debug]
  A Model Context Protocol server on stdin/stdout for the workspace DIR (default: $AGENTS_WORKSPACE,
  else the current folder), for agents to take checkpoints and roll back. It never leaves DIR.
  Logs go to stderr; --debug logs more.

agents mcp --print-config vscode|claude-code|cline|cursor [--workspace DIR] [--format json]
  Prints the client's configuration that starts this server: this CLI's runtime and cli.js by
  absolute path, so the client needs no \`agents\` on its PATH. Where it goes, and a warning when
  the command would not run (a path that is gone, npx's cache), go to stderr; with --format json,
  one document {"mcp_config": {client, config, where, warnings}} on stdout.`;
/** `agents mcp …` after the word `mcp`. */
function parseMcpArgs(argv) {
    let values;
    try {
        ({ values } = (0, node_util_1.parseArgs)({
            args: [...argv],
            options: { workspace: { type: 'string' }, 'print-config': { type: 'string' }, format: { type: 'string' }, debug: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
            allowPositionals: false,
            strict: true,
        }));
    }
    catch (error) {
        throw new cliErrors_1.UsageError(`agents mcp: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
    }
    if (values.help)
        return { kind: 'help' };
    const printConfig = values['print-config'];
    if (values.format !== undefined && values.format !== 'text' && values.format !== 'json')
        throw new cliErrors_1.UsageError(`--format must be text or json, not ${JSON.stringify(values.format)}`);
    if (printConfig !== undefined) {
        if (!clientConfigs_1.MCP_CLIENTS.includes(printConfig))
            throw new cliErrors_1.UsageError(`--print-config must be one of ${clientConfigs_1.MCP_CLIENTS.join(', ')}, not ${JSON.stringify(printConfig)}`);
        return { kind: 'print-config', client: printConfig, workspace: values.workspace, json: values.format === 'json' };
    }
    // the server speaks JSON-RPC on stdout whatever is asked
    if (values.format !== undefined)
        throw new cliErrors_1.UsageError('--format applies to --print-config only');
    return { kind: 'serve', workspace: values.workspace, debug: values.debug === true };
}
/**
 * Runs `agents mcp`: prints help or a client's configuration, or serves until the client closes
 * stdin. Resolves to the exit code; a problem before the server starts goes to stderr.
 */
async function runMcp(proc) {
    try {
        const invocation = parseMcpArgs(proc.argv);
        if (invocation.kind === 'help') {
            (0, terminalOutput_1.writeText)(proc.stdout, exports.MCP_HELP);
            return 0;
        }
        const location = (0, workspaceLocation_1.workspaceLocation)(proc.cwd, invocation.workspace, proc.env);
        if (invocation.kind === 'print-config') {
            const program = proc.program ?? (0, hookCommandLine_1.runningHookProgram)(undefined, proc.env);
            const config = (0, clientConfigs_1.clientConfig)(invocation.client, location.workspaceRoot, program);
            const warnings = (0, programChecks_1.programWarnings)(program);
            if (invocation.json) {
                (0, terminalOutput_1.writeJson)(proc.stdout, { mcp_config: { client: invocation.client, config: config.json, where: config.where, warnings } });
            }
            else {
                (0, terminalOutput_1.writeText)(proc.stdout, JSON.stringify(config.json, null, 2));
                (0, terminalOutput_1.writeText)(proc.stderr, `Put this in ${(0, displayText_1.escapeUnsafe)(config.where)}.`);
            }
            for (const warning of warnings)
                (0, terminalOutput_1.writeText)(proc.stderr, `warning: ${(0, displayText_1.escapeUnsafe)(warning)}`);
            return 0;
        }
        const workspaceRoot = await (0, cli_1.requireWorkspace)(location.workspaceRoot);
        const logger = (0, cli_1.stderrLogger)(proc.stderr, invocation.debug || (0, cli_1.isTruthy)(proc.env.AGENTS_DEBUG));
        const services = (0, composition_1.createWorkspaceServices)({ workspaceRoot, databasePath: location.databasePath, wasmDir: proc.wasmDir, logger });
        const context = {
            workspace: async (folder) => {
                // One workspace here: a folder may name it (by path or name), never another.
                if (folder !== undefined && folder !== workspaceRoot && folder !== path.basename(workspaceRoot)) {
                    throw new errors_1.ValidationError(`folder "${folder}" is not this server's workspace (${workspaceRoot})`);
                }
                return services;
            },
            plan: async (planId) => ({ services, plan: await services.plans.getPlan(planId) }),
            rollback: (planId, checkpointId, _undo, agentOnly) => (agentOnly ? services.checkpoints.rollbackAgentOnly(planId, checkpointId) : services.checkpoints.rollbackToCheckpoint(planId, checkpointId)),
        };
        const server = (0, mcpServer_1.createMcpServer)({ tools: agentTools_1.AGENT_TOOLS, context, version: proc.version, logger });
        const { StdioServerTransport } = await Promise.resolve().then(() => __importStar(require('@modelcontextprotocol/sdk/server/stdio.js')));
        const closed = new Promise((resolve) => (server.onclose = resolve));
        await server.connect(new StdioServerTransport(proc.stdin, proc.stdout));
        // The client ends the session by closing our stdin.
        proc.stdin.once('end', () => void server.close());
        logger.info(`MCP server on ${workspaceRoot}`);
        await closed;
        services.dispose();
        return 0;
    }
    catch (error) {
        (0, terminalOutput_1.writeText)(proc.stderr, `agents: ${(0, displayText_1.escapeUnsafe)((0, envelopes_1.errorMessage)(error))}`);
        if (error instanceof cliErrors_1.UsageError)
            (0, terminalOutput_1.writeText)(proc.stderr, 'Run "agents mcp --help" for usage.');
        return error instanceof cliErrors_1.UsageError ? error.exitCode : 1;
    }
}
//# sourceMappingURL=mcpCommand.js.map
import * as path from 'node:path';
import { ValidationError } from '../core/errors';
import { parseArgs } from 'node:util';
import { AGENT_TOOLS } from '../agentTools/agentTools';
import type { ToolContext } from '../agentTools/agentTool';
import { requireWorkspace, stderrLogger, isTruthy } from '../cli/cli';
import { UsageError } from '../envelopes/cliErrors';
import { errorMessage } from '../envelopes/envelopes';
import { writeJson, writeText, type TextSink } from '../cli/terminalOutput';
import { workspaceLocation } from '../cli/workspaceLocation';
import { createWorkspaceServices } from '../composition';
import { escapeUnsafe } from '../core/displayText';
import { runningHookProgram, type HookProgram } from '../hooks/install/hookCommandLine';
import { programWarnings } from '../hooks/install/programChecks';
import { MCP_CLIENTS, clientConfig, type McpClient } from './clientConfigs';
import { createMcpServer } from './mcpServer';

export const MCP_HELP = `agents mcp [--workspace DIR] [--debug]
  A Model Context Protocol server on stdin/stdout for the workspace DIR (default: $AGENTS_WORKSPACE,
  else the current folder), for agents to take checkpoints and roll back. It never leaves DIR.
  Logs go to stderr; --debug logs more.

agents mcp --print-config vscode|claude-code|cline|cursor [--workspace DIR] [--format json]
  Prints the client's configuration that starts this server: this CLI's runtime and cli.js by
  absolute path, so the client needs no \`agents\` on its PATH. Where it goes, and a warning when
  the command would not run (a path that is gone, npx's cache), go to stderr; with --format json,
  one document {"mcp_config": {client, config, where, warnings}} on stdout.`;

export interface McpProcess {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: TextSink;
  readonly wasmDir: string;
  readonly version: string;
  /** The runtime and cli.js a printed configuration starts; by default this node and the cli.js beside this bundle. */
  readonly program?: HookProgram;
}

type McpInvocation = { kind: 'help' } | { kind: 'print-config'; client: McpClient; workspace?: string; json: boolean } | { kind: 'serve'; workspace?: string; debug: boolean };

/** `agents mcp …` after the word `mcp`. */
export function parseMcpArgs(argv: readonly string[]): McpInvocation {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { workspace: { type: 'string' }, 'print-config': { type: 'string' }, format: { type: 'string' }, debug: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`agents mcp: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  }
  if (values.help) return { kind: 'help' };
  const printConfig = values['print-config'];
  if (values.format !== undefined && values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not ${JSON.stringify(values.format)}`);
  if (printConfig !== undefined) {
    if (!(MCP_CLIENTS as readonly string[]).includes(printConfig)) throw new UsageError(`--print-config must be one of ${MCP_CLIENTS.join(', ')}, not ${JSON.stringify(printConfig)}`);
    return { kind: 'print-config', client: printConfig as McpClient, workspace: values.workspace, json: values.format === 'json' };
  }
  // the server speaks JSON-RPC on stdout whatever is asked
  if (values.format !== undefined) throw new UsageError('--format applies to --print-config only');
  return { kind: 'serve', workspace: values.workspace, debug: values.debug === true };
}

/**
 * Runs `agents mcp`: prints help or a client's configuration, or serves until the client closes
 * stdin. Resolves to the exit code; a problem before the server starts goes to stderr.
 */
export async function runMcp(proc: McpProcess): Promise<number> {
  try {
    const invocation = parseMcpArgs(proc.argv);
    if (invocation.kind === 'help') {
      writeText(proc.stdout, MCP_HELP);
      return 0;
    }
    const location = workspaceLocation(proc.cwd, invocation.workspace, proc.env);
    if (invocation.kind === 'print-config') {
      const program = proc.program ?? runningHookProgram(undefined, proc.env);
      const config = clientConfig(invocation.client, location.workspaceRoot, program);
      const warnings = programWarnings(program);
      if (invocation.json) {
        writeJson(proc.stdout, { mcp_config: { client: invocation.client, config: config.json, where: config.where, warnings } });
      } else {
        writeText(proc.stdout, JSON.stringify(config.json, null, 2));
        writeText(proc.stderr, `Put this in ${escapeUnsafe(config.where)}.`);
      }
      for (const warning of warnings) writeText(proc.stderr, `warning: ${escapeUnsafe(warning)}`);
      return 0;
    }
    const workspaceRoot = await requireWorkspace(location.workspaceRoot);
    const logger = stderrLogger(proc.stderr, invocation.debug || isTruthy(proc.env.AGENTS_DEBUG));
    const services = createWorkspaceServices({ workspaceRoot, databasePath: location.databasePath, wasmDir: proc.wasmDir, logger });
    const context: ToolContext = {
      workspace: async (folder) => {
        // One workspace here: a folder may name it (by path or name), never another.
        if (folder !== undefined && folder !== workspaceRoot && folder !== path.basename(workspaceRoot)) {
          throw new ValidationError(`folder "${folder}" is not this server's workspace (${workspaceRoot})`);
        }
        return services;
      },
      plan: async (planId) => ({ services, plan: await services.plans.getPlan(planId) }),
      rollback: (planId, checkpointId, _undo, agentOnly) => (agentOnly ? services.checkpoints.rollbackAgentOnly(planId, checkpointId) : services.checkpoints.rollbackToCheckpoint(planId, checkpointId)),
    };
    const server = createMcpServer({ tools: AGENT_TOOLS, context, version: proc.version, logger });
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const closed = new Promise<void>((resolve) => (server.onclose = resolve));
    await server.connect(new StdioServerTransport(proc.stdin as NodeJS.ReadStream, proc.stdout as NodeJS.WriteStream));
    // The client ends the session by closing our stdin.
    proc.stdin.once('end', () => void server.close());
    logger.info(`MCP server on ${workspaceRoot}`);
    await closed;
    services.dispose();
    return 0;
  } catch (error) {
    writeText(proc.stderr, `agents: ${escapeUnsafe(errorMessage(error))}`);
    if (error instanceof UsageError) writeText(proc.stderr, 'Run "agents mcp --help" for usage.');
    return error instanceof UsageError ? error.exitCode : 1;
  }
}

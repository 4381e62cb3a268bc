import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { isReadOnly, type AgentTool, type ToolContext } from '../agentTools/agentTool';
import { parseToolInput, toolJsonSchema } from '../agentTools/toolJsonSchema';
import { errorMessage } from '../envelopes/envelopes';
import type { Logger } from '../core/ports';

/** What the server says about itself when a client connects: how to use the tools together. */
export const SERVER_INSTRUCTIONS =
  'Checkpoints of the folders you work in, to roll back to. Work in a plan (list_plans, or create_plan). ' +
  'Around every step that writes files: create_checkpoint with type "pre_write" just before, and with type "post_step" just after. ' +
  'To take a step back: list_checkpoints, preview_rollback (tell the user what will change), rollback, and report the undo_checkpoint_id it returns; undo_rollback takes it back.';

export interface McpServerOptions {
  readonly tools: readonly AgentTool[];
  readonly context: ToolContext;
  readonly version: string;
  readonly logger: Logger;
}

/** A tool as MCP's tools/list describes it. */
export function mcpTool(tool: AgentTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.input, 'input'),
    outputSchema: toolJsonSchema(tool.output, 'output'),
    annotations: {
      title: tool.title,
      readOnlyHint: isReadOnly(tool),
      destructiveHint: tool.access === 'destroy',
      idempotentHint: isReadOnly(tool),
      openWorldHint: false,
    },
  };
}

/**
 * The MCP server of `agents mcp`, on the SDK's low-level `Server`: it lists the tools with the JSON
 * Schemas of their zod schemas, and checks every call's arguments itself, so that a bad argument is
 * the reference's `Validation Error: …` like everywhere else. Any failure of a tool is a tool
 * error (`isError`) with the message the CLI prints; the server carries on.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server({ name: 'cleveragents-checkpoints', title: 'CleverAgents Checkpoints', version: options.version }, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
  const listed = options.tools.map(mcpTool);
  const byName = new Map(options.tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) return toolError(`Not found: tool ${JSON.stringify(request.params.name.slice(0, 100))}; tools/list names them`);
    try {
      const answer = await tool.run(parseToolInput(tool, request.params.arguments), options.context);
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
    } catch (error) {
      const message = errorMessage(error);
      options.logger.debug(`${tool.name}: ${error instanceof Error ? (error.stack ?? message) : message}`);
      return toolError(message);
    }
  });
  return server;
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

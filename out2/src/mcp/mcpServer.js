"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SERVER_INSTRUCTIONS = void 0;
exports.mcpTool = mcpTool;
exports.createMcpServer = createMcpServer;
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const agentTool_1 = require("../agentTools/agentTool");
const toolJsonSchema_1 = require("../agentTools/toolJsonSchema");
const envelopes_1 = require("../envelopes/envelopes");
/** What the server says about itself when a client connects: how to use the tools together. */
exports.SERVER_INSTRUCTIONS = 'Checkpoints of the folders you work in, to roll back to. Work in a plan (list_plans, or create_plan). ' +
    'Around every step that writes files: create_checkpoint with type "pre_write" just before, and with type "post_step" just after. ' +
    'To take a step back: list_checkpoints, preview_rollback (tell the user what will change), rollback, and report the undo_checkpoint_id it returns; undo_rollback takes it back.';
/** A tool as MCP's tools/list describes it. */
function mcpTool(tool) {
    return {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: (0, toolJsonSchema_1.toolJsonSchema)(tool.input, 'input'),
        outputSchema: (0, toolJsonSchema_1.toolJsonSchema)(tool.output, 'output'),
        annotations: {
            title: tool.title,
            readOnlyHint: (0, agentTool_1.isReadOnly)(tool),
            destructiveHint: tool.access === 'destroy',
            idempotentHint: (0, agentTool_1.isReadOnly)(tool),
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
function createMcpServer(options) {
    const server = new index_js_1.Server({ name: 'cleveragents-checkpoints', title: 'CleverAgents Checkpoints', version: options.version }, { capabilities: { tools: {} }, instructions: exports.SERVER_INSTRUCTIONS });
    const listed = options.tools.map(mcpTool);
    const byName = new Map(options.tools.map((t) => [t.name, t]));
    server.setRequestHandler(types_js_1.ListToolsRequestSchema, () => ({ tools: listed }));
    server.setRequestHandler(types_js_1.CallToolRequestSchema, async (request) => {
        const tool = byName.get(request.params.name);
        if (!tool)
            return toolError(`Not found: tool ${JSON.stringify(request.params.name.slice(0, 100))}; tools/list names them`);
        try {
            const answer = await tool.run((0, toolJsonSchema_1.parseToolInput)(tool, request.params.arguments), options.context);
            return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
        }
        catch (error) {
            const message = (0, envelopes_1.errorMessage)(error);
            options.logger.debug(`${tool.name}: ${error instanceof Error ? (error.stack ?? message) : message}`);
            return toolError(message);
        }
    });
    return server;
}
function toolError(message) {
    return { content: [{ type: 'text', text: message }], isError: true };
}
//# sourceMappingURL=mcpServer.js.map
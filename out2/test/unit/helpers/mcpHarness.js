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
exports.startMcp = startMcp;
const assert = __importStar(require("node:assert/strict"));
const index_js_1 = require("@modelcontextprotocol/sdk/client/index.js");
const stdio_js_1 = require("@modelcontextprotocol/sdk/client/stdio.js");
const cliHarness_1 = require("./cliHarness");
/**
 * Starts `agents mcp --workspace DIR` as a child process (the built dist/cli.js under this node, or
 * `command` as given) and connects the SDK's own client to it over stdio.
 */
async function startMcp(workspace, options = {}) {
    const env = {};
    for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && !k.startsWith('GIT_') && !k.startsWith('AGENTS_'))
            env[k] = v;
    const transport = new stdio_js_1.StdioClientTransport({
        command: options.command ?? process.execPath,
        args: options.args ?? [cliHarness_1.CLI_PATH, 'mcp', '--workspace', workspace],
        cwd: workspace,
        env: { ...env, ...options.env },
        stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += d.toString()));
    const transportErrors = [];
    const client = new index_js_1.Client({ name: 'checkpoints-test', version: '1.0.0' });
    client.onerror = (error) => transportErrors.push(error);
    await client.connect(transport);
    const call = async (name, args = {}) => (await client.callTool({ name, arguments: args }));
    const textOf = (r) => r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
    return {
        client,
        call,
        async ok(name, args = {}) {
            const r = await call(name, args);
            assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
            assert.ok(r.structuredContent, `${name} gave no structuredContent`);
            assert.ok(textOf(r).length > 0, `${name} gave no text`);
            return r.structuredContent;
        },
        async fails(name, args = {}) {
            const r = await call(name, args);
            assert.equal(r.isError, true, `${name} succeeded: ${JSON.stringify(r.structuredContent)}`);
            return textOf(r);
        },
        stderr: () => stderr,
        transportErrors,
        close: () => client.close(),
    };
}
//# sourceMappingURL=mcpHarness.js.map
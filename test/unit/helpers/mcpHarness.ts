import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH } from './cliHarness';

export interface McpSession {
  readonly client: Client;
  /** Calls a tool; the result as the SDK's client returns it (checked against the output schema). */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool that must succeed; its structured content. */
  ok<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** Calls a tool that must fail; its message. */
  fails(name: string, args?: Record<string, unknown>): Promise<string>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Errors the client's transport saw: a line on stdout that was not protocol would be one. */
  readonly transportErrors: Error[];
  close(): Promise<void>;
}

/**
 * Starts `agents mcp --workspace DIR` as a child process (the built dist/cli.js under this node, or
 * `command` as given) and connects the SDK's own client to it over stdio.
 */
export async function startMcp(workspace: string, options: { command?: string; args?: string[]; env?: Record<string, string> } = {}): Promise<McpSession> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GIT_') && !k.startsWith('AGENTS_')) env[k] = v;
  const transport = new StdioClientTransport({
    command: options.command ?? process.execPath,
    args: options.args ?? [CLI_PATH, 'mcp', '--workspace', workspace],
    cwd: workspace,
    env: { ...env, ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const transportErrors: Error[] = [];
  const client = new Client({ name: 'checkpoints-test', version: '1.0.0' });
  client.onerror = (error) => transportErrors.push(error);
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
  return {
    client,
    call,
    async ok<T>(name: string, args: Record<string, unknown> = {}) {
      const r = await call(name, args);
      assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
      assert.ok(r.structuredContent, `${name} gave no structuredContent`);
      assert.ok(textOf(r).length > 0, `${name} gave no text`);
      return r.structuredContent as T;
    },
    async fails(name: string, args: Record<string, unknown> = {}) {
      const r = await call(name, args);
      assert.equal(r.isError, true, `${name} succeeded: ${JSON.stringify(r.structuredContent)}`);
      return textOf(r);
    },
    stderr: () => stderr,
    transportErrors,
    close: () => client.close(),
  };
}

// `agents mcp --print-config CLIENT`: the snippet that registers this server with an MCP client.
// Each client keeps its servers in its own file and shape; the snippet goes to stdout (pipe it
// into the file), where it belongs goes to stderr.

export const MCP_CLIENTS = ['vscode', 'claude-code', 'cline', 'cursor'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export const SERVER_NAME = 'cleveragents-checkpoints';

export interface ClientConfig {
  /** The JSON document (or the part of it) to put in the client's file. */
  readonly json: Record<string, unknown>;
  /** Where it goes, for a person. */
  readonly where: string;
}

/**
 * The configuration for `client`; `workspace` is the absolute folder for the clients whose files
 * cannot name the folder they are opened on (VS Code and Cursor say `${workspaceFolder}`).
 */
export function clientConfig(client: McpClient, workspace: string): ClientConfig {
  const server = (folder: string) => ({ command: 'agents', args: ['mcp', '--workspace', folder] });
  switch (client) {
    case 'vscode':
      return { json: { servers: { [SERVER_NAME]: { type: 'stdio', ...server('${workspaceFolder}') } } }, where: '.vscode/mcp.json in the workspace folder' };
    case 'cursor':
      return { json: { mcpServers: { [SERVER_NAME]: server('${workspaceFolder}') } }, where: '.cursor/mcp.json in the workspace folder' };
    case 'claude-code':
      return {
        json: { mcpServers: { [SERVER_NAME]: { type: 'stdio', ...server(workspace) } } },
        where: `.mcp.json in the project folder, or run: claude mcp add ${SERVER_NAME} -- agents mcp --workspace ${JSON.stringify(workspace)}`,
      };
    case 'cline':
      return {
        json: { mcpServers: { [SERVER_NAME]: { ...server(workspace), disabled: false, autoApprove: [] } } },
        where: 'cline_mcp_settings.json (Cline: MCP Servers, Configure MCP Servers), merged into its mcpServers',
      };
  }
}

"use strict";
// `agents mcp --print-config CLIENT`: the snippet that registers this server with an MCP client.
// Each client keeps its servers in its own file and shape; the snippet goes to stdout (pipe it
// into the file), where it belongs goes to stderr.
//
// The client starts the server itself, with its own PATH: a client started from a dock or a menu
// (Claude Desktop, Cursor, VS Code on macOS) often has no `agents`, nor the `node` that runs it, on
// it. So the command names this CLI's runtime and dist/cli.js by absolute path, as the hook
// installer does, with ELECTRON_RUN_AS_NODE=1 in the server's environment when the runtime is VS
// Code's Electron (the `agents` of VS Code's integrated terminal), which otherwise opens a window.
Object.defineProperty(exports, "__esModule", { value: true });
exports.SERVER_NAME = exports.MCP_CLIENTS = void 0;
exports.serverCommand = serverCommand;
exports.clientConfig = clientConfig;
exports.MCP_CLIENTS = ['vscode', 'claude-code', 'cline', 'cursor'];
exports.SERVER_NAME = 'cleveragents-checkpoints';
/** The server's command, arguments and environment, as every client's file spells them. */
function serverCommand(program, folder) {
    return { command: program.node, args: [program.cli, 'mcp', '--workspace', folder], ...(program.electron ? { env: { ELECTRON_RUN_AS_NODE: '1' } } : {}) };
}
/** A word for a POSIX shell: single quotes, a quote inside closed, escaped and reopened. */
function shellWord(text) {
    return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
/**
 * The configuration for `client`, starting `program`; `workspace` is the absolute folder for the
 * clients whose files cannot name the folder they are opened on (VS Code and Cursor say
 * `${workspaceFolder}`).
 */
function clientConfig(client, workspace, program) {
    const server = (folder) => serverCommand(program, folder);
    switch (client) {
        case 'vscode':
            return { json: { servers: { [exports.SERVER_NAME]: { type: 'stdio', ...server('${workspaceFolder}') } } }, where: '.vscode/mcp.json in the workspace folder' };
        case 'cursor':
            return { json: { mcpServers: { [exports.SERVER_NAME]: server('${workspaceFolder}') } }, where: '.cursor/mcp.json in the workspace folder' };
        case 'claude-code': {
            const { command, args } = server(workspace);
            const env = program.electron ? '-e ELECTRON_RUN_AS_NODE=1 ' : '';
            return {
                json: { mcpServers: { [exports.SERVER_NAME]: { type: 'stdio', ...server(workspace) } } },
                where: `.mcp.json in the project folder, or run: claude mcp add ${env}${exports.SERVER_NAME} -- ${[command, ...args].map(shellWord).join(' ')}`,
            };
        }
        case 'cline':
            return {
                json: { mcpServers: { [exports.SERVER_NAME]: { ...server(workspace), disabled: false, autoApprove: [] } } },
                where: 'cline_mcp_settings.json (Cline: MCP Servers, Configure MCP Servers), merged into its mcpServers',
            };
    }
}
//# sourceMappingURL=clientConfigs.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CliEnvironment = void 0;
/**
 * The environment variables the `agents` command line and its launchers (bin/) read; the extension
 * sets them in VS Code's integrated terminals.
 */
exports.CliEnvironment = {
    /** The workspace folder when `--workspace` is not given (absolute path). */
    workspace: 'AGENTS_WORKSPACE',
    /** The database relative to the workspace folder, as the extension's `database.path` setting. */
    database: 'AGENTS_DATABASE',
    /** The program the launchers run the CLI with (with ELECTRON_RUN_AS_NODE=1); unset: `node`. */
    runtime: 'AGENTS_RUNTIME',
    /** The extension's stable shim (hooks/install/stableCli.ts): what hook and MCP commands name instead of the versioned dist/cli.js. */
    stableCli: 'AGENTS_STABLE_CLI',
};
//# sourceMappingURL=cliEnvironment.js.map
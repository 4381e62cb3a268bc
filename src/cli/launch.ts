import { isForwardedPlanCommand } from '../daemonClient/protocol';
import { commandWords } from '../daemonClient/commandWords';
import { writeText } from './terminalOutput';

// `dist/cli.js`, the `agents` command: it answers a bare `--version` without loading the rest of the
// CLI (the bundle's modules build their schemas as they load, which costs more than node's own
// start), hands `agents mcp` to `dist/agentsMcp.js` (the MCP server: its SDK is loaded for that
// command alone), `agents hook` to `dist/agentsHook.js` (the agents' hooks: the call an agent waits
// on loads as little as it can), and everything else to `dist/cliMain.js`.

/** The package's version, written in at build time (esbuild's `define`). */
declare const AGENTS_VERSION: string;

const args = process.argv.slice(2);
// the command's words, global options before them skipped (`agents --format json hook status`)
const [group, command] = commandWords(args, 2).words;
if (args.length === 1 && args[0] === '--version' && typeof AGENTS_VERSION === 'string') writeText(process.stdout, AGENTS_VERSION);
// eslint-disable-next-line @typescript-eslint/no-require-imports
else if (args[0] === 'mcp') require('./agentsMcp.js');
// `hook install|uninstall|status` (with a JSON-with-comments parser and a differ) stay out of the
// bundle that every hooked tool call loads; so do `hook --help` and a bare `hook`, which print its usage.
// eslint-disable-next-line @typescript-eslint/no-require-imports
else if (group === 'hook' && (command === undefined || ['install', 'uninstall', 'status', 'help'].includes(command))) require('./agentsHookAdmin.js');
// `hook run`, the `plan` commands a resident process serves, and `daemon status|stop`: the client,
// which asks the workspace's resident process and else loads agentsHook.js or cliMain.js itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
else if (args[0] === 'hook' || group === 'daemon' || isForwardedPlanCommand(args)) require('./agentsClient.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
else require('./cliMain.js');

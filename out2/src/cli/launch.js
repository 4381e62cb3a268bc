"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const protocol_1 = require("../daemon/protocol");
const commandWords_1 = require("./commandWords");
const terminalOutput_1 = require("./terminalOutput");
const args = process.argv.slice(2);
// the command's words, global options before them skipped (`agents --format json hook status`)
const [group, command] = (0, commandWords_1.commandWords)(args, 2).words;
if (args.length === 1 && args[0] === '--version' && typeof AGENTS_VERSION === 'string')
    (0, terminalOutput_1.writeText)(process.stdout, AGENTS_VERSION);
// eslint-disable-next-line @typescript-eslint/no-require-imports
else if (args[0] === 'mcp')
    require('./agentsMcp.js');
// `hook install|uninstall|status` (with a JSON-with-comments parser and a differ) stay out of the
// bundle that every hooked tool call loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
else if (group === 'hook' && ['install', 'uninstall', 'status'].includes(command ?? ''))
    require('./agentsHookAdmin.js');
// `hook run`, the `plan` commands a resident process serves, and `daemon status|stop`: the client,
// which asks the workspace's resident process and else loads agentsHook.js or cliMain.js itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
else if (args[0] === 'hook' || group === 'daemon' || (0, protocol_1.isForwardedPlanCommand)(args))
    require('./agentsClient.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
else
    require('./cliMain.js');
//# sourceMappingURL=launch.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
// First: its module marks when this bundle starts to run (AGENTS_HOOK_TIMINGS=1 only).
const hookTimings_1 = require("./hookTimings");
const node_v8_1 = require("node:v8");
const hookAgents_1 = require("./hookAgents");
const hookRun_1 = require("./hookRun");
const loadHookStore_1 = require("./loadHookStore");
const processExit_1 = require("../daemon/processExit");
const logWrites_1 = require("./logWrites");
// `dist/agentsHook.js`: `agents hook …`, loaded by the launcher (cli/launch.ts) for that command
// alone. `hook run <agent>` sits in the agent's way on every tool call, so it loads little: zod,
// the event schemas and the file helpers; sql.js and git only when a checkpoint is due.
//   agents hook run <agent>               what the agents' configurations call (stdin: the event)
//   (agents hook install|uninstall|status: dist/agentsHookAdmin.js, src/hooks/install/)
//   agents hook checkpoint-job            a plan's first snapshot, in the background (internal; the job on stdin)
// As in cli/main.ts: a few SQLite statements do not repay V8's optimizing tier for sql.js's wasm.
(0, node_v8_1.setFlagsFromString)('--liftoff-only');
const argv = process.argv.slice(3);
(0, hookTimings_1.hookPhase)('hook bundle loaded');
function usage(message) {
    process.stderr.write(`agents: ${message}\nUsage: agents hook run <${hookAgents_1.HOOK_AGENTS.join('|')}>\n       agents hook install|uninstall|status …\n`);
    process.exitCode = 2;
}
async function main() {
    const [command, agent] = argv;
    if (command === 'run') {
        if (agent === undefined || !(0, hookAgents_1.isHookAgent)(agent) || argv.length > 2)
            return usage(`"hook run" takes one agent: ${hookAgents_1.HOOK_AGENTS.join(', ')}`);
        const result = await (0, hookRun_1.runHook)(agent, { cwd: process.cwd(), env: process.env, stdin: process.stdin, wasmDir: __dirname });
        // Exit once the answer is written: a checkpoint abandoned at the time budget must not keep
        // the agent waiting for this process (a background first snapshot is a process of its own).
        process.stdout.write(result.stdout, () => {
            (0, hookTimings_1.writeHookTimings)();
            (0, processExit_1.exitProcess)(0, processExit_1.HOOK_EXIT_GRACE_MS, logWrites_1.logWritesUnderWay);
        });
        return;
    }
    if (command === 'checkpoint-job') {
        (0, processExit_1.exitProcess)(await (0, loadHookStore_1.loadHookStore)().checkpointJobCommand(argv.slice(1), process.stdin, __dirname), processExit_1.HOOK_EXIT_GRACE_MS, logWrites_1.logWritesUnderWay);
        return;
    }
    return usage(command === undefined ? 'missing command after "hook"' : `unknown command "hook ${command}"`);
}
// A reader that went away is not an error of ours; and nothing may reach the agent as a stack trace.
process.stdout.on('error', () => process.exit(0));
main().catch(() => {
    process.exitCode = argv[0] === 'run' ? 0 : 1;
});
//# sourceMappingURL=main.js.map
// First: its module marks when this bundle starts to run (AGENTS_HOOK_TIMINGS=1 only).
import { hookPhase, writeHookTimings } from './hookTimings';
import { setFlagsFromString } from 'node:v8';
import { HOOK_AGENTS, isHookAgent } from '../daemonClient/hookAgents';
import { runHook } from './hookRun';
import { loadHookStore } from './loadHookStore';
import { HOOK_EXIT_GRACE_MS, exitProcess, hookExitGraceMs } from '../daemonClient/processExit';
import { logWritesUnderWay } from './logWrites';

// `dist/agentsHook.js`: `agents hook …`, loaded by the launcher (cli/launch.ts) for that command
// alone. `hook run <agent>` sits in the agent's way on every tool call, so it loads little: zod,
// the event schemas and the file helpers; sql.js and git only when a checkpoint is due.
//   agents hook run <agent>               what the agents' configurations call (stdin: the event)
//   (agents hook install|uninstall|status: dist/agentsHookAdmin.js, src/hooks/install/)
//   agents hook checkpoint-job            a plan's first snapshot, in the background (internal; the job on stdin)
//   agents hook index-job                 the workspace's index brought up to date (internal; see workspaceIndexJob.ts)
//   agents hook remote-push-job           a session's plan pushed at its end (internal; see sessionEndPush.ts)

// As in cli/main.ts: a few SQLite statements do not repay V8's optimizing tier for sql.js's wasm.
setFlagsFromString('--liftoff-only');

const argv = process.argv.slice(3);
hookPhase('hook bundle loaded');

function usage(message: string): void {
  process.stderr.write(`agents: ${message}\nUsage: agents hook run <${HOOK_AGENTS.join('|')}>\n       agents hook install|uninstall|status …\n`);
  process.exitCode = 2;
}

async function main(): Promise<void> {
  const [command, agent] = argv;
  if (command === 'run') {
    if (agent === undefined || !isHookAgent(agent) || argv.length > 2) return usage(`"hook run" takes one agent: ${HOOK_AGENTS.join(', ')}`);
    const result = await runHook(agent, { cwd: process.cwd(), env: process.env, stdin: process.stdin, wasmDir: __dirname });
    // Exit once the answer is written: a checkpoint abandoned at the time budget must not keep
    // the agent waiting for this process (a background first snapshot is a process of its own).
    process.stdout.write(result.stdout, () => {
      writeHookTimings();
      exitProcess(0, hookExitGraceMs(agent), logWritesUnderWay);
    });
    return;
  }
  if (command === 'index-job') {
    exitProcess(await loadHookStore().indexJobCommand(argv.slice(1), process.stdin, __dirname), HOOK_EXIT_GRACE_MS, logWritesUnderWay);
    return;
  }
  if (command === 'remote-push-job') {
    exitProcess(await loadHookStore().remotePushJobCommand(argv.slice(1), process.stdin, __dirname), HOOK_EXIT_GRACE_MS, logWritesUnderWay);
    return;
  }
  if (command === 'checkpoint-job') {
    exitProcess(await loadHookStore().checkpointJobCommand(argv.slice(1), process.stdin, __dirname), HOOK_EXIT_GRACE_MS, logWritesUnderWay);
    return;
  }
  return usage(command === undefined ? 'missing command after "hook"' : `unknown command "hook ${command}"`);
}

// A reader that went away is not an error of ours; and nothing may reach the agent as a stack trace.
process.stdout.on('error', () => process.exit(0));
main().catch(() => {
  process.exitCode = argv[0] === 'run' ? 0 : 1;
});

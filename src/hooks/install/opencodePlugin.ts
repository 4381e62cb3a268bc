import { OPENCODE_WRITING_TOOLS } from '../events/opencode';
import { bashCommand, isOurCommand, type HookProgram } from './hookCommandLine';

// OpenCode runs no hook commands: it loads plugins, ES modules in a `plugins/` (or `plugin/`)
// folder of `.opencode/` or of `~/.config/opencode/`, each export a function that returns the
// handlers it awaits (https://opencode.ai/docs/plugins; its 1.18.33 binary globs
// `{plugin,plugins}/*.{ts,js}` there and calls every exported function of a module without a
// default export). So `agents hook install opencode` writes a plugin of its own: a file this
// installer owns whole, recognised by its first line and the command it names, which hands each
// prompt and each writing tool call to `hook run opencode` as JSON on stdin (events/opencode.ts)
// and awaits it before OpenCode goes on.
//
// A failed call: OpenCode's shell tool (`bash`) returns, rather than throws, when its command
// exits non-zero, with the exit code in `output.metadata.exit` (the 1.18.33 binary's
// ShellTool.run: `metadata: {output, exit, truncated}`, `exit` null when the command was killed at
// its timeout or aborted). The plugin hands that number on as `exit`; events/opencode.ts marks the
// post_step failed by it. A file tool that fails throws instead (an `edit` whose oldString is not
// in the file, seen with 1.18.33), and a tool that throws fires no `tool.execute.after` at all:
// there is no post_step to mark, and the edit changed nothing.
//
// A session's end: OpenCode's events for a session (`session.idle`, `session.status`) come after
// every answer, and `session.deleted` only when a person deletes it; nothing says "this session is
// over". What does come once is the plugin's `dispose`, which OpenCode awaits when it closes its
// instance for the folder (the 1.18.33 binary: `N.dispose?.()` in the plugin scope's finalizer; it
// runs at the end of `opencode run` and when the TUI or server quits). So the plugin remembers the
// sessions it saw a prompt or a writing call of, and hands `dispose` to `hook run` once for each.
// That call takes no checkpoint; it only starts the push at a session's end when the user's remote
// settings ask for one (docs/REMOTES.md).

/** The plugin's first line: marks the file as this installer's. */
export const OPENCODE_PLUGIN_MARK = '// cleveragents-checkpoints: written by `agents hook install opencode`; `agents hook uninstall opencode` removes it';

/** The line naming the command, as a shell would run it: `hook status` reads the program from it. */
const COMMAND_PREFIX = '// command: ';

/** How long the plugin waits for the command (ms); `hook run` ends within its own 10 s budget. */
export const OPENCODE_PLUGIN_WAIT_MS = 30_000;

/**
 * The plugin's text for `program`. Plain JavaScript that Bun (OpenCode's runtime) and Node.js both
 * load, importing nothing but node:child_process. It never throws into OpenCode and never changes
 * a tool's arguments: whatever the command does (missing, failing, hanging past the wait), the
 * handler resolves and the tool runs.
 */
export function opencodePluginText(program: HookProgram): string {
  const env: Record<string, string> = {};
  if (program.electron) env.ELECTRON_RUN_AS_NODE = '1';
  if (program.noDaemon) env.CLEVERAGENTS_NO_DAEMON = '1';
  return `${[
    OPENCODE_PLUGIN_MARK,
    `${COMMAND_PREFIX}${bashCommand(program, 'opencode')}`,
    '// CleverAgents Checkpoints: a checkpoint before each prompt and around each tool call that can write;',
    '// at the end, each session seen is handed over once more (a push to a remote, if one is set up).',
    '// It waits for the command, ignores its output and never throws: OpenCode goes on whatever happens.',
    'import { spawn } from "node:child_process";',
    '',
    `const PROGRAM = ${JSON.stringify(program.node)};`,
    `const ARGS = [${JSON.stringify(program.cli)}, "hook", "run", "opencode"];`,
    `const ENV = ${JSON.stringify(env)};`,
    `const WRITING_TOOLS = new Set(${JSON.stringify([...OPENCODE_WRITING_TOOLS])});`,
    `const WAIT_MS = ${OPENCODE_PLUGIN_WAIT_MS};`,
    '',
    'function run(directory, event) {',
    '  return new Promise((resolve) => {',
    '    let timer;',
    '    const done = () => { clearTimeout(timer); resolve(); };',
    '    try {',
    '      const input = JSON.stringify({ ...event, directory });',
    '      const child = spawn(PROGRAM, ARGS, { cwd: directory, env: { ...process.env, ...ENV }, stdio: ["pipe", "ignore", "ignore"] });',
    '      timer = setTimeout(() => { try { child.kill(); } catch {} done(); }, WAIT_MS);',
    '      child.on("error", done);',
    '      child.on("close", done);',
    '      child.stdin.on("error", () => {});',
    '      child.stdin.end(input);',
    '    } catch {',
    '      done();',
    '    }',
    '  });',
    '}',
    '',
    'function promptOf(parts) {',
    '  if (!Array.isArray(parts)) return undefined;',
    '  const text = parts.filter((p) => p && p.type === "text" && !p.synthetic && typeof p.text === "string").map((p) => p.text).join("\\n");',
    '  return text === "" ? undefined : text;',
    '}',
    '',
    '// a shell\'s exit code (its bash tool\'s metadata.exit; null when it was killed or aborted): nothing else',
    'function exitOf(output) {',
    '  const exit = output?.metadata?.exit;',
    '  return Number.isInteger(exit) ? exit : undefined;',
    '}',
    '',
    'export const CleverAgentsCheckpoints = async ({ directory } = {}) => {',
    '  // the sessions this instance saw a prompt or a writing call of: ended at its dispose',
    '  const sessions = new Set();',
    '  const seen = (id) => { if (typeof id === "string" && id !== "") sessions.add(id); };',
    '  return {',
    '    "chat.message": async (input, output) => {',
    '      seen(input?.sessionID);',
    '      try { await run(directory, { hook_event_name: "chat.message", session_id: input?.sessionID, prompt: promptOf(output?.parts) }); } catch {}',
    '    },',
    '    "tool.execute.before": async (input, output) => {',
    '      if (!WRITING_TOOLS.has(input?.tool)) return;',
    '      seen(input?.sessionID);',
    '      try { await run(directory, { hook_event_name: "tool.execute.before", session_id: input?.sessionID, tool: input?.tool, call_id: input?.callID, args: output?.args }); } catch {}',
    '    },',
    '    "tool.execute.after": async (input, output) => {',
    '      if (!WRITING_TOOLS.has(input?.tool)) return;',
    '      try { await run(directory, { hook_event_name: "tool.execute.after", session_id: input?.sessionID, tool: input?.tool, call_id: input?.callID, args: input?.args, exit: exitOf(output) }); } catch {}',
    '    },',
    '    "dispose": async () => {',
    '      const ended = [...sessions];',
    '      sessions.clear();',
    '      try { await Promise.all(ended.map((id) => run(directory, { hook_event_name: "dispose", session_id: id }))); } catch {}',
    '    },',
    '  };',
    '};',
  ].join('\n')}\n`;
}

/** Whether a plugin file is one this installer wrote: our first line and our command. */
export function isOurOpenCodePlugin(text: string): boolean {
  const lines = text.split(/\r?\n/);
  return lines[0] === OPENCODE_PLUGIN_MARK && lines.some((line) => line.startsWith(COMMAND_PREFIX) && isOurCommand(line, 'opencode'));
}

/** The command line our plugin names (for `hook status`), or undefined. */
export function opencodePluginCommand(text: string): string | undefined {
  const line = text.split(/\r?\n/).find((l) => l.startsWith(COMMAND_PREFIX));
  return line?.slice(COMMAND_PREFIX.length);
}

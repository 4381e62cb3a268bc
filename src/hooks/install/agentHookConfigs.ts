import type { HookAgent } from '../../daemonClient/hookAgents';
import { bashCommand, powershellCommand, shellExecLine, type HookProgram } from './hookCommandLine';
import { isOurOpenCodePlugin, opencodePluginCommand, opencodePluginText } from './opencodePlugin';

// Where each agent reads its hooks and what this installer writes there. Every layout follows the
// agent's own documentation, cited next to it (read 2026-12; where sources disagreed, the newest).
// The events are the ones `agents hook run` answers: a prompt (one checkpoint per prompt) and the
// calls before and after a tool that can write; read-only tools are matched out where the agent
// offers a matcher, so they start no process. Each agent's session end is installed too: it takes
// no checkpoint, and only starts the push at a session's end when the user's remote settings ask
// for one (docs/REMOTES.md); otherwise it reads that settings file and returns.

/** Project scope: the workspace folder. User scope: the user's home folder. */
export type HookScope = 'project' | 'user';

/** One entry of ours under one event. */
export interface HookEntry {
  readonly event: string;
  readonly entry: Readonly<Record<string, unknown>>;
}

/** An agent whose hooks live in a JSON file, as `hooks: {<event>: [...]}`. */
export interface JsonHookConfig {
  readonly kind: 'json';
  readonly agent: HookAgent;
  /** The file, relative to the workspace (project) or the home folder (user), with `/` separators. */
  file(scope: HookScope): string;
  /** Whether the agent itself reads the file with comments allowed (then they are kept). */
  readonly allowComments: boolean;
  /** What a file this installer creates holds besides `hooks`. */
  readonly skeleton: Readonly<Record<string, unknown>>;
  /**
   * `grouped`: an event lists `{matcher, hooks: [{type, command, ...}]}` groups (Claude Code,
   * Gemini CLI); `flat`: it lists the hooks themselves (Copilot, Cursor).
   */
  readonly shape: 'grouped' | 'flat';
  entries(program: HookProgram): readonly HookEntry[];
  /**
   * Files where earlier versions of this installer put the same hooks (relative as `file`): install
   * moves ours out of them, status and uninstall look in them too.
   */
  formerFiles?(scope: HookScope): readonly string[];
}

/** An agent whose hooks are executables named after the events, in one folder (Cline). */
export interface ScriptHookConfig {
  readonly kind: 'scripts';
  readonly agent: HookAgent;
  folder(scope: HookScope): string;
  readonly events: readonly string[];
  /**
   * Events of `events` that serve only the push at a session's end: a script of the user's own
   * under one is left as it is (install says so) where a checkpoint event's would be refused.
   */
  readonly optionalEvents: readonly string[];
  script(program: HookProgram): string;
}

/** An agent that loads a plugin module instead of running hook commands (OpenCode): one file of ours. */
export interface PluginHookConfig {
  readonly kind: 'plugin';
  readonly agent: HookAgent;
  /** The plugin file, relative to the workspace (project) or the home folder (user). */
  file(scope: HookScope): string;
  /** The agent's events the plugin handles (for the messages and status). */
  readonly events: readonly string[];
  text(program: HookProgram): string;
  isOurs(text: string): boolean;
  /** The command line the plugin names, for status. */
  commandOf(text: string): string | undefined;
}

export type AgentHookConfig = JsonHookConfig | ScriptHookConfig | PluginHookConfig;

/** Seconds an agent waits for one hook before it gives up on it; `hook run` finishes well inside. */
const HOOK_TIMEOUT_SECONDS = 30;

/**
 * GitHub Copilot: any `*.json` in `.github/hooks/` (the cloud agent, the Copilot CLI and VS Code's
 * agent hooks read it), `{"version": 1, "hooks": {...}}`, each hook a `bash` and a `powershell`
 * command with `timeoutSec`; the Copilot CLI also loads `~/.copilot/hooks/*.json`. No matcher is
 * documented, so `hook run` skips read-only tools itself. `sessionEnd` fires when the session
 * terminates (its payload: sessionId, timestamp, cwd, reason), once, not per turn (that is
 * `agentStop`).
 * https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference
 * https://docs.github.com/en/copilot/how-tos/use-copilot-agents/cloud-agent/use-hooks
 * https://code.visualstudio.com/docs/agent-customization/hooks
 */
export const COPILOT_HOOKS: JsonHookConfig = {
  kind: 'json',
  agent: 'copilot',
  file: (scope) => (scope === 'project' ? '.github/hooks/cleveragents-checkpoints.json' : '.copilot/hooks/cleveragents-checkpoints.json'),
  allowComments: false,
  skeleton: { version: 1 },
  shape: 'flat',
  entries: (program) =>
    ['userPromptSubmitted', 'preToolUse', 'postToolUse', 'sessionEnd'].map((event) => ({
      event,
      entry: { type: 'command', bash: bashCommand(program, 'copilot'), powershell: powershellCommand(program, 'copilot'), timeoutSec: HOOK_TIMEOUT_SECONDS },
    })),
};

/** The Claude Code tools that write files or run commands; the read-only ones (Read, Grep, Glob...) are left out. */
export const CLAUDE_WRITING_TOOLS = 'Write|Edit|MultiEdit|NotebookEdit|Bash';

/**
 * Claude Code: `.claude/settings.local.json` (project, personal: Claude Code keeps it out of git)
 * or `~/.claude/settings.json` (user), strict JSON; `hooks.<Event>` lists `{matcher, hooks:
 * [{type: "command", command, timeout}]}`, the matcher a regex over tool names, the timeout in
 * seconds; UserPromptSubmit and SessionStart take no matcher. The command names this machine's
 * node and cli.js, so it never goes into the shared `.claude/settings.json` (that a team commits):
 * hooks an earlier version put there are moved out by install, and found there by status and
 * uninstall. PostToolUseFailure and the events not installed (PostToolBatch): claudeCode.ts.
 * https://code.claude.com/docs/en/hooks
 * https://code.claude.com/docs/en/settings ("Settings files": settings.local.json is personal)
 */
export const CLAUDE_CODE_HOOKS: JsonHookConfig = {
  kind: 'json',
  agent: 'claude-code',
  file: (scope) => (scope === 'project' ? '.claude/settings.local.json' : '.claude/settings.json'),
  formerFiles: (scope) => (scope === 'project' ? ['.claude/settings.json'] : []),
  allowComments: false,
  skeleton: {},
  shape: 'grouped',
  entries: (program) => {
    const hook = { type: 'command', command: bashCommand(program, 'claude-code'), timeout: HOOK_TIMEOUT_SECONDS };
    return [
      { event: 'PreToolUse', entry: { matcher: CLAUDE_WRITING_TOOLS, hooks: [hook] } },
      { event: 'PostToolUse', entry: { matcher: CLAUDE_WRITING_TOOLS, hooks: [hook] } },
      // fired instead of PostToolUse when the call fails: its post_step must still be taken
      { event: 'PostToolUseFailure', entry: { matcher: CLAUDE_WRITING_TOOLS, hooks: [hook] } },
      { event: 'UserPromptSubmit', entry: { hooks: [hook] } },
      // the session's baseline, before the agent can write
      { event: 'SessionStart', entry: { hooks: [hook] } },
      // no checkpoint: the push at a session's end, when the remote settings ask for one (docs/REMOTES.md)
      { event: 'SessionEnd', entry: { hooks: [hook] } },
    ];
  },
};

/**
 * Cursor: `.cursor/hooks.json` (project) or `~/.cursor/hooks.json` (user), `{"version": 1,
 * "hooks": {<event>: [{command}]}}`. beforeSubmitPrompt (the prompt), beforeShellExecution and
 * afterShellExecution (around a terminal command), afterFileEdit (after an edit: Cursor documents
 * no event before one, so the prompt's checkpoint is what an edit is restored to). Newer builds
 * list tool-level preToolUse/postToolUse, but without documented tool names for a matcher they
 * would start a process for every read as well, so they are not installed. `sessionEnd` (the
 * session lifecycle events of the current list) fires once when the agent's session ends, not
 * after each answer (that is `stop`). Cursor cannot run in the contract suite; builds from before
 * the session events were reported to refuse `sessionStart` as an unknown hook type
 * (forum.cursor.com/t/149566), which docs/REMOTES.md tells such a user how to undo.
 * https://cursor.com/docs/agent/hooks
 * https://cursor.com/docs/hooks (the current event list: sessionStart, sessionEnd, …)
 * https://cupcake.eqtylab.io/reference/harnesses/cursor (event and field list, Cursor 2.x)
 */
export const CURSOR_HOOKS: JsonHookConfig = {
  kind: 'json',
  agent: 'cursor',
  file: () => '.cursor/hooks.json',
  allowComments: false,
  skeleton: { version: 1 },
  shape: 'flat',
  entries: (program) => ['beforeSubmitPrompt', 'beforeShellExecution', 'afterShellExecution', 'afterFileEdit', 'sessionEnd'].map((event) => ({ event, entry: { command: bashCommand(program, 'cursor') } })),
};

/** Gemini CLI's tools that write files or run commands, anchored so an MCP tool named `mcp__x__replace_all` is not caught. */
export const GEMINI_WRITING_TOOLS = '^(write_file|replace|run_shell_command)$';

/**
 * Gemini CLI: `.gemini/settings.json` (project; read only in a trusted folder) or
 * `~/.gemini/settings.json` (user); `hooks.<Event>` lists `{matcher, hooks: [{type: "command",
 * command, name, timeout}]}`, the matcher a regex over tool names, the timeout in milliseconds.
 * BeforeAgent fires after a prompt is submitted. Hooks are on by default since v0.27
 * (`hooksConfig.enabled` defaults to true): a file that sets it to false is reported, not
 * overridden. Settings files may hold comments (Gemini strips them before parsing): they are kept.
 * SessionEnd fires when the session ends (exit, or /clear), headless runs included: Gemini CLI
 * 0.61.0 fires it from its exit cleanup (bundle: `registerCleanup(… fireSessionEndEvent("exit"))`).
 * https://geminicli.com/docs/hooks/reference
 * https://geminicli.com/docs/hooks
 * https://geminicli.com/docs/reference/configuration
 */
export const GEMINI_HOOKS: JsonHookConfig = {
  kind: 'json',
  agent: 'gemini',
  file: () => '.gemini/settings.json',
  allowComments: true,
  skeleton: {},
  shape: 'grouped',
  entries: (program) => {
    const hook = { type: 'command', command: bashCommand(program, 'gemini'), name: 'cleveragents-checkpoints', timeout: HOOK_TIMEOUT_SECONDS * 1000 };
    return [
      { event: 'BeforeTool', entry: { matcher: GEMINI_WRITING_TOOLS, hooks: [hook] } },
      { event: 'AfterTool', entry: { matcher: GEMINI_WRITING_TOOLS, hooks: [hook] } },
      { event: 'BeforeAgent', entry: { hooks: [hook] } },
      // the session's baseline, before the agent can write (startup, resume, clear)
      { event: 'SessionStart', entry: { hooks: [hook] } },
      // no checkpoint: the push at a session's end, when the remote settings ask for one (docs/REMOTES.md)
      { event: 'SessionEnd', entry: { hooks: [hook] } },
    ];
  },
};

/** The line that marks a Cline hook script as this installer's. */
export const CLINE_SCRIPT_MARK = '# cleveragents-checkpoints: written by `agents hook install cline`; `agents hook uninstall cline` removes it';

/**
 * Cline: an executable per event, named exactly after it with no extension, in `.clinerules/hooks/`
 * (project) or `~/Documents/Cline/Hooks/` (user); JSON on stdin, `{"cancel": false}` expected on
 * stdout (`hook run cline` prints it). TaskStart carries a new task's first message,
 * UserPromptSubmit the later ones. The VS Code extension runs them once "Enable Hooks" is on in its
 * settings; the CLI (3.x) runs the same files by default, under its own event names (cline.ts).
 * A session's end: the extension's TaskComplete (a task finished) and TaskCancel (cancelled). The
 * CLI sends TaskComplete as agent_end at the end of every prompt's run and, over ACP, no
 * SessionShutdown when the editor's connection closes (seen in the contract suite): there a push
 * follows each prompt, which is safe (a push is fast-forward only; one with nothing new sends
 * nothing) and costs the agent nothing (detached). A user's own script under one of these three
 * is left alone.
 * https://docs.cline.bot/customization/hooks
 * https://docs.cline.bot/features/hooks/hook-reference
 */
export const CLINE_HOOKS: ScriptHookConfig = {
  kind: 'scripts',
  agent: 'cline',
  folder: (scope) => (scope === 'project' ? '.clinerules/hooks' : 'Documents/Cline/Hooks'),
  events: ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskComplete', 'TaskCancel', 'SessionShutdown'],
  optionalEvents: ['TaskComplete', 'TaskCancel', 'SessionShutdown'],
  script: (program) => `#!/bin/sh\n${CLINE_SCRIPT_MARK}\n${shellExecLine(program, 'cline')}\n`,
};

/** Codex's cap on a SessionEnd hook's timeout (a longer one is cut, with a warning at each start). */
const CODEX_SESSION_END_TIMEOUT_SECONDS = 3;

/** Codex's tools that write, as its hook payloads name them: its shells (`Bash`) and its file edit. */
export const CODEX_WRITING_TOOLS = '^(Bash|apply_patch)$';

/**
 * OpenAI Codex CLI (checked against @openai/codex 0.171.0): `hooks.json` beside a config layer,
 * `<repo>/.codex/hooks.json` (project; Codex reads a project's `.codex/` only when the project is
 * trusted) or `~/.codex/hooks.json` (user; `$CODEX_HOME` moves it), the same shape as Claude Code's
 * (`hooks.<Event>` lists `{matcher, hooks: [{type: "command", command, timeout}]}`, the matcher a
 * regex over tool names, the timeout in seconds). The root may hold only `description` and
 * `hooks`. Hooks are on by default since 0.124. Codex runs a hook that is not managed by an admin
 * only once the user has reviewed and trusted it (its `/hooks` view records a hash in
 * `~/.codex/config.toml`, `[hooks.state]`): install says so. hooks.json rather than config.toml's
 * `[hooks]` tables, so that Codex's TOML (and the user's comments in it) is never rewritten.
 * SessionEnd (since 0.145.0, openai/codex PR #33895) fires once right before a session (its root
 * thread) is torn down, `codex exec`'s end included; its input is session_id, transcript_path,
 * cwd, hook_event_name and reason (the 0.171.0 binary's session-end.command.input schema). Codex
 * caps that event's timeout at 3 s: ours asks for no more (the hook only starts the push).
 * https://developers.openai.com/codex/hooks
 * github.com/openai/codex codex-rs/config/src/hook_config.rs (HooksFile, MatcherGroup, HookHandlerConfig)
 * github.com/openai/codex codex-rs/hooks/src/engine/discovery.rs (hooks.json per layer, trust)
 */
export const CODEX_HOOKS: JsonHookConfig = {
  kind: 'json',
  agent: 'codex',
  file: () => '.codex/hooks.json',
  allowComments: false,
  skeleton: {},
  shape: 'grouped',
  entries: (program) => {
    const hook = { type: 'command', command: bashCommand(program, 'codex'), timeout: HOOK_TIMEOUT_SECONDS };
    return [
      { event: 'PreToolUse', entry: { matcher: CODEX_WRITING_TOOLS, hooks: [hook] } },
      { event: 'PostToolUse', entry: { matcher: CODEX_WRITING_TOOLS, hooks: [hook] } },
      { event: 'UserPromptSubmit', entry: { hooks: [hook] } },
      { event: 'SessionEnd', entry: { hooks: [{ ...hook, timeout: CODEX_SESSION_END_TIMEOUT_SECONDS }] } },
    ];
  },
};

/**
 * OpenCode: a plugin module of ours, `.opencode/plugins/cleveragents-checkpoints.js` (project) or
 * `~/.config/opencode/plugins/cleveragents-checkpoints.js` (user), loaded at OpenCode's start. See
 * opencodePlugin.ts for what it holds and why; `dispose` (awaited when OpenCode's instance for the
 * folder closes, at its exit) stands for the end of the sessions it saw.
 * https://opencode.ai/docs/plugins
 */
export const OPENCODE_HOOKS: PluginHookConfig = {
  kind: 'plugin',
  agent: 'opencode',
  file: (scope) => (scope === 'project' ? '.opencode/plugins/cleveragents-checkpoints.js' : '.config/opencode/plugins/cleveragents-checkpoints.js'),
  events: ['chat.message', 'tool.execute.before', 'tool.execute.after', 'dispose'],
  text: opencodePluginText,
  isOurs: isOurOpenCodePlugin,
  commandOf: opencodePluginCommand,
};

export const AGENT_HOOK_CONFIGS: Readonly<Record<HookAgent, AgentHookConfig>> = {
  copilot: COPILOT_HOOKS,
  'claude-code': CLAUDE_CODE_HOOKS,
  cursor: CURSOR_HOOKS,
  gemini: GEMINI_HOOKS,
  cline: CLINE_HOOKS,
  codex: CODEX_HOOKS,
  opencode: OPENCODE_HOOKS,
};

"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AGENT_HOOK_CONFIGS = exports.OPENCODE_HOOKS = exports.CODEX_HOOKS = exports.CODEX_WRITING_TOOLS = exports.CLINE_HOOKS = exports.CLINE_SCRIPT_MARK = exports.GEMINI_HOOKS = exports.GEMINI_WRITING_TOOLS = exports.CURSOR_HOOKS = exports.CLAUDE_CODE_HOOKS = exports.CLAUDE_WRITING_TOOLS = exports.COPILOT_HOOKS = void 0;
const hookCommandLine_1 = require("./hookCommandLine");
const opencodePlugin_1 = require("./opencodePlugin");
/** Seconds an agent waits for one hook before it gives up on it; `hook run` finishes well inside. */
const HOOK_TIMEOUT_SECONDS = 30;
/**
 * GitHub Copilot: any `*.json` in `.github/hooks/` (the cloud agent, the Copilot CLI and VS Code's
 * agent hooks read it), `{"version": 1, "hooks": {...}}`, each hook a `bash` and a `powershell`
 * command with `timeoutSec`; the Copilot CLI also loads `~/.copilot/hooks/*.json`. No matcher is
 * documented, so `hook run` skips read-only tools itself.
 * https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference
 * https://docs.github.com/en/copilot/how-tos/use-copilot-agents/cloud-agent/use-hooks
 * https://code.visualstudio.com/docs/agent-customization/hooks
 */
exports.COPILOT_HOOKS = {
    kind: 'json',
    agent: 'copilot',
    file: (scope) => (scope === 'project' ? '.github/hooks/cleveragents-checkpoints.json' : '.copilot/hooks/cleveragents-checkpoints.json'),
    allowComments: false,
    skeleton: { version: 1 },
    shape: 'flat',
    entries: (program) => ['userPromptSubmitted', 'preToolUse', 'postToolUse'].map((event) => ({
        event,
        entry: { type: 'command', bash: (0, hookCommandLine_1.bashCommand)(program, 'copilot'), powershell: (0, hookCommandLine_1.powershellCommand)(program, 'copilot'), timeoutSec: HOOK_TIMEOUT_SECONDS },
    })),
};
/** The Claude Code tools that write files or run commands; the read-only ones (Read, Grep, Glob...) are left out. */
exports.CLAUDE_WRITING_TOOLS = 'Write|Edit|MultiEdit|NotebookEdit|Bash';
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
exports.CLAUDE_CODE_HOOKS = {
    kind: 'json',
    agent: 'claude-code',
    file: (scope) => (scope === 'project' ? '.claude/settings.local.json' : '.claude/settings.json'),
    formerFiles: (scope) => (scope === 'project' ? ['.claude/settings.json'] : []),
    allowComments: false,
    skeleton: {},
    shape: 'grouped',
    entries: (program) => {
        const hook = { type: 'command', command: (0, hookCommandLine_1.bashCommand)(program, 'claude-code'), timeout: HOOK_TIMEOUT_SECONDS };
        return [
            { event: 'PreToolUse', entry: { matcher: exports.CLAUDE_WRITING_TOOLS, hooks: [hook] } },
            { event: 'PostToolUse', entry: { matcher: exports.CLAUDE_WRITING_TOOLS, hooks: [hook] } },
            // fired instead of PostToolUse when the call fails: its post_step must still be taken
            { event: 'PostToolUseFailure', entry: { matcher: exports.CLAUDE_WRITING_TOOLS, hooks: [hook] } },
            { event: 'UserPromptSubmit', entry: { hooks: [hook] } },
            // the session's baseline, before the agent can write
            { event: 'SessionStart', entry: { hooks: [hook] } },
        ];
    },
};
/**
 * Cursor: `.cursor/hooks.json` (project) or `~/.cursor/hooks.json` (user), `{"version": 1,
 * "hooks": {<event>: [{command}]}}`. beforeSubmitPrompt (the prompt), beforeShellExecution and
 * afterShellExecution (around a terminal command), afterFileEdit (after an edit: Cursor documents
 * no event before one, so the prompt's checkpoint is what an edit is restored to). Newer builds
 * list tool-level preToolUse/postToolUse, but without documented tool names for a matcher they
 * would start a process for every read as well, so they are not installed.
 * https://cursor.com/docs/agent/hooks
 * https://cupcake.eqtylab.io/reference/harnesses/cursor (event and field list, Cursor 2.x)
 */
exports.CURSOR_HOOKS = {
    kind: 'json',
    agent: 'cursor',
    file: () => '.cursor/hooks.json',
    allowComments: false,
    skeleton: { version: 1 },
    shape: 'flat',
    entries: (program) => ['beforeSubmitPrompt', 'beforeShellExecution', 'afterShellExecution', 'afterFileEdit'].map((event) => ({ event, entry: { command: (0, hookCommandLine_1.bashCommand)(program, 'cursor') } })),
};
/** Gemini CLI's tools that write files or run commands, anchored so an MCP tool named `mcp__x__replace_all` is not caught. */
exports.GEMINI_WRITING_TOOLS = '^(write_file|replace|run_shell_command)$';
/**
 * Gemini CLI: `.gemini/settings.json` (project; read only in a trusted folder) or
 * `~/.gemini/settings.json` (user); `hooks.<Event>` lists `{matcher, hooks: [{type: "command",
 * command, name, timeout}]}`, the matcher a regex over tool names, the timeout in milliseconds.
 * BeforeAgent fires after a prompt is submitted. Hooks are on by default since v0.27
 * (`hooksConfig.enabled` defaults to true): a file that sets it to false is reported, not
 * overridden. Settings files may hold comments (Gemini strips them before parsing): they are kept.
 * https://geminicli.com/docs/hooks/reference
 * https://geminicli.com/docs/hooks
 * https://geminicli.com/docs/reference/configuration
 */
exports.GEMINI_HOOKS = {
    kind: 'json',
    agent: 'gemini',
    file: () => '.gemini/settings.json',
    allowComments: true,
    skeleton: {},
    shape: 'grouped',
    entries: (program) => {
        const hook = { type: 'command', command: (0, hookCommandLine_1.bashCommand)(program, 'gemini'), name: 'cleveragents-checkpoints', timeout: HOOK_TIMEOUT_SECONDS * 1000 };
        return [
            { event: 'BeforeTool', entry: { matcher: exports.GEMINI_WRITING_TOOLS, hooks: [hook] } },
            { event: 'AfterTool', entry: { matcher: exports.GEMINI_WRITING_TOOLS, hooks: [hook] } },
            { event: 'BeforeAgent', entry: { hooks: [hook] } },
            // the session's baseline, before the agent can write (startup, resume, clear)
            { event: 'SessionStart', entry: { hooks: [hook] } },
        ];
    },
};
/** The line that marks a Cline hook script as this installer's. */
exports.CLINE_SCRIPT_MARK = '# cleveragents-checkpoints: written by `agents hook install cline`; `agents hook uninstall cline` removes it';
/**
 * Cline: an executable per event, named exactly after it with no extension, in `.clinerules/hooks/`
 * (project) or `~/Documents/Cline/Hooks/` (user); JSON on stdin, `{"cancel": false}` expected on
 * stdout (`hook run cline` prints it). TaskStart carries a new task's first message,
 * UserPromptSubmit the later ones. The VS Code extension runs them once "Enable Hooks" is on in its
 * settings; the CLI (3.x) runs the same files by default, under its own event names (cline.ts).
 * https://docs.cline.bot/customization/hooks
 * https://docs.cline.bot/features/hooks/hook-reference
 */
exports.CLINE_HOOKS = {
    kind: 'scripts',
    agent: 'cline',
    folder: (scope) => (scope === 'project' ? '.clinerules/hooks' : 'Documents/Cline/Hooks'),
    events: ['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse'],
    script: (program) => `#!/bin/sh\n${exports.CLINE_SCRIPT_MARK}\n${(0, hookCommandLine_1.shellExecLine)(program, 'cline')}\n`,
};
/** Codex's tools that write, as its hook payloads name them: its shells (`Bash`) and its file edit. */
exports.CODEX_WRITING_TOOLS = '^(Bash|apply_patch)$';
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
 * https://developers.openai.com/codex/hooks
 * github.com/openai/codex codex-rs/config/src/hook_config.rs (HooksFile, MatcherGroup, HookHandlerConfig)
 * github.com/openai/codex codex-rs/hooks/src/engine/discovery.rs (hooks.json per layer, trust)
 */
exports.CODEX_HOOKS = {
    kind: 'json',
    agent: 'codex',
    file: () => '.codex/hooks.json',
    allowComments: false,
    skeleton: {},
    shape: 'grouped',
    entries: (program) => {
        const hook = { type: 'command', command: (0, hookCommandLine_1.bashCommand)(program, 'codex'), timeout: HOOK_TIMEOUT_SECONDS };
        return [
            { event: 'PreToolUse', entry: { matcher: exports.CODEX_WRITING_TOOLS, hooks: [hook] } },
            { event: 'PostToolUse', entry: { matcher: exports.CODEX_WRITING_TOOLS, hooks: [hook] } },
            { event: 'UserPromptSubmit', entry: { hooks: [hook] } },
        ];
    },
};
/**
 * OpenCode: a plugin module of ours, `.opencode/plugins/cleveragents-checkpoints.js` (project) or
 * `~/.config/opencode/plugins/cleveragents-checkpoints.js` (user), loaded at OpenCode's start. See
 * opencodePlugin.ts for what it holds and why.
 * https://opencode.ai/docs/plugins
 */
exports.OPENCODE_HOOKS = {
    kind: 'plugin',
    agent: 'opencode',
    file: (scope) => (scope === 'project' ? '.opencode/plugins/cleveragents-checkpoints.js' : '.config/opencode/plugins/cleveragents-checkpoints.js'),
    events: ['chat.message', 'tool.execute.before', 'tool.execute.after'],
    text: opencodePlugin_1.opencodePluginText,
    isOurs: opencodePlugin_1.isOurOpenCodePlugin,
    commandOf: opencodePlugin_1.opencodePluginCommand,
};
exports.AGENT_HOOK_CONFIGS = {
    copilot: exports.COPILOT_HOOKS,
    'claude-code': exports.CLAUDE_CODE_HOOKS,
    cursor: exports.CURSOR_HOOKS,
    gemini: exports.GEMINI_HOOKS,
    cline: exports.CLINE_HOOKS,
    codex: exports.CODEX_HOOKS,
    opencode: exports.OPENCODE_HOOKS,
};
//# sourceMappingURL=agentHookConfigs.js.map
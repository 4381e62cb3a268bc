"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.ClaudeCodeEventSchema = void 0;
exports.isClaudeCodeWritingTool = isClaudeCodeWritingTool;
exports.normalizeClaudeCode = normalizeClaudeCode;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
// Claude Code's hook input, as documented at https://code.claude.com/docs/en/hooks ("Common input
// fields", "PreToolUse input", "PostToolUse input", "PostToolUseFailure input", "UserPromptSubmit
// input"; read 2026-12): every event has session_id, transcript_path, cwd, permission_mode and
// hook_event_name; tool events add tool_name, tool_input and tool_use_id; UserPromptSubmit adds
// prompt. The project folder is also in $CLAUDE_PROJECT_DIR. Unknown fields are ignored; the ones
// used are checked.
//
// Checked against the schemas bundled in the program itself (`@anthropic-ai/claude-code-linux-x64`
// 2.1.328, the `claude` binary's hook input schemas, read with `strings`):
// - the common fields also carry `agent_id` ("Present only when the hook fires from within a
//   subagent … Absent for the main thread") and `agent_type`; a subagent's calls keep the parent's
//   session_id;
// - `PostToolUseFailure` {tool_name, tool_input, tool_use_id, error, is_interrupt} fires instead of
//   PostToolUse when a tool call fails;
// - UserPromptSubmit has an optional `source`: `user` (the composer), `sdk` (`-p`, the Agent SDK),
//   `system` ("other machine-injected turns (peer/channel messages, task notifications,
//   auto-continuation)"), `loop_wakeup`, `schedule_wakeup`, `poll_event`; "payloads may omit it
//   while the field rolls out", and a background subagent's end is submitted as a
//   `<task-notification>` turn, so that text is recognised too;
// - PostToolBatch {tool_calls: [{tool_name, tool_input, tool_use_id, tool_response}]} fires once
//   after every call of a batch has resolved. It is not installed: each writing call is fenced by
//   its own PreToolUse and PostToolUse/PostToolUseFailure already, writes ran one after another
//   (only read-only calls ran in parallel, and those are matched out), and a batch's event cannot
//   stand for a `pre_write` of its calls. It is read as an event we do not use (logged once).
exports.ClaudeCodeEventSchema = z.object({
    session_id: hookEvent_1.SessionIdSchema,
    hook_event_name: hookEvent_1.EventNameSchema,
    cwd: hookEvent_1.AbsoluteDirSchema.optional(),
    prompt: hookEvent_1.PromptSchema.optional(),
    source: (0, hookEvent_1.optionalLenient)(z.string().max(100)),
    tool_name: hookEvent_1.ToolNameSchema.optional(),
    tool_input: (0, hookEvent_1.optionalLenient)(hookEvent_1.ToolInputSchema),
    tool_use_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
    agent_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.AgentNameSchema),
    agent_type: (0, hookEvent_1.optionalLenient)(hookEvent_1.AgentNameSchema),
});
const KINDS = {
    UserPromptSubmit: 'prompt',
    PreToolUse: 'preTool',
    PostToolUse: 'postTool',
    PostToolUseFailure: 'postTool',
    SessionStart: 'sessionStart',
    SessionEnd: 'sessionEnd',
};
/** The tools that write, as the issue and Claude's own matcher syntax name them; Bash included. */
const WRITING_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Bash']);
/** UserPromptSubmit `source` values that name no person: turns the program submits itself. */
const MACHINE_SOURCES = new Set(['system', 'loop_wakeup', 'schedule_wakeup', 'poll_event']);
/** The turn Claude submits when a background subagent or command ends. */
const TASK_NOTIFICATION = /^\s*<task-notification>/;
function isClaudeCodeWritingTool(name) {
    return WRITING_TOOLS.has(name);
}
/** Why a UserPromptSubmit is not a person's prompt, or undefined when it is one. */
function machinePrompt(source, prompt) {
    if (prompt !== undefined && TASK_NOTIFICATION.test(prompt))
        return 'a task notification';
    if (source !== undefined && MACHINE_SOURCES.has(source))
        return `a turn of source ${source}`;
    return undefined;
}
function normalizeClaudeCode(raw, env) {
    const e = exports.ClaudeCodeEventSchema.parse(raw);
    const projectDir = hookEvent_1.AbsoluteDirSchema.safeParse(env.CLAUDE_PROJECT_DIR);
    const kind = KINDS[e.hook_event_name] ?? 'other';
    const why = kind === 'prompt' ? machinePrompt(e.source, e.prompt) : undefined;
    return {
        kind: why !== undefined ? 'machinePrompt' : kind,
        eventName: e.hook_event_name,
        sessionId: e.session_id,
        workspaceDir: (0, hookEvent_1.firstOf)(projectDir.success ? projectDir.data : undefined, e.cwd),
        cwd: e.cwd,
        prompt: e.prompt,
        toolName: e.tool_name,
        toolUseId: e.tool_use_id,
        filePath: (0, hookEvent_1.filePathOf)(e.tool_input),
        command: (0, hookEvent_1.commandOf)(e.tool_input),
        ...(e.hook_event_name === 'PostToolUseFailure' ? { failed: true } : {}),
        ...(e.agent_id !== undefined ? { agentId: e.agent_id } : {}),
        // agent_type alone names the main thread of a session started with --agent: not a subagent
        ...(e.agent_id !== undefined && e.agent_type !== undefined ? { agentType: e.agent_type } : {}),
        ...(e.tool_name === 'Bash' && e.tool_input?.run_in_background === true ? { background: true } : {}),
        ...(why !== undefined ? { why } : {}),
    };
}
//# sourceMappingURL=claudeCode.js.map
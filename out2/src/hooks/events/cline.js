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
exports.ClineEventSchema = void 0;
exports.isClineWritingTool = isClineWritingTool;
exports.clineParameters = clineParameters;
exports.normalizeCline = normalizeCline;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
// Cline comes as two programs that run the same hook files (`.clinerules/hooks/<Event>`), with two
// payloads.
//
// The VS Code extension, as documented at https://docs.cline.bot/features/hooks/hook-reference
// (read 2026-12): every hook gets clineVersion, hookName, timestamp, taskId, workspaceRoots and
// userId, plus an object named after the event: preToolUse {toolName, parameters}, postToolUse
// {toolName, parameters, result, success, executionTimeMs}, userPromptSubmit {prompt, …}, taskStart
// {taskMetadata: {taskId, ulid, initialTask}} (a new task's first message).
//
// The CLI (npm `cline` 3.0.65, a compiled program: its hook code read from the strings of
// `@cline/cli-linux-x64`'s bin/cline) maps the same file names to its own events (TaskStart →
// agent_start, TaskResume → agent_resume, PreToolUse → tool_call, PostToolUse → tool_result,
// UserPromptSubmit → prompt_submit, TaskComplete → agent_end, TaskCancel → agent_abort, TaskError →
// agent_error, SessionShutdown → session_shutdown) and sends `hookName` as its own name, with
// taskId (the conversation), workspaceRoots [workspace root or cwd], agent_id, parent_agent_id,
// and the extension's objects filled in beside its own: tool_call {id, name, input} with
// preToolUse {toolName, parameters}, tool_result {id, name, input, output, error, durationMs} with
// postToolUse {…, success}, prompt_submit with userPromptSubmit {prompt}, agent_start with an empty
// taskStart. Each value of `parameters` is a string: a string input as it is, anything else
// JSON-encoded (`commands` of run_commands arrives as '["npm test"]').
//
// Both answer JSON {"cancel": false, …}; the extension fails closed on anything else.
const ToolCallSchema = z.object({
    toolName: hookEvent_1.ToolNameSchema,
    parameters: (0, hookEvent_1.optionalLenient)(hookEvent_1.ToolInputSchema),
    success: (0, hookEvent_1.optionalLenient)(z.boolean()),
});
/** The CLI's own tool objects: the call's id, and its error when it failed. */
const CliToolSchema = z.object({
    id: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
    error: (0, hookEvent_1.optionalLenient)(z.string().max(1024 * 1024)),
});
exports.ClineEventSchema = z.object({
    hookName: hookEvent_1.EventNameSchema,
    taskId: hookEvent_1.SessionIdSchema,
    workspaceRoots: z.array(hookEvent_1.AbsoluteDirSchema).max(100).optional(),
    preToolUse: ToolCallSchema.optional(),
    postToolUse: ToolCallSchema.optional(),
    userPromptSubmit: z.object({ prompt: hookEvent_1.PromptSchema }).optional(),
    // A new task's first message comes with TaskStart, not UserPromptSubmit (the extension).
    taskStart: (0, hookEvent_1.optionalLenient)(z.object({
        taskMetadata: z.object({ initialTask: hookEvent_1.PromptSchema.optional() }).optional(),
        task: hookEvent_1.PromptSchema.optional(),
    })),
    tool_call: (0, hookEvent_1.optionalLenient)(CliToolSchema),
    tool_result: (0, hookEvent_1.optionalLenient)(CliToolSchema),
    agent_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.AgentNameSchema),
    parent_agent_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.AgentNameSchema.nullable()),
});
const KINDS = {
    // the VS Code extension
    UserPromptSubmit: 'prompt',
    PreToolUse: 'preTool',
    PostToolUse: 'postTool',
    TaskStart: 'sessionStart',
    TaskResume: 'sessionStart',
    TaskComplete: 'sessionEnd',
    TaskCancel: 'sessionEnd',
    // the CLI (3.x)
    prompt_submit: 'prompt',
    tool_call: 'preTool',
    tool_result: 'postTool',
    agent_start: 'sessionStart',
    agent_resume: 'sessionStart',
    agent_end: 'sessionEnd',
    agent_abort: 'sessionEnd',
    agent_error: 'sessionEnd',
    session_shutdown: 'sessionEnd',
};
/**
 * Cline's tools that write files or run commands: the extension's (docs.cline.bot, "Cline Tools
 * Reference") and the CLI's (`editor` creates and edits, `apply_patch`, `run_commands`; its
 * `read_files` only reads).
 */
const WRITING_TOOLS = new Set(['write_to_file', 'replace_in_file', 'apply_patch', 'execute_command', 'editor', 'run_commands']);
function isClineWritingTool(name) {
    return WRITING_TOOLS.has(name);
}
/**
 * A tool's parameters with the CLI's JSON-encoded values decoded where they are JSON arrays or
 * objects; a value that does not parse stays the string it was. Plain strings (a path) are as sent.
 */
function clineParameters(parameters) {
    if (parameters === undefined)
        return undefined;
    const decoded = {};
    for (const [key, value] of Object.entries(parameters)) {
        decoded[key] = value;
        if (typeof value !== 'string' || value.length > 1024 * 1024 || !/^\s*[[{]/.test(value))
            continue;
        try {
            decoded[key] = JSON.parse(value);
        }
        catch {
            // not JSON after all: the string it was
        }
    }
    return decoded;
}
function normalizeCline(raw) {
    const e = exports.ClineEventSchema.parse(raw);
    const tool = e.preToolUse ?? e.postToolUse;
    const root = e.workspaceRoots?.[0];
    const initialTask = e.taskStart?.taskMetadata?.initialTask ?? e.taskStart?.task;
    const startsWithPrompt = e.hookName === 'TaskStart' && initialTask !== undefined && initialTask.trim() !== '';
    const kind = startsWithPrompt ? 'prompt' : (KINDS[e.hookName] ?? 'other');
    const failed = kind === 'postTool' && (e.postToolUse?.success === false || e.tool_result?.error !== undefined);
    // a subagent (the CLI's teams) names its parent; the main agent's parent is null
    const subagent = e.parent_agent_id !== undefined && e.parent_agent_id !== null && e.agent_id !== undefined;
    return {
        kind,
        eventName: e.hookName,
        sessionId: e.taskId,
        workspaceDir: root,
        cwd: root,
        prompt: startsWithPrompt ? initialTask : e.userPromptSubmit?.prompt,
        toolName: tool?.toolName,
        toolUseId: (0, hookEvent_1.firstOf)(e.tool_call?.id, e.tool_result?.id),
        filePath: (0, hookEvent_1.filePathOf)(clineParameters(tool?.parameters)),
        command: (0, hookEvent_1.commandOf)(clineParameters(tool?.parameters)),
        ...(failed ? { failed: true } : {}),
        ...(subagent ? { agentId: e.agent_id } : {}),
    };
}
//# sourceMappingURL=cline.js.map
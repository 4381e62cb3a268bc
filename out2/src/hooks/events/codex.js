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
exports.CodexEventSchema = void 0;
exports.isCodexWritingTool = isCodexWritingTool;
exports.normalizeCodex = normalizeCodex;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
const patchFiles_1 = require("./patchFiles");
// OpenAI Codex CLI's hook input (checked against @openai/codex 0.171.0): the command hook gets
// one JSON object on stdin. Sources: https://developers.openai.com/codex/hooks ("Common input
// fields", PreToolUse, PostToolUse, UserPromptSubmit) and the schemas Codex generates from its
// own types, github.com/openai/codex codex-rs/hooks/schema/generated/
// {pre-tool-use,post-tool-use,user-prompt-submit}.command.input.schema.json: every event has
// session_id, transcript_path, cwd, hook_event_name, model and permission_mode; tool events add
// tool_name, tool_input and tool_use_id (PostToolUse also tool_response, and turn_id);
// UserPromptSubmit adds prompt and turn_id. Shell tools (shell, exec_command) are reported as
// `Bash` with tool_input.command; apply_patch as `apply_patch` with the patch text in
// tool_input.command (openai/codex PR #18391); MCP tools as `mcp__<server>__<tool>`.
exports.CodexEventSchema = z.object({
    session_id: hookEvent_1.SessionIdSchema,
    hook_event_name: hookEvent_1.EventNameSchema,
    cwd: hookEvent_1.AbsoluteDirSchema.optional(),
    prompt: hookEvent_1.PromptSchema.optional(),
    tool_name: hookEvent_1.ToolNameSchema.optional(),
    tool_input: (0, hookEvent_1.optionalLenient)(hookEvent_1.ToolInputSchema),
    tool_use_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
});
const KINDS = {
    UserPromptSubmit: 'prompt',
    PreToolUse: 'preTool',
    PostToolUse: 'postTool',
    SessionStart: 'sessionStart',
};
/** Codex's tools that write: its shell (named `Bash` in hook payloads) and apply_patch, its file edit. */
const WRITING_TOOLS = new Set(['Bash', 'apply_patch']);
function isCodexWritingTool(name) {
    return WRITING_TOOLS.has(name);
}
function normalizeCodex(raw) {
    const e = exports.CodexEventSchema.parse(raw);
    const patched = e.tool_name === 'apply_patch' ? (0, patchFiles_1.firstPatchedFile)(e.tool_input?.command) : undefined;
    return {
        kind: KINDS[e.hook_event_name] ?? 'other',
        eventName: e.hook_event_name,
        sessionId: e.session_id,
        workspaceDir: e.cwd,
        cwd: e.cwd,
        prompt: e.prompt,
        toolName: e.tool_name,
        toolUseId: e.tool_use_id,
        filePath: (0, hookEvent_1.firstOf)(patched, (0, hookEvent_1.filePathOf)(e.tool_input)),
        // a shell's command (a patch's text, which apply_patch also calls `command`, is no command)
        command: e.tool_name === 'Bash' ? (0, hookEvent_1.commandOf)(e.tool_input) : undefined,
    };
}
//# sourceMappingURL=codex.js.map
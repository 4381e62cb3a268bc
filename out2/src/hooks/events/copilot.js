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
exports.COPILOT_NO_SESSION = exports.CopilotEventSchema = void 0;
exports.isCopilotWritingTool = isCopilotWritingTool;
exports.normalizeCopilot = normalizeCopilot;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
// GitHub Copilot's hook input (Copilot CLI, the cloud agent, and VS Code's agent hooks), as
// documented at https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference
// ("Hook event input payloads") and https://docs.github.com/en/copilot/reference/hooks-configuration,
// and for VS Code at https://code.visualstudio.com/docs/agents/reference/hooks-reference (read
// 2026-12). Two styles, chosen by how the configuration names the event:
// - camelCase events (preToolUse, userPromptSubmitted…) with camelCase fields: sessionId,
//   timestamp (ms), cwd, toolName, toolArgs (a JSON string), toolResult, prompt, source, reason.
//   The payload does not name its event: it is told by the fields present.
// - PascalCase events (PreToolUse, UserPromptSubmit…), compatible with VS Code, with snake_case
//   fields: session_id (VS Code: sessionId), hook_event_name (VS Code: hookEventName), tool_name,
//   tool_input, tool_use_id, tool_response, prompt.
// Checkpoint hooks answer nothing: exit 0 lets every call go on, and no permission is touched.
exports.CopilotEventSchema = z.object({
    sessionId: hookEvent_1.SessionIdSchema.optional(),
    session_id: hookEvent_1.SessionIdSchema.optional(),
    hook_event_name: hookEvent_1.EventNameSchema.optional(),
    hookEventName: hookEvent_1.EventNameSchema.optional(),
    cwd: hookEvent_1.AbsoluteDirSchema.optional(),
    prompt: hookEvent_1.PromptSchema.optional(),
    toolName: hookEvent_1.ToolNameSchema.optional(),
    tool_name: hookEvent_1.ToolNameSchema.optional(),
    toolArgs: (0, hookEvent_1.optionalLenient)(z.union([z.string().max(1024 * 1024), hookEvent_1.ToolInputSchema])),
    tool_input: (0, hookEvent_1.optionalLenient)(hookEvent_1.ToolInputSchema),
    tool_use_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
    toolUseId: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
    toolResult: z.unknown().optional(),
    tool_response: z.unknown().optional(),
    source: z.string().max(100).optional(),
    reason: z.string().max(1000).optional(),
});
const KINDS = {
    userPromptSubmitted: 'prompt',
    UserPromptSubmit: 'prompt',
    preToolUse: 'preTool',
    PreToolUse: 'preTool',
    postToolUse: 'postTool',
    PostToolUse: 'postTool',
    sessionStart: 'sessionStart',
    SessionStart: 'sessionStart',
    sessionEnd: 'sessionEnd',
    SessionEnd: 'sessionEnd',
};
/**
 * Events of one session share a plan. A payload without a session id (the cloud agent's documented
 * examples carry none) goes to one plan per workspace, named by this id.
 */
exports.COPILOT_NO_SESSION = 'no-session-id';
function isCopilotWritingTool(name) {
    return (0, hookEvent_1.looksLikeWritingTool)(name);
}
/** The event a camelCase payload is, told by its fields (it does not name itself). */
function inferredEvent(e) {
    if (e.toolName !== undefined)
        return e.toolResult !== undefined ? 'postToolUse' : 'preToolUse';
    if (e.prompt !== undefined)
        return 'userPromptSubmitted';
    if (e.source !== undefined)
        return 'sessionStart';
    if (e.reason !== undefined)
        return 'sessionEnd';
    return 'unknown';
}
function normalizeCopilot(raw) {
    const e = exports.CopilotEventSchema.parse(raw);
    const eventName = (0, hookEvent_1.firstOf)(e.hook_event_name, e.hookEventName) ?? inferredEvent(e);
    return {
        kind: KINDS[eventName] ?? 'other',
        eventName,
        sessionId: (0, hookEvent_1.firstOf)(e.sessionId, e.session_id) ?? exports.COPILOT_NO_SESSION,
        workspaceDir: e.cwd,
        cwd: e.cwd,
        prompt: e.prompt,
        toolName: (0, hookEvent_1.firstOf)(e.toolName, e.tool_name),
        toolUseId: (0, hookEvent_1.firstOf)(e.tool_use_id, e.toolUseId),
        filePath: (0, hookEvent_1.firstOf)((0, hookEvent_1.filePathOf)(e.tool_input), (0, hookEvent_1.filePathOf)(e.toolArgs)),
        command: (0, hookEvent_1.firstOf)((0, hookEvent_1.commandOf)(e.tool_input), (0, hookEvent_1.commandOf)(e.toolArgs)),
    };
}
//# sourceMappingURL=copilot.js.map
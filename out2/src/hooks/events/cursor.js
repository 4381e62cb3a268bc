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
exports.CursorEventSchema = void 0;
exports.isCursorWritingTool = isCursorWritingTool;
exports.normalizeCursor = normalizeCursor;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
// Cursor's hook input, as documented at https://cursor.com/docs/agent/hooks (read 2026-12; its
// event list grew from the 1.7 set): every event has conversation_id, generation_id,
// hook_event_name and workspace_roots; beforeSubmitPrompt adds prompt; before/afterShellExecution
// add command and cwd; afterFileEdit adds file_path and edits; the tool events (preToolUse,
// postToolUse, before/afterMCPExecution) add tool_name and tool_input (an object, or a JSON string
// for MCP). before* events answer {"permission": …}, beforeSubmitPrompt {"continue": …}.
exports.CursorEventSchema = z.object({
    conversation_id: hookEvent_1.SessionIdSchema,
    hook_event_name: hookEvent_1.EventNameSchema,
    workspace_roots: z.array(hookEvent_1.AbsoluteDirSchema).max(100).optional(),
    cwd: hookEvent_1.AbsoluteDirSchema.optional(),
    prompt: hookEvent_1.PromptSchema.optional(),
    file_path: (0, hookEvent_1.optionalLenient)(z.string().min(1).max(4096)),
    tool_name: hookEvent_1.ToolNameSchema.optional(),
    tool_input: (0, hookEvent_1.optionalLenient)(z.union([hookEvent_1.ToolInputSchema, z.string().max(1024 * 1024)])),
    tool_use_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
    /** before/afterShellExecution: the command line it runs. */
    command: (0, hookEvent_1.optionalLenient)(z.string().min(1).max(1024 * 1024)),
});
const KINDS = {
    beforeSubmitPrompt: 'prompt',
    beforeShellExecution: 'preTool',
    afterShellExecution: 'postTool',
    afterFileEdit: 'postTool',
    preToolUse: 'preTool',
    postToolUse: 'postTool',
    beforeMCPExecution: 'preTool',
    afterMCPExecution: 'postTool',
    sessionStart: 'sessionStart',
    sessionEnd: 'sessionEnd',
};
/** Events that name no tool: the shell events run a shell, afterFileEdit reports an edit. */
const IMPLIED_TOOL = {
    beforeShellExecution: 'Shell',
    afterShellExecution: 'Shell',
    afterFileEdit: 'Edit',
};
function isCursorWritingTool(name) {
    return (0, hookEvent_1.looksLikeWritingTool)(name);
}
function normalizeCursor(raw) {
    const e = exports.CursorEventSchema.parse(raw);
    const root = e.workspace_roots?.[0];
    const input = typeof e.tool_input === 'string' ? (0, hookEvent_1.parseJsonObject)(e.tool_input) : e.tool_input;
    return {
        kind: KINDS[e.hook_event_name] ?? 'other',
        eventName: e.hook_event_name,
        sessionId: e.conversation_id,
        workspaceDir: (0, hookEvent_1.firstOf)(root, e.cwd),
        cwd: (0, hookEvent_1.firstOf)(e.cwd, root),
        prompt: e.prompt,
        toolName: (0, hookEvent_1.firstOf)(e.tool_name, IMPLIED_TOOL[e.hook_event_name]),
        toolUseId: e.tool_use_id,
        filePath: (0, hookEvent_1.firstOf)(e.file_path, (0, hookEvent_1.filePathOf)(input)),
        command: (0, hookEvent_1.firstOf)(e.command, (0, hookEvent_1.commandOf)(input)),
    };
}
//# sourceMappingURL=cursor.js.map
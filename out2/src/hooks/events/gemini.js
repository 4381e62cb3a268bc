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
exports.GeminiEventSchema = void 0;
exports.isGeminiWritingTool = isGeminiWritingTool;
exports.normalizeGemini = normalizeGemini;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
// Gemini CLI's hook input, as documented at https://geminicli.com/docs/hooks/reference (read
// 2026-12; the repository's docs/hooks/reference.md): every event has session_id,
// transcript_path, cwd, hook_event_name and timestamp; BeforeTool/AfterTool add tool_name and
// tool_input (AfterTool also tool_response); BeforeAgent (after a prompt is submitted) adds
// prompt. $GEMINI_PROJECT_DIR and $GEMINI_SESSION_ID are set. stdout must hold JSON alone.
exports.GeminiEventSchema = z.object({
    session_id: hookEvent_1.SessionIdSchema.optional(),
    hook_event_name: hookEvent_1.EventNameSchema,
    cwd: hookEvent_1.AbsoluteDirSchema.optional(),
    prompt: hookEvent_1.PromptSchema.optional(),
    tool_name: hookEvent_1.ToolNameSchema.optional(),
    tool_input: (0, hookEvent_1.optionalLenient)(hookEvent_1.ToolInputSchema),
});
const KINDS = {
    BeforeAgent: 'prompt',
    BeforeTool: 'preTool',
    AfterTool: 'postTool',
    SessionStart: 'sessionStart',
    SessionEnd: 'sessionEnd',
};
/** Gemini's built-in tools that write files or run commands (its file-system and shell tools). */
const WRITING_TOOLS = new Set(['write_file', 'replace', 'edit', 'smart_edit', 'run_shell_command']);
function isGeminiWritingTool(name) {
    return WRITING_TOOLS.has(name);
}
function normalizeGemini(raw, env) {
    const e = exports.GeminiEventSchema.parse(raw);
    const projectDir = hookEvent_1.AbsoluteDirSchema.safeParse(env.GEMINI_PROJECT_DIR);
    const sessionFromEnv = hookEvent_1.SessionIdSchema.safeParse(env.GEMINI_SESSION_ID);
    return {
        kind: KINDS[e.hook_event_name] ?? 'other',
        eventName: e.hook_event_name,
        sessionId: hookEvent_1.SessionIdSchema.parse((0, hookEvent_1.firstOf)(e.session_id, sessionFromEnv.success ? sessionFromEnv.data : undefined)),
        workspaceDir: (0, hookEvent_1.firstOf)(projectDir.success ? projectDir.data : undefined, e.cwd),
        cwd: e.cwd,
        prompt: e.prompt,
        toolName: e.tool_name,
        filePath: (0, hookEvent_1.filePathOf)(e.tool_input),
        command: (0, hookEvent_1.commandOf)(e.tool_input),
    };
}
//# sourceMappingURL=gemini.js.map
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
exports.OPENCODE_WRITING_TOOLS = exports.OpenCodeEventSchema = void 0;
exports.isOpenCodeWritingTool = isOpenCodeWritingTool;
exports.normalizeOpenCode = normalizeOpenCode;
const z = __importStar(require("zod"));
const hookEvent_1 = require("./hookEvent");
const patchFiles_1 = require("./patchFiles");
// OpenCode (opencode-ai) has no hook commands: it loads plugins, JS/TS modules whose functions
// return handlers it awaits (https://opencode.ai/docs/plugins; the types of @opencode-ai/plugin
// 1.18.33, dist/index.d.ts, `interface Hooks`). The plugin `agents hook install opencode` writes
// (install/opencodePlugin.ts) turns three of them into this JSON on the command's stdin:
// - `chat.message` (input {sessionID, agent, model, messageID}, output {message, parts}): a user
//   message, before the model sees it; `prompt` is the text of its non-synthetic text parts;
// - `tool.execute.before` (input {tool, sessionID, callID}, output {args}) and
//   `tool.execute.after` (input {tool, sessionID, callID, args}): around each tool's execute, both
//   awaited by OpenCode (its binary, 1.18.33: `yield* trigger("tool.execute.before", …)`, then
//   `execute`, then `trigger("tool.execute.after", …)`; a tool that throws fires no `after`).
// `directory` is the plugin's `directory` input, the folder OpenCode works in.
exports.OpenCodeEventSchema = z.object({
    hook_event_name: hookEvent_1.EventNameSchema,
    session_id: hookEvent_1.SessionIdSchema,
    directory: hookEvent_1.AbsoluteDirSchema.optional(),
    prompt: hookEvent_1.PromptSchema.optional(),
    tool: hookEvent_1.ToolNameSchema.optional(),
    call_id: (0, hookEvent_1.optionalLenient)(hookEvent_1.SessionIdSchema),
    args: (0, hookEvent_1.optionalLenient)(hookEvent_1.ToolInputSchema),
});
const KINDS = {
    'chat.message': 'prompt',
    'tool.execute.before': 'preTool',
    'tool.execute.after': 'postTool',
};
/**
 * OpenCode's tools that write files or run commands (tool ids in its 1.18.33 binary: `bash`,
 * `edit`, `write`, `apply_patch`; `patch`, `multiedit` and `shell` are names its permission
 * mapping still knows from earlier versions). Read-only ones (read, glob, grep, list, webfetch,
 * todowrite, task…) start no checkpoint; a subagent's (task's) own tool calls fire these events
 * in the subagent's session.
 */
exports.OPENCODE_WRITING_TOOLS = new Set(['bash', 'shell', 'edit', 'write', 'apply_patch', 'patch', 'multiedit']);
function isOpenCodeWritingTool(name) {
    return exports.OPENCODE_WRITING_TOOLS.has(name);
}
function normalizeOpenCode(raw) {
    const e = exports.OpenCodeEventSchema.parse(raw);
    const patched = e.tool === 'apply_patch' || e.tool === 'patch' ? (0, patchFiles_1.firstPatchedFile)(e.args?.patchText) : undefined;
    return {
        kind: KINDS[e.hook_event_name] ?? 'other',
        eventName: e.hook_event_name,
        sessionId: e.session_id,
        workspaceDir: e.directory,
        cwd: e.directory,
        prompt: e.prompt,
        toolName: e.tool,
        toolUseId: e.call_id,
        filePath: (0, hookEvent_1.firstOf)(patched, (0, hookEvent_1.filePathOf)(e.args)),
        // a shell's command (a patch's text, which apply_patch also calls `command`, is no command)
        command: e.tool === 'bash' ? (0, hookEvent_1.commandOf)(e.args) : undefined,
    };
}
//# sourceMappingURL=opencode.js.map
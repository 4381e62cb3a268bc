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
exports.ToolInputSchema = exports.PromptSchema = exports.AbsoluteDirSchema = exports.AgentNameSchema = exports.EventNameSchema = exports.ToolNameSchema = exports.SessionIdSchema = exports.HOOK_EVENT_KINDS = void 0;
exports.optionalLenient = optionalLenient;
exports.filePathOf = filePathOf;
exports.commandOf = commandOf;
exports.parseJsonObject = parseJsonObject;
exports.firstOf = firstOf;
exports.looksLikeWritingTool = looksLikeWritingTool;
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
/** What an agent's event means to us, whatever the agent called it. */
/**
 * `machinePrompt`: a turn the agent submits as if it were a prompt, that no person wrote (Claude
 * Code's `<task-notification>` after a background subagent ends): no prompt checkpoint.
 */
exports.HOOK_EVENT_KINDS = ['prompt', 'machinePrompt', 'preTool', 'postTool', 'sessionStart', 'sessionEnd', 'other'];
/** Ids are printable ASCII: UUIDs, ULIDs, Cline's numeric task ids. A 1 MB "id" is refused. */
exports.SessionIdSchema = z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
exports.ToolNameSchema = z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
exports.EventNameSchema = z.string().min(1).max(100);
/** A subagent's id or type: a short printable name (its kind may hold spaces); junk is dropped. */
exports.AgentNameSchema = z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII');
/** An absolute folder path as an event names it (existence is checked later, on disk). */
exports.AbsoluteDirSchema = z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => !p.includes('\0'), 'must not contain NUL')
    .refine((p) => path.isAbsolute(p), 'must be an absolute path');
/** Prompts may be long (pasted logs): only their first line is kept, shortened. */
exports.PromptSchema = z.string().max(8 * 1024 * 1024);
/** A tool's input: any object; the path in it is read by {@link filePathOf}. */
exports.ToolInputSchema = z.record(z.string(), z.unknown());
/** A field that may be junk without spoiling the event: dropped when it does not parse. */
function optionalLenient(schema) {
    return schema.optional().catch(undefined);
}
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path', 'target_file', 'targetFile', 'filename', 'uri'];
/** The file a tool's input names, by the keys the agents use; the first of `files` for VS Code's editFiles. */
function filePathOf(input) {
    if (typeof input === 'string')
        return filePathOf(parseJsonObject(input));
    if (!input || typeof input !== 'object' || Array.isArray(input))
        return undefined;
    const record = input;
    for (const key of PATH_KEYS) {
        const value = record[key];
        if (typeof value === 'string' && value.length > 0 && value.length <= 4096)
            return value;
    }
    const files = record.files;
    if (Array.isArray(files) && typeof files[0] === 'string' && files[0].length <= 4096)
        return files[0];
    return undefined;
}
const COMMAND_KEYS = ['command', 'cmd', 'commandLine', 'command_line'];
/** The command a shell tool's input names (`command` for Claude Code's Bash, Gemini's run_shell_command, Cline's execute_command). */
function commandOf(input) {
    if (typeof input === 'string')
        return commandOf(parseJsonObject(input));
    if (!input || typeof input !== 'object' || Array.isArray(input))
        return undefined;
    const record = input;
    for (const key of COMMAND_KEYS) {
        const value = record[key];
        if (typeof value === 'string' && value.trim() !== '' && value.length <= 1024 * 1024)
            return value;
    }
    return undefined;
}
/** A JSON object carried as a string (Copilot's `toolArgs`, Cursor's MCP `tool_input`); undefined otherwise. */
function parseJsonObject(text) {
    if (text.length > 1024 * 1024)
        return undefined;
    try {
        const value = JSON.parse(text);
        return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
/** The first defined value. */
function firstOf(...values) {
    return values.find((v) => v !== undefined);
}
/**
 * Tool names that may write, for agents whose tool set is open (Copilot in VS Code and its CLI,
 * Cursor's tool and MCP events): file edits and creation, deletes and moves, shells and terminals.
 * Read-only tools (read, search, list, fetch) do not match. A hook filters by name itself: VS Code
 * ignored the configuration's matchers at one point.
 */
const WRITING_NAME = /(write|edit|create|replace|patch|insert|delete|remove|rename|move|shell|bash|terminal|powershell|command|notebook)/i;
function looksLikeWritingTool(name) {
    return WRITING_NAME.test(name);
}
//# sourceMappingURL=hookEvent.js.map
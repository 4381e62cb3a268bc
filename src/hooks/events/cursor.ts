import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, looksLikeWritingTool, optionalLenient, parseJsonObject, type HookEvent, type HookEventKind } from './hookEvent';

// Cursor's hook input, as documented at https://cursor.com/docs/agent/hooks (read 2026-12; its
// event list grew from the 1.7 set): every event has conversation_id, generation_id,
// hook_event_name and workspace_roots; beforeSubmitPrompt adds prompt; before/afterShellExecution
// add command and cwd; afterFileEdit adds file_path and edits; the tool events (preToolUse,
// postToolUse, before/afterMCPExecution) add tool_name and tool_input (an object, or a JSON string
// for MCP). before* events answer {"permission": …}, beforeSubmitPrompt {"continue": …}.
export const CursorEventSchema = z.object({
  conversation_id: SessionIdSchema,
  hook_event_name: EventNameSchema,
  workspace_roots: z.array(AbsoluteDirSchema).max(100).optional(),
  cwd: AbsoluteDirSchema.optional(),
  prompt: PromptSchema.optional(),
  file_path: optionalLenient(z.string().min(1).max(4096)),
  tool_name: ToolNameSchema.optional(),
  tool_input: optionalLenient(z.union([ToolInputSchema, z.string().max(1024 * 1024)])),
  tool_use_id: optionalLenient(SessionIdSchema),
  /** before/afterShellExecution: the command line it runs. */
  command: optionalLenient(z.string().min(1).max(1024 * 1024)),
});

const KINDS: Readonly<Record<string, HookEventKind>> = {
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
const IMPLIED_TOOL: Readonly<Record<string, string>> = {
  beforeShellExecution: 'Shell',
  afterShellExecution: 'Shell',
  afterFileEdit: 'Edit',
};

export function isCursorWritingTool(name: string): boolean {
  return looksLikeWritingTool(name);
}

export function normalizeCursor(raw: unknown): HookEvent {
  const e = CursorEventSchema.parse(raw);
  const root = e.workspace_roots?.[0];
  const input = typeof e.tool_input === 'string' ? parseJsonObject(e.tool_input) : e.tool_input;
  return {
    kind: KINDS[e.hook_event_name] ?? 'other',
    eventName: e.hook_event_name,
    sessionId: e.conversation_id,
    workspaceDir: firstOf(root, e.cwd),
    cwd: firstOf(e.cwd, root),
    prompt: e.prompt,
    toolName: firstOf(e.tool_name, IMPLIED_TOOL[e.hook_event_name]),
    toolUseId: e.tool_use_id,
    filePath: firstOf(e.file_path, filePathOf(input)),
    command: firstOf(e.command, commandOf(input)),
  };
}

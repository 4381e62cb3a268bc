import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';

// Claude Code's hook input, as documented at https://code.claude.com/docs/en/hooks ("Common input
// fields", "PreToolUse input", "PostToolUse input", "UserPromptSubmit input"; read 2026-12):
// every event has session_id, transcript_path, cwd, permission_mode and hook_event_name; tool
// events add tool_name, tool_input and tool_use_id; UserPromptSubmit adds prompt. The project
// folder is also in $CLAUDE_PROJECT_DIR. Unknown fields are ignored; the ones used are checked.
export const ClaudeCodeEventSchema = z.object({
  session_id: SessionIdSchema,
  hook_event_name: EventNameSchema,
  cwd: AbsoluteDirSchema.optional(),
  prompt: PromptSchema.optional(),
  tool_name: ToolNameSchema.optional(),
  tool_input: optionalLenient(ToolInputSchema),
  tool_use_id: optionalLenient(SessionIdSchema),
});

const KINDS: Readonly<Record<string, HookEventKind>> = {
  UserPromptSubmit: 'prompt',
  PreToolUse: 'preTool',
  PostToolUse: 'postTool',
  PostToolUseFailure: 'postTool',
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
};

/** The tools that write, as the issue and Claude's own matcher syntax name them; Bash included. */
const WRITING_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Bash']);

export function isClaudeCodeWritingTool(name: string): boolean {
  return WRITING_TOOLS.has(name);
}

export function normalizeClaudeCode(raw: unknown, env: Readonly<Record<string, string | undefined>>): HookEvent {
  const e = ClaudeCodeEventSchema.parse(raw);
  const projectDir = AbsoluteDirSchema.safeParse(env.CLAUDE_PROJECT_DIR);
  return {
    kind: KINDS[e.hook_event_name] ?? 'other',
    eventName: e.hook_event_name,
    sessionId: e.session_id,
    workspaceDir: firstOf(projectDir.success ? projectDir.data : undefined, e.cwd),
    cwd: e.cwd,
    prompt: e.prompt,
    toolName: e.tool_name,
    toolUseId: e.tool_use_id,
    filePath: filePathOf(e.tool_input),
    command: commandOf(e.tool_input),
  };
}

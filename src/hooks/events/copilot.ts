import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, looksLikeWritingTool, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';

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
export const CopilotEventSchema = z.object({
  sessionId: SessionIdSchema.optional(),
  session_id: SessionIdSchema.optional(),
  hook_event_name: EventNameSchema.optional(),
  hookEventName: EventNameSchema.optional(),
  cwd: AbsoluteDirSchema.optional(),
  prompt: PromptSchema.optional(),
  toolName: ToolNameSchema.optional(),
  tool_name: ToolNameSchema.optional(),
  toolArgs: optionalLenient(z.union([z.string().max(1024 * 1024), ToolInputSchema])),
  tool_input: optionalLenient(ToolInputSchema),
  tool_use_id: optionalLenient(SessionIdSchema),
  toolUseId: optionalLenient(SessionIdSchema),
  toolResult: z.unknown().optional(),
  tool_response: z.unknown().optional(),
  source: z.string().max(100).optional(),
  reason: z.string().max(1000).optional(),
});
type CopilotEvent = z.infer<typeof CopilotEventSchema>;

const KINDS: Readonly<Record<string, HookEventKind>> = {
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
export const COPILOT_NO_SESSION = 'no-session-id';

export function isCopilotWritingTool(name: string): boolean {
  return looksLikeWritingTool(name);
}

/** The event a camelCase payload is, told by its fields (it does not name itself). */
function inferredEvent(e: CopilotEvent): string {
  if (e.toolName !== undefined) return e.toolResult !== undefined ? 'postToolUse' : 'preToolUse';
  if (e.prompt !== undefined) return 'userPromptSubmitted';
  if (e.source !== undefined) return 'sessionStart';
  if (e.reason !== undefined) return 'sessionEnd';
  return 'unknown';
}

export function normalizeCopilot(raw: unknown): HookEvent {
  const e = CopilotEventSchema.parse(raw);
  const eventName = firstOf(e.hook_event_name, e.hookEventName) ?? inferredEvent(e);
  return {
    kind: KINDS[eventName] ?? 'other',
    eventName,
    sessionId: firstOf(e.sessionId, e.session_id) ?? COPILOT_NO_SESSION,
    workspaceDir: e.cwd,
    cwd: e.cwd,
    prompt: e.prompt,
    toolName: firstOf(e.toolName, e.tool_name),
    toolUseId: firstOf(e.tool_use_id, e.toolUseId),
    filePath: firstOf(filePathOf(e.tool_input), filePathOf(e.toolArgs)),
    command: firstOf(commandOf(e.tool_input), commandOf(e.toolArgs)),
  };
}

import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';
import { firstPatchedFile } from './patchFiles';

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
//
// No call is marked failed: Codex's hooks are not told. For a shell, PostToolUse's tool_response is
// the command's output text alone (codex-rs ExecCommandToolOutput::post_tool_use_response gives
// `JsonValue::String(truncated_output)`), with no exit code: seen with 0.171.0, `exit 3` after
// printing "scripted failure" to stderr gives `"tool_response": "scripted failure\n"`, as a success
// that prints it would. An apply_patch that fails, whether its check fails (a line not found, a file
// missing) or its write does (after writing the files before it), fires no PostToolUse at all.
export const CodexEventSchema = z.object({
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
  SessionStart: 'sessionStart',
  // once, right before the session's root thread is torn down (0.145.0 and later; not per turn: that is Stop)
  SessionEnd: 'sessionEnd',
};

/** Codex's tools that write: its shell (named `Bash` in hook payloads) and apply_patch, its file edit. */
const WRITING_TOOLS = new Set(['Bash', 'apply_patch']);

export function isCodexWritingTool(name: string): boolean {
  return WRITING_TOOLS.has(name);
}

export function normalizeCodex(raw: unknown): HookEvent {
  const e = CodexEventSchema.parse(raw);
  const patched = e.tool_name === 'apply_patch' ? firstPatchedFile(e.tool_input?.command) : undefined;
  return {
    kind: KINDS[e.hook_event_name] ?? 'other',
    eventName: e.hook_event_name,
    sessionId: e.session_id,
    workspaceDir: e.cwd,
    cwd: e.cwd,
    prompt: e.prompt,
    toolName: e.tool_name,
    toolUseId: e.tool_use_id,
    filePath: firstOf(patched, filePathOf(e.tool_input)),
    // a shell's command (a patch's text, which apply_patch also calls `command`, is no command)
    command: e.tool_name === 'Bash' ? commandOf(e.tool_input) : undefined,
  };
}

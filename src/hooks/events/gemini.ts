import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';

// Gemini CLI's hook input, as documented at https://geminicli.com/docs/hooks/reference (read
// 2026-12; the repository's docs/hooks/reference.md): every event has session_id,
// transcript_path, cwd, hook_event_name and timestamp; BeforeTool/AfterTool add tool_name and
// tool_input (AfterTool also tool_response); BeforeAgent (after a prompt is submitted) adds
// prompt. $GEMINI_PROJECT_DIR and $GEMINI_SESSION_ID are set. stdout must hold JSON alone.
//
// A failed call: AfterTool's `tool_response` is `{llmContent, returnDisplay, error}`, `error` the
// tool result's own `{message, type}` when the tool failed (`@google/gemini-cli` 0.61.0's bundle,
// executeToolWithHooks; seen for a `replace` whose old_string is not in the file: `error: {message:
// "Could not find an exact match …", type: "edit_no_occurrence_found"}`). Its shell tool sets
// `error` only when the command could not be run: a command that exits non-zero is a success to
// Gemini, its exit code only a line of the text for the model (`Exit Code: 3` in llmContent, beside
// the command's own output, which may print the same words), so such a call is not marked.
const ToolResponseSchema = z.object({
  error: optionalLenient(z.object({ message: z.string().max(1024 * 1024), type: z.string().max(200).optional() })),
});

export const GeminiEventSchema = z.object({
  session_id: SessionIdSchema.optional(),
  hook_event_name: EventNameSchema,
  cwd: AbsoluteDirSchema.optional(),
  prompt: PromptSchema.optional(),
  tool_name: ToolNameSchema.optional(),
  tool_input: optionalLenient(ToolInputSchema),
  tool_response: optionalLenient(ToolResponseSchema),
});

const KINDS: Readonly<Record<string, HookEventKind>> = {
  BeforeAgent: 'prompt',
  BeforeTool: 'preTool',
  AfterTool: 'postTool',
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
};

/** Gemini's built-in tools that write files or run commands (its file-system and shell tools). */
const WRITING_TOOLS = new Set(['write_file', 'replace', 'edit', 'smart_edit', 'run_shell_command']);

export function isGeminiWritingTool(name: string): boolean {
  return WRITING_TOOLS.has(name);
}

export function normalizeGemini(raw: unknown, env: Readonly<Record<string, string | undefined>>): HookEvent {
  const e = GeminiEventSchema.parse(raw);
  const projectDir = AbsoluteDirSchema.safeParse(env.GEMINI_PROJECT_DIR);
  const sessionFromEnv = SessionIdSchema.safeParse(env.GEMINI_SESSION_ID);
  const kind = KINDS[e.hook_event_name] ?? 'other';
  return {
    kind,
    eventName: e.hook_event_name,
    sessionId: SessionIdSchema.parse(firstOf(e.session_id, sessionFromEnv.success ? sessionFromEnv.data : undefined)),
    workspaceDir: firstOf(projectDir.success ? projectDir.data : undefined, e.cwd),
    cwd: e.cwd,
    prompt: e.prompt,
    toolName: e.tool_name,
    filePath: filePathOf(e.tool_input),
    command: commandOf(e.tool_input),
    ...(kind === 'postTool' && e.tool_response?.error !== undefined ? { failed: true } : {}),
  };
}

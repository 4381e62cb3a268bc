import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';

// Gemini CLI's hook input, as documented at https://geminicli.com/docs/hooks/reference (read
// 2026-12; the repository's docs/hooks/reference.md): every event has session_id,
// transcript_path, cwd, hook_event_name and timestamp; BeforeTool/AfterTool add tool_name and
// tool_input (AfterTool also tool_response); BeforeAgent (after a prompt is submitted) adds
// prompt. $GEMINI_PROJECT_DIR and $GEMINI_SESSION_ID are set. stdout must hold JSON alone.
export const GeminiEventSchema = z.object({
  session_id: SessionIdSchema.optional(),
  hook_event_name: EventNameSchema,
  cwd: AbsoluteDirSchema.optional(),
  prompt: PromptSchema.optional(),
  tool_name: ToolNameSchema.optional(),
  tool_input: optionalLenient(ToolInputSchema),
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
  return {
    kind: KINDS[e.hook_event_name] ?? 'other',
    eventName: e.hook_event_name,
    sessionId: SessionIdSchema.parse(firstOf(e.session_id, sessionFromEnv.success ? sessionFromEnv.data : undefined)),
    workspaceDir: firstOf(projectDir.success ? projectDir.data : undefined, e.cwd),
    cwd: e.cwd,
    prompt: e.prompt,
    toolName: e.tool_name,
    filePath: filePathOf(e.tool_input),
    command: commandOf(e.tool_input),
  };
}

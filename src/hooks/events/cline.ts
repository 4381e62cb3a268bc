import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';

// Cline's hook input, as documented at https://docs.cline.bot/features/hooks/hook-reference (read
// 2026-12): every hook gets clineVersion, hookName, timestamp, taskId, workspaceRoots and userId,
// plus an object named after the event: preToolUse {toolName, parameters}, postToolUse
// {toolName, parameters, result, success, executionTimeMs}, userPromptSubmit {prompt, …}, taskStart
// {taskMetadata: {taskId, ulid, initialTask}} (a new task's first message). The
// hook answers JSON {"cancel": false, …}; Cline fails closed on anything else.
const ToolCallSchema = z.object({
  toolName: ToolNameSchema,
  parameters: optionalLenient(ToolInputSchema),
});

export const ClineEventSchema = z.object({
  hookName: EventNameSchema,
  taskId: SessionIdSchema,
  workspaceRoots: z.array(AbsoluteDirSchema).max(100).optional(),
  preToolUse: ToolCallSchema.optional(),
  postToolUse: ToolCallSchema.optional(),
  userPromptSubmit: z.object({ prompt: PromptSchema }).optional(),
  // A new task's first message comes with TaskStart, not UserPromptSubmit.
  taskStart: z
    .object({
      taskMetadata: z.object({ initialTask: PromptSchema.optional() }).optional(),
      task: PromptSchema.optional(),
    })
    .optional(),
});

const KINDS: Readonly<Record<string, HookEventKind>> = {
  UserPromptSubmit: 'prompt',
  PreToolUse: 'preTool',
  PostToolUse: 'postTool',
  TaskStart: 'sessionStart',
  TaskResume: 'sessionStart',
  TaskComplete: 'sessionEnd',
  TaskCancel: 'sessionEnd',
};

/** Cline's tools that write files or run commands (docs.cline.bot, "Cline Tools Reference"). */
const WRITING_TOOLS = new Set(['write_to_file', 'replace_in_file', 'apply_patch', 'execute_command']);

export function isClineWritingTool(name: string): boolean {
  return WRITING_TOOLS.has(name);
}

export function normalizeCline(raw: unknown): HookEvent {
  const e = ClineEventSchema.parse(raw);
  const tool = e.preToolUse ?? e.postToolUse;
  const root = e.workspaceRoots?.[0];
  const initialTask = e.taskStart?.taskMetadata?.initialTask ?? e.taskStart?.task;
  const startsWithPrompt = e.hookName === 'TaskStart' && initialTask !== undefined && initialTask.trim() !== '';
  return {
    kind: startsWithPrompt ? 'prompt' : (KINDS[e.hookName] ?? 'other'),
    eventName: e.hookName,
    sessionId: e.taskId,
    workspaceDir: root,
    cwd: root,
    prompt: startsWithPrompt ? initialTask : e.userPromptSubmit?.prompt,
    toolName: tool?.toolName,
    filePath: filePathOf(tool?.parameters),
    command: commandOf(tool?.parameters),
  };
}

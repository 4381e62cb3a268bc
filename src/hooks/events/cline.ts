import * as z from 'zod';
import { AbsoluteDirSchema, AgentNameSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';

// Cline comes as two programs that run the same hook files (`.clinerules/hooks/<Event>`), with two
// payloads.
//
// The VS Code extension, as documented at https://docs.cline.bot/features/hooks/hook-reference
// (read 2026-12): every hook gets clineVersion, hookName, timestamp, taskId, workspaceRoots and
// userId, plus an object named after the event: preToolUse {toolName, parameters}, postToolUse
// {toolName, parameters, result, success, executionTimeMs}, userPromptSubmit {prompt, …}, taskStart
// {taskMetadata: {taskId, ulid, initialTask}} (a new task's first message).
//
// The CLI (npm `cline` 3.0.65, a compiled program: its hook code read from the strings of
// `@cline/cli-linux-x64`'s bin/cline) maps the same file names to its own events (TaskStart →
// agent_start, TaskResume → agent_resume, PreToolUse → tool_call, PostToolUse → tool_result,
// UserPromptSubmit → prompt_submit, TaskComplete → agent_end, TaskCancel → agent_abort, TaskError →
// agent_error, SessionShutdown → session_shutdown) and sends `hookName` as its own name, with
// taskId (the conversation), workspaceRoots [workspace root or cwd], agent_id, parent_agent_id,
// and the extension's objects filled in beside its own: tool_call {id, name, input} with
// preToolUse {toolName, parameters}, tool_result {id, name, input, output, error, durationMs} with
// postToolUse {…, success}, prompt_submit with userPromptSubmit {prompt}, agent_start with an empty
// taskStart. Each value of `parameters` is a string: a string input as it is, anything else
// JSON-encoded (`commands` of run_commands arrives as '["npm test"]').
//
// Both answer JSON {"cancel": false, …}; the extension fails closed on anything else.
const ToolCallSchema = z.object({
  toolName: ToolNameSchema,
  parameters: optionalLenient(ToolInputSchema),
  success: optionalLenient(z.boolean()),
});

/**
 * The CLI's own tool objects: the call's id, its error when the tool failed as a whole, and its
 * output. For `run_commands` the output is one entry per command, `{query, result, error?,
 * success}`, and a command that exits non-zero is only there: seen with 3.0.65 for `exit 3`,
 * `output: [{query, result: "[Command exited with code 3]\n\n[stderr]\nscripted failure\n",
 * error: "Command exited with code 3", success: false}]`, with no `error` beside it and
 * `postToolUse.success` true.
 */
const CliToolSchema = z.object({
  id: optionalLenient(SessionIdSchema),
  error: optionalLenient(z.string().max(1024 * 1024)),
  output: optionalLenient(z.unknown()),
});

/** An entry of a tool's output that says it failed (a command of run_commands that exited non-zero). */
const FailedEntrySchema = z.object({ success: z.literal(false) });

function someEntryFailed(output: unknown): boolean {
  return Array.isArray(output) && output.some((entry) => FailedEntrySchema.safeParse(entry).success);
}

export const ClineEventSchema = z.object({
  hookName: EventNameSchema,
  taskId: SessionIdSchema,
  workspaceRoots: z.array(AbsoluteDirSchema).max(100).optional(),
  preToolUse: ToolCallSchema.optional(),
  postToolUse: ToolCallSchema.optional(),
  userPromptSubmit: z.object({ prompt: PromptSchema }).optional(),
  // A new task's first message comes with TaskStart, not UserPromptSubmit (the extension).
  taskStart: optionalLenient(
    z.object({
      taskMetadata: z.object({ initialTask: PromptSchema.optional() }).optional(),
      task: PromptSchema.optional(),
    }),
  ),
  tool_call: optionalLenient(CliToolSchema),
  tool_result: optionalLenient(CliToolSchema),
  agent_id: optionalLenient(AgentNameSchema),
  parent_agent_id: optionalLenient(AgentNameSchema.nullable()),
});

const KINDS: Readonly<Record<string, HookEventKind>> = {
  // the VS Code extension
  UserPromptSubmit: 'prompt',
  PreToolUse: 'preTool',
  PostToolUse: 'postTool',
  TaskStart: 'sessionStart',
  TaskResume: 'sessionStart',
  TaskComplete: 'sessionEnd',
  TaskCancel: 'sessionEnd',
  // the CLI (3.x)
  prompt_submit: 'prompt',
  tool_call: 'preTool',
  tool_result: 'postTool',
  agent_start: 'sessionStart',
  agent_resume: 'sessionStart',
  agent_end: 'sessionEnd',
  agent_abort: 'sessionEnd',
  agent_error: 'sessionEnd',
  session_shutdown: 'sessionEnd',
};

/**
 * Cline's tools that write files or run commands: the extension's (docs.cline.bot, "Cline Tools
 * Reference") and the CLI's (`editor` creates and edits, `apply_patch`, `run_commands`; its
 * `read_files` only reads).
 */
const WRITING_TOOLS = new Set(['write_to_file', 'replace_in_file', 'apply_patch', 'execute_command', 'editor', 'run_commands']);

export function isClineWritingTool(name: string): boolean {
  return WRITING_TOOLS.has(name);
}

/**
 * A tool's parameters with the CLI's JSON-encoded values decoded where they are JSON arrays or
 * objects; a value that does not parse stays the string it was. Plain strings (a path) are as sent.
 */
export function clineParameters(parameters: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (parameters === undefined) return undefined;
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters)) {
    decoded[key] = value;
    if (typeof value !== 'string' || value.length > 1024 * 1024 || !/^\s*[[{]/.test(value)) continue;
    try {
      decoded[key] = JSON.parse(value) as unknown;
    } catch {
      // not JSON after all: the string it was
    }
  }
  return decoded;
}

export function normalizeCline(raw: unknown): HookEvent {
  const e = ClineEventSchema.parse(raw);
  const tool = e.preToolUse ?? e.postToolUse;
  const root = e.workspaceRoots?.[0];
  const initialTask = e.taskStart?.taskMetadata?.initialTask ?? e.taskStart?.task;
  const startsWithPrompt = e.hookName === 'TaskStart' && initialTask !== undefined && initialTask.trim() !== '';
  const kind = startsWithPrompt ? 'prompt' : (KINDS[e.hookName] ?? 'other');
  const failed = kind === 'postTool' && (e.postToolUse?.success === false || e.tool_result?.error !== undefined || someEntryFailed(e.tool_result?.output));
  // a subagent (the CLI's teams) names its parent; the main agent's parent is null
  const subagent = e.parent_agent_id !== undefined && e.parent_agent_id !== null && e.agent_id !== undefined;
  return {
    kind,
    eventName: e.hookName,
    sessionId: e.taskId,
    workspaceDir: root,
    cwd: root,
    prompt: startsWithPrompt ? initialTask : e.userPromptSubmit?.prompt,
    toolName: tool?.toolName,
    toolUseId: firstOf(e.tool_call?.id, e.tool_result?.id),
    filePath: filePathOf(clineParameters(tool?.parameters)),
    command: commandOf(clineParameters(tool?.parameters)),
    ...(failed ? { failed: true } : {}),
    ...(subagent ? { agentId: e.agent_id } : {}),
  };
}

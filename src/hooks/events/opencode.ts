import * as z from 'zod';
import { AbsoluteDirSchema, EventNameSchema, PromptSchema, SessionIdSchema, ToolInputSchema, ToolNameSchema, commandOf, filePathOf, firstOf, optionalLenient, type HookEvent, type HookEventKind } from './hookEvent';
import { firstPatchedFile } from './patchFiles';

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
// - `dispose` (no input): OpenCode closes its instance for the folder (at its exit); the plugin
//   sends it once for each session it saw, as that session's end.
// `directory` is the plugin's `directory` input, the folder OpenCode works in. `exit` (on
// `tool.execute.after`, from plugins written since it was added) is a shell's exit code, the
// `bash` tool's `output.metadata.exit`: a number other than 0 marks the call failed. Seen with
// 1.18.33 for `exit 3`: `output: {title, output: "scripted failure\n", metadata: {output, exit: 3,
// truncated: false}}`. Nothing else says a call failed (a failing edit throws and fires no `after`),
// and an older plugin sends no `exit`: the call is then not marked, never guessed.
export const OpenCodeEventSchema = z.object({
  hook_event_name: EventNameSchema,
  session_id: SessionIdSchema,
  directory: AbsoluteDirSchema.optional(),
  prompt: PromptSchema.optional(),
  tool: ToolNameSchema.optional(),
  call_id: optionalLenient(SessionIdSchema),
  args: optionalLenient(ToolInputSchema),
  exit: optionalLenient(z.number().int()),
});

const KINDS: Readonly<Record<string, HookEventKind>> = {
  'chat.message': 'prompt',
  'tool.execute.before': 'preTool',
  'tool.execute.after': 'postTool',
  dispose: 'sessionEnd',
};

/**
 * OpenCode's tools that write files or run commands (tool ids in its 1.18.33 binary: `bash`,
 * `edit`, `write`, `apply_patch`; `patch`, `multiedit` and `shell` are names its permission
 * mapping still knows from earlier versions). Read-only ones (read, glob, grep, list, webfetch,
 * todowrite, task…) start no checkpoint; a subagent's (task's) own tool calls fire these events
 * in the subagent's session.
 */
export const OPENCODE_WRITING_TOOLS: ReadonlySet<string> = new Set(['bash', 'shell', 'edit', 'write', 'apply_patch', 'patch', 'multiedit']);

export function isOpenCodeWritingTool(name: string): boolean {
  return OPENCODE_WRITING_TOOLS.has(name);
}

export function normalizeOpenCode(raw: unknown): HookEvent {
  const e = OpenCodeEventSchema.parse(raw);
  const patched = e.tool === 'apply_patch' || e.tool === 'patch' ? firstPatchedFile(e.args?.patchText) : undefined;
  const kind = KINDS[e.hook_event_name] ?? 'other';
  return {
    kind,
    eventName: e.hook_event_name,
    sessionId: e.session_id,
    workspaceDir: e.directory,
    cwd: e.directory,
    prompt: e.prompt,
    toolName: e.tool,
    toolUseId: e.call_id,
    filePath: firstOf(patched, filePathOf(e.args)),
    // a shell's command (a patch's text, which apply_patch also calls `command`, is no command)
    command: e.tool === 'bash' ? commandOf(e.args) : undefined,
    ...(kind === 'postTool' && e.exit !== undefined && e.exit !== 0 ? { failed: true } : {}),
  };
}

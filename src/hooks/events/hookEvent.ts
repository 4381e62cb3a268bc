import * as path from 'node:path';
import * as z from 'zod';

/** What an agent's event means to us, whatever the agent called it. */
/**
 * `machinePrompt`: a turn the agent submits as if it were a prompt, that no person wrote (Claude
 * Code's `<task-notification>` after a background subagent ends): no prompt checkpoint.
 */
export const HOOK_EVENT_KINDS = ['prompt', 'machinePrompt', 'preTool', 'postTool', 'sessionStart', 'sessionEnd', 'other'] as const;
export type HookEventKind = (typeof HOOK_EVENT_KINDS)[number];

/** One agent event, normalised: the fields `hook run` uses, validated; everything else dropped. */
export interface HookEvent {
  readonly kind: HookEventKind;
  /** The agent's own name of the event (`PreToolUse`, `beforeSubmitPrompt`…): its answer may depend on it. */
  readonly eventName: string;
  readonly sessionId: string;
  /** The folder the event names (cwd, workspace root, project dir); absolute, not yet checked on disk. */
  readonly workspaceDir?: string;
  /** The folder relative paths of the tool's input are relative to. */
  readonly cwd?: string;
  readonly prompt?: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  /** The file the tool names, as the agent gave it (absolute or relative to `cwd`). */
  readonly filePath?: string;
  /** The command a shell tool runs, as the agent gave it (the tree shows its first line). */
  readonly command?: string;
  /**
   * The agent said the tool call failed (Claude Code's PostToolUseFailure, Cline's `success: false`
   * or `tool_result.error`, Gemini's `tool_response.error`, OpenCode's non-zero shell exit): its
   * post_step says so. Unset when the agent did not say, never guessed from a tool's output text.
   */
  readonly failed?: boolean;
  /** The subagent that made the call, under its parent's session (Claude Code's `agent_id`, Cline's). */
  readonly agentId?: string;
  /** The subagent's kind (Claude Code's `agent_type`: `general-purpose`, `code-reviewer`…). */
  readonly agentType?: string;
  /** The call starts a command that goes on running after it returns (Claude Code's Bash `run_in_background`). */
  readonly background?: boolean;
  /** For a `machinePrompt`: what it is, for the log. */
  readonly why?: string;
}

/** Ids are printable ASCII: UUIDs, ULIDs, Cline's numeric task ids. A 1 MB "id" is refused. */
export const SessionIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

export const ToolNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

export const EventNameSchema = z.string().min(1).max(100);

/** A subagent's id or type: a short printable name (its kind may hold spaces); junk is dropped. */
export const AgentNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII');

/** An absolute folder path as an event names it (existence is checked later, on disk). */
export const AbsoluteDirSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'must not contain NUL')
  .refine((p) => path.isAbsolute(p), 'must be an absolute path');

/** Prompts may be long (pasted logs): only their first line is kept, shortened. */
export const PromptSchema = z.string().max(8 * 1024 * 1024);

/** A tool's input: any object; the path in it is read by {@link filePathOf}. */
export const ToolInputSchema = z.record(z.string(), z.unknown());

/** A field that may be junk without spoiling the event: dropped when it does not parse. */
export function optionalLenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path', 'target_file', 'targetFile', 'filename', 'uri'] as const;

/** The file a tool's input names, by the keys the agents use; the first of `files` for VS Code's editFiles. */
export function filePathOf(input: unknown): string | undefined {
  if (typeof input === 'string') return filePathOf(parseJsonObject(input));
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const record = input as Record<string, unknown>;
  for (const key of PATH_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.length > 0 && value.length <= 4096) return value;
  }
  const files = record.files;
  if (Array.isArray(files) && typeof files[0] === 'string' && files[0].length <= 4096) return files[0];
  return undefined;
}

const COMMAND_KEYS = ['command', 'cmd', 'commandLine', 'command_line'] as const;

/** The command a shell tool's input names (`command` for Claude Code's Bash, Gemini's run_shell_command, Cline's execute_command). */
export function commandOf(input: unknown): string | undefined {
  if (typeof input === 'string') return commandOf(parseJsonObject(input));
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const record = input as Record<string, unknown>;
  for (const key of COMMAND_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 1024 * 1024) return value;
  }
  return undefined;
}

/** A JSON object carried as a string (Copilot's `toolArgs`, Cursor's MCP `tool_input`); undefined otherwise. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (text.length > 1024 * 1024) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The first defined value. */
export function firstOf<T>(...values: (T | undefined)[]): T | undefined {
  return values.find((v) => v !== undefined);
}

/**
 * Tool names that may write, for agents whose tool set is open (Copilot in VS Code and its CLI,
 * Cursor's tool and MCP events): file edits and creation, deletes and moves, shells and terminals.
 * Read-only tools (read, search, list, fetch) do not match. A hook filters by name itself: VS Code
 * ignored the configuration's matchers at one point.
 */
const WRITING_NAME = /(write|edit|create|replace|patch|insert|delete|remove|rename|move|shell|bash|terminal|powershell|command|notebook)/i;

export function looksLikeWritingTool(name: string): boolean {
  return WRITING_NAME.test(name);
}

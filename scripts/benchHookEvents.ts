// What the hooked-path benchmark (`npm run bench -- --hooks`) feeds the hooks: its options, read
// with zod, and each agent's event JSON for a prompt and for the calls before and after a tool, in
// the shapes the agents document (the same as test/unit/fixtures/hooks/), plus the environment the
// agent sets. Pure: test/unit/benchHooks.test.ts checks every event against `hook run`'s schemas.
import * as z from 'zod';
import { HOOK_AGENTS, type HookAgent } from '../src/daemonClient/hookAgents';

export const DAEMON_MODES = ['all', 'both', 'fast', 'on', 'off'] as const;
export type DaemonMode = (typeof DAEMON_MODES)[number];

const Count = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

const HookBenchArgsSchema = z.object({
  agent: z.enum(HOOK_AGENTS, { error: (issue) => `--agent must be one of ${HOOK_AGENTS.join(', ')}, not ${JSON.stringify(issue.input)}` }).default('claude-code'),
  steps: Count('--steps', 2, 10_000).default(10),
  runs: Count('--runs', 1, 1_000).default(5),
  promptEvery: Count('--prompt-every', 1, 1_000).default(5),
  daemon: z.enum(DAEMON_MODES, { error: (issue) => `--daemon must be one of ${DAEMON_MODES.join(', ')}, not ${JSON.stringify(issue.input)}` }).default('all'),
  profile: z.boolean().default(false),
  /** Timed `agents plan checkpoint` calls per run; default: as many as the hooked tool calls (see sessionCommits). */
  cliCheckpoints: Count('--cli-checkpoints', 1, 10_000).optional(),
});

export type HookBenchArgs = z.infer<typeof HookBenchArgsSchema>;

/** The hook options from the command line's strings; a message naming the bad option when one is wrong. */
export function parseHookBenchArgs(values: { agent?: string; steps?: string; runs?: string; 'prompt-every'?: string; daemon?: string; profile?: boolean; 'cli-checkpoints'?: string }): { ok: true; args: HookBenchArgs } | { ok: false; message: string } {
  const parsed = HookBenchArgsSchema.safeParse({ agent: values.agent, steps: values.steps, runs: values.runs, promptEvery: values['prompt-every'], daemon: values.daemon, profile: values.profile, ...(values['cli-checkpoints'] === undefined ? {} : { cliCheckpoints: values['cli-checkpoints'] }) });
  if (parsed.success) return { ok: true, args: parsed.data };
  return { ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') };
}

/** How a run uses the replayed commits, in order: the hooked tool calls, the profiled call, the CLI's checkpoints. */
export interface SessionCommits {
  readonly hooked: number;
  readonly profiled: 0 | 1;
  readonly cli: number;
  /** The commits replayed: all of the above. */
  readonly total: number;
}

/**
 * `--steps N` makes N less a quarter of it (at least 1) hooked tool calls, one fewer with
 * `--profile` (the split of the runs before the CLI's count was its own, so that a run with the
 * same --steps times as many hooked calls). The CLI's checkpoints, each on a commit of its own,
 * come after: `--cli-checkpoints`, or as many as the hooked calls, so that the CLI row's median is
 * of as many calls as the hooked rows' (a quarter of the commits made it jump between runs).
 * Undefined when too few commits are left for a hooked call.
 */
export function sessionCommits(steps: number, profile: boolean, cliCheckpoints?: number): SessionCommits | undefined {
  const profiled = profile ? 1 : 0;
  const hooked = steps - Math.max(1, Math.floor(steps / 4)) - profiled;
  if (hooked < 1) return undefined;
  const cli = cliCheckpoints ?? hooked;
  return { hooked, profiled, cli, total: hooked + profiled + cli };
}

/**
 * The runs a mode makes: their hooks' runtime and the resident process's setting, and how their
 * rows are labelled. `launcher`: the hooks name the launcher `agents hook install` writes on
 * Linux and macOS (the same lines as Connect an Agent's), whose fast client hands the call to the
 * resident process with perl or curl; else they name node, as on Windows.
 */
export function daemonRuns(mode: DaemonMode): { label: string; launcher: boolean; env: Record<string, string | undefined> }[] {
  const fast = { label: 'fast client, resident process on', launcher: true, env: { CLEVERAGENTS_NO_DAEMON: undefined } };
  const on = { label: 'resident process on', launcher: false, env: { CLEVERAGENTS_NO_DAEMON: undefined } };
  const off = { label: 'resident process off', launcher: false, env: { CLEVERAGENTS_NO_DAEMON: '1' } };
  return { all: [fast, on, off], both: [on, off], fast: [fast], on: [on], off: [off] }[mode];
}

/** The calls that make a replayed session: a prompt every `promptEvery` tool calls, the first call included. */
export function sessionCalls(toolCalls: number, promptEvery: number): ('prompt' | 'tool')[] {
  const out: ('prompt' | 'tool')[] = [];
  for (let i = 0; i < toolCalls; i++) {
    if (i % promptEvery === 0) out.push('prompt');
    out.push('tool');
  }
  return out;
}

export type HookMoment = 'prompt' | 'pre' | 'post';

export interface ToolCall {
  readonly workspace: string;
  readonly session: string;
  /** A number unique in the session: the tool call's id. */
  readonly index: number;
  /** The one file the call writes (an edit), relative to the workspace; undefined for a shell command (several paths). */
  readonly file?: string;
  /** What the shell command of a call without `file` runs. */
  readonly command?: string;
  readonly prompt?: string;
}

/** One event as the agent sends it: the agent's name of the event (its configuration's key), the stdin JSON and the environment it adds. */
export interface AgentEvent {
  readonly eventName: string;
  readonly json: Record<string, unknown>;
  readonly env: Record<string, string>;
}

const join = (workspace: string, rel: string) => `${workspace.replace(/\/$/, '')}/${rel}`;

/** The event `agent` sends at `moment` of `call`. */
export function agentEvent(agent: HookAgent, moment: HookMoment, call: ToolCall): AgentEvent {
  const { workspace, session, index } = call;
  const prompt = call.prompt ?? `Replay step ${index}`;
  const command = call.command ?? 'git apply step.patch';
  const edit = call.file !== undefined;
  switch (agent) {
    case 'claude-code': {
      const common = { session_id: session, transcript_path: '/tmp/bench-transcript.jsonl', cwd: workspace, permission_mode: 'default' };
      const env = { CLAUDE_PROJECT_DIR: workspace };
      if (moment === 'prompt') return { eventName: 'UserPromptSubmit', env, json: { ...common, hook_event_name: 'UserPromptSubmit', prompt } };
      const tool = edit ? { tool_name: 'Edit', tool_input: { file_path: join(workspace, call.file!), old_string: 'a', new_string: 'b', replace_all: false } } : { tool_name: 'Bash', tool_input: { command, description: 'Apply the step' } };
      const name = moment === 'pre' ? 'PreToolUse' : 'PostToolUse';
      const response = moment === 'post' ? { tool_response: edit ? { filePath: join(workspace, call.file!), success: true } : { stdout: '', stderr: '', interrupted: false } } : {};
      return { eventName: name, env, json: { ...common, hook_event_name: name, ...tool, ...response, tool_use_id: `toolu_bench_${index}` } };
    }
    case 'copilot': {
      const common = { sessionId: session, timestamp: 1_764_583_200_000 + index * 1000, cwd: workspace };
      if (moment === 'prompt') return { eventName: 'userPromptSubmitted', env: {}, json: { ...common, prompt } };
      const tool = edit ? { toolName: 'edit', toolArgs: JSON.stringify({ path: call.file, old_str: 'a', new_str: 'b' }) } : { toolName: 'bash', toolArgs: JSON.stringify({ command }) };
      const result = moment === 'post' ? { toolResult: { resultType: 'success', textResultForLlm: 'done' } } : {};
      return { eventName: moment === 'pre' ? 'preToolUse' : 'postToolUse', env: {}, json: { ...common, ...tool, ...result } };
    }
    case 'cursor': {
      // Cursor documents no event before a file edit: a step is a shell command between
      // beforeShellExecution and afterShellExecution (the events its installed hooks listen to).
      const common = { conversation_id: session, generation_id: `gen-${index}`, workspace_roots: [workspace] };
      if (moment === 'prompt') return { eventName: 'beforeSubmitPrompt', env: {}, json: { ...common, hook_event_name: 'beforeSubmitPrompt', prompt, attachments: [] } };
      const name = moment === 'pre' ? 'beforeShellExecution' : 'afterShellExecution';
      const after = moment === 'post' ? { output: '', duration: 10 } : {};
      return { eventName: name, env: {}, json: { ...common, hook_event_name: name, command, cwd: workspace, ...after } };
    }
    case 'gemini': {
      const common = { session_id: session, transcript_path: '/tmp/bench-transcript.json', cwd: workspace, timestamp: new Date(1_764_583_200_000 + index * 1000).toISOString() };
      const env = { GEMINI_PROJECT_DIR: workspace };
      if (moment === 'prompt') return { eventName: 'BeforeAgent', env, json: { ...common, hook_event_name: 'BeforeAgent', prompt } };
      const tool = edit ? { tool_name: 'write_file', tool_input: { file_path: join(workspace, call.file!), content: 'b' } } : { tool_name: 'run_shell_command', tool_input: { command } };
      const name = moment === 'pre' ? 'BeforeTool' : 'AfterTool';
      const response = moment === 'post' ? { tool_response: { llmContent: 'ok' } } : {};
      return { eventName: name, env, json: { ...common, hook_event_name: name, ...tool, ...response } };
    }
    case 'cline': {
      const common = { clineVersion: '3.40.0', timestamp: String(1_764_583_200_000 + index * 1000), taskId: session, workspaceRoots: [workspace], userId: 'bench' };
      if (moment === 'prompt') return { eventName: 'UserPromptSubmit', env: {}, json: { ...common, hookName: 'UserPromptSubmit', userPromptSubmit: { prompt, attachments: [] } } };
      const tool = edit ? { toolName: 'write_to_file', parameters: { path: call.file, content: 'b' } } : { toolName: 'execute_command', parameters: { command } };
      if (moment === 'pre') return { eventName: 'PreToolUse', env: {}, json: { ...common, hookName: 'PreToolUse', preToolUse: tool } };
      return { eventName: 'PostToolUse', env: {}, json: { ...common, hookName: 'PostToolUse', postToolUse: { ...tool, result: 'ok', success: true, executionTimeMs: 10 } } };
    }
    case 'codex': {
      const common = { session_id: session, turn_id: `turn-${index}`, transcript_path: null, cwd: workspace, model: 'gpt-5.1-codex', permission_mode: 'default' };
      if (moment === 'prompt') return { eventName: 'UserPromptSubmit', env: {}, json: { ...common, hook_event_name: 'UserPromptSubmit', prompt } };
      const patch = `*** Begin Patch\n*** Update File: ${call.file ?? ''}\n@@\n-a\n+b\n*** End Patch\n`;
      const tool = edit ? { tool_name: 'apply_patch', tool_input: { command: patch } } : { tool_name: 'Bash', tool_input: { command } };
      const name = moment === 'pre' ? 'PreToolUse' : 'PostToolUse';
      const response = moment === 'post' ? { tool_response: '' } : {};
      return { eventName: name, env: {}, json: { ...common, hook_event_name: name, ...tool, ...response, tool_use_id: `call_bench_${index}` } };
    }
    case 'opencode': {
      // what the plugin `hook install opencode` writes sends (src/hooks/install/opencodePlugin.ts)
      const common = { session_id: session, directory: workspace };
      if (moment === 'prompt') return { eventName: 'chat.message', env: {}, json: { ...common, hook_event_name: 'chat.message', prompt } };
      const tool = edit ? { tool: 'edit', args: { filePath: join(workspace, call.file!), oldString: 'a', newString: 'b' } } : { tool: 'bash', args: { command, description: 'Apply the step' } };
      const name = moment === 'pre' ? 'tool.execute.before' : 'tool.execute.after';
      return { eventName: name, env: {}, json: { ...common, hook_event_name: name, ...tool, call_id: `call_bench_${index}` } };
    }
  }
}

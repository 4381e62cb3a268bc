import type { AuthoredStretch, ToolCallAuthor } from './authorship';
import { AUTOMATIC_SOURCE_TOOL, type Checkpoint } from './checkpoint';
import { ValidationError } from './errors';
import { isPromptCheckpoint } from './hookCheckpoints';

// Which of the agent's tool calls a Keep Mine takes out: all of this session's since the checkpoint
// (the default), those of one prompt, one tool call, or one subagent's. Every other change stays.

export const AGENT_ONLY_SCOPES = ['session', 'prompt', 'tool_call', 'subagent'] as const;
export type AgentOnlyScope = (typeof AGENT_ONLY_SCOPES)[number];

/** What a scope means, in words, for the previews. */
export const SCOPE_WORDS: Record<AgentOnlyScope, string> = {
  session: 'the session',
  prompt: 'this prompt',
  tool_call: 'this tool call',
  subagent: 'this subagent',
};

/** The checkpoint a Keep Mine of this scope starts at: a tool call's `post_step` stands for the call, so it starts where the call began. */
export function scopeStart(checkpoints: readonly Checkpoint[], target: Checkpoint, scope: AgentOnlyScope): Checkpoint {
  if (scope !== 'tool_call' || target.checkpoint_type !== 'post_step') return target;
  const i = checkpoints.findIndex((c) => c.checkpoint_id === target.checkpoint_id);
  return i > 0 ? checkpoints[i - 1]! : target;
}

/** The prompt checkpoint at or before `target`: the prompt it belongs to (null: before any). */
function promptOf(checkpoints: readonly Checkpoint[], target: Checkpoint): string | null {
  let prompt: string | null = null;
  for (const c of checkpoints) {
    if (isPromptCheckpoint(c)) prompt = c.checkpoint_id;
    if (c.checkpoint_id === target.checkpoint_id) break;
  }
  return prompt;
}

/**
 * Whether a tool call of the record (its stretches start at `start`) is taken out by a Keep Mine
 * of `scope`. Refuses (ValidationError) a tool-call or subagent scope with no such call to take.
 */
export function scopedToolCalls(checkpoints: readonly Checkpoint[], start: Checkpoint, stretches: readonly AuthoredStretch[], scope: AgentOnlyScope): (call: ToolCallAuthor) => boolean {
  const calls = stretches.flatMap((s) => (s.author.kind === 'tool_call' ? [s.author] : []));
  switch (scope) {
    case 'session':
      return () => true;
    case 'prompt': {
      const prompt = promptOf(checkpoints, start);
      return (c) => c.prompt_checkpoint_id === prompt;
    }
    case 'tool_call': {
      const first = stretches[0]?.author;
      if (first?.kind !== 'tool_call') throw new ValidationError(`checkpoint ${start.checkpoint_id} does not begin a tool call: choose its pre_write or post_step checkpoint`);
      return (c) => c.checkpoint_id === first.checkpoint_id;
    }
    case 'subagent': {
      const sub = calls.find((c) => c.subagent !== null)?.subagent;
      if (sub == null) throw new ValidationError(`no tool call of a subagent follows checkpoint ${start.checkpoint_id}`);
      return (c) => c.subagent === sub;
    }
  }
}

/**
 * The scopes that mean something for a Keep Mine from `target`: the session's always; a prompt's
 * when a later prompt follows (otherwise it is the session's); a tool call's when the checkpoint
 * fences one; a subagent's when a subagent's tool call follows.
 */
export function applicableScopes(checkpoints: readonly Checkpoint[], target: Checkpoint): AgentOnlyScope[] {
  const i = checkpoints.findIndex((c) => c.checkpoint_id === target.checkpoint_id);
  const after = i < 0 ? [] : checkpoints.slice(i + 1);
  const scopes: AgentOnlyScope[] = ['session'];
  if (after.some(isPromptCheckpoint)) scopes.push('prompt');
  if ((target.checkpoint_type === 'pre_write' || target.checkpoint_type === 'post_step') && target.metadata.source_tool !== AUTOMATIC_SOURCE_TOOL) scopes.push('tool_call');
  if (after.some((c) => typeof c.metadata.extra.agent_id === 'string' && c.metadata.extra.agent_id !== '')) scopes.push('subagent');
  return scopes;
}

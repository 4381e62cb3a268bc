import type { Checkpoint } from '../../core/checkpoint';
import { plural } from '../../core/displayText';
import { promptLineOf } from '../../core/hookCheckpoints';
import { HOOK_AGENT_NAMES, isHookAgent } from '../../hooks/hookAgents';
import { checkpointDescription } from './treePresentation';

// The rows of a plan fed by an agent's hooks: the plan says which agent, each prompt has a row
// labelled by its first line, with the checkpoints of the tool calls that followed it below.

/** The agent as people name it ("Claude Code"); an unknown one as recorded. */
export function hookAgentName(agent: string): string {
  return isHookAgent(agent) ? HOOK_AGENT_NAMES[agent] : agent;
}

/** A prompt's row: the prompt's first line, quoted (it is the user's words). */
export function promptRowLabel(prompt: Checkpoint): string {
  const line = promptLineOf(prompt);
  return `“${[...line].length > 80 ? `${[...line].slice(0, 79).join('')}…` : line}”`;
}

/** When, and how many checkpoints the agent's tool calls took after the prompt. */
export function promptRowDescription(prompt: Checkpoint, steps: readonly Checkpoint[], now: Date): string {
  return `${checkpointDescription(prompt, now)} · ${steps.length === 0 ? 'no change yet' : plural(steps.length, 'checkpoint')}`;
}

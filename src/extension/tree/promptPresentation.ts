import type { Checkpoint } from '../../core/checkpoint';
import { plural } from '../../core/displayText';
import { promptLineOf } from '../../core/hookCheckpoints';
import { agentName, checkpointDescription, formatRelativeTime } from './treePresentation';

// The rows of a plan fed by an agent's hooks: the plan says which agent, each prompt has a row
// labelled by its first line, with the checkpoints of the tool calls that followed it below.

/** The agent as people name it ("Claude Code"); an unknown one as recorded. */
export const hookAgentName = agentName;

/** A prompt's row: the prompt's first line, quoted (it is the user's words). */
export function promptRowLabel(prompt: Checkpoint): string {
  const line = promptLineOf(prompt);
  return `“${[...line].length > 80 ? `${[...line].slice(0, 79).join('')}…` : line}”`;
}

/**
 * When, and how many checkpoints the agent's tool calls took after the prompt, with the time of the
 * newest when it reads differently: a row saying "1 min ago" above children saying "just now"
 * otherwise looks wrong.
 */
export function promptRowDescription(prompt: Checkpoint, steps: readonly Checkpoint[], now: Date): string {
  const when = checkpointDescription(prompt, now);
  if (steps.length === 0) return `${when} · no change yet`;
  const latest = formatRelativeTime(steps[steps.length - 1]!.created_at, now);
  return `${when} · ${plural(steps.length, 'checkpoint')}${latest === formatRelativeTime(prompt.created_at, now) ? '' : `, latest ${latest}`}`;
}

import type { Checkpoint } from './checkpoint';

// How the checkpoints of a plan fed by an agent's hooks (`agents hook run`) are told apart, for the
// tree and the extension's own automatic checkpoints: each carries the agent in metadata `extra`;
// a prompt's is a `manual` checkpoint with phase `prompt` and the reason `Before: "<first line>"`.

/** The phase of a prompt's checkpoint. */
export const PROMPT_PHASE = 'prompt';

const PROMPT_REASON_PREFIX = 'Before: "';

/** The reason of a prompt's checkpoint; `line` is the prompt's first line, already escaped and shortened. */
export function promptReason(line: string): string {
  return `${PROMPT_REASON_PREFIX}${line}"`;
}

/** The agent whose hooks took this checkpoint, if any. */
export function hookAgentOfCheckpoint(checkpoint: Checkpoint): string | undefined {
  const agent = checkpoint.metadata.extra.agent;
  return typeof agent === 'string' && agent !== '' ? agent : undefined;
}

/** The agent that feeds the plan, if its checkpoints say one does (the newest one that names one). */
export function hookAgentOf(checkpoints: readonly Checkpoint[]): string | undefined {
  for (let i = checkpoints.length - 1; i >= 0; i--) {
    const agent = hookAgentOfCheckpoint(checkpoints[i]!);
    if (agent !== undefined) return agent;
  }
  return undefined;
}

/** A prompt's checkpoint: what "restore to before this prompt" restores. */
export function isPromptCheckpoint(checkpoint: Checkpoint): boolean {
  return checkpoint.checkpoint_type === 'manual' && checkpoint.metadata.phase === PROMPT_PHASE && hookAgentOfCheckpoint(checkpoint) !== undefined;
}

/** A prompt checkpoint's first line of the prompt (the reason without its `Before: "…"`). */
export function promptLineOf(checkpoint: Checkpoint): string {
  const reason = checkpoint.metadata.reason ?? '';
  return reason.startsWith(PROMPT_REASON_PREFIX) && reason.endsWith('"') && reason.length > PROMPT_REASON_PREFIX.length ? reason.slice(PROMPT_REASON_PREFIX.length, -1) : reason;
}

/** The checkpoints after a prompt's, up to the next prompt's (oldest first, as given). */
export interface PromptGroup {
  readonly prompt: Checkpoint;
  readonly steps: readonly Checkpoint[];
}

/**
 * Splits checkpoints (oldest first) into those before the first prompt and a group per prompt:
 * its checkpoint and the ones that followed it until the next prompt.
 */
export function groupByPrompt(checkpoints: readonly Checkpoint[]): { readonly before: readonly Checkpoint[]; readonly groups: readonly PromptGroup[] } {
  const before: Checkpoint[] = [];
  const groups: { prompt: Checkpoint; steps: Checkpoint[] }[] = [];
  for (const checkpoint of checkpoints) {
    if (isPromptCheckpoint(checkpoint)) groups.push({ prompt: checkpoint, steps: [] });
    else if (groups.length > 0) groups[groups.length - 1]!.steps.push(checkpoint);
    else before.push(checkpoint);
  }
  return { before, groups };
}

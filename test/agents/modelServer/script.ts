// What the scripted model answers: each prompt of a session carries a marker (`[scripted-prompt-1]`),
// and the model's next answer depends only on the conversation the agent sends, never on how many
// requests came before. So retries, side requests (titles, routing, quota checks) and the agent's
// own bookkeeping cannot shift the script: the same conversation always gets the same answer.

/** One answer of the model: a tool call, or a final text that ends the prompt's turn. */
export type ScriptedStep =
  | { readonly kind: 'tool'; readonly name: string; readonly args: Readonly<Record<string, unknown>> }
  | { readonly kind: 'text'; readonly text: string };

/** The tool calls one prompt gets, in order, and the text that closes it. */
export interface PromptScript {
  readonly marker: string;
  readonly calls: readonly { readonly name: string; readonly args: Readonly<Record<string, unknown>> }[];
  readonly reply: string;
}

/** What a provider's adapter reads out of a request: the prompt's marker and the tool results since it. */
export interface ConversationState {
  /** The marker found in the newest user message that holds one, if any. */
  readonly marker: string | undefined;
  /** How many tool results the agent sent after that message. */
  readonly toolResultsSince: number;
  /** Whether the request offers tools at all (side requests such as titles offer none). */
  readonly offersTools: boolean;
}

const MARKER = /\[scripted-prompt-\d+\]/g;

/** The last marker in a text, if any. */
export function findMarker(text: string): string | undefined {
  const all = text.match(MARKER);
  return all ? all[all.length - 1] : undefined;
}

/** A marker for the n-th prompt (1-based), to put in the prompt's text. */
export function promptMarker(n: number): string {
  return `[scripted-prompt-${n}]`;
}

export const SIDE_REQUEST_TEXT = 'Scripted model: nothing to do for this request.';

export class ScriptedModel {
  private readonly byMarker = new Map<string, PromptScript>();

  constructor(prompts: readonly PromptScript[]) {
    for (const p of prompts) this.byMarker.set(p.marker, p);
  }

  /** The answer for a conversation: the next tool call of its prompt, or the prompt's closing text. */
  next(state: ConversationState): ScriptedStep {
    const script = state.marker ? this.byMarker.get(state.marker) : undefined;
    if (!script || !state.offersTools) return { kind: 'text', text: SIDE_REQUEST_TEXT };
    const call = script.calls[state.toolResultsSince];
    return call ? { kind: 'tool', name: call.name, args: call.args } : { kind: 'text', text: script.reply };
  }
}

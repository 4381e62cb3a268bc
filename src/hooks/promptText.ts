import { escapeUnsafe } from '../core/displayText';

const PROMPT_LINE_MAX = 120;

/** A prompt's first non-empty line, escaped and shortened: what plan titles and checkpoint reasons quote. */
export function promptLine(prompt: string): string {
  const line = prompt.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  const chars = [...line.trim()];
  const cut = chars.length > PROMPT_LINE_MAX ? `${chars.slice(0, PROMPT_LINE_MAX - 1).join('')}…` : chars.join('');
  return escapeUnsafe(cut);
}

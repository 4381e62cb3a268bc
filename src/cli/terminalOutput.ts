import { terminalLines } from '../core/displayText';

/** A stream the CLI writes to: stdout, stderr, or a test's buffer. */
export interface TextSink {
  write(text: string): unknown;
}

/**
 * The one way the CLI writes text for a person (help, results, previews, questions, errors, log
 * lines). Each line is escaped (`\e`, `\r`, `\u202e`…) and only our own line breaks stay, so
 * nothing from the data reaches the terminal as a control. A unit test keeps every other file of
 * src/cli from writing to a stream.
 */
export function writeText(sink: TextSink, text: string): void {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  sink.write(`${terminalLines(body)}\n`);
}

/** A question on the line it is asked on (no line break after it). */
export function promptText(text: string): string {
  return terminalLines(text);
}

/**
 * A JSON document, as the contract prints it: JSON.stringify already escapes every control
 * character, so the bytes stay exactly the contract's.
 */
export function writeJson(sink: TextSink, value: unknown): void {
  sink.write(`${JSON.stringify(value, null, 2)}\n`);
}

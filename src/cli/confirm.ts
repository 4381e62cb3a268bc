import { createInterface } from 'node:readline';
import { CliError, EXIT_FAILED } from '../envelopes/cliErrors';

/** How the CLI talks to a person before it changes files. */
export interface ConfirmationIo {
  /** `--yes` was given: no question. */
  readonly assumeYes: boolean;
  /** Someone can answer: stdin is a terminal. */
  readonly interactive: boolean;
  /**
   * Shows the preview (on stderr, so stdout stays one document), through the CLI's one writer
   * (terminalOutput.ts): every line escaped.
   */
  show(text: string): void | Promise<void>;
  /** Asks one line; undefined when no answer can come (end of input, Ctrl-C). */
  ask(question: string): Promise<string | undefined>;
}

export interface ConfirmationRequest {
  /** "Rollback", "Apply", "Cleanup": starts the refusal messages. */
  readonly action: string;
  /** What will change, already rendered, one line per path. */
  readonly preview: string;
  /** The y/N question, without the "[y/N]". */
  readonly question: string;
}

/** Only an explicit yes proceeds; anything else, including an empty line, is a no. */
export function isYes(answer: string | undefined): boolean {
  return answer !== undefined && /^\s*(y|yes)\s*$/i.test(answer);
}

/**
 * Returns when the change may go ahead; throws a CliError (exit 1) when it may not. Without a
 * terminal and without --yes it refuses at once: nothing waits for input that cannot come.
 */
export async function confirmChange(io: ConfirmationIo, request: ConfirmationRequest): Promise<void> {
  if (io.assumeYes) return;
  if (!io.interactive) {
    throw new CliError('ConfirmationRequired', `${request.action} refused: confirmation needed; re-run with --yes`, EXIT_FAILED);
  }
  await io.show(request.preview);
  const answer = await io.ask(`${request.question} [y/N] `);
  if (!isYes(answer)) throw new CliError('Cancelled', `${request.action} cancelled: not confirmed; nothing was changed.`, EXIT_FAILED);
}

/** Asks one question on a readable/writable pair; resolves undefined on end of input or Ctrl-C. */
export function askLine(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, question: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const rl = createInterface({ input, output });
    let settled = false;
    const finish = (answer: string | undefined): void => {
      if (settled) return;
      settled = true;
      rl.close();
      resolve(answer);
    };
    rl.on('close', () => {
      if (!settled) output.write('\n');
      finish(undefined);
    });
    rl.on('SIGINT', () => {
      output.write('\n');
      finish(undefined);
    });
    rl.question(question, (answer) => finish(answer));
  });
}

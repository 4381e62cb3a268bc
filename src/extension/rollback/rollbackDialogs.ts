import { OperationCancelled, isCheckpointError } from '../../core/errors';
import type { ErrorReporter } from '../log';
import { showInfo, showModal, showPick, showPickMany, shownLines, shownMessage } from '../shownText';

/**
 * The questions and messages of the rollback features, behind one seam: the integration tests
 * answer the modal dialogs (which a test cannot click) and read what was said.
 */
export interface RollbackDialogs {
  /**
   * A modal warning with `actions` (VS Code adds Cancel); the chosen action, or undefined. The
   * message is one line and each entry of `detail` one line: untrusted text cannot add lines.
   */
  confirm(message: string, detail: readonly string[], actions: readonly string[]): Promise<string | undefined>;
  /** A quick pick of `items` (one label each, with a line of detail); the chosen label, or undefined. */
  pick(items: readonly { label: string; detail: string }[], placeHolder: string): Promise<string | undefined>;
  /** The same with any number chosen; undefined when cancelled. */
  pickMany(items: readonly { label: string; detail: string }[], placeHolder: string): Promise<string[] | undefined>;
  /** A failure, as an error notification (the product's errors in their own words). */
  error(error: unknown, doing: string): void;
  info(message: string): void;
  /** A problem that did not stop anything, with Show Log (a failed automatic checkpoint). */
  warn(message: string): void;
}

/** Runs a command's work; a failure is shown as the error of `doing`, and undefined comes back. */
export async function reportingErrors<T>(dialogs: Pick<RollbackDialogs, 'error'>, doing: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    dialogs.error(error, doing);
    return undefined;
  }
}

export class WindowDialogs implements RollbackDialogs {
  constructor(private readonly reporter: ErrorReporter) {}

  async confirm(message: string, detail: readonly string[], actions: readonly string[]): Promise<string | undefined> {
    return showModal(message, detail, actions);
  }

  async pick(items: readonly { label: string; detail: string }[], placeHolder: string): Promise<string | undefined> {
    return (await showPick(items.map((i) => ({ ...i })), { placeHolder, ignoreFocusOut: true }))?.label;
  }

  async pickMany(items: readonly { label: string; detail: string }[], placeHolder: string): Promise<string[] | undefined> {
    return (await showPickMany(items.map((i) => ({ ...i })), { placeHolder, ignoreFocusOut: true }))?.map((i) => i.label);
  }

  error(error: unknown, doing: string): void {
    this.reporter.report(error, doing);
  }

  info(message: string): void {
    void showInfo(message);
  }

  warn(message: string): void {
    this.reporter.warn(message);
  }
}

export interface RecordedDialog {
  readonly kind: 'confirm' | 'pick' | 'error' | 'info' | 'warning';
  /** As shown: escaped, one line. */
  readonly message: string;
  /** As shown: one escaped line per entry, joined by line breaks. */
  readonly detail?: string;
  readonly actions?: readonly string[];
  /** confirm: what was answered (null: Cancel). */
  readonly answer?: string | null;
}

/**
 * Test mode only (the extension runs with `extensionTestsPath`): records every dialog and answers
 * the next modal ones from a script; with an empty script the real dialog shows.
 */
export class ScriptedDialogs implements RollbackDialogs {
  private readonly recorded: RecordedDialog[] = [];
  private answers: (string | null)[] = [];

  constructor(private readonly inner: RollbackDialogs) {}

  /** The answers of the next modal dialogs, in order; null answers Cancel. */
  script(answers: readonly (string | null)[]): void {
    this.answers = [...answers];
  }

  /** What was shown since the last call. */
  take(): RecordedDialog[] {
    return this.recorded.splice(0);
  }

  async confirm(message: string, detail: readonly string[], actions: readonly string[]): Promise<string | undefined> {
    const seen = { kind: 'confirm' as const, message: shownMessage(message), detail: shownLines(detail), actions };
    if (this.answers.length === 0) {
      const answer = await this.inner.confirm(message, detail, actions);
      this.recorded.push({ ...seen, answer: answer ?? null });
      return answer;
    }
    const answer = this.answers.shift() ?? null;
    if (answer !== null && !actions.includes(answer)) throw new Error(`scripted answer "${answer}" is not one of the dialog's actions: ${actions.join(', ')}`);
    this.recorded.push({ ...seen, answer });
    return answer ?? undefined;
  }

  async pick(items: readonly { label: string; detail: string }[], placeHolder: string): Promise<string | undefined> {
    const labels = items.map((i) => i.label);
    const seen = { kind: 'pick' as const, message: shownMessage(placeHolder), actions: labels };
    if (this.answers.length === 0) {
      const answer = await this.inner.pick(items, placeHolder);
      this.recorded.push({ ...seen, answer: answer ?? null });
      return answer;
    }
    const answer = this.answers.shift() ?? null;
    if (answer !== null && !labels.includes(answer)) throw new Error(`scripted answer "${answer}" is not one of the pick's items: ${labels.join(', ')}`);
    this.recorded.push({ ...seen, answer });
    return answer ?? undefined;
  }

  /** A scripted answer is the chosen labels joined by line breaks (null: cancelled). */
  async pickMany(items: readonly { label: string; detail: string }[], placeHolder: string): Promise<string[] | undefined> {
    const labels = items.map((i) => i.label);
    const seen = { kind: 'pick' as const, message: shownMessage(placeHolder), actions: labels };
    if (this.answers.length === 0) {
      const answer = await this.inner.pickMany(items, placeHolder);
      this.recorded.push({ ...seen, answer: answer?.join('\n') ?? null });
      return answer;
    }
    const answer = this.answers.shift() ?? null;
    const chosen = answer === null ? undefined : answer.split('\n');
    if (chosen?.some((c) => !labels.includes(c))) throw new Error(`scripted answer "${answer}" is not among the pick's items`);
    this.recorded.push({ ...seen, answer });
    return chosen;
  }

  error(error: unknown, doing: string): void {
    const message = isCheckpointError(error) ? error.message : `${doing} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    this.recorded.push({ kind: 'error', message: shownMessage(message) });
    this.inner.error(error, doing);
  }

  info(message: string): void {
    this.recorded.push({ kind: 'info', message: shownMessage(message) });
    this.inner.info(message);
  }

  warn(message: string): void {
    this.recorded.push({ kind: 'warning', message: shownMessage(message) });
    this.inner.warn(message);
  }
}

/** Runs a restore the user may cancel before its first write: a cancel is said (nothing changed) and gives undefined. */
export async function cancellable<T>(dialogs: Pick<RollbackDialogs, 'info'>, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof OperationCancelled)) throw error;
    dialogs.info(error.message);
    return undefined;
  }
}

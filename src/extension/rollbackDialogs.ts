import * as vscode from 'vscode';
import { isCheckpointError } from '../core/errors';
import type { ErrorReporter } from './log';

/**
 * The questions and messages of the rollback features, behind one seam: the integration tests
 * answer the modal dialogs (which a test cannot click) and read what was said.
 */
export interface RollbackDialogs {
  /** A modal warning with `actions` (VS Code adds Cancel); the chosen action, or undefined. */
  confirm(message: string, detail: string, actions: readonly string[]): Promise<string | undefined>;
  /** A failure, as an error notification (the product's errors in their own words). */
  error(error: unknown, doing: string): void;
  info(message: string): void;
}

export class WindowDialogs implements RollbackDialogs {
  constructor(private readonly reporter: ErrorReporter) {}

  async confirm(message: string, detail: string, actions: readonly string[]): Promise<string | undefined> {
    return vscode.window.showWarningMessage(message, { modal: true, detail }, ...actions);
  }

  error(error: unknown, doing: string): void {
    this.reporter.report(error, doing);
  }

  info(message: string): void {
    void vscode.window.showInformationMessage(message);
  }
}

export interface RecordedDialog {
  readonly kind: 'confirm' | 'error' | 'info';
  readonly message: string;
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

  async confirm(message: string, detail: string, actions: readonly string[]): Promise<string | undefined> {
    if (this.answers.length === 0) {
      const answer = await this.inner.confirm(message, detail, actions);
      this.recorded.push({ kind: 'confirm', message, detail, actions, answer: answer ?? null });
      return answer;
    }
    const answer = this.answers.shift() ?? null;
    if (answer !== null && !actions.includes(answer)) throw new Error(`scripted answer "${answer}" is not one of the dialog's actions: ${actions.join(', ')}`);
    this.recorded.push({ kind: 'confirm', message, detail, actions, answer });
    return answer ?? undefined;
  }

  error(error: unknown, doing: string): void {
    const message = isCheckpointError(error) ? error.message : `${doing} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    this.recorded.push({ kind: 'error', message });
    this.inner.error(error, doing);
  }

  info(message: string): void {
    this.recorded.push({ kind: 'info', message });
    this.inner.info(message);
  }
}

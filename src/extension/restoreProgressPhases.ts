// No vscode import: the phases of a rollback's progress notification, unit-tested with a fake
// notification; delayedProgress.ts shows them with vscode.window.withProgress.
import type { RestoreStep } from '../core/restoreService';
import { formatCount } from '../core/displayText';

/**
 * Shows one notification until `task` settles; `report` changes its message. A cancellable one has
 * a Cancel button: `onCancel` hears it (VS Code closes the notification when it is pressed).
 */
export type ShowNotification = (
  cancellable: boolean,
  task: (report: (message: string) => void, onCancel: (listener: () => void) => void) => Promise<void>,
) => Promise<void>;

export interface RestorePhasesOptions {
  /** Says, once, that a Cancel came too late: the files are being written, the work finishes. */
  readonly tooLate: () => void;
}

/**
 * A rollback's progress in notifications whose Cancel button is there only while a cancel can be
 * honoured. VS Code cannot take a button off a notification, so the work shows in phases, each its
 * own notification: while the safety checkpoint is taken, one with Cancel (a cancel stops
 * everything, nothing changed); after a cancel there, one without it saying that it stops; once
 * files are being written, one without it counting them. A Cancel that came in just too late (the
 * engine had passed its last check) is answered by a message: it finishes, and Undo takes it back.
 * Each message reads whole in a collapsed notification (TOAST_LINE_CHARS).
 */
export class RestorePhases {
  private step: RestoreStep = { phase: 'safety' };
  private cancelRequested = false;
  private toldTooLate = false;
  private settled = false;
  private report: ((message: string) => void) | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: RestorePhasesOptions) {}

  /** What the notification says now. */
  get message(): string {
    return phaseMessage(this.step, this.cancelRequested);
  }

  /** Whether Cancel was pressed (the engine asks right before its first write). */
  get cancelled(): boolean {
    return this.cancelRequested;
  }

  /** The engine's step: a new message, and at the first write a new notification. */
  progress(step: RestoreStep): void {
    const before = this.message;
    const phaseChanged = step.phase !== this.step.phase;
    this.step = step;
    if (phaseChanged) {
      if (this.cancelRequested) this.sayTooLate();
      this.wake?.();
    } else if (this.message !== before) this.report?.(this.message);
  }

  /** Cancel pressed on the notification. */
  cancel(): void {
    if (this.cancelRequested) return;
    this.cancelRequested = true;
    if (this.step.phase === 'writing') this.sayTooLate();
    this.wake?.();
  }

  /**
   * Shows the notifications, one phase after another, until `settled` (the work's end). Called when
   * the work proved slow; the phase it is in then decides the first notification.
   */
  async show(settled: Promise<void>, notify: ShowNotification): Promise<void> {
    void settled.then(() => {
      this.settled = true;
      this.wake?.();
    });
    while (!this.settled) {
      const cancellable = this.step.phase === 'safety' && !this.cancelRequested;
      const phase = this.phaseKey();
      await notify(cancellable, (report, onCancel) => {
        this.report = report;
        report(this.message);
        if (cancellable) onCancel(() => this.cancel());
        // Until the work ends or the phase changes (then the next notification replaces this one).
        return new Promise<void>((resolve) => {
          const over = () => this.settled || this.phaseKey() !== phase;
          this.wake = () => (over() ? resolve() : this.report?.(this.message));
          if (over()) resolve(); // it ended, or moved on, before the notification started
        });
      });
      this.report = undefined;
      this.wake = undefined;
    }
  }

  private phaseKey(): string {
    return this.step.phase === 'safety' && this.cancelRequested ? 'stopping' : this.step.phase;
  }

  private sayTooLate(): void {
    if (this.toldTooLate) return;
    this.toldTooLate = true;
    this.options.tooLate();
  }
}

/**
 * How many characters of "title: message" a collapsed notification shows whole: VS Code's toasts
 * are 450 px wide, and one line of them held 64 characters of "Reverting “Rewrite every file”…: 0
 * of 20,000 files written (it c…" (the e2e screenshot large-revert-0-progress.png); a margin is
 * kept. What does not fit goes to the log.
 */
export const TOAST_LINE_CHARS = 60;

/**
 * The titles of the notifications, short enough for the longest message beside them: names the
 * user chose (a plan, a checkpoint, a decision) can be any length, so they go to the log instead
 * (the row in the view spins meanwhile, and the panel names them at the end). No ellipsis: VS Code
 * puts ": " between title and message, and "Rolling back…: 2,250 of…" read as a glitch.
 */
export const RestoreTitles = {
  rollback: 'Rolling back',
  undoRollback: 'Undoing the rollback',
  restore: 'Restoring files',
  revert: 'Reverting the decision',
  undoCorrection: 'Undoing the correction',
} as const;

/** The notification's message in each phase (see TOAST_LINE_CHARS: it reads whole beside its title). */
export function phaseMessage(step: RestoreStep, cancelRequested: boolean): string {
  if (step.phase === 'safety') return cancelRequested ? 'stopping; nothing is changed' : 'saving the current files first';
  return `${formatCount(step.written)} of ${formatCount(step.total)} file${step.total === 1 ? '' : 's'} restored`;
}

/** The log's line when the first file is about to be written: what the short notification leaves out. */
export function writingLogLine(what: string, total: number, takenBack: string): string {
  return `${what}: writing ${formatCount(total)} file${total === 1 ? '' : 's'}; from now on it cannot stop half-way (the notification has no Cancel); ${takenBack} takes it back.`;
}

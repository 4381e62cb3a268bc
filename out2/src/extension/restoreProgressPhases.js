"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RestoreTitles = exports.TOAST_LINE_CHARS = exports.RestorePhases = void 0;
exports.phaseMessage = phaseMessage;
exports.writingLogLine = writingLogLine;
const displayText_1 = require("../core/displayText");
/**
 * A rollback's progress in notifications whose Cancel button is there only while a cancel can be
 * honoured. VS Code cannot take a button off a notification, so the work shows in phases, each its
 * own notification: while the safety checkpoint is taken, one with Cancel (a cancel stops
 * everything, nothing changed); after a cancel there, one without it saying that it stops; once
 * files are being written, one without it counting them. A Cancel that came in just too late (the
 * engine had passed its last check) is answered by a message: it finishes, and Undo takes it back.
 * Each message reads whole in a collapsed notification (TOAST_LINE_CHARS).
 */
class RestorePhases {
    options;
    step = { phase: 'safety' };
    cancelRequested = false;
    toldTooLate = false;
    settled = false;
    report;
    wake;
    constructor(options) {
        this.options = options;
    }
    /** What the notification says now. */
    get message() {
        return phaseMessage(this.step, this.cancelRequested);
    }
    /** Whether Cancel was pressed (the engine asks right before its first write). */
    get cancelled() {
        return this.cancelRequested;
    }
    /** The engine's step: a new message, and at the first write a new notification. */
    progress(step) {
        const before = this.message;
        const phaseChanged = step.phase !== this.step.phase;
        this.step = step;
        if (phaseChanged) {
            if (this.cancelRequested)
                this.sayTooLate();
            this.wake?.();
        }
        else if (this.message !== before)
            this.report?.(this.message);
    }
    /** Cancel pressed on the notification. */
    cancel() {
        if (this.cancelRequested)
            return;
        this.cancelRequested = true;
        if (this.step.phase === 'writing')
            this.sayTooLate();
        this.wake?.();
    }
    /**
     * Shows the notifications, one phase after another, until `settled` (the work's end). Called when
     * the work proved slow; the phase it is in then decides the first notification.
     */
    async show(settled, notify) {
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
                if (cancellable)
                    onCancel(() => this.cancel());
                // Until the work ends or the phase changes (then the next notification replaces this one).
                return new Promise((resolve) => {
                    const over = () => this.settled || this.phaseKey() !== phase;
                    this.wake = () => (over() ? resolve() : this.report?.(this.message));
                    if (over())
                        resolve(); // it ended, or moved on, before the notification started
                });
            });
            this.report = undefined;
            this.wake = undefined;
        }
    }
    phaseKey() {
        return this.step.phase === 'safety' && this.cancelRequested ? 'stopping' : this.step.phase;
    }
    sayTooLate() {
        if (this.toldTooLate)
            return;
        this.toldTooLate = true;
        this.options.tooLate();
    }
}
exports.RestorePhases = RestorePhases;
/**
 * How many characters of "title: message" a collapsed notification shows whole: VS Code's toasts
 * are 450 px wide, and one line of them held 64 characters of "Reverting “Rewrite every file”…: 0
 * of 20,000 files written (it c…" (the e2e screenshot large-revert-0-progress.png); a margin is
 * kept. What does not fit goes to the log.
 */
exports.TOAST_LINE_CHARS = 60;
/**
 * The titles of the notifications, short enough for the longest message beside them: names the
 * user chose (a plan, a checkpoint, a decision) can be any length, so they go to the log instead
 * (the row in the view spins meanwhile, and the panel names them at the end). No ellipsis: VS Code
 * puts ": " between title and message, and "Rolling back…: 2,250 of…" read as a glitch.
 */
exports.RestoreTitles = {
    rollback: 'Rolling back',
    undoRollback: 'Undoing the rollback',
    restore: 'Restoring files',
    revert: 'Reverting the decision',
    undoCorrection: 'Undoing the correction',
};
/** The notification's message in each phase (see TOAST_LINE_CHARS: it reads whole beside its title). */
function phaseMessage(step, cancelRequested) {
    if (step.phase === 'safety')
        return cancelRequested ? 'stopping; nothing is changed' : 'saving the current files first';
    return `${(0, displayText_1.formatCount)(step.written)} of ${(0, displayText_1.formatCount)(step.total)} file${step.total === 1 ? '' : 's'} restored`;
}
/** The log's line when the first file is about to be written: what the short notification leaves out. */
function writingLogLine(what, total, takenBack) {
    return `${what}: writing ${(0, displayText_1.formatCount)(total)} file${total === 1 ? '' : 's'}; from now on it cannot stop half-way (the notification has no Cancel); ${takenBack} takes it back.`;
}
//# sourceMappingURL=restoreProgressPhases.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScriptedDialogs = exports.WindowDialogs = void 0;
exports.reportingErrors = reportingErrors;
exports.cancellable = cancellable;
const errors_1 = require("../../core/errors");
const shownText_1 = require("../shownText");
/** Runs a command's work; a failure is shown as the error of `doing`, and undefined comes back. */
async function reportingErrors(dialogs, doing, work) {
    try {
        return await work();
    }
    catch (error) {
        dialogs.error(error, doing);
        return undefined;
    }
}
class WindowDialogs {
    reporter;
    constructor(reporter) {
        this.reporter = reporter;
    }
    async confirm(message, detail, actions) {
        return (0, shownText_1.showModal)(message, detail, actions);
    }
    async pick(items, placeHolder) {
        return (await (0, shownText_1.showPick)(items.map((i) => ({ ...i })), { placeHolder, ignoreFocusOut: true }))?.label;
    }
    async pickMany(items, placeHolder) {
        return (await (0, shownText_1.showPickMany)(items.map((i) => ({ ...i })), { placeHolder, ignoreFocusOut: true }))?.map((i) => i.label);
    }
    error(error, doing) {
        this.reporter.report(error, doing);
    }
    info(message) {
        void (0, shownText_1.showInfo)(message);
    }
    warn(message) {
        this.reporter.warn(message);
    }
}
exports.WindowDialogs = WindowDialogs;
/**
 * Test mode only (the extension runs with `extensionTestsPath`): records every dialog and answers
 * the next modal ones from a script; with an empty script the real dialog shows.
 */
class ScriptedDialogs {
    inner;
    recorded = [];
    answers = [];
    constructor(inner) {
        this.inner = inner;
    }
    /** The answers of the next modal dialogs, in order; null answers Cancel. */
    script(answers) {
        this.answers = [...answers];
    }
    /** What was shown since the last call. */
    take() {
        return this.recorded.splice(0);
    }
    async confirm(message, detail, actions) {
        const seen = { kind: 'confirm', message: (0, shownText_1.shownMessage)(message), detail: (0, shownText_1.shownLines)(detail), actions };
        if (this.answers.length === 0) {
            const answer = await this.inner.confirm(message, detail, actions);
            this.recorded.push({ ...seen, answer: answer ?? null });
            return answer;
        }
        const answer = this.answers.shift() ?? null;
        if (answer !== null && !actions.includes(answer))
            throw new Error(`scripted answer "${answer}" is not one of the dialog's actions: ${actions.join(', ')}`);
        this.recorded.push({ ...seen, answer });
        return answer ?? undefined;
    }
    async pick(items, placeHolder) {
        const labels = items.map((i) => i.label);
        const seen = { kind: 'pick', message: (0, shownText_1.shownMessage)(placeHolder), actions: labels };
        if (this.answers.length === 0) {
            const answer = await this.inner.pick(items, placeHolder);
            this.recorded.push({ ...seen, answer: answer ?? null });
            return answer;
        }
        const answer = this.answers.shift() ?? null;
        if (answer !== null && !labels.includes(answer))
            throw new Error(`scripted answer "${answer}" is not one of the pick's items: ${labels.join(', ')}`);
        this.recorded.push({ ...seen, answer });
        return answer ?? undefined;
    }
    /** A scripted answer is the chosen labels joined by line breaks (null: cancelled). */
    async pickMany(items, placeHolder) {
        const labels = items.map((i) => i.label);
        const seen = { kind: 'pick', message: (0, shownText_1.shownMessage)(placeHolder), actions: labels };
        if (this.answers.length === 0) {
            const answer = await this.inner.pickMany(items, placeHolder);
            this.recorded.push({ ...seen, answer: answer?.join('\n') ?? null });
            return answer;
        }
        const answer = this.answers.shift() ?? null;
        const chosen = answer === null ? undefined : answer.split('\n');
        if (chosen?.some((c) => !labels.includes(c)))
            throw new Error(`scripted answer "${answer}" is not among the pick's items`);
        this.recorded.push({ ...seen, answer });
        return chosen;
    }
    error(error, doing) {
        const message = (0, errors_1.isCheckpointError)(error) ? error.message : `${doing} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
        this.recorded.push({ kind: 'error', message: (0, shownText_1.shownMessage)(message) });
        this.inner.error(error, doing);
    }
    info(message) {
        this.recorded.push({ kind: 'info', message: (0, shownText_1.shownMessage)(message) });
        this.inner.info(message);
    }
    warn(message) {
        this.recorded.push({ kind: 'warning', message: (0, shownText_1.shownMessage)(message) });
        this.inner.warn(message);
    }
}
exports.ScriptedDialogs = ScriptedDialogs;
/** Runs a restore the user may cancel before its first write: a cancel is said (nothing changed) and gives undefined. */
async function cancellable(dialogs, work) {
    try {
        return await work();
    }
    catch (error) {
        if (!(error instanceof errors_1.OperationCancelled))
            throw error;
        dialogs.info(error.message);
        return undefined;
    }
}
//# sourceMappingURL=rollbackDialogs.js.map
"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.withProgress = withProgress;
exports.withRestoreProgress = withRestoreProgress;
exports.probeRestoreProgress = probeRestoreProgress;
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("./commandIds");
const shownText_1 = require("./shownText");
const restoreProgressPhases_1 = require("./restoreProgressPhases");
/** After this long, work that shows its progress only in the view also gets a notification. */
const NOTIFY_AFTER_MS = 1000;
/**
 * Shows progress on the Checkpoints view (a bar over it, a badge on its activity-bar icon) and,
 * when the work takes longer than a moment (a first snapshot of a large folder), as a notification
 * with `title` too: most checkpoints take a tenth of a second and should not flash a toast.
 */
async function withProgress(title, work) {
    const task = work();
    const settled = task.then(() => undefined, () => undefined);
    await (0, shownText_1.withProgressTitled)({ viewId: commandIds_1.TREE_VIEW_ID }, title, async () => {
        const first = await doneOrSlow(settled);
        if (first === 'slow')
            await (0, shownText_1.withProgressTitled)(vscode.ProgressLocation.Notification, title, () => settled);
    });
    return task;
}
/**
 * A rollback or a restore of paths with its counts ("12,000 of 20,000 files written") and a Cancel
 * that is there only while it can be honoured: before the first write it stops everything (nothing
 * is changed); once files are being written the notification has no Cancel, and the log says
 * that Undo Rollback takes the work back (see RestorePhases; the notification's line is kept short
 * enough to read whole). Like {@link withProgress}, the notification shows only when the work
 * takes more than a moment; the view's progress bar shows at once.
 */
async function withRestoreProgress(title, work, options = {}) {
    const takenBack = options.takenBackBy ?? 'Undo Rollback';
    let loggedWriting = false;
    const phases = new restoreProgressPhases_1.RestorePhases({
        tooLate: () => void (0, shownText_1.showInfo)(`${title.replace(/…$/, '')}: files are being written, and stopping half-way would leave them mixed. It finishes; then ${takenBack} puts them back as they were.`),
    });
    const watcher = probe;
    let heard = phases.message;
    watcher?.heard(title, heard);
    const control = {
        progress: (step) => {
            if (step.phase === 'writing' && !loggedWriting) {
                loggedWriting = true;
                options.log?.((0, restoreProgressPhases_1.writingLogLine)(options.what ?? title.replace(/…$/, ''), step.total, takenBack));
                options.onFirstWrite?.();
            }
            phases.progress(step);
            if (phases.message === heard)
                return;
            heard = phases.message;
            watcher?.heard(title, heard);
        },
        cancelled: () => phases.cancelled || watcher?.cancel(title) === true,
        ...(options.operation ? { operation: options.operation } : {}),
    };
    const task = work(control);
    const settled = task.then(() => undefined, () => undefined);
    await (0, shownText_1.withProgressTitled)({ viewId: commandIds_1.TREE_VIEW_ID }, title, async () => {
        const first = await doneOrSlow(settled);
        if (first !== 'slow')
            return;
        await phases.show(settled, (cancellable, shownTask) => Promise.resolve((0, shownText_1.withProgressTitled)(vscode.ProgressLocation.Notification, title, (progress, token) => shownTask((m) => progress.report({ message: (0, shownText_1.shown)(m) }), (listener) => void token.onCancellationRequested(listener)), cancellable)));
    });
    return task;
}
let probe;
function probeRestoreProgress(watcher) {
    probe = watcher;
    return new vscode.Disposable(() => {
        if (probe === watcher)
            probe = undefined;
    });
}
/** Whether `settled` came before NOTIFY_AFTER_MS ('done') or not ('slow'): only slow work gets a notification. */
async function doneOrSlow(settled) {
    let timer;
    const slow = new Promise((resolve) => (timer = setTimeout(() => resolve('slow'), NOTIFY_AFTER_MS)));
    const first = await Promise.race([settled.then(() => 'done'), slow]);
    clearTimeout(timer);
    return first;
}
//# sourceMappingURL=delayedProgress.js.map
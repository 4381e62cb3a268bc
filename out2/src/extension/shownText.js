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
exports.logShortenedTextTo = logShortenedTextTo;
exports.shown = shown;
exports.shownLines = shownLines;
exports.shownMessage = shownMessage;
exports.shownMarkdown = shownMarkdown;
exports.showInfo = showInfo;
exports.showWarning = showWarning;
exports.showError = showError;
exports.showModal = showModal;
exports.setStatus = setStatus;
exports.withProgressTitled = withProgressTitled;
exports.showPick = showPick;
exports.showPickMany = showPickMany;
exports.showInput = showInput;
const vscode = __importStar(require("vscode"));
const displayText_1 = require("../core/displayText");
// The one place the extension hands text to VS Code's window: notifications, modal dialogs, the
// status bar's messages, progress titles, quick picks and input boxes. Every text goes through
// `shown` on its way (one line, controls, bidi controls and line breaks as visible escapes, long
// values shortened), so a title, a path or an error message from an agent cannot add lines, fake
// counts or reorder what a dialog says. A unit test keeps the rest of src/extension from calling
// those window functions itself.
const MAX_LOGGED = 200;
let logFull;
const logged = new Set();
/** Where the full text of a shortened one goes: the log channel (set by `activate`). */
function logShortenedTextTo(log) {
    logFull = log;
    return new vscode.Disposable(() => {
        if (logFull === log)
            logFull = undefined;
        logged.clear();
    });
}
/** Text for one line of VS Code's UI: escaped and, when too long, shortened (the full text goes to the log, once). */
function shown(text, max) {
    const line = (0, displayText_1.displayLine)(text, max);
    if (line.shortened && logFull && !logged.has(text)) {
        if (logged.size >= MAX_LOGGED)
            logged.clear();
        logged.add(text);
        logFull(`Shortened for display: ${(0, displayText_1.displayLine)(text, Number.MAX_SAFE_INTEGER).text}`);
    }
    return line.text;
}
/** Several lines (a dialog's detail): each one `shown`; only the breaks between them are ours. */
function shownLines(lines) {
    return lines.map((l) => shown(l)).join('\n');
}
/** A message (our sentence around values): `shown`, with room for the sentence. */
function shownMessage(text) {
    return shown(text, displayText_1.DISPLAY_MESSAGE_MAX);
}
/** A Markdown tooltip built from escaped parts (treePresentation escapes every value); never trusted, no HTML, no command links. */
function shownMarkdown(markdown) {
    const md = new vscode.MarkdownString(markdown, false);
    md.isTrusted = false;
    md.supportHtml = false;
    return md;
}
function showInfo(message, ...actions) {
    return vscode.window.showInformationMessage(shownMessage(message), ...actions);
}
function showWarning(message, ...actions) {
    return vscode.window.showWarningMessage(shownMessage(message), ...actions);
}
function showError(message, ...actions) {
    return vscode.window.showErrorMessage(shownMessage(message), ...actions);
}
/** A modal warning: `message` on one line, `detail` one `shown` line per entry. */
function showModal(message, detail, actions) {
    return vscode.window.showWarningMessage(shownMessage(message), { modal: true, detail: shownLines(detail) }, ...actions);
}
function setStatus(text, timeoutMs) {
    return vscode.window.setStatusBarMessage(shown(text), timeoutMs);
}
function withProgressTitled(location, title, task, cancellable = false) {
    return vscode.window.withProgress({ location, title: shown(title), cancellable }, task);
}
/** A quick pick whose labels, descriptions, details, title and placeholder are all `shown`. */
function showPick(items, options) {
    const safe = items.map((item) => ({
        ...item,
        label: shown(item.label),
        ...(item.description === undefined ? {} : { description: shown(item.description) }),
        ...(item.detail === undefined ? {} : { detail: shown(item.detail) }),
    }));
    return vscode.window
        .showQuickPick(safe, {
        ...options,
        ...(options.title === undefined ? {} : { title: shown(options.title) }),
        ...(options.placeHolder === undefined ? {} : { placeHolder: shown(options.placeHolder) }),
    })
        .then((picked) => (picked === undefined ? undefined : items[safe.indexOf(picked)]));
}
/** `showPick` with any number of items chosen. */
function showPickMany(items, options) {
    const safe = items.map((item) => ({
        ...item,
        label: shown(item.label),
        ...(item.description === undefined ? {} : { description: shown(item.description) }),
        ...(item.detail === undefined ? {} : { detail: shown(item.detail) }),
    }));
    return vscode.window
        .showQuickPick(safe, { ...options, canPickMany: true, ...(options.placeHolder === undefined ? {} : { placeHolder: shown(options.placeHolder) }) })
        .then((picked) => (picked === undefined ? undefined : picked.map((p) => items[safe.indexOf(p)])));
}
/** An input box whose title, prompt and placeholder are `shown`; what the user types is theirs. */
function showInput(options) {
    return vscode.window.showInputBox({
        ...options,
        ...(options.title === undefined ? {} : { title: shown(options.title) }),
        ...(options.prompt === undefined ? {} : { prompt: shown(options.prompt) }),
        ...(options.placeHolder === undefined ? {} : { placeHolder: shown(options.placeHolder) }),
    });
}
//# sourceMappingURL=shownText.js.map
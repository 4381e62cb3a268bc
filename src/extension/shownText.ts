import * as vscode from 'vscode';
import { DISPLAY_MESSAGE_MAX, displayLine } from '../core/displayText';
import { sharedAcrossBundles } from '../core/sharedAcrossBundles';

// The one place the extension hands text to VS Code's window: notifications, modal dialogs, the
// status bar's messages, progress titles, quick picks and input boxes. Every text goes through
// `shown` on its way (one line, controls, bidi controls and line breaks as visible escapes, long
// values shortened), so a title, a path or an error message from an agent cannot add lines, fake
// counts or reorder what a dialog says. A unit test keeps the rest of src/extension from calling
// those window functions itself.

const MAX_LOGGED = 200;
/** Where shortened texts go in full, and which went: set at activation, read by every bundle's copy. */
const full = sharedAcrossBundles('shownText', () => ({ log: undefined as ((message: string) => void) | undefined, logged: new Set<string>() }));

/** Where the full text of a shortened one goes: the log channel (set by `activate`). */
export function logShortenedTextTo(log: (message: string) => void): vscode.Disposable {
  full.log = log;
  return new vscode.Disposable(() => {
    if (full.log === log) full.log = undefined;
    full.logged.clear();
  });
}

/** Text for one line of VS Code's UI: escaped and, when too long, shortened (the full text goes to the log, once). */
export function shown(text: string, max?: number): string {
  const line = displayLine(text, max);
  if (line.shortened && full.log && !full.logged.has(text)) {
    if (full.logged.size >= MAX_LOGGED) full.logged.clear();
    full.logged.add(text);
    full.log(`Shortened for display: ${displayLine(text, Number.MAX_SAFE_INTEGER).text}`);
  }
  return line.text;
}

/** Several lines (a dialog's detail): each one `shown`; only the breaks between them are ours. */
export function shownLines(lines: readonly string[]): string {
  return lines.map((l) => shown(l)).join('\n');
}

/** A message (our sentence around values): `shown`, with room for the sentence. */
export function shownMessage(text: string): string {
  return shown(text, DISPLAY_MESSAGE_MAX);
}

/** A Markdown tooltip built from escaped parts (treePresentation escapes every value); never trusted, no HTML, no command links. */
export function shownMarkdown(markdown: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(markdown, false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export function showInfo(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(shownMessage(message), ...actions);
}

export function showWarning(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(shownMessage(message), ...actions);
}

export function showError(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(shownMessage(message), ...actions);
}

/** A modal warning: `message` on one line, `detail` one `shown` line per entry. */
export function showModal(message: string, detail: readonly string[], actions: readonly string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(shownMessage(message), { modal: true, detail: shownLines(detail) }, ...actions);
}

export function setStatus(text: string, timeoutMs: number): vscode.Disposable {
  return vscode.window.setStatusBarMessage(shown(text), timeoutMs);
}

export function withProgressTitled<T>(
  location: vscode.ProgressOptions['location'],
  title: string,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<T>,
  cancellable = false,
): Thenable<T> {
  return vscode.window.withProgress({ location, title: shown(title), cancellable }, task);
}

type PickItem = vscode.QuickPickItem;

/** A quick pick whose labels, descriptions, details, title and placeholder are all `shown`. */
export function showPick<T extends PickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined> {
  const safe = shownItems(items);
  return vscode.window.showQuickPick(safe, shownPickOptions(options)).then((picked) => (picked === undefined ? undefined : items[safe.indexOf(picked)]));
}

/** `showPick` with any number of items chosen. */
export function showPickMany<T extends PickItem>(items: readonly T[], options: Omit<vscode.QuickPickOptions, 'canPickMany'>): Thenable<readonly T[] | undefined> {
  const safe = shownItems(items);
  return vscode.window
    .showQuickPick(safe, { ...shownPickOptions(options), canPickMany: true })
    .then((picked) => (picked === undefined ? undefined : picked.map((p) => items[safe.indexOf(p)]!)));
}

/** Copies of the items with their label, description and detail `shown` (the picked copy is mapped back by its index). */
function shownItems<T extends PickItem>(items: readonly T[]): T[] {
  return items.map((item) => ({
    ...item,
    label: shown(item.label),
    ...(item.description === undefined ? {} : { description: shown(item.description) }),
    ...(item.detail === undefined ? {} : { detail: shown(item.detail) }),
  }));
}

function shownPickOptions<O extends vscode.QuickPickOptions>(options: O): O {
  return {
    ...options,
    ...(options.title === undefined ? {} : { title: shown(options.title) }),
    ...(options.placeHolder === undefined ? {} : { placeHolder: shown(options.placeHolder) }),
  };
}

/** An input box whose title, prompt and placeholder are `shown`; what the user types is theirs. */
export function showInput(options: vscode.InputBoxOptions): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    ...options,
    ...(options.title === undefined ? {} : { title: shown(options.title) }),
    ...(options.prompt === undefined ? {} : { prompt: shown(options.prompt) }),
    ...(options.placeHolder === undefined ? {} : { placeHolder: shown(options.placeHolder) }),
  });
}

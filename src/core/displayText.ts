// Untrusted text (file names, plan titles, reasons, metadata, error messages: whatever came from
// the database, the file system, git or an agent) made displayable. Nothing a terminal, a dialog or
// a page would interpret survives: each such character is shown as a visible escape instead, so a
// name can neither move the cursor, clear lines, retitle the terminal, reorder text with bidi
// controls, nor start a line of its own. Pure functions, no imports: the CLI, the extension and the
// panel's page all use them.

const NAMED: Readonly<Record<number, string>> = { 0x1b: '\\e', 0x0d: '\\r', 0x0a: '\\n', 0x09: '\\t', 0x00: '\\0', 0x08: '\\b', 0x07: '\\a' };

/**
 * Code points shown escaped: C0 controls, DEL, C1 controls, the bidi marks, embeddings, overrides
 * and isolates, the line and paragraph separators, lone surrogates, and U+FFFD (what a decoder
 * puts for bytes that were not UTF-8, so the user sees that the name was not what it shows).
 */
function isUnsafeCodePoint(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x061c ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    (cp >= 0xd800 && cp <= 0xdfff) ||
    cp === 0xfffd
  );
}

function escapeCodePoint(cp: number): string {
  const named = NAMED[cp];
  if (named) return named;
  return cp <= 0xff ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}

/**
 * The same code points as isUnsafeCodePoint, as one test: most text has none, and a regular
 * expression finds that far sooner than a walk of its code points (`agents blame` escapes every
 * line of a file). With the `u` flag, the surrogate range matches lone surrogates only.
 */
const ANY_UNSAFE = /[\u{0}-\u{1f}\u{7f}-\u{9f}\u{61c}\u{200e}\u{200f}\u{202a}-\u{202e}\u{2066}-\u{2069}\u{2028}\u{2029}\u{d800}-\u{dfff}\u{fffd}]/u;

/** Each unsafe code point of `value` as a visible escape (`\e`, `\r`, `\n`, `\u202e`, `\x7f`). */
export function escapeUnsafe(value: string): string {
  if (!ANY_UNSAFE.test(value)) return value;
  let out = '';
  // for…of walks code points; a lone surrogate comes out on its own and is escaped.
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    out += isUnsafeCodePoint(cp) ? escapeCodePoint(cp) : ch;
  }
  return out;
}

/**
 * Terminal text made of our own lines: every line is escaped and only the line breaks between them
 * stay. The last barrier of the CLI's output, so a value that was not escaped by its renderer
 * still cannot reach the terminal raw.
 */
export function terminalLines(text: string): string {
  return text.split('\n').map(escapeUnsafe).join('\n');
}

/** Longest a value may be on one line of a dialog's list, a tree row or a quick pick. */
export const DISPLAY_LINE_MAX = 300;

/** Longest a message may be (a notification, a dialog's question, an error row): our sentences around values. */
export const DISPLAY_MESSAGE_MAX = 1000;

export interface DisplayLine {
  /** Escaped, single line, at most `max` characters. */
  readonly text: string;
  /** The value did not fit: the full value (escaped) belongs in the log. */
  readonly shortened: boolean;
}

/**
 * One value on one line of VS Code's UI: escaped, and when longer than `max`, its beginning and its
 * end around an ellipsis (the end of a path is its file name, the part worth keeping).
 */
export function displayLine(value: string, max = DISPLAY_LINE_MAX): DisplayLine {
  const escaped = escapeUnsafe(value);
  if (escaped.length <= max) return { text: escaped, shortened: false };
  const keep = max - 1;
  const head = cutEscaped(escaped, Math.ceil(keep / 2), 'start');
  const tail = cutEscaped(escaped, keep - head.length, 'end');
  return { text: `${head}…${tail}`, shortened: true };
}

/** The displayed form of a value, shortened when needed; `displayLine` when the caller must log. */
export function displayText(value: string, max = DISPLAY_LINE_MAX): string {
  return displayLine(value, max).text;
}

/** A prefix or suffix of escaped text, no longer than `length`, that splits neither an escape nor a surrogate pair. */
function cutEscaped(escaped: string, length: number, from: 'start' | 'end'): string {
  const units = [...escaped.matchAll(/\\(?:u[0-9a-f]{4}|x[0-9a-f]{2}|[ernt0ba])|[\s\S]/gu)].map((m) => m[0]);
  let out = '';
  if (from === 'start') {
    for (const u of units) {
      if (out.length + u.length > length) break;
      out += u;
    }
  } else {
    for (let i = units.length - 1; i >= 0; i--) {
      if (out.length + units[i]!.length > length) break;
      out = units[i]! + out;
    }
  }
  return out;
}

/**
 * A count as people read it, with thousands separated: "20,000". The one way every surface (the
 * panel, notifications, dialogs, the CLI's text) writes a count, so two never disagree.
 */
export function formatCount(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** A count with its noun: "1 decision", "2 decisions", "20,000 files" (`many` for irregular plurals). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * How long ago, as people say it: "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago",
 * then the date. The one way every surface (tree rows, tooltips, dialogs, the CLI) says it, so
 * that two of them never disagree about the same moment.
 */
export function relativeTime(iso: string, now: Date): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}`;
}

// Made at the first comparison: a collator costs 8–16 ms to make (ICU's data is read), which every
// process that loads this module would pay, the hooks and the CLI too, and only lists sort with it.
let natural: Intl.Collator | undefined;

/** Names in the order people count: `file2` before `file10` (the same on every machine). */
export const naturalCompare = (a: string, b: string): number =>
  (natural ??= new Intl.Collator('en', { numeric: true, sensitivity: 'variant' })).compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** Characters a shell would act on, shown escaped in log lines (see `logLine`). */
const SHELL_ACTIVE = /[;$`|&<>]/g;

/**
 * One line for a log file the product appends to: escaped as `escapeUnsafe` does, and the
 * characters a shell acts on (`;`, `$`, backquote, `|`, `&`, `<`, `>`) as `\xNN`. Should a log ever be
 * read by a shell (a link that put it in a shell's start-up file), each line stays one inert
 * command named after its time stamp: no text from an event can run, chain, substitute or redirect.
 */
export function logLine(value: string): string {
  return escapeUnsafe(value).replace(SHELL_ACTIVE, (ch) => `\\x${ch.charCodeAt(0).toString(16)}`);
}

import { fastClientLines } from './fastClientScript';

// The hooks' launcher on Linux and macOS: a sh script that hooks name in place of node, with the
// fast client first (fastClientScript.ts) and node for everything else. One text for both of its
// writers: the extension (extension/agentHooks/hookRuntime.ts, in its global storage, for the
// runtime VS Code runs it on) and `agents hook install` from a terminal (cliLauncher.ts, in the
// user's state folder, for the node that ran the install). They differ only in what the header
// says, in how to repair a launcher whose runtime is gone, and in whether node is told the
// launcher's path (the terminal's launcher, rewritten by node when the CLI was updated).

/** The second line of every launcher: how a file is recognised as one. */
export const LAUNCHER_MARK = '# CleverAgents Checkpoints: runs ';

/** How the launcher tells node its own path, for the terminal's launcher only (cliLauncher.ts). */
export const LAUNCHER_PATH_ENV = 'AGENTS_LAUNCHER';

export interface LauncherOptions {
  /** The runtime node runs as: an absolute path. */
  readonly runtime: string;
  /** The runtime is Electron: run it with ELECTRON_RUN_AS_NODE=1. */
  readonly electron: boolean;
  /** What the runtime is, after LAUNCHER_MARK. */
  readonly what: string;
  /** What follows "<runtime> is gone" when no node is on the PATH either: why, and how to repair it. */
  readonly gone: string;
  /** The version and user the fast client is for; none: no fast client, node alone. */
  readonly fast?: { readonly version: string; readonly uid: number };
  /** Node is told the launcher's path ($0) in LAUNCHER_PATH_ENV. */
  readonly tellPath?: boolean;
}

/** Text inside sh's double quotes: the four characters that stay special there escaped. */
function inDoubleQuotes(text: string): string {
  return text.replace(/(["\\$`])/g, '\\$1');
}

function shQuoted(text: string): string {
  return `"${inDoubleQuotes(text)}"`;
}

/** The launcher's text. */
export function launcherText(options: LauncherOptions): string {
  const electron = options.electron ? 'ELECTRON_RUN_AS_NODE=1 ' : '';
  return [
    '#!/bin/sh',
    `${LAUNCHER_MARK}${options.what} for the agents' hooks.`,
    '# Rewritten when what it names changes; when the runtime it names is gone, a node on the PATH.',
    `runtime=${shQuoted(options.runtime)}`,
    'run_node() {',
    ...(options.tellPath ? [`  ${LAUNCHER_PATH_ENV}=$0; export ${LAUNCHER_PATH_ENV}`] : []),
    `  if [ -x "$runtime" ]; then ${electron}exec "$runtime" "$@"; fi`,
    '  if command -v node >/dev/null 2>&1; then exec node "$@"; fi',
    `  echo "CleverAgents Checkpoints: $runtime is gone${inDoubleQuotes(options.gone)}" >&2`,
    '  exit 1',
    '}',
    ...(options.fast ? fastClientLines(options.fast.version, options.fast.uid) : []),
    'run_node "$@"',
    '',
  ].join('\n');
}

/** The version a launcher's fast client is for (its `fast_version=` line), or undefined: no fast client. */
export function launcherVersion(text: string): string | undefined {
  const line = /^fast_version='((?:[^']|'\\'')*)'$/m.exec(text);
  return line ? line[1]!.replace(/'\\''/g, "'") : undefined;
}

/** Whether `text` is a launcher of ours (its first two lines). */
export function isLauncherText(text: string): boolean {
  const [first, second] = text.slice(0, 300).split('\n');
  return first === '#!/bin/sh' && second !== undefined && second.startsWith(LAUNCHER_MARK);
}

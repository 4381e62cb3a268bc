import * as vscode from 'vscode';
import { showError, showWarning } from './shownText';
import { isCheckpointError, UnreadableDatabaseError } from '../core/errors';
import { CommandTitles, Commands } from './commandIds';
import type { Logger } from '../core/ports';

export const LOG_CHANNEL_NAME = 'CleverAgents Checkpoints';
const SHOW_LOG = 'Show Log';

/** The core's Logger on a LogOutputChannel, with an optional prefix (the workspace folder). */
export function channelLogger(channel: vscode.LogOutputChannel, prefix = ''): Logger {
  const p = prefix ? `[${prefix}] ` : '';
  return {
    debug: (m) => channel.debug(p + m),
    info: (m) => channel.info(p + m),
    warn: (m) => channel.warn(p + m),
    error: (m) => channel.error(p + m),
  };
}

/**
 * Turns failures into error notifications. Errors of the product (CheckpointError) already say
 * what went wrong in the spec's words and are shown as they are; anything else is unexpected and is
 * named as such. Either way the log gets the details and the notification a "Show Log" button.
 */
export class ErrorReporter {
  constructor(private readonly channel: vscode.LogOutputChannel) {}

  report(error: unknown, doing: string): void {
    const message = isCheckpointError(error)
      ? error.message
      : `${doing} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    this.channel.error(`${doing}: ${error instanceof Error && !isCheckpointError(error) ? (error.stack ?? error.message) : message}`);
    // An unreadable database has a way out, offered where the refusal is said.
    const wayOut = !vscode.workspace.isTrusted
      ? []
      : error instanceof UnreadableDatabaseError
        ? [CommandTitles.moveDatabaseAside]
        : isCheckpointError(error) && /^[A-Z][a-z]+ blocked: sandbox is missing$/.test(error.message)
          ? [CommandTitles.recreateSandbox]
          : [];
    // Not awaited: the promise settles only when the user closes the notification.
    void showError(message, ...wayOut, SHOW_LOG).then((choice) => {
      if (choice === SHOW_LOG) this.channel.show(true);
      if (choice === CommandTitles.moveDatabaseAside) void vscode.commands.executeCommand(Commands.moveDatabaseAside);
      // Without arguments: the plan selected in the tree, or a pick among those whose sandbox is missing.
      if (choice === CommandTitles.recreateSandbox) void vscode.commands.executeCommand(Commands.recreateSandbox);
    });
  }

  /** A problem the user should know about that did not stop anything (a bad setting). */
  warn(message: string): void {
    this.channel.warn(message);
    void showWarning(message, SHOW_LOG).then((choice) => {
      if (choice === SHOW_LOG) this.channel.show(true);
    });
  }
}

import * as vscode from 'vscode';
import { BuiltinCommands, CommandTitles, Commands, type CommandName } from '../commandIds';
import { showWarning } from '../shownText';

// Commands that run git or write files do nothing in Restricted Mode, and say why (with the way
// out); an error they throw reaches the person, never the Extension Host log alone. One way to
// register them, for every feature's commands.

const RESTRICTED_WHY = 'it runs git and writes files in the workspace, and this workspace is not trusted (Restricted Mode)';

/** Why a command does nothing in Restricted Mode, with the way out. */
export function explainRestricted(title: string): void {
  const manage = 'Manage Workspace Trust';
  void showWarning(`“${title}” is not available: ${RESTRICTED_WHY}. Trust the workspace to enable it.`, manage).then((choice) => {
    if (choice === manage) void vscode.commands.executeCommand(BuiltinCommands.manageTrust);
  });
}

export interface GuardedCommands<N extends CommandName> {
  /** Runs one command with the argument it was given. */
  readonly run: (name: N, arg: unknown) => Promise<unknown>;
  /** Says what went wrong (the command's title given); the command then returns undefined. */
  readonly onError: (error: unknown, title: string) => void;
  /** Which of them need a trusted workspace (default: all). */
  readonly trustedOnly?: (name: N) => boolean;
}

/** Registers `names`, each refused with the reason in Restricted Mode (when trusted-only) and reporting its errors. */
export function registerGuardedCommands<N extends CommandName>(names: readonly N[], guarded: GuardedCommands<N>): vscode.Disposable {
  return vscode.Disposable.from(
    ...names.map((name) =>
      vscode.commands.registerCommand(Commands[name], async (arg?: unknown) => {
        if ((guarded.trustedOnly?.(name) ?? true) && !vscode.workspace.isTrusted) {
          explainRestricted(CommandTitles[name]);
          return undefined;
        }
        try {
          return await guarded.run(name, arg);
        } catch (error) {
          guarded.onError(error, CommandTitles[name]);
          return undefined;
        }
      }),
    ),
  );
}

import * as vscode from 'vscode';

/** A part of the extension whose commands are registered by stand-ins until it is first needed. */
export interface PartOnFirstUse<T> extends vscode.Disposable {
  /** The part, loaded now if it was not yet (its commands then replace the stand-ins). */
  part(): T;
}

/**
 * Registers `ids` with stand-ins, so that the palette, menus and keys find them from activation on,
 * without loading the code behind them. The first stand-in run (or the first `part()` call)
 * disposes every stand-in and loads the part with `load`, which registers the real commands under
 * the same ids; the stand-in then runs its command again, through the real one, with the same
 * arguments.
 */
export function commandsOnFirstUse<T extends vscode.Disposable>(ids: readonly string[], load: () => T): PartOnFirstUse<T> {
  let loaded: T | undefined;
  let standIns: vscode.Disposable | undefined;
  const part = (): T => {
    if (!loaded) {
      standIns?.dispose();
      standIns = undefined;
      loaded = load();
    }
    return loaded;
  };
  standIns = vscode.Disposable.from(
    ...ids.map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        part();
        return vscode.commands.executeCommand(id, ...args);
      }),
    ),
  );
  return {
    part,
    dispose: () => {
      standIns?.dispose();
      loaded?.dispose();
    },
  };
}

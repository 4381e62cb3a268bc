import * as vscode from 'vscode';
import { loadPart } from '../lazyPart';
import type { LanguageModelToolDeps } from './languageModelTools';

type ToolsPart = typeof import('./languageModelTools');

/**
 * Registers the language model tools package.json declares (`names`) without loading them: the
 * tools, their schemas and confirmations (dist/extensionTools.js) are read the first time VS Code
 * asks one of them to prepare or run, and `deps` asked for then.
 */
export function registerLanguageModelTools(deps: () => LanguageModelToolDeps, names: readonly string[]): vscode.Disposable {
  let tools: Map<string, vscode.LanguageModelTool<unknown>> | undefined;
  const toolOf = (name: string): vscode.LanguageModelTool<unknown> => {
    tools ??= loadPart<ToolsPart>('extensionTools.js', 'languageModelTools/languageModelTools.js').languageModelTools(deps());
    const tool = tools.get(name);
    if (!tool) throw new Error(`${name} is declared in package.json but is not one of the extension's tools`);
    return tool;
  };
  const register = (name: string) =>
    vscode.lm.registerTool<unknown>(name, {
      prepareInvocation: (options, token) => toolOf(name).prepareInvocation?.(options, token),
      invoke: (options, token) => toolOf(name).invoke(options, token),
    });
  return vscode.Disposable.from(...names.map(register));
}

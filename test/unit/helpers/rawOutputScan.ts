import * as ts from 'typescript';

// Finds the places where code in src/cli and src/extension would show text without the display
// helpers: a direct write to a stream or the console, a VS Code window function called outside
// src/extension/shownText.ts, or a tree, status-bar or panel label set to something that did not
// go through `shown`. Reads the syntax tree (not lines), so formatting cannot hide a call.

export interface RawOutput {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

/** The one file that may write to a stream. */
export const TERMINAL_WRITER = 'src/cli/terminalOutput.ts';
/** The one file that may call VS Code's window functions that show text. */
export const WINDOW_WRITER = 'src/extension/shownText.ts';

const WINDOW_FUNCTIONS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
  'showQuickPick',
  'createQuickPick',
  'showInputBox',
  'createInputBox',
  'withProgress',
]);
/** Properties of tree items, status-bar items and panels that VS Code shows. */
const SHOWN_PROPERTIES = new Set(['label', 'description', 'tooltip', 'text', 'title']);
/** Calls whose result is safe to show: the display helpers. */
const SAFE_CALLS = new Set(['shown', 'shownMessage', 'shownMarkdown', 'shownLines', 'panelTitle', 'diffTitle']);

function isConstantText(node: ts.Expression): boolean {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** Whether an expression put into a shown property is safe: a constant, undefined, or a display helper's result. */
function isSafeShown(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isSafeShown(node.expression);
  if (isConstantText(node) || node.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(node) && node.text === 'undefined')) return true;
  if (ts.isConditionalExpression(node)) return isSafeShown(node.whenTrue) && isSafeShown(node.whenFalse);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    return SAFE_CALLS.has(name);
  }
  return false;
}

export function scanSource(file: string, text: string): RawOutput[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found: RawOutput[] = [];
  const report = (node: ts.Node, what: string) => found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });
  const inExtension = file.startsWith('src/extension/');

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression;
      const method = callee.name.text;
      const target = callee.expression.getText(source);
      if (target === 'console') report(node, `console.${method}`);
      else if (method === 'write' && file !== TERMINAL_WRITER && !(node.arguments.length === 1 && isConstantText(node.arguments[0]!))) {
        report(node, `${target}.write() with text that is not a constant`);
      } else if (WINDOW_FUNCTIONS.has(method) && /(^|\.)window$/.test(target) && file !== WINDOW_WRITER) report(node, `${target}.${method}`);
    }
    if (inExtension && file !== WINDOW_WRITER) {
      if (ts.isNewExpression(node) && node.expression.getText(source).endsWith('TreeItem') && node.arguments?.[0] && !isSafeShown(node.arguments[0])) {
        report(node, 'a TreeItem label that is not shown()');
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(node.left) &&
        SHOWN_PROPERTIES.has(node.left.name.text) &&
        !isSafeShown(node.right)
      ) {
        report(node, `.${node.left.name.text} set to text that is not shown()`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

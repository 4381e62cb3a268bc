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
exports.WINDOW_WRITER = exports.TERMINAL_WRITER = void 0;
exports.scanSource = scanSource;
const ts = __importStar(require("typescript"));
/** The one file that may write to a stream. */
exports.TERMINAL_WRITER = 'src/cli/terminalOutput.ts';
/** The one file that may call VS Code's window functions that show text. */
exports.WINDOW_WRITER = 'src/extension/shownText.ts';
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
function isConstantText(node) {
    return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}
/** Whether an expression put into a shown property is safe: a constant, undefined, or a display helper's result. */
function isSafeShown(node) {
    if (ts.isParenthesizedExpression(node))
        return isSafeShown(node.expression);
    if (isConstantText(node) || node.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(node) && node.text === 'undefined'))
        return true;
    if (ts.isConditionalExpression(node))
        return isSafeShown(node.whenTrue) && isSafeShown(node.whenFalse);
    if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        return SAFE_CALLS.has(name);
    }
    return false;
}
function scanSource(file, text) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const found = [];
    const report = (node, what) => found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });
    const inExtension = file.startsWith('src/extension/');
    const visit = (node) => {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
            const callee = node.expression;
            const method = callee.name.text;
            const target = callee.expression.getText(source);
            if (target === 'console')
                report(node, `console.${method}`);
            else if (method === 'write' && file !== exports.TERMINAL_WRITER && !(node.arguments.length === 1 && isConstantText(node.arguments[0]))) {
                report(node, `${target}.write() with text that is not a constant`);
            }
            else if (WINDOW_FUNCTIONS.has(method) && /(^|\.)window$/.test(target) && file !== exports.WINDOW_WRITER)
                report(node, `${target}.${method}`);
        }
        if (inExtension && file !== exports.WINDOW_WRITER) {
            if (ts.isNewExpression(node) && node.expression.getText(source).endsWith('TreeItem') && node.arguments?.[0] && !isSafeShown(node.arguments[0])) {
                report(node, 'a TreeItem label that is not shown()');
            }
            if (ts.isBinaryExpression(node) &&
                node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
                ts.isPropertyAccessExpression(node.left) &&
                SHOWN_PROPERTIES.has(node.left.name.text) &&
                !isSafeShown(node.right)) {
                report(node, `.${node.left.name.text} set to text that is not shown()`);
            }
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
}
//# sourceMappingURL=rawOutputScan.js.map
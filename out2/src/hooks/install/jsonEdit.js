"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConfigFileError = void 0;
exports.lineColumn = lineColumn;
exports.parseJsonObject = parseJsonObject;
exports.nodeAt = nodeAt;
exports.insertProperty = insertProperty;
exports.appendElement = appendElement;
exports.removeChild = removeChild;
exports.propertyOf = propertyOf;
const jsonc_parser_1 = require("jsonc-parser");
// Edits an agent's JSON configuration the way a careful person would by hand: each change is one
// insertion or one deletion of text, indented like the file around it, and every other byte stays
// as it was (comments included, where the agent's format allows them). jsonc-parser is used for
// the positions only: its own `modify` re-formats whole lines around an edit, which would rewrite
// a neighbour's `{"x": 1}` and break the promise that uninstall restores the file byte for byte.
/** A configuration that cannot be read: the message names the file and the line:column. */
class ConfigFileError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ConfigFileError';
    }
}
exports.ConfigFileError = ConfigFileError;
/** 1-based line and column of a character offset. */
function lineColumn(text, offset) {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return `${line}:${column}`;
}
/**
 * Parses `text` (the contents of `file`) as a JSON object. `allowComments` is the agent's own
 * leniency: Claude Code reads strict JSON, Gemini CLI strips comments first.
 */
function parseJsonObject(text, file, allowComments) {
    const errors = [];
    const value = (0, jsonc_parser_1.parse)(text, errors, { disallowComments: !allowComments, allowTrailingComma: allowComments, allowEmptyContent: false });
    const first = errors[0];
    if (first) {
        const what = (0, jsonc_parser_1.printParseErrorCode)(first.error);
        const hint = what === 'InvalidCommentToken' ? ' (this agent reads strict JSON: comments are not allowed)' : '';
        throw new ConfigFileError(`${file}:${lineColumn(text, first.offset)}: cannot parse the file: ${what}${hint}; it was left as it is`);
    }
    const tree = (0, jsonc_parser_1.parseTree)(text, [], { disallowComments: !allowComments, allowTrailingComma: allowComments });
    if (!tree || tree.type !== 'object' || typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ConfigFileError(`${file}:${lineColumn(text, tree?.offset ?? 0)}: the file does not hold a JSON object; it was left as it is`);
    }
    return { text, tree, value: value };
}
/** The node at `path`, which must be of `type` when it is there. */
function nodeAt(doc, path, type, file) {
    const node = (0, jsonc_parser_1.findNodeAtLocation)(doc.tree, path);
    if (node && node.type !== type) {
        const name = path.map(String).join('.');
        throw new ConfigFileError(`${file}:${lineColumn(doc.text, node.offset)}: "${name}" is not ${type === 'object' ? 'an object' : 'a list'}; the file was left as it is`);
    }
    return node;
}
/** The file's line ending and indentation step (two spaces when the file shows none). */
function layoutOf(text) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const indented = /^([ \t]+)\S/m.exec(text)?.[1];
    const unit = indented === undefined ? '  ' : indented.startsWith('\t') ? '\t' : indented;
    return { eol, unit };
}
/** The whitespace that starts the line holding `offset`, or undefined when other text precedes it there. */
function indentBefore(text, offset) {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const prefix = text.slice(lineStart, offset);
    return /^[ \t]*$/.test(prefix) ? prefix : undefined;
}
function pretty(value, indent, layout) {
    return JSON.stringify(value, null, layout.unit).split('\n').join(`${layout.eol}${indent}`);
}
/** `item` written after the last child of `container` (an object's property or an array's element). */
function insertLast(text, container, item, compactItem) {
    const layout = layoutOf(text);
    const children = container.children ?? [];
    const last = children[children.length - 1];
    if (last) {
        const end = last.offset + last.length;
        const indent = indentBefore(text, last.offset);
        const content = indent === undefined ? `,${compactItem}` : `,${layout.eol}${indent}${item(indent, layout)}`;
        return text.slice(0, end) + content + text.slice(end);
    }
    // an empty {} or []: open it onto lines of its own, indented one step in from its line
    const open = container.offset + 1;
    const close = container.offset + container.length - 1;
    const lineIndent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', container.offset) + 1))?.[0] ?? '';
    const inner = lineIndent + layout.unit;
    return `${text.slice(0, open)}${layout.eol}${inner}${item(inner, layout)}${layout.eol}${lineIndent}${text.slice(close)}`;
}
/** Adds `"key": value` as the object's last property. */
function insertProperty(text, object, key, value) {
    return insertLast(text, object, (indent, layout) => `${JSON.stringify(key)}: ${pretty(value, indent, layout)}`, `${JSON.stringify(key)}:${JSON.stringify(value)}`);
}
/** Adds `value` as the array's last element. */
function appendElement(text, array, value) {
    return insertLast(text, array, (indent, layout) => pretty(value, indent, layout), JSON.stringify(value));
}
/**
 * Removes a property or an array element: the exact inverse of `insertProperty` / `appendElement`
 * (from the end of the previous sibling to the end of this one), so a round trip gives back the
 * bytes that were there.
 */
function removeChild(text, container, child) {
    const siblings = container.children ?? [];
    const index = siblings.indexOf(child);
    if (index < 0)
        throw new Error('removeChild: not a child of that container');
    const previous = siblings[index - 1];
    const next = siblings[index + 1];
    if (previous)
        return text.slice(0, previous.offset + previous.length) + text.slice(child.offset + child.length);
    if (next)
        return text.slice(0, child.offset) + text.slice(next.offset);
    return text.slice(0, container.offset + 1) + text.slice(container.offset + container.length - 1);
}
/** The property node (key and value) whose value is `valueNode`, for removal from its object. */
function propertyOf(valueNode) {
    const property = valueNode.parent;
    if (!property || property.type !== 'property')
        throw new Error('propertyOf: not the value of a property');
    return property;
}
//# sourceMappingURL=jsonEdit.js.map
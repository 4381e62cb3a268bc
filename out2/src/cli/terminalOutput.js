"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.writeText = writeText;
exports.promptText = promptText;
exports.writeJson = writeJson;
const displayText_1 = require("../core/displayText");
/**
 * The one way the CLI writes text for a person (help, results, previews, questions, errors, log
 * lines). Each line is escaped (`\e`, `\r`, `\u202e`…) and only our own line breaks stay, so
 * nothing from the data reaches the terminal as a control. A unit test keeps every other file of
 * src/cli from writing to a stream.
 */
function writeText(sink, text) {
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    sink.write(`${(0, displayText_1.terminalLines)(body)}\n`);
}
/** A question on the line it is asked on (no line break after it). */
function promptText(text) {
    return (0, displayText_1.terminalLines)(text);
}
/**
 * A JSON document, as the contract prints it: JSON.stringify already escapes every control
 * character, so the bytes stay exactly the contract's.
 */
function writeJson(sink, value) {
    sink.write(`${JSON.stringify(value, null, 2)}\n`);
}
//# sourceMappingURL=terminalOutput.js.map
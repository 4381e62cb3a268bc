"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.promptLine = promptLine;
const displayText_1 = require("../core/displayText");
const PROMPT_LINE_MAX = 120;
/** A prompt's first non-empty line, escaped and shortened: what plan titles and checkpoint reasons quote. */
function promptLine(prompt) {
    const line = prompt.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
    const chars = [...line.trim()];
    const cut = chars.length > PROMPT_LINE_MAX ? `${chars.slice(0, PROMPT_LINE_MAX - 1).join('')}…` : chars.join('');
    return (0, displayText_1.escapeUnsafe)(cut);
}
//# sourceMappingURL=promptText.js.map
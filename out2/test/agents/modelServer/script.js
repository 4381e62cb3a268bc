"use strict";
// What the scripted model answers: each prompt of a session carries a marker (`[scripted-prompt-1]`),
// and the model's next answer depends only on the conversation the agent sends, never on how many
// requests came before. So retries, side requests (titles, routing, quota checks) and the agent's
// own bookkeeping cannot shift the script: the same conversation always gets the same answer.
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScriptedModel = exports.SIDE_REQUEST_TEXT = void 0;
exports.findMarker = findMarker;
exports.promptMarker = promptMarker;
const MARKER = /\[scripted-prompt-\d+\]/g;
/** The last marker in a text, if any. */
function findMarker(text) {
    const all = text.match(MARKER);
    return all ? all[all.length - 1] : undefined;
}
/** A marker for the n-th prompt (1-based), to put in the prompt's text. */
function promptMarker(n) {
    return `[scripted-prompt-${n}]`;
}
exports.SIDE_REQUEST_TEXT = 'Scripted model: nothing to do for this request.';
class ScriptedModel {
    byMarker = new Map();
    constructor(prompts) {
        for (const p of prompts)
            this.byMarker.set(p.marker, p);
    }
    /** The answer for a conversation: the next tool call of its prompt, or the prompt's closing text. */
    next(state) {
        const script = state.marker ? this.byMarker.get(state.marker) : undefined;
        if (!script || !state.offersTools)
            return { kind: 'text', text: exports.SIDE_REQUEST_TEXT };
        const call = script.calls[state.toolResultsSince];
        return call ? { kind: 'tool', name: call.name, args: call.args } : { kind: 'text', text: script.reply };
    }
}
exports.ScriptedModel = ScriptedModel;
//# sourceMappingURL=script.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.planName = planName;
exports.interruptedMessage = interruptedMessage;
exports.recoveredMessage = recoveredMessage;
const displayText_1 = require("../../core/displayText");
const treePresentation_1 = require("../tree/treePresentation");
/** The plan as people read it: its title, or "a plan" when the database could not say. */
function planName(names) {
    return names.planTitle === undefined ? 'A plan' : `“${names.planTitle}”`;
}
function interruptedMessage(op, names, now) {
    return (`${planName(names)}: ${operationText(op, names, now)} was interrupted (started ${(0, displayText_1.relativeTime)(op.started_at, now)} by process ${op.pid}); ` +
        'its files may be half written, and the plan takes no writes until it is finished or undone.');
}
function recoveredMessage(op, names, finished, now) {
    return `${finished ? 'Finished' : 'Undid'} ${operationText(op, names, now)} of ${planName(names) === 'A plan' ? 'the plan' : planName(names)}.`;
}
function operationText(op, names, now) {
    if (op.type === 'rollback') {
        const t = names.target;
        return t ? `a rollback to “${(0, treePresentation_1.checkpointLabel)(t)}” (taken ${(0, displayText_1.relativeTime)(t.created_at, now)})` : 'a rollback';
    }
    return op.type === 'apply' ? 'an apply into the workspace' : 'a cleanup of the isolated sandbox';
}
//# sourceMappingURL=interruptedText.js.map
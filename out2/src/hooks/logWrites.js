"use strict";
// The state of this process's hooks.log writes (boundedFlush.ts), kept on one global record:
// `hook run` is bundled apart from the client that loads it (dist/agentsClient.js loads
// dist/agentsHookRun.js), and the client, which ends the process, must see the writes its loaded
// half started. This module imports nothing, so that the client's bundle stays small.
Object.defineProperty(exports, "__esModule", { value: true });
exports.logWriteStates = logWriteStates;
exports.logWritesUnderWay = logWritesUnderWay;
const KEY = Symbol.for('cleveragents.hookLogWrites');
const shared = globalThis;
/** Each hooks.log's state, by its path. */
function logWriteStates() {
    return (shared[KEY] ??= new Map());
}
/** Whether a write to a hooks.log started by this process has not ended yet (processExit.ts waits for it only so long). */
function logWritesUnderWay() {
    for (const state of logWriteStates().values())
        if (state.writing)
            return true;
    return false;
}
//# sourceMappingURL=logWrites.js.map
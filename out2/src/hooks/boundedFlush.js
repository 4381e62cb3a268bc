"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.flushWithin = flushWithin;
exports.droppedLogLines = droppedLogLines;
const displayText_1 = require("../core/displayText");
const hookLog_1 = require("./hookLog");
const logWrites_1 = require("./logWrites");
// A hook's answer never waits on its own log (docs/AGENTS.md, "Time budget"): the lines are
// written within what is left of the budget, or the answer goes without them. A write still under
// way then (a slow or stuck disk) is not joined by another one to the same file: the lines of the
// calls meanwhile are dropped and counted, and the count is said in the next write that gets
// through, in the same process (the resident process serves many calls; a hook's own process
// ends with its answer, and a count it could not write ends with it).
const states = (0, logWrites_1.logWriteStates)();
/**
 * Writes the log's lines to the workspace's hooks.log, waiting for that until `until` (epoch ms)
 * at the most. `not-yet`: the write goes on after the answer (its lines are not counted as dropped
 * unless it fails); `dropped`: it failed, or another write to that log was still under way.
 */
async function flushWithin(log, workspaceRoot, until) {
    if (workspaceRoot === undefined || log.lines.length === 0) {
        log.seal();
        return 'written';
    }
    const key = (0, hookLog_1.hookLogPath)(workspaceRoot);
    let state = states.get(key);
    if (!state)
        states.set(key, (state = { writing: false, dropped: 0 }));
    const own = state;
    if (own.writing) {
        log.seal();
        own.dropped += log.lines.length;
        return 'dropped';
    }
    const noted = own.dropped;
    if (noted > 0)
        log.line(`${(0, displayText_1.plural)(noted, 'earlier line')} of this log dropped: hooks.log could not be written in time`);
    log.seal();
    const lines = log.lines.length - (noted > 0 ? 1 : 0);
    own.writing = true;
    const writing = log.flush(workspaceRoot).then((written) => written, () => false);
    void writing.then((written) => {
        own.writing = false;
        if (written)
            own.dropped -= noted;
        else
            own.dropped += lines;
    });
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve('not-yet'), Math.max(0, until - Date.now()))));
    try {
        return await Promise.race([writing.then((written) => (written ? 'written' : 'dropped')), late]);
    }
    finally {
        clearTimeout(timer);
    }
}
/** How many lines of the workspace's hooks.log this process dropped and has not said yet (for tests). */
function droppedLogLines(workspaceRoot) {
    return states.get((0, hookLog_1.hookLogPath)(workspaceRoot))?.dropped ?? 0;
}
//# sourceMappingURL=boundedFlush.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.undoneByRecord = undoneByRecord;
const authorshipQueries_1 = require("./authorshipQueries");
const authorshipText_1 = require("./authorshipText");
/**
 * Whose work a rollback of `paths` takes back, as the authorship record says: each other
 * session's tool calls (one entry per plan), and the edits made outside tool calls (one entry,
 * with the time they span). A restore counts as what it brought back; the plan's own tool calls
 * are what the rollback is for, and are not listed.
 */
function undoneByRecord(record, paths, plans) {
    const wanted = new Set(paths);
    const byPath = (0, authorshipQueries_1.changesByPath)(record);
    const others = new Map();
    for (const [path, list] of byPath) {
        if (!wanted.has(path))
            continue;
        for (const c of list) {
            const a = (0, authorshipQueries_1.resolveAuthor)(record, byPath, c);
            if (a.kind !== 'other_session')
                continue;
            const set = others.get(a.plan_id) ?? new Set();
            set.add(path);
            others.set(a.plan_id, set);
        }
    }
    const found = [...others].map(([planId, set]) => ({
        kind: 'plan',
        plan_id: planId,
        decision_id: null,
        title: plans.find((p) => p.plan_id === planId)?.title ?? planId,
        paths: [...set].sort(),
    }));
    const outside = (0, authorshipQueries_1.outsideEdits)(record, paths);
    if (outside)
        found.push({ kind: 'outside_tool_calls', plan_id: record.plan_id, decision_id: null, title: authorshipText_1.OUTSIDE_TOOL_CALLS_WHO, paths: outside.paths, since: outside.since, until: outside.until });
    return found;
}
//# sourceMappingURL=undoneByRecord.js.map
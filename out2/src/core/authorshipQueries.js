"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.changesByPath = changesByPath;
exports.resolveAuthor = resolveAuthor;
exports.outsideEdits = outsideEdits;
exports.keptAndMerged = keptAndMerged;
/** The record's changes by path, each path's oldest first. */
function changesByPath(record) {
    const byPath = new Map();
    for (const c of record.changes) {
        const list = byPath.get(c.path);
        if (list)
            list.push(c);
        else
            byPath.set(c.path, [c]);
    }
    return byPath;
}
/** When each checkpoint the record covers was taken. */
function checkpointTimes(record) {
    const times = new Map();
    for (const s of record.stretches) {
        times.set(s.from.checkpoint_id, s.from.created_at);
        if (s.to)
            times.set(s.to.checkpoint_id, s.to.created_at);
    }
    return times;
}
/**
 * Who made what a change left: its author, unless it is this product's restore (a rollback, an
 * undo, a correction): then whoever made what the restore brought back, found among the path's
 * earlier changes (or before the record's first checkpoint). Never "someone else's" for a restore.
 */
function resolveAuthor(record, byPath, change, times = checkpointTimes(record)) {
    let at = change;
    for (;;) {
        if (at.author.kind !== 'restore')
            return at.author;
        const restoredAt = times.get(at.author.restored_from);
        if (restoredAt === undefined)
            return { kind: 'before_checkpoints' };
        const earlier = (byPath.get(at.path) ?? []).filter((c) => c.until !== null && c.until <= restoredAt).at(-1);
        if (earlier === undefined)
            return { kind: 'before_checkpoints' };
        if (earlier.content !== at.content)
            return { kind: 'unknown', reason: 'unreadable' };
        at = earlier;
    }
}
/**
 * The edits made outside tool calls since the record's checkpoint to these paths (a restore of
 * such an edit counts as the edit): what a rollback of them takes from the user. undefined: none.
 */
function outsideEdits(record, paths) {
    const wanted = new Set(paths);
    const byPath = changesByPath(record);
    const times = checkpointTimes(record);
    const found = [];
    let since;
    let until;
    for (const [path, list] of byPath) {
        if (!wanted.has(path))
            continue;
        let hit = false;
        for (const c of list) {
            if (resolveAuthor(record, byPath, c, times).kind !== 'outside_tool_calls')
                continue;
            hit = true;
            if (since === undefined || c.since < since)
                since = c.since;
            if (until !== null && (c.until === null || until === undefined || c.until > until))
                until = c.until;
        }
        if (hit)
            found.push(path);
    }
    if (found.length === 0 || since === undefined || until === undefined)
        return undefined;
    return { paths: found.sort(), since, until };
}
function keptReason(a) {
    switch (a.kind) {
        case 'outside_tool_calls':
        case 'other_session':
        case 'unknown':
            return a.kind;
        case 'tool_call':
            return 'not_in_scope';
        default:
            return undefined;
    }
}
/**
 * Each path changed since the record's checkpoint by someone other than the tool calls taken out
 * (`takenOut`): kept when not written (`written`), with the reason of its newest such change;
 * merged when written. A path changed only by the calls taken out and this product's own restores
 * is neither; a conflicting path is neither (nothing is written while there is one). Never both.
 */
function keptAndMerged(record, takenOut, written, conflicts) {
    const byPath = changesByPath(record);
    const times = checkpointTimes(record);
    const kept = [];
    const merged = [];
    for (const [path, list] of byPath) {
        if (conflicts.has(path))
            continue;
        let last;
        for (const c of list) {
            const a = resolveAuthor(record, byPath, c, times);
            if ((a.kind === 'tool_call' && takenOut(a)) || keptReason(a) === undefined)
                continue;
            last = a;
        }
        if (last === undefined)
            continue;
        if (written.has(path)) {
            merged.push(path);
            continue;
        }
        const reason = keptReason(last);
        kept.push({
            path,
            reason,
            ...(last.kind === 'other_session' || last.kind === 'tool_call' ? { plan_id: last.plan_id } : {}),
            ...(last.kind === 'unknown' ? { unknown: last.reason } : {}),
        });
    }
    kept.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { kept, merged: merged.sort() };
}
//# sourceMappingURL=authorshipQueries.js.map
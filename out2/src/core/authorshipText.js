"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LISTED_PER_KIND = exports.KEPT_REASON_LABELS = exports.KEPT_REASON_WORDS = exports.OUTSIDE_TOOL_CALLS_WHO = void 0;
exports.firstOf = firstOf;
exports.moreText = moreText;
exports.keptCounts = keptCounts;
exports.keptHeading = keptHeading;
const displayText_1 = require("./displayText");
// The words every surface (the CLI, the dialogs, the panel, the agent tools) uses for whose a
// change is, so that they all say the same.
/** Who "outside tool calls" is, for people. */
exports.OUTSIDE_TOOL_CALLS_WHO = 'you, or another program';
/** Why a path is kept, for people. */
exports.KEPT_REASON_WORDS = {
    outside_tool_calls: 'yours (you, or another program, outside tool calls)',
    other_session: 'another session’s',
    unknown: 'unknown (a tool call’s fence was missed)',
    not_in_scope: 'this session’s, outside the chosen scope',
};
/** A short label per reason, for one line per path. */
exports.KEPT_REASON_LABELS = {
    outside_tool_calls: 'yours',
    other_session: 'another session’s',
    unknown: 'unknown',
    not_in_scope: 'not in scope',
};
/** How many paths a person is shown per list before the rest are counted. */
exports.LISTED_PER_KIND = 10;
/** The first paths of a list and a count of the rest: what a person reads of a long list. */
function firstOf(items, all = false, max = exports.LISTED_PER_KIND) {
    return all || items.length <= max ? { shown: items, more: 0 } : { shown: items.slice(0, max), more: items.length - max };
}
/** "and 19,990 more" (with how to see them, when the caller has a way), or nothing. */
function moreText(more, how = '') {
    return more > 0 ? `and ${(0, displayText_1.formatCount)(more)} more${how}` : '';
}
/** Counts per reason, in a fixed order: "3 yours, 2 another session’s". */
function keptCounts(kept) {
    const order = ['outside_tool_calls', 'other_session', 'unknown', 'not_in_scope'];
    return order
        .map((r) => [r, kept.filter((k) => k.reason === r).length])
        .filter(([, n]) => n > 0)
        .map(([r, n]) => `${(0, displayText_1.formatCount)(n)} ${exports.KEPT_REASON_LABELS[r]}`)
        .join(', ');
}
/** "3 paths: 2 yours, 1 another session’s". */
function keptHeading(kept) {
    return `${(0, displayText_1.plural)(kept.length, 'path')}${kept.length > 0 ? `: ${keptCounts(kept)}` : ''}`;
}
//# sourceMappingURL=authorshipText.js.map
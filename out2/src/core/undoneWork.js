"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UNDONE_PATHS_SHOWN = void 0;
exports.sandboxesOverlap = sandboxesOverlap;
exports.pathInOtherSandbox = pathInOtherSandbox;
exports.findUndoneWork = findUndoneWork;
exports.undoneWorkLines = undoneWorkLines;
exports.undoneWorkHeading = undoneWorkHeading;
const authorshipText_1 = require("./authorshipText");
const displayText_1 = require("./displayText");
const decisionGraph_1 = require("./decisionGraph");
const lateCheckpoints_1 = require("./lateCheckpoints");
/** A sandbox path's segments; the workspace root (`.`) has none. */
function segments(sandboxPath) {
    return sandboxPath.split('/').filter((s) => s !== '' && s !== '.');
}
/** The same folder, or one inside the other: a file of one can be a file of the other. */
function sandboxesOverlap(a, b) {
    const x = segments(a);
    const y = segments(b);
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++)
        if (x[i] !== y[i])
            return false;
    return true;
}
/**
 * A path relative to sandbox `from`, as a path relative to sandbox `to` (the two overlap);
 * undefined when the file lies outside `to`.
 */
function pathInOtherSandbox(path, from, to) {
    const full = [...segments(from), ...path.split('/')];
    const root = segments(to);
    for (let i = 0; i < root.length; i++)
        if (full[i] !== root[i])
            return undefined;
    return full.length > root.length ? full.slice(root.length).join('/') : undefined;
}
const GONE = '\0deleted';
/**
 * For each path a chain of checkpoints (oldest first) changed, the time each of its contents was
 * first recorded: two plans over one folder both capture whatever either wrote, and the content's
 * first recording tells whose work it was.
 */
async function firstRecorded(chain, s, mapPath) {
    const seen = new Map();
    for (let i = 1; i < chain.length; i++) {
        const [before, after] = [chain[i - 1], chain[i]];
        if (before.sandbox_ref === after.sandbox_ref)
            continue;
        for (const c of await s.changedBetween(before.sandbox_ref, after.sandbox_ref)) {
            const path = mapPath(c.path);
            if (path === undefined)
                continue;
            const contents = seen.get(path) ?? new Map();
            const content = c.contentAfter ?? GONE;
            if (!contents.has(content))
                contents.set(content, after.created_at);
            seen.set(path, contents);
        }
    }
    return seen;
}
/**
 * Other plans whose sandboxes overlap this one and decisions not being reverted, each with the
 * paths of the rollback that they changed after the target checkpoint. A plan's later changes are
 * the diff from its newest checkpoint at or before the target's time (its first one when it has
 * none that old) to its newest, less the contents another plan (this one too) recorded first; a decision's are those of its window of checkpoints when the
 * window ends after the target.
 */
async function findUndoneWork(s) {
    if (s.paths.length === 0)
        return [];
    const touched = new Set(s.paths);
    const found = [];
    const since = s.target.created_at;
    // A late checkpoint is no boundary (core/lateCheckpoints.ts): its time is not when its files were.
    const checkpointsOf = (planId) => s.checkpointsOf(planId).filter((c) => !(0, lateCheckpoints_1.isLateCheckpoint)(c));
    const own = checkpointsOf(s.plan.plan_id);
    // Each overlapping plan's later changes to the rollback's paths (in this sandbox's terms), and
    // when each content was first recorded by it.
    const later = [];
    for (const other of s.plans) {
        if (other.plan_id === s.plan.plan_id || !sandboxesOverlap(other.sandbox_path, s.plan.sandbox_path))
            continue;
        const list = checkpointsOf(other.plan_id);
        const latest = list.at(-1);
        if (!latest || latest.created_at <= since)
            continue;
        const baseIndex = Math.max(0, list.filter((c) => c.created_at <= since).length - 1);
        const base = list[baseIndex];
        if (base.sandbox_ref === latest.sandbox_ref)
            continue;
        const mineOf = (p) => {
            const mine = pathInOtherSandbox(p, other.sandbox_path, s.plan.sandbox_path);
            return mine !== undefined && touched.has(mine) ? mine : undefined;
        };
        const final = new Map();
        for (const c of await s.changedBetween(base.sandbox_ref, latest.sandbox_ref)) {
            const mine = mineOf(c.path);
            if (mine !== undefined)
                final.set(mine, c.contentAfter ?? GONE);
        }
        if (final.size === 0)
            continue;
        later.push({ plan: other, final, recorded: await firstRecorded(list.slice(baseIndex), s, mineOf) });
    }
    if (later.length > 0) {
        const ownRecorded = await firstRecorded([s.target, ...own.filter((c) => c.created_at > since)], s, (p) => (touched.has(p) ? p : undefined));
        for (const { plan, final, recorded } of later) {
            const paths = [];
            for (const [path, content] of final) {
                const theirs = recorded.get(path)?.get(content);
                // Plans over one folder all capture whatever any of them wrote: the work is the one's that
                // recorded this content first.
                const earlier = [ownRecorded, ...later.filter((l) => l.plan !== plan).map((l) => l.recorded)].some((r) => {
                    const t = r.get(path)?.get(content);
                    return t !== undefined && (theirs === undefined || t < theirs);
                });
                if (!earlier)
                    paths.push(path);
            }
            if (paths.length > 0)
                found.push({ kind: 'plan', plan_id: plan.plan_id, decision_id: null, title: plan.title, paths: paths.sort() });
        }
    }
    for (const d of s.decisions) {
        if (d.state !== 'active' || s.reverting.has(d.decision_id))
            continue;
        const window = (0, decisionGraph_1.decisionWindow)(own, d);
        if (!window || window.to.created_at <= since || window.from.sandbox_ref === window.to.sandbox_ref)
            continue;
        const paths = (await s.changedBetween(window.from.sandbox_ref, window.to.sandbox_ref)).map((c) => c.path).filter((p) => touched.has(p));
        if (paths.length > 0)
            found.push({ kind: 'decision', plan_id: s.plan.plan_id, decision_id: d.decision_id, title: d.title, paths: [...new Set(paths)].sort() });
    }
    return found;
}
/** The most paths named per owner in a confirmation; the rest are counted. */
exports.UNDONE_PATHS_SHOWN = 10;
/** A time of the record as a person reads it: `2026-12-03 12:01:02` (UTC). */
function shownTime(iso) {
    return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}
/** Who the work is, in a confirmation's words. */
function ownerText(w, show) {
    if (w.kind === 'outside_tool_calls') {
        const when = w.since === undefined ? '' : ` between ${shownTime(w.since)} and ${w.until ? shownTime(w.until) : 'now'}`;
        return `edits made outside tool calls (${authorshipText_1.OUTSIDE_TOOL_CALLS_WHO})${when}`;
    }
    return `${w.kind} “${show(w.title)}”`;
}
/**
 * One line per owner for a confirmation: `plan “Tidy the tests”, 1 path: test/todo.test.js`, the
 * first ten paths and a count of the rest (`all`: every path). `show` makes a title or path
 * displayable where the caller shows it (escaped for a terminal, for Markdown…).
 */
function undoneWorkLines(work, show = (value) => value, all = false) {
    return work.map((w) => {
        const max = all ? w.paths.length : exports.UNDONE_PATHS_SHOWN;
        const listed = w.paths.slice(0, max).map(show).join(', ');
        const more = w.paths.length > max ? ` and ${(0, displayText_1.formatCount)(w.paths.length - max)} more` : '';
        return `${ownerText(w, show)}, ${(0, displayText_1.plural)(w.paths.length, 'path')}: ${listed}${more}`;
    });
}
/** The heading above those lines. */
function undoneWorkHeading(work) {
    const plans = work.filter((w) => w.kind === 'plan').length;
    const decisions = work.filter((w) => w.kind === 'decision').length;
    const outside = work.some((w) => w.kind === 'outside_tool_calls');
    const whose = [plans ? (plans === 1 ? 'another plan' : `${plans} other plans`) : '', decisions ? (decisions === 1 ? 'a decision' : `${decisions} decisions`) : ''].filter(Boolean).join(' and ');
    if (!whose)
        return 'This also undoes edits made outside tool calls on the same files:';
    return `This also undoes later work of ${whose}${outside ? ', and edits made outside tool calls,' : ''} on the same files:`;
}
//# sourceMappingURL=undoneWork.js.map
import type { AuthorshipRecord } from './authorship';
import { changesByPath, checkpointTimes, resolveAuthor } from './authorshipQueries';
import { OUTSIDE_TOOL_CALLS_WHO } from './authorshipText';
import type { Plan } from './plan';
import type { UndoneWork } from './undoneWork';

/**
 * Whose work a rollback of `paths` takes back, as the authorship record says: each other
 * session's tool calls (one entry per plan), and the edits made outside tool calls (one entry,
 * with the time they span). A restore counts as what it brought back; the plan's own tool calls
 * are what the rollback is for, and are not listed. Each path is named once, under whoever made
 * its latest change of those kinds: what the rollback takes from the file as it is now.
 */
export function undoneByRecord(record: AuthorshipRecord, paths: readonly string[], plans: readonly Plan[]): UndoneWork[] {
  const wanted = new Set(paths);
  const byPath = changesByPath(record);
  const times = checkpointTimes(record);
  const others = new Map<string, string[]>();
  const outside: string[] = [];
  let since: string | undefined;
  let until: string | null | undefined;
  for (const [path, list] of byPath) {
    if (!wanted.has(path)) continue;
    const authored = list.map((c) => ({ change: c, author: resolveAuthor(record, byPath, c, times) }));
    const last = authored.filter((a) => a.author.kind === 'other_session' || a.author.kind === 'outside_tool_calls').at(-1);
    if (last === undefined) continue;
    if (last.author.kind === 'other_session') {
      others.set(last.author.plan_id, [...(others.get(last.author.plan_id) ?? []), path]);
      continue;
    }
    outside.push(path);
    // The time the path's edits outside tool calls span.
    for (const { change: c } of authored.filter((a) => a.author.kind === 'outside_tool_calls')) {
      if (since === undefined || c.since < since) since = c.since;
      if (until !== null && (c.until === null || until === undefined || c.until > until)) until = c.until;
    }
  }
  const found: UndoneWork[] = [...others].map(([planId, list]) => ({
    kind: 'plan',
    plan_id: planId,
    decision_id: null,
    title: plans.find((p) => p.plan_id === planId)?.title ?? planId,
    paths: list.sort(),
  }));
  if (outside.length > 0 && since !== undefined && until !== undefined) {
    found.push({ kind: 'outside_tool_calls', plan_id: record.plan_id, decision_id: null, title: OUTSIDE_TOOL_CALLS_WHO, paths: outside.sort(), since, until });
  }
  return found;
}

/**
 * The work a rollback undoes, each path named once: the other plans found by what they recorded
 * (plans no hook fences) and what the authorship record says. Another session's tool calls are
 * the record's to name; a path the record can only call "outside tool calls" is named by the plan
 * that recorded its change, when one did: that plan is more than "you, or another program".
 */
export function oncePerPath(found: readonly UndoneWork[], byRecord: readonly UndoneWork[]): UndoneWork[] {
  const sessions = new Set(byRecord.filter((w) => w.kind === 'plan').flatMap((w) => w.paths));
  const plans = found.flatMap((w) => (w.kind === 'plan' ? withPaths(w, (p) => !sessions.has(p)) : [w]));
  const claimed = new Set(plans.filter((w) => w.kind === 'plan').flatMap((w) => w.paths));
  const recorded = byRecord.flatMap((w) => (w.kind === 'outside_tool_calls' ? withPaths(w, (p) => !claimed.has(p)) : [w]));
  return [...plans, ...recorded];
}

/** The entry with the paths that `keep`, or none when no path is left. */
function withPaths(w: UndoneWork, keep: (path: string) => boolean): UndoneWork[] {
  const paths = w.paths.filter(keep);
  return paths.length === 0 ? [] : [{ ...w, paths }];
}

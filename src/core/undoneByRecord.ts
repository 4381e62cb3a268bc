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
 * The other plans' work found by what they recorded first (plans no hook fences), less the paths
 * the authorship record names: a path is listed once, under the kind the record gives it.
 */
export function withoutRecordedPaths(found: readonly UndoneWork[], byRecord: readonly UndoneWork[]): UndoneWork[] {
  const named = new Set(byRecord.flatMap((w) => w.paths));
  return found.flatMap((w) => {
    if (w.kind !== 'plan') return [w];
    const paths = w.paths.filter((p) => !named.has(p));
    return paths.length === 0 ? [] : [{ ...w, paths }];
  });
}

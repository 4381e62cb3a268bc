import type { AuthorshipRecord } from './authorship';
import { changesByPath, outsideEdits, resolveAuthor } from './authorshipQueries';
import { OUTSIDE_TOOL_CALLS_WHO } from './authorshipText';
import type { Plan } from './plan';
import type { UndoneWork } from './undoneWork';

/**
 * Whose work a rollback of `paths` takes back, as the authorship record says: each other
 * session's tool calls (one entry per plan), and the edits made outside tool calls (one entry,
 * with the time they span). A restore counts as what it brought back; the plan's own tool calls
 * are what the rollback is for, and are not listed.
 */
export function undoneByRecord(record: AuthorshipRecord, paths: readonly string[], plans: readonly Plan[]): UndoneWork[] {
  const wanted = new Set(paths);
  const byPath = changesByPath(record);
  const others = new Map<string, Set<string>>();
  for (const [path, list] of byPath) {
    if (!wanted.has(path)) continue;
    for (const c of list) {
      const a = resolveAuthor(record, byPath, c);
      if (a.kind !== 'other_session') continue;
      const set = others.get(a.plan_id) ?? new Set<string>();
      set.add(path);
      others.set(a.plan_id, set);
    }
  }
  const found: UndoneWork[] = [...others].map(([planId, set]) => ({
    kind: 'plan',
    plan_id: planId,
    decision_id: null,
    title: plans.find((p) => p.plan_id === planId)?.title ?? planId,
    paths: [...set].sort(),
  }));
  const outside = outsideEdits(record, paths);
  if (outside) found.push({ kind: 'outside_tool_calls', plan_id: record.plan_id, decision_id: null, title: OUTSIDE_TOOL_CALLS_WHO, paths: outside.paths, since: outside.since, until: outside.until });
  return found;
}

import { betterAuthor, type FileVersion, type LineAuthor, type StretchTimes } from './lineProvenance';
import { planSteps, type PlanFileHistory } from './planProvenance';

// The changes to one file across every plan over it, newest first: `agents log <path>`. Each is a
// stretch between two checkpoints (or the last one and now) in which the file's content changed,
// with whose change it was as the fences say.

/** Who made one change of the file: a line author, or this product's restore of an earlier checkpoint. */
export type ChangeAuthor = Exclude<LineAuthor, { kind: 'before_checkpoints' }> | ({ readonly kind: 'restore'; readonly restored_from: string | null } & StretchTimes);

export interface FileChange {
  readonly author: ChangeAuthor;
  readonly times: StretchTimes;
  readonly change: 'added' | 'modified' | 'deleted';
  /** The file before and after (content undefined: absent). */
  readonly before: FileVersion;
  readonly after: FileVersion;
}

/** One plan's changes of the file, oldest first. */
function planChanges(history: PlanFileHistory, now: FileVersion): FileChange[] {
  const { base, steps } = planSteps(history, now);
  const out: FileChange[] = [];
  let prev = base;
  for (const step of steps) {
    const v = step.version;
    if (v.unreadable) continue;
    const same = v.id === prev.id && (v.content === undefined) === (prev.content === undefined);
    if (!prev.unreadable && same) continue;
    if (prev.content === undefined && v.content === undefined) {
      prev = v;
      continue;
    }
    const a = step.author;
    const author: ChangeAuthor =
      a.kind === 'restore' ? { ...a, restored_from: history.checkpoints[a.restored_from]?.checkpoint_id ?? null } : prev.unreadable ? { kind: 'unknown', reason: 'unreadable', ...step.times } : a;
    out.push({ author, times: step.times, change: prev.content === undefined ? 'added' : v.content === undefined ? 'deleted' : 'modified', before: prev, after: v });
    prev = v;
  }
  return out;
}

const rankOf = (a: ChangeAuthor): LineAuthor => {
  if (a.kind !== 'restore') return a;
  // A restore ranks as an edit between tool calls: another plan's tool call names its change better.
  const { plan_id, from_checkpoint_id, to_checkpoint_id, since, until } = a;
  return { kind: 'outside_tool_calls', plan_id, from_checkpoint_id, to_checkpoint_id, since, until };
};

/**
 * Every plan's changes of the file, newest first. One change seen by two plans (the same content
 * before and after, in stretches that overlap in time) is listed once, as the plan that names it
 * best: another session's tool call is "outside tool calls" to a plan that did not make it.
 */
export function fileLog(histories: readonly PlanFileHistory[], nowVersion: (h: PlanFileHistory) => FileVersion): FileChange[] {
  const all = histories.flatMap((h) => planChanges(h, nowVersion(h)));
  const end = (c: FileChange): string => c.times.until ?? '\uffff';
  const kept: FileChange[] = [];
  for (const c of all) {
    const twin = kept.findIndex((k) => k.before.id === c.before.id && sameAfter(k.after, c.after) && k.times.since < end(c) && c.times.since < end(k));
    if (twin < 0) {
      kept.push(c);
      continue;
    }
    const [was, now] = [rankOf(kept[twin]!.author), rankOf(c.author)];
    if (betterAuthor(was, now) === now) kept[twin] = c;
  }
  return kept.sort((a, b) => (end(a) === end(b) ? (a.times.since < b.times.since ? 1 : -1) : end(a) < end(b) ? 1 : -1));
}

/** The file now has a made-up id per plan when no checkpoint holds its content: such ones are equal. */
function sameAfter(a: FileVersion, b: FileVersion): boolean {
  return a.id === b.id || (a.id === 'now' && b.id === 'now');
}

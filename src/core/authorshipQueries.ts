import type { AuthoredChange, Author, AuthorshipRecord, ToolCallAuthor, UnknownReason } from './authorship';

// Questions asked of the authorship record (core/authorship.ts): whose a path's change really is
// (a restore is by whoever made what it brought back), which edits were made outside tool calls,
// and why Keep Mine keeps a path.

/** An author, or: the content was there before the record's first checkpoint. */
export type ResolvedAuthor = Exclude<Author, { kind: 'restore' }> | { readonly kind: 'before_checkpoints' };

/** The record's changes by path, each path's oldest first. */
export function changesByPath(record: AuthorshipRecord): Map<string, AuthoredChange[]> {
  const byPath = new Map<string, AuthoredChange[]>();
  for (const c of record.changes) {
    const list = byPath.get(c.path);
    if (list) list.push(c);
    else byPath.set(c.path, [c]);
  }
  return byPath;
}

/** When each checkpoint the record covers was taken. */
export function checkpointTimes(record: AuthorshipRecord): Map<string, string> {
  const times = new Map<string, string>();
  for (const s of record.stretches) {
    times.set(s.from.checkpoint_id, s.from.created_at);
    if (s.to) times.set(s.to.checkpoint_id, s.to.created_at);
  }
  return times;
}

/**
 * Who made what a change left: its author, unless it is this product's restore (a rollback, an
 * undo, a correction): then whoever made what the restore brought back, found among the path's
 * earlier changes (or before the record's first checkpoint). Never "someone else's" for a restore.
 */
export function resolveAuthor(record: AuthorshipRecord, byPath: ReadonlyMap<string, readonly AuthoredChange[]>, change: AuthoredChange, times = checkpointTimes(record)): ResolvedAuthor {
  let at = change;
  for (;;) {
    if (at.author.kind !== 'restore') return at.author;
    const restoredAt = times.get(at.author.restored_from);
    if (restoredAt === undefined) return { kind: 'before_checkpoints' };
    const earlier = (byPath.get(at.path) ?? []).filter((c) => c.until !== null && c.until <= restoredAt).at(-1);
    if (earlier === undefined) return { kind: 'before_checkpoints' };
    if (earlier.content !== at.content) return { kind: 'unknown', reason: 'unreadable' };
    at = earlier;
  }
}

/** Why Keep Mine leaves a path as it is: whose change it is, since it is not the tool calls taken out. */
export type KeptReason = 'outside_tool_calls' | 'other_session' | 'unknown' | 'not_in_scope';

export interface KeptPath {
  readonly path: string;
  readonly reason: KeptReason;
  /** The other session's plan (`other_session`), or this plan (`not_in_scope`). */
  readonly plan_id?: string;
  /** Why the fences cannot tell (`unknown`). */
  readonly unknown?: UnknownReason;
}

/** What Keep Mine does to each path the record names, beside the paths it writes. */
export interface KeptAndMerged {
  /** Left as they are, with whose change they hold; sorted by path. */
  readonly kept: KeptPath[];
  /** Written, with someone else's change in them staying (the agent's taken out around it); sorted. */
  readonly merged: string[];
}

function keptReason(a: ResolvedAuthor): KeptPath['reason'] | undefined {
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
export function keptAndMerged(record: AuthorshipRecord, takenOut: (call: ToolCallAuthor) => boolean, written: ReadonlySet<string>, conflicts: ReadonlySet<string>): KeptAndMerged {
  const byPath = changesByPath(record);
  const times = checkpointTimes(record);
  const kept: KeptPath[] = [];
  const merged: string[] = [];
  for (const [path, list] of byPath) {
    if (conflicts.has(path)) continue;
    let last: ResolvedAuthor | undefined;
    for (const c of list) {
      const a = resolveAuthor(record, byPath, c, times);
      if ((a.kind === 'tool_call' && takenOut(a)) || keptReason(a) === undefined) continue;
      last = a;
    }
    if (last === undefined) continue;
    if (written.has(path)) {
      merged.push(path);
      continue;
    }
    const reason = keptReason(last)!;
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

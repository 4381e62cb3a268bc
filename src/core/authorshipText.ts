import { formatCount, plural } from './displayText';
import type { KeptReason } from './authorshipQueries';

// The words every surface (the CLI, the dialogs, the panel, the agent tools) uses for whose a
// change is, so that they all say the same.

/** Who "outside tool calls" is, for people. */
export const OUTSIDE_TOOL_CALLS_WHO = 'you, or another program';

/** Why a path is kept, for people. */
export const KEPT_REASON_WORDS: Record<KeptReason, string> = {
  outside_tool_calls: 'yours (you, or another program, outside tool calls)',
  other_session: 'another session’s',
  unknown: 'unknown (a tool call’s fence was missed)',
  not_in_scope: 'this session’s, outside the chosen scope',
};

/** A short label per reason, for one line per path. */
export const KEPT_REASON_LABELS: Record<KeptReason, string> = {
  outside_tool_calls: 'yours',
  other_session: 'another session’s',
  unknown: 'unknown',
  not_in_scope: 'not in scope',
};

/** How many paths a person is shown per list before the rest are counted. */
export const LISTED_PER_KIND = 10;

/** The first paths of a list and a count of the rest: what a person reads of a long list. */
export function firstOf<T>(items: readonly T[], all = false, max = LISTED_PER_KIND): { shown: readonly T[]; more: number } {
  return all || items.length <= max ? { shown: items, more: 0 } : { shown: items.slice(0, max), more: items.length - max };
}

/** "and 19,990 more" (with how to see them, when the caller has a way), or nothing. */
export function moreText(more: number, how = ''): string {
  return more > 0 ? `and ${formatCount(more)} more${how}` : '';
}

/** Counts per reason, in a fixed order: "3 yours, 2 another session’s". */
export function keptCounts(kept: readonly { reason: KeptReason }[]): string {
  const order: KeptReason[] = ['outside_tool_calls', 'other_session', 'unknown', 'not_in_scope'];
  return order
    .map((r) => [r, kept.filter((k) => k.reason === r).length] as const)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${formatCount(n)} ${KEPT_REASON_LABELS[r]}`)
    .join(', ');
}

/** "3 paths: 2 yours, 1 another session’s". */
export function keptHeading(kept: readonly { reason: KeptReason }[]): string {
  return `${plural(kept.length, 'path')}${kept.length > 0 ? `: ${keptCounts(kept)}` : ''}`;
}

import type { UnknownReason } from '../core/authorship';
import { OUTSIDE_TOOL_CALLS_WHO } from '../core/authorshipText';
import { escapeUnsafe } from '../core/displayText';
import type { BlameLineJson, ChangeAuthorJson, LogEnvelope } from '../envelopes/provenanceEnvelopes';

// `agents blame` and `agents log` for a person: like `git blame` and `git log`, one line per line
// of the file (or per change), the author in columns, every value from the workspace escaped.

/** Why a fence cannot name a change, in words. */
export const UNKNOWN_REASON_WORDS: Record<UnknownReason, string> = {
  unclosed: 'a tool call’s fence was missed (no post_step)',
  unpaired: 'the fences of two tool calls do not pair up',
  late: 'a checkpoint was taken late',
  unfenced: 'no hook fences this plan',
  unreadable: 'a snapshot can no longer be read',
};

/** `2026-12-03 12:00:05` (UTC): what git blame shows, without its zone (always UTC here). */
function when(iso: string | null): string {
  if (iso === null) return 'now';
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

function range(since: string, until: string | null): string {
  return `${when(since)} – ${when(until)}`;
}

/** The three columns of an author: an id (a checkpoint's, a commit's, or a word), who, and when. */
function columns(a: BlameLineJson | ChangeAuthorJson, id: (id: string) => string): [string, string, string] {
  switch (a.kind) {
    case 'tool_call':
      return [id(a.checkpoint_id), escapeUnsafe([a.agent ?? 'agent', a.source_tool ?? 'tool call'].join(' ')), when(a.until)];
    case 'outside_tool_calls':
      return ['outside', OUTSIDE_TOOL_CALLS_WHO, range(a.since, a.until)];
    case 'unknown':
      return ['unknown', `unknown: ${UNKNOWN_REASON_WORDS[a.reason]}`, range(a.since, a.until)];
    case 'restore':
      return [id(a.from_checkpoint_id), `restored from ${a.restored_from === null ? 'a checkpoint no longer kept' : id(a.restored_from)}`, range(a.since, a.until)];
    default:
      return a.git === null
        ? ['before', 'before checkpoints', a.until === null ? '' : `before ${when(a.until)}`]
        : [`^${a.git.commit.slice(0, 8)}`, escapeUnsafe(a.git.author), when(a.git.author_time)];
  }
}

/** git blame's layout: `id (who when line) text`, the columns as wide as their widest value. */
export function renderBlame(path: string, binary: boolean, lines: readonly BlameLineJson[], id: (id: string) => string): string {
  if (lines.length === 0) return `${escapeUnsafe(path)}: empty file`;
  const rows = lines.map((l) => columns(l, id));
  const width = (k: number) => Math.max(...rows.map((r) => [...r[k]!].length));
  const [w0, w1, w2] = [width(0), width(1), width(2)];
  const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - [...s].length));
  if (binary) return `${pad(rows[0]![0], w0)} (${pad(rows[0]![1], w1)} ${pad(rows[0]![2], w2)}) binary file ${escapeUnsafe(path)}`;
  const wn = String(lines.length).length;
  return lines.map((l, i) => `${pad(rows[i]![0], w0)} (${pad(rows[i]![1], w1)} ${pad(rows[i]![2], w2)} ${String(l.line).padStart(wn)}) ${escapeUnsafe(l.text ?? '')}`).join('\n');
}

/** git log's layout: one paragraph per change, newest first, its diff below with -p. */
export function renderLog(log: LogEnvelope['log'], id: (id: string) => string): string {
  if (log.changes.length === 0) return `${escapeUnsafe(log.path)}: no change since the first checkpoint`;
  return log.changes
    .map((c) => {
      const [cid, who, at] = columns(c, id);
      const head = [`${c.change} ${escapeUnsafe(log.path)}   ${cid}`, `  by:   ${who}${c.kind === 'tool_call' ? ' (tool call)' : ''}`, `  when: ${at}`, `  plan: ${id(c.plan_id)}`];
      if (c.kind === 'tool_call') {
        if (c.input !== null) head.push(`  input: ${escapeUnsafe(c.input)}`);
        if (c.prompt !== null) head.push(`  prompt: ${escapeUnsafe(c.prompt)}`);
      }
      const diff = c.diff === undefined || c.diff === '' ? [] : ['', ...c.diff.split('\n').map((l) => `    ${escapeUnsafe(l)}`)];
      return [...head, ...diff].join('\n');
    })
    .join('\n\n');
}

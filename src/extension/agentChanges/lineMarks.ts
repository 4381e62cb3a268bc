// Show Agent Changes: the lines of the active file marked by who wrote them (core/provenance), as
// runs of lines, shifted with the editor's own changes until the next recompute, and the hover of
// a marked line. No `vscode` import: unit-tested in plain Node.
import type { LineAuthor, LineProvenance } from '../../core/provenance/lineProvenance';
import { agentName, escapeMarkdown } from '../tree/treePresentation';

/** How a line is marked: an agent's tool call, the user's (or another program's) edit, or not at all. */
export type MarkGroup = 'agent' | 'user' | 'unknown';

/** A run of lines (0-based, `end` exclusive) with one author. */
export interface LineMark {
  readonly start: number;
  readonly end: number;
  readonly group: MarkGroup;
  readonly author: LineAuthor;
}

/** The group of an author; lines there before any checkpoint are not marked (undefined). */
export function markGroup(author: LineAuthor): MarkGroup | undefined {
  switch (author.kind) {
    case 'tool_call':
      return 'agent';
    case 'outside_tool_calls':
      return 'user';
    case 'unknown':
      return 'unknown';
    default:
      return undefined;
  }
}

/** Same author: the same tool call, or the same stretch outside tool calls. */
function sameAuthor(a: LineAuthor, b: LineAuthor): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'tool_call' && b.kind === 'tool_call') return a.plan_id === b.plan_id && a.checkpoint_id === b.checkpoint_id;
  if ((a.kind === 'outside_tool_calls' || a.kind === 'unknown') && (b.kind === 'outside_tool_calls' || b.kind === 'unknown')) return a.plan_id === b.plan_id && a.from_checkpoint_id === b.from_checkpoint_id;
  return true;
}

/** The marks of a file's lines (1-based, as blame gives them): consecutive lines of one author make one run. */
export function lineMarks(lines: readonly LineProvenance[]): LineMark[] {
  const marks: LineMark[] = [];
  for (const l of lines) {
    const group = markGroup(l);
    if (group === undefined) continue;
    const last = marks.at(-1);
    if (last && last.end === l.line - 1 && sameAuthor(last.author, l)) marks[marks.length - 1] = { ...last, end: l.line };
    else marks.push({ start: l.line - 1, end: l.line, group, author: l });
  }
  return marks;
}

/** One edit of the document: lines `start`..`end` (0-based, inclusive; `end` = `start` - 1: none) replaced by `lines` lines. */
export interface LineEdit {
  readonly start: number;
  readonly end: number;
  readonly lines: number;
}

/**
 * A change of the document (the range it replaced, 0-based lines and characters, and its text) as
 * a LineEdit. A change of whole lines (from the start of a line to the start of another, with text
 * that is whole lines, or none: a line typed or pasted above, lines deleted) leaves the lines
 * around it as they were, so only the lines it replaced are edited; any other change edits every
 * line it touches.
 */
export function lineEditOf(range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } }, text: string): LineEdit {
  const newLines = text.split('\n').length;
  if (range.start.character === 0 && range.end.character === 0 && (text === '' || text.endsWith('\n'))) {
    return { start: range.start.line, end: range.end.line - 1, lines: newLines - 1 };
  }
  return { start: range.start.line, end: range.end.line, lines: newLines };
}

/**
 * The marks after an edit, without asking anyone: marks below it move by the lines it added or
 * removed; a mark it touches keeps its lines outside the edit (the edited lines are the user's
 * now, and the next recompute says so).
 */
export function shiftMarks(marks: readonly LineMark[], edit: LineEdit): LineMark[] {
  const delta = edit.lines - (edit.end - edit.start + 1);
  const out: LineMark[] = [];
  for (const m of marks) {
    if (m.end <= edit.start) {
      out.push(m);
    } else if (m.start > edit.end) {
      out.push({ ...m, start: m.start + delta, end: m.end + delta });
    } else {
      // Overlaps the edit: what is above it stays, what is below it moves.
      if (m.start < edit.start) out.push({ ...m, end: edit.start });
      if (m.end > edit.end + 1) out.push({ ...m, start: edit.end + 1 + delta, end: m.end + delta });
    }
  }
  return out.filter((m) => m.end > m.start);
}

/** The mark holding a line (0-based), if any. */
export function markAt(marks: readonly LineMark[], line: number): LineMark | undefined {
  return marks.find((m) => m.start <= line && line < m.end);
}

/** What a hover's links run: our commands, with their arguments. */
export interface HoverLinks {
  readonly reveal?: string;
  readonly compare?: string;
  readonly undo?: string;
}

/** A decision the tool call's checkpoint was recorded under. */
export interface HoverDecision {
  readonly title: string;
  readonly rationale: string | null;
}

/**
 * The hover of a marked line, in Markdown: every value from the workspace escaped (it is
 * untrusted), our words around them, and links only to the commands in `links`.
 */
export function hoverMarkdown(
  mark: LineMark,
  o: {
    readonly now: Date;
    readonly decision?: HoverDecision;
    readonly links: HoverLinks;
    readonly relative: (iso: string, now: Date) => string;
    /** An id as a person types it (the workspace's short ids, core/shortIds); whole without. */
    readonly short?: (id: string) => string;
    /** The session's (plan's) title. */
    readonly planTitle?: string;
  },
): string {
  const short = o.short ?? ((id: string) => id);
  const a = mark.author;
  const lines: string[] = [];
  const when = (iso: string | null) => (iso === null ? 'now' : `${escapeMarkdown(o.relative(iso, o.now))} (${escapeMarkdown(iso)})`);
  if (a.kind === 'tool_call') {
    lines.push(`**Agent change**: ${escapeMarkdown(a.agent === null ? 'an agent' : agentName(a.agent))}${a.subagent ? ` (subagent ${escapeMarkdown(a.subagent)})` : ''}`);
    lines.push(`- Session: ${o.planTitle === undefined ? '' : `${escapeMarkdown(o.planTitle)} `}\`${escapeMarkdown(short(a.plan_id))}\``);
    if (a.prompt !== null) lines.push(`- Prompt: ${escapeMarkdown(a.prompt)}`);
    lines.push(`- Tool call: ${escapeMarkdown(a.source_tool ?? 'unknown tool')} \`${escapeMarkdown(short(a.checkpoint_id))}\``);
    lines.push(`- When: ${when(a.until)}`);
    if (o.decision) {
      lines.push(`- Decision: ${escapeMarkdown(o.decision.title)}`);
      if (o.decision.rationale) lines.push(`- Rationale: ${escapeMarkdown(o.decision.rationale)}`);
    }
  } else if (a.kind === 'outside_tool_calls') {
    lines.push('**Your change** (you, or another program: made between tool calls)');
    lines.push(`- Between ${when(a.since)} and ${when(a.until)}`);
  } else if (a.kind === 'unknown') {
    lines.push(`**Unknown author**: a fence was missed (${escapeMarkdown(a.reason)}), so whose this change is cannot be told`);
  }
  const links = [
    o.links.reveal ? `[Show Checkpoint](${o.links.reveal})` : undefined,
    o.links.compare ? `[Compare with Before This Tool Call](${o.links.compare})` : undefined,
    o.links.undo ? `[Undo This Change](${o.links.undo})` : undefined,
  ].filter((l) => l !== undefined);
  return [...lines, ...(links.length > 0 ? ['', links.join(' · ')] : [])].join('\n');
}

/** A command link: `command:<id>?<encoded JSON of the arguments>`. */
export function commandLink(command: string, args: readonly unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

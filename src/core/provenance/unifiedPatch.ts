import { LineNumbering, matchLines } from './lineDiff';

// A change of one file as a unified diff (`agents log -p`), from the same line diff as provenance
// uses, so that the lines a diff shows as changed are the lines blame gives to that change.

const CONTEXT = 3;

/** The lines of a text, without their line breaks (a last line without one says so, as diff does). */
function linesOf(text: string): { lines: string[]; noNewlineAtEnd: boolean } {
  if (text === '') return { lines: [], noNewlineAtEnd: false };
  const noNewlineAtEnd = !text.endsWith('\n');
  const lines = (noNewlineAtEnd ? text : text.slice(0, -1)).split('\n');
  return { lines, noNewlineAtEnd };
}

/**
 * `--- a/path` / `+++ b/path` and the hunks (3 lines of context); `/dev/null` for a side that is
 * absent (null). Empty when both are the same.
 */
export function unifiedPatch(path: string, before: string | null, after: string | null): string {
  const a = linesOf(before ?? '');
  const b = linesOf(after ?? '');
  // The last line's missing line break is part of the line: one with and one without differ.
  const key = (l: readonly string[], missing: boolean) => l.map((x, i) => (missing && i === l.length - 1 ? `${x}\0` : x));
  const numbering = new LineNumbering();
  const match = matchLines(numbering.number(key(a.lines, a.noNewlineAtEnd)), numbering.number(key(b.lines, b.noNewlineAtEnd)));
  // The edit script: for each line of either side, kept (' '), deleted ('-') or inserted ('+').
  const ops: { op: ' ' | '-' | '+'; ai: number; bi: number }[] = [];
  let ai = 0;
  let inserted: number[] = [];
  // Between two kept lines, the deleted lines come first, then the inserted ones (as git shows them).
  const flush = (upTo: number, bi: number): void => {
    while (ai < upTo) ops.push({ op: '-', ai: ai++, bi });
    for (const j of inserted) ops.push({ op: '+', ai, bi: j });
    inserted = [];
  };
  for (let bi = 0; bi < b.lines.length; bi++) {
    const m = match[bi]!;
    if (m < 0) {
      inserted.push(bi);
      continue;
    }
    flush(m, inserted[0] ?? bi);
    ops.push({ op: ' ', ai: ai++, bi });
  }
  flush(a.lines.length, inserted[0] ?? b.lines.length);
  if (!ops.some((o) => o.op !== ' ')) return '';
  const out = [`--- ${before === null ? '/dev/null' : `a/${path}`}`, `+++ ${after === null ? '/dev/null' : `b/${path}`}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.op === ' ') {
      i++;
      continue;
    }
    // A hunk: from CONTEXT kept lines before the change to CONTEXT after the last change within reach.
    const start = Math.max(0, i - CONTEXT);
    let end = i;
    for (let j = i; j < ops.length && j <= end + 2 * CONTEXT; j++) if (ops[j]!.op !== ' ') end = j;
    const stop = Math.min(ops.length, end + CONTEXT + 1);
    const hunk = ops.slice(start, stop);
    const aCount = hunk.filter((o) => o.op !== '+').length;
    const bCount = hunk.filter((o) => o.op !== '-').length;
    const aStart = aCount === 0 ? hunk[0]!.ai : hunk.find((o) => o.op !== '+')!.ai + 1;
    const bStart = bCount === 0 ? hunk[0]!.bi : hunk.find((o) => o.op !== '-')!.bi + 1;
    out.push(`@@ -${aStart}${aCount === 1 ? '' : `,${aCount}`} +${bStart}${bCount === 1 ? '' : `,${bCount}`} @@`);
    for (const o of hunk) {
      const fromA = o.op !== '+';
      out.push(`${o.op}${fromA ? a.lines[o.ai] : b.lines[o.bi]}`);
      const last = fromA ? a.noNewlineAtEnd && o.ai === a.lines.length - 1 && (o.op === '-' || b.noNewlineAtEnd) : b.noNewlineAtEnd && o.bi === b.lines.length - 1;
      if (last) out.push('\\ No newline at end of file');
    }
    i = stop;
  }
  return out.join('\n');
}

// The lines one tool call changed in one file, as hunks (runs of changed lines with no unchanged
// line between them, as `git diff -U0` cuts them), and a file with one hunk put back. Bytes, not
// text: a line is what ends at "\n" (the last one may lack it), compared byte for byte, so that
// putting a hunk back leaves every other byte of the file as it was.
import { LineNumbering, matchLines } from './provenance/lineDiff';

/** Lines of one side of a hunk: the first (1-based) and how many. With none, `start` is the line they would come before. */
export interface LineRange {
  readonly start: number;
  readonly count: number;
}

/** One run of changed lines: what the file held before the tool call and what it held after it. */
export interface LineHunk {
  /** 1-based, in the order of the file. */
  readonly index: number;
  readonly before: LineRange;
  readonly after: LineRange;
}

export { isBinary } from './provenance/lineDiff';

/** The file's lines, each with its "\n" (the last one may have none). */
export function splitLines(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

/** Where each line of `bytes` starts (each with its "\n"), then the end. */
function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a && i + 1 < bytes.length) starts.push(i + 1);
  if (bytes.length > 0) starts.push(bytes.length);
  return starts;
}

/**
 * The hunks that turn `before` into `after`: the line diff of line provenance (provenance/lineDiff.ts,
 * Myers' algorithm on the lines numbered by their bytes), cut into runs of changed lines.
 */
export function lineHunks(before: Uint8Array, after: Uint8Array): LineHunk[] {
  const numbering = new LineNumbering();
  const [sa, sb] = [lineStarts(before), lineStarts(after)];
  const a = numbering.numberBytes(before, sa, 0, sa.length - 1);
  const b = numbering.numberBytes(after, sb, 0, sb.length - 1);
  const match = matchLines(a, b);
  // Walk both files: a run of lines between two matched pairs is one hunk; the end stands for a last pair.
  const hunks: LineHunk[] = [];
  let i = 0;
  let j = 0;
  const pairs: (readonly [number, number])[] = [];
  match.forEach((x, y) => {
    if (x >= 0) pairs.push([x, y]);
  });
  pairs.push([a.length, b.length]);
  for (const [x, y] of pairs) {
    if (x > i || y > j) hunks.push({ index: hunks.length + 1, before: { start: i + 1, count: x - i }, after: { start: j + 1, count: y - j } });
    i = x + 1;
    j = y + 1;
  }
  return hunks;
}

/** `after` with one hunk put back as `before` held it: every other line, byte for byte, as `after` has it. */
export function withHunkReverted(before: Uint8Array, after: Uint8Array, hunk: LineHunk): Uint8Array {
  const a = splitLines(before);
  const b = splitLines(after);
  const parts = [...b.slice(0, hunk.after.start - 1), ...a.slice(hunk.before.start - 1, hunk.before.start - 1 + hunk.before.count), ...b.slice(hunk.after.start - 1 + hunk.after.count)];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

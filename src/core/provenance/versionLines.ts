import { Buffer } from 'node:buffer';
import { isBinary, type LineNumbering, matchLines, pairMovedLines } from './lineDiff';

// A version's lines as numbers (lineDiff.ts numbers each distinct line once), and the next
// version's lines worked out from the previous one's. A tool call changes a few lines of a long
// file, so most of the next version is runs of the previous one's lines: those runs are found by
// comparing bytes natively (one memcmp per step of a binary search over the previous version's line
// starts), and their numbers and starts are copied. Only lines that are not where a run puts them are
// split and hashed. The numbers are then diffed (Myers, lineDiff.ts): how they were found does not
// change the answer, since equal bytes always get the same number.

/** A version's lines: a binary file is one line (its content id), an absent one none. `starts`/`bytes`: a text's. */
export interface Lines {
  readonly ids: Int32Array;
  /** Where each line starts, then the end of the bytes (one more entry than `ids`). */
  readonly starts: Int32Array | undefined;
  readonly bytes: Uint8Array | undefined;
}

/** A version to read lines from: its content id (for a binary file) and bytes (undefined: absent or unreadable). */
export interface VersionBytes {
  readonly id: string | undefined;
  readonly content: Uint8Array | undefined;
  readonly unreadable?: boolean;
}

const compareBytes = Buffer.prototype.compare;

/** Whether a[as, as + len) and b[bs, bs + len) hold the same bytes: one native comparison, however long. */
function sameBytes(a: Uint8Array, as: number, b: Uint8Array, bs: number, len: number): boolean {
  return len === 0 || compareBytes.call(a, b, bs, bs + len, as, as + len) === 0;
}

/** Where each line of bytes[from, to) starts (each with its line break), then `to`. */
function lineStarts(bytes: Uint8Array, from: number, to: number): Int32Array {
  let count = 0;
  for (let at = from; at < to; count++) {
    const nl = bytes.indexOf(0x0a, at);
    at = nl < 0 || nl >= to ? to : nl + 1;
  }
  const starts = new Int32Array(count + 1);
  let i = 0;
  for (let at = from; at < to; ) {
    starts[i++] = at;
    const nl = bytes.indexOf(0x0a, at);
    at = nl < 0 || nl >= to ? to : nl + 1;
  }
  starts[i] = to;
  return starts;
}

export function readLines(v: VersionBytes, numbering: LineNumbering): Lines {
  if (v.content === undefined || v.unreadable) return { ids: new Int32Array(0), starts: undefined, bytes: undefined };
  if (isBinary(v.content)) return { ids: numbering.number([`\0binary\0${v.id ?? ''}`]), starts: undefined, bytes: undefined };
  const starts = lineStarts(v.content, 0, v.content.length);
  return { ids: numbering.numberBytes(v.content, starts, 0, starts.length - 1), starts, bytes: v.content };
}

/**
 * The largest t in [from, to] such that the lines a[sa[from], sa[t]) are the bytes of b at `at`,
 * ending at or before `limit` (and b's end). Every line in [from, to) must end with a line break,
 * so that the bytes matched end where a line of b ends too. Galloping, then a binary search, each
 * step comparing only the lines past those already known equal: about twice the run's bytes are
 * compared, in about 2·log2(run) native calls.
 */
export function equalLines(a: Uint8Array, sa: Int32Array, from: number, to: number, b: Uint8Array, at: number, limit: number): number {
  const end = Math.min(limit, b.length);
  const shift = at - sa[from]!;
  // Lines [lo, t) equal too, given that [from, lo) are.
  const fits = (lo: number, t: number): boolean => sa[t]! + shift <= end && sameBytes(a, sa[lo]!, b, sa[lo]! + shift, sa[t]! - sa[lo]!);
  let lo = from;
  let step = 1;
  let hi = to;
  while (lo < to) {
    const t = Math.min(lo + step, to);
    if (!fits(lo, t)) {
      hi = t;
      break;
    }
    lo = t;
    step *= 2;
  }
  // fits up to lo; not up to hi (unless lo is `to`)
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (fits(lo, mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

// The per-line loops are small functions of their own: V8 optimizes a small hot function after a
// few calls, where a loop inside a large one ran unoptimized for much of a first history.

/** dst[at + i] = src[from + i] + delta for each i < to - from. */
function shiftedCopy(dst: Int32Array, at: number, src: Int32Array, from: number, to: number, delta: number): void {
  for (let i = from; i < to; i++) dst[at + i - from] = src[i]! + delta;
}

/** Each match (not -1) moved by `k`. */
function offsetMatches(m: Int32Array, k: number): void {
  for (let x = 0; x < m.length; x++) if (m[x]! >= 0) m[x] += k;
}

/** How far from a line that was not where expected its number is looked for among the previous version's lines. */
const RESYNC_WINDOW = 32;

/**
 * Where the previous version's lines go on after a line of the next version numbered `id` that was
 * not at `ia`: just after that line's nearest copy around `ia` (a line inserted or deleted before),
 * else the line after `ia` (a line replaced).
 */
function resync(ids: Int32Array, ia: number, id: number, lo: number, hi: number): number {
  for (let d = 0; d < RESYNC_WINDOW; d++) {
    if (ia + d < hi && ids[ia + d] === id) return ia + d + 1;
    if (ia - 1 - d >= lo && ids[ia - 1 - d] === id) return ia - d;
  }
  return Math.min(ia + 1, hi);
}

/**
 * The next version's lines, and which line of the previous each is: the first `start` lines are
 * the previous version's first `start`; the lines after the `mid.length` between are the previous
 * version's from `end` on; `mid[x]` is the previous version's line that line `start + x` is, or -1
 * where the change inserted it.
 */
export interface NextLines {
  readonly lines: Lines;
  readonly start: number;
  readonly end: number;
  readonly mid: Int32Array;
}

/**
 * The next version's lines and which line of the previous each is (see NextLines). The common start
 * and end are whole lines found by a binary search on the previous version's line starts; between
 * them, runs of the previous version's lines are found the same way, and only the lines outside
 * those runs are hashed.
 */
export function nextLines(prev: Lines, v: VersionBytes, numbering: LineNumbering, weight: (id: number) => number): NextLines {
  const b = v.content;
  if (prev.bytes === undefined || prev.starts === undefined || b === undefined || v.unreadable || isBinary(b)) {
    const lines = readLines(v, numbering);
    const match = matchLines(prev.ids, lines.ids);
    pairMovedLines(prev.ids, lines.ids, match, weight);
    return { lines, start: 0, end: prev.ids.length, mid: match };
  }
  const a = prev.bytes;
  const sa = prev.starts;
  const n = prev.ids.length;
  // The previous version's lines that end with a line break (all, or all but a last one without).
  const full = n > 0 && a[a.length - 1] !== 0x0a ? n - 1 : n;
  // Whole lines of the common start.
  const k = equalLines(a, sa, 0, full, b, 0, b.length);
  const from = sa[k]!;
  // Whole lines of the common end: the smallest j whose lines a[sa[j], end) end b too, and start a line of b after the common start.
  const tail = (t: number): boolean => {
    const len = a.length - sa[t]!;
    const bs = b.length - len;
    return bs >= from && sameBytes(a, sa[t]!, b, bs, len) && (bs === 0 || b[bs - 1] === 0x0a);
  };
  let j = n;
  if (n > k && tail(n - 1)) {
    if (tail(k)) j = k;
    else {
      // not tail(lo), tail(hi)
      let [lo, hi] = [k, n - 1];
      while (hi - lo > 1) {
        const mid = (lo + hi) >>> 1;
        if (tail(mid)) hi = mid;
        else lo = mid;
      }
      j = hi;
    }
  }
  const shift = b.length - a.length;
  const bTo = sa[j]! + shift;
  // The lines between: runs of the previous version's lines, copied; the rest hashed.
  const stop = Math.min(j, full);
  let cap = j - k + 16;
  let midIds = new Int32Array(cap);
  let midStarts = new Int32Array(cap);
  let count = 0;
  const room = (more: number): void => {
    if (count + more <= cap) return;
    cap = Math.max(2 * cap, count + more);
    const [ids, starts] = [new Int32Array(cap), new Int32Array(cap)];
    ids.set(midIds.subarray(0, count));
    starts.set(midStarts.subarray(0, count));
    [midIds, midStarts] = [ids, starts];
  };
  let pos = from;
  let ia = k;
  while (pos < bTo) {
    if (ia < stop) {
      const t = equalLines(a, sa, ia, stop, b, pos, bTo);
      if (t > ia) {
        room(t - ia);
        midIds.set(prev.ids.subarray(ia, t), count);
        shiftedCopy(midStarts, count, sa, ia, t, pos - sa[ia]!);
        count += t - ia;
        pos += sa[t]! - sa[ia]!;
        ia = t;
        continue;
      }
    }
    const nl = b.indexOf(0x0a, pos);
    const end = nl < 0 || nl >= bTo ? bTo : nl + 1;
    const id = numbering.numberLine(b, pos, end);
    room(1);
    midIds[count] = id;
    midStarts[count++] = pos;
    pos = end;
    ia = resync(prev.ids, ia, id, k, j);
  }
  const mid = midIds.subarray(0, count);
  const ids = new Int32Array(k + count + (n - j));
  ids.set(prev.ids.subarray(0, k), 0);
  ids.set(mid, k);
  ids.set(prev.ids.subarray(j), k + count);
  const starts = new Int32Array(ids.length + 1);
  starts.set(sa.subarray(0, k), 0);
  starts.set(midStarts.subarray(0, count), k);
  shiftedCopy(starts, k + count, sa, j, n + 1, shift);
  const before = prev.ids.subarray(k, j);
  const m = matchLines(before, mid);
  pairMovedLines(before, mid, m, weight);
  if (k > 0) offsetMatches(m, k);
  return { lines: { ids, starts, bytes: b }, start: k, end: j, mid: m };
}

/** The match of every line of the next version (see NextLines): the previous version's line it is, or -1. */
export function fullMatch(next: NextLines): Int32Array {
  const { lines, start, end, mid } = next;
  const match = new Int32Array(lines.ids.length);
  for (let i = 0; i < start; i++) match[i] = i;
  match.set(mid, start);
  for (let t = start + mid.length; t < match.length; t++) match[t] = end + (t - start - mid.length);
  return match;
}

// The line diff, one for line provenance (which lines of one version are the same lines of the
// next) and for taking back one hunk of a change (core/lineHunks.ts). Lines are
// compared as small integers (each distinct text numbered once per file), so a 2,000-line file
// costs no string comparisons in the inner loop. Myers' algorithm in linear space (the middle
// snake), after the common start and end are taken off: a tool call's edit of a few lines in a
// long file costs about the file's length, whatever its history.

/** Git's own test for a binary file (`buffer_is_binary`): a NUL among the first 8,000 bytes. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** How far one middle snake may search before the range is taken as replaced: keeps a wholesale rewrite of a huge file from costing (N+M)·D. */
const MAX_SNAKE_STEPS = 20_000;

/**
 * For each line of `b`, the index of the same line in `a`, or -1 when the change from `a` to `b`
 * inserted it. The pairs are in order on both sides (a longest common subsequence, as far as
 * {@link MAX_SNAKE_STEPS} lets the search go).
 */
export function matchLines(a: Int32Array, b: Int32Array): Int32Array {
  const match = new Int32Array(b.length).fill(-1);
  diffRange(a, 0, a.length, b, 0, b.length, match);
  return match;
}

function diffRange(a: Int32Array, aLo: number, aHi: number, b: Int32Array, bLo: number, bHi: number, match: Int32Array): void {
  // Iterative on the right-hand part, recursive on the left: the depth stays about log D.
  for (;;) {
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) match[bLo++] = aLo++;
    while (aHi > aLo && bHi > bLo && a[aHi - 1] === b[bHi - 1]) match[--bHi] = --aHi;
    if (aLo === aHi || bLo === bHi) return;
    const snake = middleSnake(a, aLo, aHi, b, bLo, bHi);
    if (snake === undefined) return;
    const [x0, y0, x1, y1] = snake;
    diffRange(a, aLo, x0, b, bLo, y0, match);
    for (let x = x0, y = y0; x < x1; x++, y++) match[y] = x;
    aLo = x1;
    bLo = y1;
  }
}

let scratch = new Int32Array(0);

/**
 * Myers' middle snake of a[aLo..aHi) against b[bLo..bHi), both non-empty and differing at both
 * ends: [x0, y0, x1, y1] such that the shortest edit goes through that snake. undefined when the
 * search passes {@link MAX_SNAKE_STEPS} (the range then counts as replaced).
 */
function middleSnake(a: Int32Array, aLo: number, aHi: number, b: Int32Array, bLo: number, bHi: number): [number, number, number, number] | undefined {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  const max = Math.min(Math.ceil((n + m) / 2), MAX_SNAKE_STEPS);
  const off = max + 1;
  // Forward: furthest x on each diagonal k = x - y. Backward: the same from the ends (x' = n - x).
  // One pair of arrays for every call (a call's are not needed once it returns), cleared as new
  // ones would be: a 200-version history makes thousands of calls.
  if (scratch.length < 2 * (2 * max + 3)) scratch = new Int32Array(Math.max(2 * (2 * max + 3), 2 * scratch.length));
  const vf = scratch.subarray(0, 2 * max + 3).fill(0);
  const vb = scratch.subarray(2 * max + 3, 2 * (2 * max + 3)).fill(0);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && vf[off + k - 1]! < vf[off + k + 1]!) ? vf[off + k + 1]! : vf[off + k - 1]! + 1;
      let y = x - k;
      const [sx, sy] = [x, y];
      while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
        x++;
        y++;
      }
      vf[off + k] = x;
      const kb = delta - k;
      if (odd && kb >= -(d - 1) && kb <= d - 1 && x + vb[off + kb]! >= n) return [aLo + sx, bLo + sy, aLo + x, bLo + y];
    }
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && vb[off + k - 1]! < vb[off + k + 1]!) ? vb[off + k + 1]! : vb[off + k - 1]! + 1;
      let y = x - k;
      const [sx, sy] = [x, y];
      while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) {
        x++;
        y++;
      }
      vb[off + k] = x;
      const kf = delta - k;
      if (!odd && kf >= -d && kf <= d && x + vf[off + kf]! >= n) return [aHi - x, bHi - y, aHi - sx, bHi - sy];
    }
  }
  return undefined;
}

/**
 * Numbers each distinct line once, so that lines compare as integers. One per file's history.
 * Lines given as bytes are hashed where they lie (no string is made of them, which in a history
 * of 200 versions of 2,000 lines was most of the time, and of the garbage); lines given as text
 * (`number`) are numbered apart from them.
 */
export class LineNumbering {
  private readonly ids = new Map<string, number>();
  private readonly byHash = new Map<number, number[]>();
  private readonly reps: (string | Uint8Array)[] = [];
  private readonly weights: number[] = [];

  /** The ids of the lines, in order. */
  number(lines: readonly string[]): Int32Array {
    const out = new Int32Array(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      let id = this.ids.get(line);
      if (id === undefined) {
        id = this.reps.length;
        this.ids.set(line, id);
        this.reps.push(line);
      }
      out[i] = id;
    }
    return out;
  }

  /** The ids of the lines bytes[starts[i], starts[i + 1]) for i from `first` to `last` - 1. */
  numberBytes(bytes: Uint8Array, starts: ArrayLike<number>, first: number, last: number): Int32Array {
    const out = new Int32Array(Math.max(0, last - first));
    for (let i = first; i < last; i++) out[i - first] = this.numberLine(bytes, starts[i]!, starts[i + 1]!);
    return out;
  }

  /** The id of the line bytes[s, e). */
  numberLine(bytes: Uint8Array, s: number, e: number): number {
    // FNV-1a over the line's bytes
    let h = 0x811c9dc5;
    for (let x = s; x < e; x++) h = Math.imul(h ^ bytes[x]!, 0x01000193);
    let chain = this.byHash.get(h);
    if (chain) {
      for (const c of chain) {
        const rep = this.reps[c]!;
        if (typeof rep !== 'string' && rep.length === e - s && sameBytes(rep, bytes, s)) return c;
      }
    } else this.byHash.set(h, (chain = []));
    const id = this.reps.length;
    this.reps.push(bytes.subarray(s, e));
    chain.push(id);
    return id;
  }

  text(id: number): string {
    const rep = this.reps[id];
    return rep === undefined ? '' : typeof rep === 'string' ? rep : byteText.decode(rep);
  }

  /** Characters (bytes, for lines given as bytes) that are not white space. */
  weight(id: number): number {
    let w = this.weights[id];
    if (w === undefined) {
      const rep = this.reps[id] ?? '';
      w = 0;
      for (let i = 0; i < rep.length; i++) if ((typeof rep === 'string' ? rep.charCodeAt(i) : rep[i]!) > 32) w++;
      this.weights[id] = w;
    }
    return w;
  }
}

// One character per byte: a line's text for a person reading a test, whatever its encoding.
const byteText = new TextDecoder('windows-1252');

function sameBytes(rep: Uint8Array, bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < rep.length; i++) if (rep[i] !== bytes[at + i]) return false;
  return true;
}

/**
 * Lines the change deleted at one place and inserted, the same, at another: a move. For each
 * inserted line of `b` (match -1) that starts a run equal to a run of deleted lines of `a`, the
 * run is paired (written into `match`) when it weighs enough: git blame -M's rule, at least
 * `minWeight` characters that are not white space, so that a lone `}` or a blank line that
 * happens to be deleted here and inserted there is not taken for a moved line.
 */
export function pairMovedLines(a: Int32Array, b: Int32Array, match: Int32Array, weight: (id: number) => number, minWeight = 20): void {
  const deleted = new Uint8Array(a.length).fill(1);
  for (let j = 0; j < b.length; j++) if (match[j]! >= 0) deleted[match[j]!] = 0;
  // Where each line text was deleted: a run can only start there.
  const at = new Map<number, number[]>();
  for (let i = 0; i < a.length; i++) {
    if (!deleted[i]) continue;
    const list = at.get(a[i]!);
    if (list) list.push(i);
    else at.set(a[i]!, [i]);
  }
  if (at.size === 0) return;
  for (let j = 0; j < b.length; j++) {
    if (match[j]! >= 0) continue;
    const starts = at.get(b[j]!);
    if (!starts) continue;
    let best = -1;
    let bestLen = 0;
    let bestWeight = 0;
    for (const i of starts) {
      if (!deleted[i]) continue;
      let len = 0;
      let w = 0;
      while (j + len < b.length && i + len < a.length && match[j + len]! < 0 && deleted[i + len] && a[i + len] === b[j + len]) {
        w += weight(b[j + len]!);
        len++;
      }
      if (len > bestLen) [best, bestLen, bestWeight] = [i, len, w];
    }
    if (best < 0 || bestWeight < minWeight) continue;
    for (let k = 0; k < bestLen; k++) {
      match[j + k] = best + k;
      deleted[best + k] = 0;
    }
    j += bestLen - 1;
  }
}

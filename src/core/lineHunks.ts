// The lines one tool call changed in one file, as hunks (runs of changed lines with no unchanged
// line between them, as `git diff -U0` cuts them), and a file with one hunk put back. Bytes, not
// text: a line is what ends at "\n" (the last one may lack it), compared byte for byte, so that
// putting a hunk back leaves every other byte of the file as it was.

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

/** Git's own test for a binary file (`buffer_is_binary`): a NUL in the first 8000 bytes. */
const BINARY_PROBE = 8000;

export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_PROBE).includes(0);
}

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

/** A line as a string of one character per byte: compared and hashed exactly, whatever its encoding. */
function lineKey(line: Uint8Array): string {
  let s = '';
  for (let i = 0; i < line.length; i += 4096) s += String.fromCharCode(...line.subarray(i, i + 4096));
  return s;
}

/**
 * The hunks that turn `before` into `after`: the shortest edit (Myers' algorithm) between their
 * lines, with the common head and tail taken off first (a tool call's edit is usually small).
 */
export function lineHunks(before: Uint8Array, after: Uint8Array): LineHunk[] {
  const a = splitLines(before).map(lineKey);
  const b = splitLines(after).map(lineKey);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const equal = shortestEdit(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  // Walk both files: a run of lines outside `equal` pairs is one hunk; the last pair stands for the common tail.
  const hunks: LineHunk[] = [];
  let i = head;
  let j = head;
  const pairs = [...equal.map(([x, y]) => [x + head, y + head] as const), [a.length - tail, b.length - tail] as const];
  for (const [x, y] of pairs) {
    if (x > i || y > j) hunks.push({ index: hunks.length + 1, before: { start: i + 1, count: x - i }, after: { start: j + 1, count: y - j } });
    i = x + 1;
    j = y + 1;
  }
  return hunks;
}

/**
 * The pairs of equal lines (indexes into `a` and `b`, ascending) a shortest edit keeps: Myers'
 * O((N+M)D) search, then its trace walked back.
 */
function shortestEdit(a: readonly string[], b: readonly string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const max = n + m;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    v = next;
  }
  // Back from (n, m): each step of d came from a step of d-1, then a diagonal of equal lines.
  const pairs: [number, number][] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && prev[offset + k - 1]! < prev[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : prev[offset + prevK]!;
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      pairs.push([x, y]);
    }
    x = prevX;
    y = prevY;
  }
  return pairs.reverse();
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

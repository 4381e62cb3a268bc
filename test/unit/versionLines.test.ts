import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LineNumbering } from '../../src/core/provenance/lineDiff';
import { equalLines, fullMatch, nextLines, readLines } from '../../src/core/provenance/versionLines';

// The next version's lines found from the previous one's (runs compared natively, the rest hashed)
// must be exactly the lines a fresh split gives, whatever the edit: the numbers are what the diff
// compares, so a wrong one would pair lines that differ.

const enc = new TextEncoder();
const version = (text: string) => ({ id: text, content: enc.encode(text) });

/** A long common subsequence's length, by dynamic programming (the reference). */
function lcs(a: Int32Array, b: Int32Array): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j]!, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}

describe('a version’s lines from the previous one’s (core/provenance/versionLines.ts)', () => {
  it('gives the lines a fresh split gives, and a diff whose pairs are equal lines in order, as many as a longest common subsequence (random edits)', () => {
    const line = fc.constantFrom('a\n', 'b\n', '}\n', '\n', 'x', 'a long line of the file\n', 'é\r\n', '\0\n');
    const text = fc.array(line, { maxLength: 40 }).map((l) => l.join(''));
    // Edits as a tool call makes them: a few spans of lines replaced, inserted or deleted.
    const edit = fc.record({ at: fc.nat(), drop: fc.nat({ max: 4 }), put: fc.array(line, { maxLength: 4 }) });
    fc.assert(
      fc.property(text, fc.array(edit, { maxLength: 4 }), (first, edits) => {
        const parts = first.split(/(?<=\n)/).filter((x) => x !== '');
        for (const e of edits) parts.splice(e.at % (parts.length + 1), e.drop, ...e.put);
        const second = parts.join('');
        const numbering = new LineNumbering();
        const prev = readLines(version(first), numbering);
        if (prev.bytes === undefined) return; // a NUL: binary, one line (tested in lineProvenance.test.ts)
        const next = nextLines(prev, version(second), numbering, () => 0);
        const { lines } = next;
        const match = fullMatch(next);
        const fresh = readLines(version(second), numbering);
        assert.deepEqual(Array.from(lines.ids), Array.from(fresh.ids), 'the same numbers as a fresh split');
        if (fresh.starts) assert.deepEqual(Array.from(lines.starts ?? []), Array.from(fresh.starts), 'the same line starts');
        let last = -1;
        let pairs = 0;
        match.forEach((i, j) => {
          if (i < 0) return;
          assert.ok(i > last, 'pairs in order');
          assert.equal(prev.ids[i], lines.ids[j], 'pairs of equal lines');
          last = i;
          pairs++;
        });
        assert.equal(pairs, lcs(prev.ids, lines.ids));
      }),
      { numRuns: 1500 },
    );
  });

  it('finds long runs of unchanged lines between changes far apart, and the lines of the common start', () => {
    const long = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i};\n`);
    const changed = [...long];
    changed[10] = 'changed near the start\n';
    changed.splice(1000, 0, 'inserted in the middle\n');
    changed.splice(1900, 1);
    const numbering = new LineNumbering();
    const prev = readLines(version(long.join('')), numbering);
    const next = nextLines(prev, version(changed.join('')), numbering, () => 0);
    const { lines } = next;
    const match = fullMatch(next);
    assert.equal(lines.ids.length, 2000);
    assert.equal(Array.from(match).filter((m) => m < 0).length, 2, 'the changed line and the inserted one');
    assert.equal(match[11], 11);
    assert.equal(match[1001], 1000, 'after the insertion, one line further down');
    assert.equal(match[1999], 1999);
    // equalLines: whole lines of the common start only, by a binary search on the line starts.
    const b = enc.encode(changed.join(''));
    assert.equal(equalLines(prev.bytes!, prev.starts!, 0, 2000, b, 0, Number.MAX_SAFE_INTEGER), 10);
    // From line 11 on, up to the inserted line; and not past a limit that cuts a line.
    const at = changed.slice(0, 11).join('').length;
    assert.equal(equalLines(prev.bytes!, prev.starts!, 11, 2000, b, at, Number.MAX_SAFE_INTEGER), 1000);
    assert.equal(equalLines(prev.bytes!, prev.starts!, 11, 2000, b, at, at + long[11]!.length + 3), 12);
  });
});

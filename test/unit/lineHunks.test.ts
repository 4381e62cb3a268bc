import * as assert from 'node:assert/strict';
import { isBinary, lineHunks, withHunkReverted } from '../../src/core/lineHunks';

// The hunks of one tool call's change to a file, and one of them put back: byte for byte.

const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

describe('line hunks (core/lineHunks.ts)', () => {
  it('cuts the change into runs of changed lines, numbered in file order', () => {
    const before = bytes('1\n2\n3\n4\n5\n6\n7\n8\n');
    const after = bytes('1\nB\nC\n4\n5\nnew\n6\n7\n');
    assert.deepEqual(lineHunks(before, after), [
      { index: 1, before: { start: 2, count: 2 }, after: { start: 2, count: 2 } },
      { index: 2, before: { start: 6, count: 0 }, after: { start: 6, count: 1 } },
      { index: 3, before: { start: 8, count: 1 }, after: { start: 9, count: 0 } },
    ]);
  });

  it('puts one hunk back and leaves every other byte as after holds it (CRLF, no final newline, bytes of any encoding)', () => {
    const before = bytes('a\r\nb\r\n\xff\xfe old\r\nkeep\r\nd');
    const after = bytes('A\r\nb\r\n\xff\xfe new\r\nkeep\r\nd!');
    const hunks = lineHunks(before, after);
    assert.equal(hunks.length, 3);
    assert.equal(text(withHunkReverted(before, after, hunks[1]!)), 'A\r\nb\r\n\xff\xfe old\r\nkeep\r\nd!');
    assert.equal(text(withHunkReverted(before, after, hunks[2]!)), 'A\r\nb\r\n\xff\xfe new\r\nkeep\r\nd');
    assert.equal(text(withHunkReverted(before, after, hunks[0]!)), 'a\r\nb\r\n\xff\xfe new\r\nkeep\r\nd!');
  });

  it('a file made from nothing, or emptied, is one hunk; equal files have none', () => {
    assert.deepEqual(lineHunks(bytes(''), bytes('x\ny\n')), [{ index: 1, before: { start: 1, count: 0 }, after: { start: 1, count: 2 } }]);
    assert.deepEqual(lineHunks(bytes('x\n'), bytes('')), [{ index: 1, before: { start: 1, count: 1 }, after: { start: 1, count: 0 } }]);
    assert.deepEqual(lineHunks(bytes('same\n'), bytes('same\n')), []);
  });

  it('taking every hunk back, one after the other from the last, gives the file before', () => {
    let seed = 7;
    const rnd = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 200; round++) {
      const lines = Array.from({ length: rnd(30) }, () => `l${rnd(6)}\n`);
      const changed = lines.flatMap((l) => (rnd(4) === 0 ? [] : rnd(5) === 0 ? [l, `n${rnd(6)}\n`] : [rnd(6) === 0 ? `c${rnd(6)}\n` : l]));
      const before = bytes(lines.join(''));
      let after = bytes(changed.join(''));
      const hunks = lineHunks(before, after);
      for (const h of [...hunks].reverse()) after = withHunkReverted(before, after, h);
      assert.equal(text(after), text(before), `round ${round}`);
    }
  });

  it('a NUL in the first 8000 bytes is binary, as git tells', () => {
    assert.equal(isBinary(bytes('a\0b')), true);
    assert.equal(isBinary(bytes(`${'a'.repeat(8000)}\0`)), false);
  });
});

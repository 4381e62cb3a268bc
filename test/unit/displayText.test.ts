import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { displayLine, displayText, escapeUnsafe, formatCount, plural, terminalLines } from '../../src/core/displayText';

/** Everything a terminal or a bidi-aware renderer would act on. */
const INTERPRETED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff\ufffd]/u;

describe('display text: untrusted text made visible', () => {
  it('escapes ESC, CR, LF, TAB, DEL and other C0/C1 controls by name or code', () => {
    assert.equal(escapeUnsafe('a\x1b[3Ab'), 'a\\e[3Ab');
    assert.equal(escapeUnsafe('x\ry\nz\tw'), 'x\\ry\\nz\\tw');
    assert.equal(escapeUnsafe('\x00\x07\x08\x7f\x9b\x85'), '\\0\\a\\b\\x7f\\x9b\\x85');
    assert.equal(escapeUnsafe('title\x1b]0;pwned\x07'), 'title\\e]0;pwned\\a');
  });

  it('escapes bidi marks, embeddings, overrides and isolates, and the line and paragraph separators', () => {
    assert.equal(escapeUnsafe('a\u202eb\u202ac\u2066d\u2069e\u200ef\u200fg\u061ch'), 'a\\u202eb\\u202ac\\u2066d\\u2069e\\u200ef\\u200fg\\u061ch');
    assert.equal(escapeUnsafe('p\u2028q\u2029r'), 'p\\u2028q\\u2029r');
  });

  it('escapes lone surrogates and U+FFFD (what undecodable bytes become), keeps real characters', () => {
    assert.equal(escapeUnsafe('a\ud800b\udc00c'), 'a\\ud800b\\udc00c');
    assert.equal(escapeUnsafe(Buffer.from([0x62, 0xff, 0x2e]).toString('utf8')), 'b\\ufffd.');
    assert.equal(escapeUnsafe('héllo → 😀 … 日本'), 'héllo → 😀 … 日本');
    assert.equal(escapeUnsafe('plain/path.ts'), 'plain/path.ts');
  });

  it('the quick test for text with nothing to escape misses no code point the full walk escapes', () => {
    // Every code point (and every lone surrogate) alone takes the quick test; all of them at once
    // take the walk. A code point the quick test passed but the walk escapes would differ.
    const all: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) all.push(String.fromCodePoint(cp));
    // (joined by a letter, so that a high surrogate and the low one after it never make a pair)
    const one = all.map((ch) => escapeUnsafe(ch)).join('x');
    assert.equal(one, escapeUnsafe(all.join('x')));
    assert.equal(escapeUnsafe('😀'), '😀');
  });

  it('for any string, nothing interpretable is left and the output is well-formed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const out = escapeUnsafe(s);
        assert.ok(!INTERPRETED.test(out), JSON.stringify(out));
        assert.equal(terminalLines(out), out, 'escaping twice changes nothing more');
      }),
      { numRuns: 500 },
    );
  });

  it('terminalLines keeps our own line breaks and escapes everything else on each line', () => {
    assert.equal(terminalLines('one\x1b[2J\ntwo\r'), 'one\\e[2J\ntwo\\r');
  });

  it('a line for VS Code: a 10,000-character value keeps its start and its end around an ellipsis', () => {
    const long = `${'a'.repeat(5000)}\u202e${'b'.repeat(4990)}/name.txt`;
    const line = displayLine(long, 200);
    assert.equal(line.shortened, true);
    assert.equal(line.text.length, 200);
    assert.ok(line.text.startsWith('aaaa') && line.text.endsWith('bbb/name.txt') && line.text.includes('…'));
    assert.deepEqual(displayLine('short', 200), { text: 'short', shortened: false });
  });

  it('shortening never splits an escape or a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 50, maxLength: 300 }), fc.integer({ min: 10, max: 60 }), (s, max) => {
        const text = displayText(s, max);
        assert.ok(text.length <= max);
        assert.ok(!INTERPRETED.test(text));
        // every backslash of the output starts a whole escape, or was in the input
        for (const m of text.matchAll(/\\(u[0-9a-f]{0,3}(?![0-9a-f])|x[0-9a-f]?(?![0-9a-f]))/g)) {
          assert.ok(s.includes(m[0]), `a cut escape ${m[0]} in ${JSON.stringify(text)}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('counts as people read them', () => {
  it('separates thousands the same way everywhere: 20,000, never 20000', () => {
    assert.deepEqual([0, 7, 999, 1000, 20_000, 1_234_567, -4500].map(formatCount), ['0', '7', '999', '1,000', '20,000', '1,234,567', '-4,500']);
    assert.equal(plural(20_000, 'file'), '20,000 files');
    assert.equal(plural(1, 'file'), '1 file');
  });
});

// The paths a restore names (core/restorePaths.ts): checked and canonical, limited when a person or
// an agent names them, and matched against tens of thousands of changed paths by folder.
import * as assert from 'node:assert/strict';
import { MAX_RESTORE_PATHS, parseRestorePaths, pathsMatcher } from '../../src/core/restorePaths';

describe('The paths of a restore', () => {
  it('are canonical and sorted; the root, .git and .cleveragents are refused', () => {
    assert.deepEqual(parseRestorePaths(['./b/', 'a', 'b']), ['a', 'b']);
    assert.throws(() => parseRestorePaths(['.']), /whole sandbox/);
    assert.throws(() => parseRestorePaths(['x/.git/config']), /cannot be restored/);
    assert.throws(() => parseRestorePaths(['.cleveragents/cleveragents.db']), /cannot be restored/);
  });

  it('named by a person or an agent: at most 1,000; worked out by a correction: any number', () => {
    const many = Array.from({ length: MAX_RESTORE_PATHS + 1 }, (_, i) => `f${i}`);
    assert.throws(() => parseRestorePaths(many), /at most 1,000 paths can be restored at once, not 1,001/);
    assert.equal(parseRestorePaths(many, Number.POSITIVE_INFINITY).length, 1001);
  });

  it('match a path that is one of them or inside one, never a longer name beside it', () => {
    const inside = pathsMatcher(['src/app', 'README.md', 'a b/c']);
    for (const p of ['src/app', 'src/app/x.ts', 'src/app/deep/er/y.ts', 'README.md', 'a b/c/d']) assert.equal(inside(p), true, p);
    for (const p of ['src', 'src/apple', 'src/app.ts', 'README.md.bak', 'a b', 'x/src/app']) assert.equal(inside(p), false, p);
    assert.equal(pathsMatcher([])('anything'), false);
  });
});

// A snapshot writes its blobs and its commit as git's loose objects in this process. The store is
// workspace content: a symbolic link planted in objects/ (or in one of its two-letter folders)
// after the store was checked must not carry either write out of the store.
import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { writeCommitObject } from '../../src/adapters/shadowStore/gitCommitObject';
import { git } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const WHO = { name: 'CleverAgents', email: 'checkpoints@cleveragents.invalid' };
const WHEN = new Date(Date.UTC(2026, 11, 2));

describe('Loose objects written in this process', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('ca-loose-object-');

  /** A bare store, its objects folder, and a folder outside it that a planted link points to. */
  function store(): { root: string; objects: string; outside: string } {
    const root = tempDir();
    git(root, 'init', '-q', '--bare', 'shadow.git');
    const outside = path.join(root, 'outside');
    mkdirSync(outside);
    return { root, objects: path.join(root, 'shadow.git', 'objects'), outside };
  }

  it('a commit is written as git would write it (git fsck passes, git reads its tree)', async () => {
    const s = store();
    git(s.root, '--git-dir=shadow.git', 'hash-object', '-w', '-t', 'tree', '/dev/null');
    const oid = await writeCommitObject(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN);
    git(s.root, '--git-dir=shadow.git', 'fsck', '--strict', '--no-dangling', oid);
    assert.equal(git(s.root, '--git-dir=shadow.git', 'rev-parse', `${oid}^{tree}`).trim(), EMPTY_TREE);
    assert.equal(await writeCommitObject(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN), oid, 'the same commit again is the same object');
  });

  it('a link planted as the commit’s objects/xx folder is not written through: the commit fails, nothing lands outside', async () => {
    const probe = store();
    const oid = await writeCommitObject(probe.objects, EMPTY_TREE, 'snapshot', WHO, WHEN);
    const s = store();
    symlinkSync(s.outside, path.join(s.objects, oid.slice(0, 2)));
    await assert.rejects(writeCommitObject(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN), /is not a folder of the store \(a link\?\)/);
    assert.deepEqual(readdirSync(s.outside), [], 'an object was written outside the store');
  });

  it('a link planted as objects/ itself is not written through: the commit fails, nothing lands outside', async () => {
    const s = store();
    rmSync(s.objects, { recursive: true });
    symlinkSync(s.outside, s.objects);
    await assert.rejects(writeCommitObject(s.objects, EMPTY_TREE, 'snapshot', WHO, WHEN), /is not a folder of the store \(a link\?\)/);
    assert.deepEqual(readdirSync(s.outside), [], 'an object was written outside the store');
  });
});

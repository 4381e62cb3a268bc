import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AtomicWriteError, writeFileAtomic } from '../../src/adapters/files/atomicFile';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import { shadowGit } from '../../src/adapters/shadowStore/gitEnvironment';
import { stageFiles } from '../../src/adapters/shadowStore/stagedWrite';
import { hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/**
 * What a failed or interrupted restore must undo, and a failed atomic write must not leave: the
 * files (and folders) a restore created go again when it is put back or undone, and no temporary
 * file stays beside a target that could not be replaced.
 */
describe('failed writes leave nothing of their own behind', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-failures-');

  // Written in place (room to spare), and staged first (as near a full disk).
  for (const [how, inPlaceMarginBytes] of [['', undefined], [' (files staged)', Infinity]] as const) it(`a restore that fails half-way is put back: the files and folders it created are gone${how}`, async function () {
    const root = tempDir();
    write(root, 'a.txt', 'a1\n');
    write(root, 'new/deep/made.txt', 'made by the checkpoint\n');
    write(root, 'z.txt', 'z1\n');
    const s = services(root, undefined, inPlaceMarginBytes);
    try {
      const plan = await s.plans.createPlan({ title: 'put back' });
      const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
      execFileSync('rm', ['-r', path.join(root, 'new')]);
      write(root, 'a.txt', 'a2\n');
      write(root, 'z.txt', 'z2\n');
      await s.checkpoints.createCheckpoint(plan.plan_id);
      const before = hashTree(root);
      // z.txt cannot be replaced: the restore fails after it wrote the paths sorted before it.
      try {
        execFileSync('chattr', ['+i', path.join(root, 'z.txt')], { stdio: 'ignore' });
      } catch {
        this.skip(); // no immutable flag on this file system: nothing makes the restore fail half-way
      }
      try {
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, c1.checkpoint_id), /put back as it was/);
      } finally {
        execFileSync('chattr', ['-i', path.join(root, 'z.txt')]);
      }
      assert.deepEqual(hashTree(root), before, 'a.txt is back, and new/deep/made.txt and its folders are gone');
      assert.equal(await new FileOperationJournal(root).get(plan.plan_id), undefined, 'put back: no record left');
    } finally {
      s.dispose();
    }
  });

  it('recover --undo of an interrupted restore removes the files and folders it created', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'one\n');
    write(root, 'new/deep/made.txt', 'made by the checkpoint\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'undo' });
      const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
      execFileSync('rm', ['-r', path.join(root, 'new')]);
      write(root, 'a.txt', 'two\n');
      const { checkpoint: c2 } = await s.checkpoints.createCheckpoint(plan.plan_id);
      const before = hashTree(root);
      // As a kill leaves it: the created file written, a.txt not yet.
      write(root, 'new/deep/made.txt', 'made by the checkpoint\n');
      await new FileOperationJournal(root).begin({
        type: 'rollback',
        plan_id: plan.plan_id,
        target_checkpoint_id: c1.checkpoint_id,
        undo_checkpoint_id: c2.checkpoint_id,
        sandbox_key: plan.plan_id,
        from_ref: c2.sandbox_ref,
        to_ref: c1.sandbox_ref,
        started_at: new Date().toISOString(),
        pid: 999_999_999,
        host: 'another-host',
      });
      const outcome = await s.recovery.recover(plan.plan_id, 'undo');
      assert.deepEqual(outcome.kept, []);
      assert.deepEqual(hashTree(root), before, 'new/deep/made.txt and its folders are gone');
      assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'two\n');
    } finally {
      s.dispose();
    }
  });

  it('an atomic write that fails leaves no temporary file beside its target', async () => {
    const dir = tempDir();
    // The target is a folder holding a file: the rename over it fails after the temporary file was written.
    mkdirSync(path.join(dir, 'target'));
    writeFileSync(path.join(dir, 'target', 'inside.txt'), 'x');
    const error = await writeFileAtomic(path.join(dir, 'target'), 'new content').then(
      () => assert.fail('the write over a folder succeeded'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof AtomicWriteError && !error.replaced, String(error));
    assert.deepEqual(readdirSync(dir), ['target'], 'no temporary file is left');
    assert.ok(existsSync(path.join(dir, 'target', 'inside.txt')));
  });
});

describe('a staged write never renames through a symlinked folder', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('ca-staged-link-');

  it('a folder on the way that became a symlink out of the sandbox is refused, and nothing lands outside', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'sandbox');
    const outside = path.join(parent, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    const gitDir = path.join(parent, 'store.git');
    execFileSync('git', ['init', '-q', '--bare', gitDir]);
    const git = shadowGit({ cwd: parent, gitDir, workTree: root });
    const blob = (await git.raw(['hash-object', '-w', '--stdin'], 'new content\n')).trim();
    symlinkSync(outside, path.join(root, 'src'));
    const staged = await stageFiles(git, [{ path: 'src/app.ts', id: `100644 ${blob}` }], path.join(parent, 'staging'));
    try {
      await assert.rejects(staged.moveIntoPlace(root), /not a real folder/);
    } finally {
      await staged.discard();
    }
    assert.deepEqual(readdirSync(outside), [], 'nothing was written outside the sandbox');
  });
});

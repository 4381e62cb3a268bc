import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, unlinkSync, writeSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hashTree, noise, services, write } from './helpers/sandboxFixtures';

/**
 * A disk that fills up: on a small tmpfs (mounting one needs root, as CI has; elsewhere the test
 * says it skipped and why), a checkpoint, a rollback and a database save that run out of space fail
 * with an error that says so, leave the database and the files as they were, and everything works
 * again once space is freed.
 */
describe('disk full', function () {
  this.timeout(120_000);
  let mount = '';

  before(function () {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ca-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', dir], { stdio: 'ignore' });
      mount = dir;
    } catch {
      rmSync(dir, { recursive: true, force: true });
      this.skip(); // mounting a size-limited tmpfs needs root (CI runs as root)
    }
  });

  after(() => {
    if (!mount) return;
    execFileSync('umount', ['-l', mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  /** Fills the disk, then gives back `leave` bytes; returns how to free everything. */
  function fill(leave: number): () => void {
    const filler = path.join(mount, 'filler');
    const fd = openSync(filler, 'w');
    try {
      const block = Buffer.alloc(4096, 1);
      for (;;) writeSync(fd, block);
    } catch (error) {
      assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
    } finally {
      closeSync(fd);
    }
    const size = Number(execFileSync('stat', ['-c', '%s', filler], { encoding: 'utf8' }));
    truncateSync(filler, Math.max(0, size - leave));
    return () => unlinkSync(filler);
  }

  for (const leave of [0, 300_000]) {
    it(`with ${leave === 0 ? 'no' : `${leave / 1000} KB of`} space left: refused, nothing changed, all works again once freed`, async () => {
      const root = path.join(mount, `ws-${leave}`);
      mkdirSync(root);
      for (let i = 0; i < 50; i++) write(root, `f${i}.txt`, noise(15_000, i).toString('base64'));
      const s = services(root);
      try {
        const plan = await s.plans.createPlan({ title: 'full' });
        const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
        for (let i = 0; i < 50; i++) write(root, `f${i}.txt`, noise(15_000, i + 100).toString('base64'));
        const files = hashTree(root);
        const free = fill(leave);
        await assert.rejects(s.checkpoints.createCheckpoint(plan.plan_id), /the disk is full|no space left on device|ENOSPC/i);
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, c1.checkpoint_id), /the disk is full|no space left on device|ENOSPC/i);
        // Either the lock cannot be written, or the database: then the message says nothing was saved.
        await assert.rejects(s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 7 }), /Cannot write the lock file .*ENOSPC|the disk holding .* is full .* Nothing was saved: the database is as it was/);
        assert.deepEqual(hashTree(root), files, 'the files are as they were');
        assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 1, 'the database is as it was');
        assert.equal((await s.plans.getPlan(plan.plan_id)).retention.max_checkpoints, 50);
        free();
        await s.checkpoints.createCheckpoint(plan.plan_id);
        await s.checkpoints.rollbackToCheckpoint(plan.plan_id, c1.checkpoint_id);
        assert.equal((await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 7 })).retention.max_checkpoints, 7);
        const git = spawnGitFsck(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
        assert.equal(git, 0);
      } finally {
        s.dispose();
      }
    });
  }
});

function spawnGitFsck(gitDir: string): number {
  try {
    execFileSync('git', ['--git-dir', gitDir, 'fsck', '--strict', '--no-dangling'], { stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    return 0;
  } catch {
    return 1;
  }
}

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FileLock } from '../../src/adapters/files/fileLock';
import type { WorkspaceServices } from '../../src/composition';
import { hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

const CHANGED_WHILE_WAITING = /The sandbox folder changed while waiting for the store lock: "[^"]+" was .*\. Nothing was changed\./;

/**
 * The race of the issue, driven step by step: the test holds the store lock (as another plan's
 * long first checkpoint would), starts the operation, and once it waits for the lock (it has
 * resolved its sandbox and asked for the lock) replaces a folder by a symlink out of the
 * workspace, then lets the lock go.
 */
async function swapWhileWaiting<T>(s: WorkspaceServices, root: string, swap: () => void, operation: () => Promise<T>): Promise<T | Error> {
  const lock = new FileLock(path.join(root, '.cleveragents', 'checkpoints.lock'));
  const release = await lock.acquire();
  const snapshotter = s.snapshotter as { exclusive: WorkspaceServices['snapshotter']['exclusive'] };
  const exclusive = snapshotter.exclusive.bind(s.snapshotter);
  let waiting!: () => void;
  const asked = new Promise<void>((resolve) => (waiting = resolve));
  snapshotter.exclusive = (key, work) => {
    waiting();
    return exclusive(key, work);
  };
  try {
    const result = operation().catch((error: unknown) => error as Error);
    await asked;
    swap();
    await release();
    return await result;
  } finally {
    delete (snapshotter as Partial<typeof snapshotter>).exclusive;
  }
}

/** `<parent>/workspace` with `src/app.ts`, and beside it `<parent>/outside` holding a file of its own. */
function workspaceBesideOutside(parent: string): { root: string; outside: string } {
  const root = path.join(parent, 'workspace');
  const outside = path.join(parent, 'outside');
  write(root, 'src/app.ts', 'v1\n');
  write(outside, 'notes.txt', 'not yours\n');
  return { root, outside };
}

/** Moves the folder away and puts a symlink to `../outside` in its place. */
function symlinkOut(folder: string): () => void {
  return () => {
    renameSync(folder, `${folder}.moved`);
    symlinkSync('../outside', folder);
  };
}

describe('re-checked after the wait for the store lock: a sandbox replaced meanwhile is refused, nothing written', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-lock-race-');

  /** A plan working in `src` with checkpoints v1 and v2 (v2 adds notes.txt): rolling back writes app.ts and deletes notes.txt. */
  async function planInSrc(s: WorkspaceServices, root: string) {
    const plan = await s.plans.createPlan({ title: 'in src', sandbox: 'src' });
    const { checkpoint: v1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
    write(root, 'src/app.ts', 'v2\n');
    write(root, 'src/notes.txt', 'mine\n');
    const { checkpoint: v2 } = await s.checkpoints.createCheckpoint(plan.plan_id);
    return { plan, v1, v2 };
  }

  it("the issue's reproduction: rollback waits, its sandbox `src` becomes a symlink to ../outside; refused, outside untouched", async () => {
    const { root, outside } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const { plan, v1 } = await planInSrc(s, root);
      write(outside, 'app.ts', 'v2\n');
      const before = hashTree(outside);
      const outcome = await swapWhileWaiting(s, root, symlinkOut(path.join(root, 'src')), () => s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id));
      assert.ok(outcome instanceof Error, 'refused');
      assert.match(outcome.message, CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(outside), before, 'nothing outside the workspace changed');
      assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 2, 'not even a safety checkpoint was taken');
    } finally {
      s.dispose();
    }
  });

  it('restore of chosen paths: the same race is refused, outside untouched', async () => {
    const { root, outside } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const { plan, v1 } = await planInSrc(s, root);
      const before = hashTree(outside);
      const outcome = await swapWhileWaiting(s, root, symlinkOut(path.join(root, 'src')), () => s.checkpoints.restorePaths(plan.plan_id, v1.checkpoint_id, ['app.ts', 'notes.txt']));
      assert.ok(outcome instanceof Error, 'refused');
      assert.match(outcome.message, CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(outside), before);
    } finally {
      s.dispose();
    }
  });

  it('checkpoint: the same race is refused; the folder outside is not captured', async () => {
    const { root, outside } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const { plan } = await planInSrc(s, root);
      const before = hashTree(outside);
      const outcome = await swapWhileWaiting(s, root, symlinkOut(path.join(root, 'src')), () => s.checkpoints.createCheckpoint(plan.plan_id));
      assert.ok(outcome instanceof Error, 'refused');
      assert.match(outcome.message, CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(outside), before);
      assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 2, 'no checkpoint of the outside folder');
    } finally {
      s.dispose();
    }
  });

  it('a folder moved aside and replaced by another real folder is refused too (another inode)', async () => {
    const { root } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const { plan, v1 } = await planInSrc(s, root);
      const swap = (): void => {
        renameSync(path.join(root, 'src'), path.join(root, 'src.moved'));
        write(root, 'src/other.txt', 'someone else\n');
      };
      const outcome = await swapWhileWaiting(s, root, swap, () => s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id));
      assert.ok(outcome instanceof Error, 'refused');
      assert.match(outcome.message, /The sandbox folder changed while waiting for the store lock: "src" was .*, now another folder at .*\. Nothing was changed\./);
      assert.deepEqual(Object.keys(hashTree(path.join(root, 'src'))), ['other.txt'], 'nothing was written into the new folder');
    } finally {
      s.dispose();
    }
  });

  it('cleanup of an isolated plan: `.cleveragents/sandboxes` replaced by a symlink while it waits is refused; nothing outside is deleted', async () => {
    const { root, outside } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'isolated', isolated: true });
      // What the attacker wants deleted, at the path the sandbox would have behind the symlink.
      write(outside, `${plan.plan_id}/precious.txt`, 'keep me\n');
      const sandboxes = path.join(root, '.cleveragents', 'sandboxes');
      const swap = (): void => {
        renameSync(sandboxes, `${sandboxes}.moved`);
        symlinkSync('../../outside', sandboxes);
      };
      const before = hashTree(outside);
      const outcome = await swapWhileWaiting(s, root, swap, () => s.plans.cleanupPlan(plan.plan_id));
      assert.ok(outcome instanceof Error, 'refused');
      assert.match(outcome.message, CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(outside), before, 'nothing outside the workspace was deleted');
    } finally {
      s.dispose();
    }
  });

  it("apply: the plan's isolated sandbox replaced while it waits by a symlink to another plan's (unchanged) sandbox is refused, not marked applied with nothing written", async () => {
    const { root } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const mine = await s.plans.createPlan({ title: 'mine', isolated: true });
      const other = await s.plans.createPlan({ title: 'other', isolated: true });
      write(path.join(root, mine.sandbox_path), 'src/app.ts', 'mine\n');
      const sandbox = path.join(root, mine.sandbox_path);
      const swap = (): void => {
        renameSync(sandbox, `${root}/moved-aside`);
        symlinkSync(other.plan_id, sandbox);
      };
      const before = hashTree(root, (rel) => rel === 'moved-aside');
      const outcome = await swapWhileWaiting(s, root, swap, () => s.plans.applyPlan(mine.plan_id));
      assert.ok(outcome instanceof Error, 'refused');
      assert.match(outcome.message, CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(root, (rel) => rel === 'moved-aside'), before, 'the workspace is unchanged');
      assert.equal((await s.plans.getPlan(mine.plan_id)).state, 'draft');
    } finally {
      s.dispose();
    }
  });

  it('apply: the workspace folder itself swapped for a symlink after the comparison, before the write: refused, nothing outside written', async () => {
    const parent = tempDir();
    const { root, outside } = workspaceBesideOutside(parent);
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'isolated', isolated: true });
      write(path.join(root, plan.sandbox_path), 'src/app.ts', 'v2\n');
      write(outside, 'src/app.ts', 'v1\n');
      const before = hashTree(outside);
      const snapshotter = s.snapshotter as { prepareRestore: WorkspaceServices['snapshotter']['prepareRestore'] };
      const prepare = snapshotter.prepareRestore.bind(s.snapshotter);
      snapshotter.prepareRestore = async (...args) => {
        const prepared = await prepare(...args);
        renameSync(root, path.join(parent, 'workspace.moved'));
        symlinkSync('outside', root);
        return prepared;
      };
      await assert.rejects(s.plans.applyPlan(plan.plan_id), CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(outside), before, 'nothing outside the workspace was written');
    } finally {
      s.dispose();
    }
  });

  it('a subfolder of the sandbox turned into a symlink after the safety checkpoint, before the write: refused, nothing written', async () => {
    const parent = tempDir();
    const { root, outside } = workspaceBesideOutside(parent);
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'whole workspace' });
      const { checkpoint: v1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
      write(root, 'src/app.ts', 'v2\n');
      write(root, 'src/notes.txt', 'mine\n');
      await s.checkpoints.createCheckpoint(plan.plan_id);
      write(outside, 'app.ts', 'v2\n');
      const before = hashTree(outside);
      // The restore is worked out (after the safety snapshot); `src` is swapped before its first write.
      const snapshotter = s.snapshotter as { prepareRestore: WorkspaceServices['snapshotter']['prepareRestore'] };
      const prepare = snapshotter.prepareRestore.bind(s.snapshotter);
      snapshotter.prepareRestore = async (...args) => {
        const prepared = await prepare(...args);
        symlinkOut(path.join(root, 'src'))();
        return prepared;
      };
      await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id), /The sandbox changed after its snapshot was taken: "src" is no longer a real folder .*Nothing was changed\./);
      assert.deepEqual(hashTree(outside), before, 'nothing outside the workspace changed');
      assert.ok(lstatSync(path.join(root, 'src')).isSymbolicLink(), 'the symlink is left as it is');
      assert.ok(!existsSync(path.join(root, '.cleveragents', 'operations', `${plan.plan_id}.json`)), 'no interrupted operation is left');
    } finally {
      s.dispose();
    }
  });

  it('the sandbox itself swapped for a symlink after the safety checkpoint, before the write: refused, nothing outside written or deleted', async () => {
    const { root, outside } = workspaceBesideOutside(tempDir());
    const s = services(root);
    try {
      const { plan, v1 } = await planInSrc(s, root);
      // Outside holds what the sandbox holds now: a put-back that followed the symlink would take it for its own.
      write(outside, 'app.ts', 'v2\n');
      write(outside, 'notes.txt', 'mine\n');
      const before = hashTree(outside);
      const snapshotter = s.snapshotter as { prepareRestore: WorkspaceServices['snapshotter']['prepareRestore'] };
      const prepare = snapshotter.prepareRestore.bind(s.snapshotter);
      snapshotter.prepareRestore = async (...args) => {
        const prepared = await prepare(...args);
        symlinkOut(path.join(root, 'src'))();
        return prepared;
      };
      await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id), CHANGED_WHILE_WAITING);
      assert.deepEqual(hashTree(outside), before, 'nothing outside the workspace changed');
    } finally {
      s.dispose();
    }
  });

  it("git's own two-tree read-tree never writes or deletes through a symlinked leading folder, even when the stat data match (hard links)", () => {
    // What the restore relies on for the instant between its own check and git's write.
    const parent = tempDir();
    const repo = path.join(parent, 'repo');
    const outside = path.join(parent, 'outside');
    mkdirSync(outside);
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8', stdio: 'pipe' }).trim();
    write(repo, 'src/app.ts', 'v1\n');
    write(repo, 'src/gone.txt', 'deleted by the restore\n');
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'from');
    const from = git('rev-parse', 'HEAD');
    writeFileSync(path.join(repo, 'src/app.ts'), 'v2\n');
    rmSync(path.join(repo, 'src/gone.txt'));
    git('add', '-A');
    git('commit', '-qm', 'to');
    const to = git('rev-parse', 'HEAD');
    git('read-tree', '--reset', '-u', from);
    // The same inodes outside (hard links), so git's stat check of each file passes, then the
    // folder is swapped for a symlink to them.
    for (const name of ['app.ts', 'gone.txt']) execFileSync('ln', [path.join(repo, 'src', name), path.join(outside, name)]);
    git('update-index', '--refresh');
    renameSync(path.join(repo, 'src'), path.join(repo, 'src.moved'));
    symlinkSync('../outside', path.join(repo, 'src'));
    const before = hashTree(outside);
    let wrote = true;
    try {
      git('read-tree', '-m', '-u', from, to);
    } catch {
      wrote = false; // refusing is as safe; what matters is below
    }
    assert.deepEqual(hashTree(outside), before, 'git wrote or deleted nothing through the symlink');
    // (git 2.x replaces the symlink by a real folder and writes there)
    if (wrote) assert.ok(lstatSync(path.join(repo, 'src')).isDirectory());
  });
});

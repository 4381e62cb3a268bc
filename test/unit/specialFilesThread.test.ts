import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices, type WorkspaceServices } from '../../src/composition';
import { FolderStatThread, type FolderStamp } from '../../src/adapters/shadowStore/folderStatThread';
import { write } from './helpers/sandboxFixtures';
import { RecordingLogger, SQL_WASM_DIR } from './helpers/storeFixtures';
import { useTempDirs } from './helpers/tempDir';

/** A stat thread that counts the stamps it answered. */
class CountingThread extends FolderStatThread {
  answered = 0;
  override async stamps(root: string, rels: readonly string[]): Promise<FolderStamp[] | undefined> {
    const stamps = await super.stamps(root, rels);
    if (stamps) this.answered += stamps.length;
    return stamps;
  }
}

function servicesWith(root: string, folderStats: FolderStatThread): WorkspaceServices {
  return createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger: new RecordingLogger(), folderStats });
}

/** The special-file walk with the resident process's stat thread: the same special files as without it. */
describe('the special-file walk on a stat thread', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-statthread-');

  it('stamps folders with their change time and inode, as lstat gives them, and nothing else', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'a/b'), { recursive: true });
    write(root, 'file.txt', 'x\n');
    const thread = new FolderStatThread();
    try {
      const stamps = await thread.stamps(root, ['', 'a', 'a/b', 'file.txt', 'missing']);
      const of = (rel: string) => {
        const s = lstatSync(path.join(root, rel));
        return [s.ctimeMs, s.ino];
      };
      assert.deepEqual(stamps, [of(''), of('a'), of('a/b'), undefined, undefined]);
    } finally {
      thread.close();
    }
  });

  it('a thread closed while it stamps answers at once that it cannot, and keeps answering so', async () => {
    const root = tempDir();
    const thread = new FolderStatThread();
    const asked = thread.stamps(root, Array.from({ length: 20_000 }, (_, i) => `f${i}`));
    thread.close();
    assert.equal(await asked, undefined);
    assert.equal(await thread.stamps(root, ['']), undefined);
  });

  it('finds the special files a walk on the event loop finds: a new one in a folder kept long ago, one in a new folder, one gone', async () => {
    const root = tempDir();
    // enough kept folders for the walk to ask the thread
    for (let i = 0; i < 240; i++) write(root, `pkg/m${i}/index.ts`, `${i}\n`);
    write(root, 'src/deep/a.txt', 'a\n');
    const thread = new CountingThread();
    const s = servicesWith(root, thread);
    try {
      const plan = await s.plans.createPlan({ title: 'thread', sandbox: '.' });
      await s.checkpoints.createCheckpoint(plan.plan_id);
      // Folders changed within the last 2 s are read every time; older ones are kept and trusted.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await s.checkpoints.createCheckpoint(plan.plan_id);
      // a tool call's post_step: a file changed, and a FIFO made in a folder the listings keep
      const step = async (file: string) => {
        write(root, file, `${Date.now()}\n`);
        const made = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'post_step', reason: 'step' });
        assert.ok(made, 'the changed file makes a checkpoint');
        return made.checkpoint.metadata.skipped;
      };
      execFileSync('mkfifo', [path.join(root, 'pkg/m17/pipe')]);
      const answeredBefore = thread.answered;
      assert.deepEqual(await step('src/deep/a.txt'), [{ path: 'pkg/m17/pipe', reason: 'special_file', file_type: 'fifo' }]);
      assert.ok(thread.answered > answeredBefore + 200, `the thread stamped the kept folders (${thread.answered - answeredBefore})`);
      mkdirSync(path.join(root, 'pkg/m3/new'));
      execFileSync('mkfifo', [path.join(root, 'pkg/m3/new/q')]);
      rmSync(path.join(root, 'pkg/m17/pipe'));
      assert.deepEqual(await step('pkg/m200/index.ts'), [{ path: 'pkg/m3/new/q', reason: 'special_file', file_type: 'fifo' }]);
      // the thread gone: the walk stats the folders itself, with the same result
      thread.close();
      execFileSync('mkfifo', [path.join(root, 'pkg/m99/r')]);
      assert.deepEqual(await step('src/deep/a.txt'), [
        { path: 'pkg/m3/new/q', reason: 'special_file', file_type: 'fifo' },
        { path: 'pkg/m99/r', reason: 'special_file', file_type: 'fifo' },
      ]);
    } finally {
      s.dispose();
      thread.close();
    }
  });
});

// The resident process's watch of a sandbox's folders (src/adapters/files/folderWatch.ts): a
// snapshot asked for when the watch saw nothing change since the last one runs no git status. It
// must never say "nothing changed" when something did: each way a change could slip past it (a
// folder made after the walk, one removed and made again, one moved, an ignore file that changed,
// an event not yet read) has a test here that fails without its handling. Real folders and real
// inotify events; real git and a real store for the snapshots.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FolderWatch, FolderWatches, untrustedMount, type FolderWatchOptions } from '../../src/adapters/files/folderWatch';
import { createWorkspaceServices } from '../../src/composition';
import { watchNewestSandbox } from '../../src/core/watchAhead';
import { RecordingLogger, SQL_WASM_DIR } from './helpers/storeFixtures';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/** A snapshot as the snapshot writer takes one: begun (its token), then settled on its commit. */
async function snapshotted(watch: FolderWatch, commit: string): Promise<void> {
  const token = await watch.begin();
  watch.settle(token, commit);
  await watch.settledDown();
}

/**
 * Snapshotted until the watch vouches for it: the first settle starts the walk, and a snapshot
 * begun before the events of a change were read, or during the walk they start, is not vouched for.
 */
async function certified(watch: FolderWatch, commit: string): Promise<void> {
  for (let i = 0; i < 5 && !(await watch.unchangedSince(commit)); i++) await snapshotted(watch, commit);
  assert.equal(watch.ready, true, 'the watch is ready');
  assert.equal(await watch.unchangedSince(commit), true, 'the watch vouches for the files after a snapshot');
}

describe('The folder watch', function () {
  if (process.platform !== 'linux') return;
  const tempDir = useTempDirs();
  const watches: FolderWatch[] = [];
  afterEach(() => watches.splice(0).forEach((w) => w.stop()));

  function watchOf(root: string, options: Partial<FolderWatchOptions> = {}): { watch: FolderWatch; log: string[] } {
    const log: string[] = [];
    const watch = new FolderWatch(root, { excluded: ['.cleveragents'], ignoredFolders: async () => [], log: (m) => log.push(m), ...options });
    watches.push(watch);
    return { watch, log };
  }

  function tree(): string {
    const root = tempDir();
    write(root, 'a.txt', 'a\n');
    write(root, 'src/lib/b.ts', 'b\n');
    write(root, 'src/c.ts', 'c\n');
    return root;
  }

  it('vouches for nothing before its first walk, and for no other snapshot than the one it saw', async () => {
    const root = tree();
    const { watch } = watchOf(root);
    assert.equal(await watch.unchangedSince('one'), false);
    await snapshotted(watch, 'one');
    // The first snapshot started the walk; it began before the walk, so it is not vouched for.
    assert.equal(await watch.unchangedSince('one'), false);
    await certified(watch, 'one');
    assert.equal(await watch.unchangedSince('two'), false);
  });

  it('sees a write in any folder, also one made in the same turn as the question', async () => {
    const root = tree();
    const { watch } = watchOf(root);
    await certified(watch, 'one');
    writeFileSync(path.join(root, 'src/lib/b.ts'), 'b changed\n');
    // No await between the write and the question: the watch must read the kernel's queue first.
    assert.equal(await watch.unchangedSince('one'), false);
    await certified(watch, 'two');
    writeFileSync(path.join(root, 'a.txt'), 'a\n'); // the same bytes: still an event
    assert.equal(await watch.unchangedSince('two'), false);
  });

  it('watches a folder made after its walk', async () => {
    const root = tree();
    const { watch } = watchOf(root);
    await certified(watch, 'one');
    mkdirSync(path.join(root, 'src/lib/new/deeper'), { recursive: true });
    assert.equal(await watch.unchangedSince('one'), false);
    await certified(watch, 'two');
    writeFileSync(path.join(root, 'src/lib/new/deeper/d.ts'), 'd\n');
    assert.equal(await watch.unchangedSince('two'), false, 'a write in the new folder is seen');
  });

  it('watches a folder removed and made again under the same name', async () => {
    const root = tree();
    const { watch } = watchOf(root);
    await certified(watch, 'one');
    rmSync(path.join(root, 'src/lib'), { recursive: true });
    mkdirSync(path.join(root, 'src/lib'));
    await certified(watch, 'two');
    writeFileSync(path.join(root, 'src/lib/e.ts'), 'e\n');
    assert.equal(await watch.unchangedSince('two'), false, 'a write in the new folder of the old name is seen');
    // The watched folder itself, which has no parent to tell of it.
    rmSync(root, { recursive: true });
    mkdirSync(root);
    await certified(watch, 'three');
    writeFileSync(path.join(root, 'a.txt'), 'in the folder made again\n');
    assert.equal(await watch.unchangedSince('three'), false, 'a write in the root made again is seen');
  });

  it('watches a folder by its new name once it is moved', async () => {
    const root = tree();
    const { watch } = watchOf(root);
    await certified(watch, 'one');
    renameSync(path.join(root, 'src'), path.join(root, 'source'));
    await certified(watch, 'two');
    mkdirSync(path.join(root, 'src'));
    await certified(watch, 'three');
    writeFileSync(path.join(root, 'src/f.ts'), 'f\n');
    assert.equal(await watch.unchangedSince('three'), false, 'a write in a folder made where the moved one was is seen');
    await certified(watch, 'four');
    writeFileSync(path.join(root, 'source/lib/g.ts'), 'g\n');
    assert.equal(await watch.unchangedSince('four'), false, 'a write in the moved folder is seen');
  });

  it('leaves out the store and what git ignores, and walks again when an ignore file changes', async () => {
    const root = tree();
    write(root, '.cleveragents/checkpoints/x', 'x\n');
    write(root, 'build/out.js', 'out\n');
    let ignored = ['build'];
    const { watch } = watchOf(root, { ignoredFolders: async () => ignored });
    await certified(watch, 'one');
    writeFileSync(path.join(root, '.cleveragents/checkpoints/x'), 'store write\n');
    writeFileSync(path.join(root, 'build/out.js'), 'rebuilt\n');
    assert.equal(await watch.unchangedSince('one'), true, 'writes in the store and in an ignored folder are not changes of the sandbox');
    // `build/` is no longer ignored: the walk that the ignore file's change starts must watch it.
    ignored = [];
    writeFileSync(path.join(root, '.gitignore'), '# nothing ignored\n');
    await certified(watch, 'two');
    writeFileSync(path.join(root, 'build/out.js'), 'rebuilt again\n');
    assert.equal(await watch.unchangedSince('two'), false, 'a write in the folder no longer ignored is seen');
  });

  it('walks again after a burst that may have filled the kernel\'s queue, whose lost events may have named a new folder', async function () {
    const queue = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));
    if (!(queue <= 65_536)) this.skip();
    const root = tree();
    mkdirSync(path.join(root, 'flood'));
    const { watch } = watchOf(root);
    await certified(watch, 'one');
    // No turn of the event loop in between: the queue fills, and the folder made last is an
    // event the kernel drops (nothing else happens in `src/`, so no look at it again finds it).
    for (let i = 0; i < queue + 500; i++) writeFileSync(path.join(root, 'flood', `f${i}`), '');
    mkdirSync(path.join(root, 'src/made-in-the-flood'));
    await certified(watch, 'two');
    writeFileSync(path.join(root, 'src/made-in-the-flood/x.ts'), 'x\n');
    assert.equal(await watch.unchangedSince('two'), false, 'a write in the folder whose event was lost is seen');
  });

  it('makes every watch again when the mount table changes (a folder mounted over hides the one watched)', async function () {
    const root = tree();
    const { watch } = watchOf(root);
    await certified(watch, 'one');
    // Mounting needs the right to: where a test may not, this one cannot run.
    if (spawnSync('mount', ['-t', 'tmpfs', 'tmpfs', path.join(root, 'src')], { stdio: 'ignore' }).status !== 0) this.skip();
    try {
      await certified(watch, 'two');
      writeFileSync(path.join(root, 'src/in-the-mount.ts'), 'x\n');
      assert.equal(await watch.unchangedSince('two'), false, 'a write in the folder mounted over the watched one is seen');
    } finally {
      watch.stop();
      spawnSync('umount', [path.join(root, 'src')]);
    }
  });

  it('stays off under a mount whose changes may not reach inotify', async function () {
    const table = [
      '22 27 0:21 / /proc rw,relatime - proc proc rw',
      '30 27 8:1 / /work rw,relatime - ext4 /dev/vda1 rw',
      '41 30 0:50 / /work/ws/my\\040data rw,relatime - nfs4 server:/data rw',
    ].join('\n');
    assert.equal(untrustedMount('/work/ws', table), '/work/ws/my data is a nfs4 mount, whose changes may not reach inotify');
    assert.equal(untrustedMount('/work/other', table), undefined);
    assert.equal(untrustedMount('/work', table.replace('nfs4', 'tmpfs')), undefined);

    // A real one (ramfs is not on the list) where the test may mount.
    const root = tree();
    if (spawnSync('mount', ['-t', 'ramfs', 'ramfs', path.join(root, 'src')], { stdio: 'ignore' }).status !== 0) this.skip();
    try {
      const { watch, log } = watchOf(root);
      await snapshotted(watch, 'one');
      await snapshotted(watch, 'one');
      assert.equal(await watch.unchangedSince('one'), false);
      assert.match(log.join('\n'), /is off \(every snapshot runs git status\): .*\/src is a ramfs mount/);
    } finally {
      spawnSync('umount', [path.join(root, 'src')]);
    }
  });

  it('stays off, and says why, beyond its limit of folders', async () => {
    const root = tree();
    const { watch, log } = watchOf(root, { maxFolders: 2 });
    await snapshotted(watch, 'one');
    await snapshotted(watch, 'one');
    assert.equal(watch.ready, false);
    assert.equal(await watch.unchangedSince('one'), false);
    assert.match(log.join('\n'), /is off \(every snapshot runs git status\): more than 2 folders/);
  });

  it('stays off when its folder is gone, from the start or later', async () => {
    const root = tree();
    const missing = watchOf(path.join(root, 'missing'));
    await snapshotted(missing.watch, 'one');
    assert.equal(await missing.watch.unchangedSince('one'), false);
    assert.match(missing.log.join('\n'), /is off/);

    const { watch, log } = watchOf(root);
    await certified(watch, 'one');
    rmSync(root, { recursive: true });
    for (let i = 0; i < 3; i++) await snapshotted(watch, 'two');
    mkdirSync(root);
    writeFileSync(path.join(root, 'a.txt'), 'the folder made again\n');
    assert.equal(await watch.unchangedSince('two'), false, 'a watch of no folder vouches for nothing');
    assert.match(log.join('\n'), /is off \(every snapshot runs git status\): the folder is gone/);
  });
});

describe('The folder watches of a process', function () {
  const tempDir = useTempDirs();

  it('keep one per sandbox, folder and key (each asks its own index what is ignored), the four used last', () => {
    const root = tempDir();
    const watches = new FolderWatches();
    const made: string[] = [];
    const options = (key: string) => (): FolderWatchOptions => {
      made.push(key);
      return { excluded: [], ignoredFolders: async () => [], log: () => undefined };
    };
    try {
      const a = watches.of('A', root, options('A'));
      assert.equal(watches.of('A', root, options('A again')), a);
      assert.notEqual(watches.of('B', root, options('B')), a, 'another plan over the same folder has a watch of its own');
      for (const key of ['C', 'D', 'E']) watches.of(key, root, options(key));
      assert.notEqual(watches.of('A', root, options('A made again')), a, 'the watch used longest ago was stopped');
      assert.deepEqual(made, ['A', 'B', 'C', 'D', 'E', 'A made again']);
    } finally {
      watches.stopAll();
    }
  });
});

describe('A snapshot with the folder watch', function () {
  if (process.platform !== 'linux') return;
  const tempDir = useTempDirs();

  it('answers a no-change pre_write without a status, and still takes every change', async () => {
    const root = tempDir();
    write(root, 'src/a.ts', 'a\n');
    write(root, 'README.md', 'readme\n');
    const watches = new FolderWatches();
    const logger = new RecordingLogger();
    const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger, folderWatches: watches });
    try {
      const plan = await s.plans.createPlan({ title: 'watched' });
      const first = await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual' });
      await watches.of(plan.plan_id, root, () => assert.fail('made by the first snapshot')).settledDown();
      // The first snapshot began before the watch: the next one runs a status, and is vouched for.
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      const vouched = () => logger.entries.filter((e) => /no change since, the folder watch says/.test(e.message)).length;
      assert.equal(vouched(), 0);
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      assert.equal(vouched(), 1, 'the second no-change pre_write ran no status');

      // A change made just before the call is taken, in a new folder too, and seen again after.
      write(root, 'src/new/b.ts', 'b\n');
      const second = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'post_step' });
      assert.ok(second, 'the change is taken');
      assert.notEqual(second.checkpoint.checkpoint_id, first.checkpoint.checkpoint_id);
      await watches.of(plan.plan_id, root, () => assert.fail('kept')).settledDown();
      writeFileSync(path.join(root, 'src/new/b.ts'), 'b, then more\n');
      const third = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'post_step' });
      assert.ok(third, 'a write in the folder made since is taken');
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      assert.equal(vouched(), 2);
    } finally {
      watches.stopAll();
      s.dispose();
    }
  });

  it('is started ahead for the sandbox checkpointed last, never for one whose index is missing (the walk would fail and turn it off)', async () => {
    const root = tempDir();
    write(root, 'src/a.ts', 'a\n');
    const watches = new FolderWatches();
    const logger = new RecordingLogger();
    const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger, folderWatches: watches });
    const made: string[] = [];
    const madeBefore = (planId: string): boolean => {
      made.length = 0;
      watches.of(planId, root, () => (made.push(planId), { excluded: [], ignoredFolders: async () => [], log: () => undefined }));
      return made.length === 0;
    };
    try {
      const older = await s.plans.createPlan({ title: 'older' });
      const plan = await s.plans.createPlan({ title: 'newest' });
      assert.equal(await watchNewestSandbox(s), undefined, 'no checkpoint yet: nothing to watch');
      await s.checkpoints.createCheckpoint(older.plan_id, { type: 'manual' });
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual' });
      watches.stopAll();
      // Its rows, and no index (a store folder put back from elsewhere, a fetched plan): not watched.
      rmSync(path.join(root, '.cleveragents', 'checkpoints', 'indexes', plan.plan_id), { recursive: true });
      assert.equal(await watchNewestSandbox(s), undefined);
      assert.equal(madeBefore(plan.plan_id), false, 'no watch was made for it');
      watches.stopAll();
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual' });
      watches.stopAll();
      assert.equal(await watchNewestSandbox(s), plan.plan_id);
      const watch = watches.of(plan.plan_id, root, () => assert.fail('made ahead'));
      await watch.settledDown();
      assert.equal(watch.ready, true, 'walked before any snapshot');
      // The first snapshot after it runs a status and is the one vouched for by the second.
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      assert.equal(logger.entries.filter((e) => /no change since, the folder watch says/.test(e.message)).length, 1);
    } finally {
      watches.stopAll();
      s.dispose();
    }
  });

  it('watches a folder whose files the plan tracks, after an ignore file names it', async () => {
    const root = tempDir();
    write(root, 'gen/out.txt', 'generated\n');
    write(root, 'src/a.ts', 'a\n');
    const watches = new FolderWatches();
    const logger = new RecordingLogger();
    const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger, folderWatches: watches });
    const settled = () => watches.of(plan.plan_id, root, () => assert.fail('kept')).settledDown();
    const plan = await s.plans.createPlan({ title: 'tracked, then ignored' });
    try {
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual' });
      await settled();
      // `gen/` is ignored from now on, but its file is in every checkpoint so far: status still
      // compares it, so the watch must still watch its folder.
      write(root, '.gitignore', 'gen/\n');
      assert.ok(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'post_step' }));
      await settled();
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      await settled();
      assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }), undefined);
      assert.ok(logger.entries.some((e) => /no change since, the folder watch says/.test(e.message)), 'the watch vouches again after its walk');
      writeFileSync(path.join(root, 'gen/out.txt'), 'generated again\n');
      const taken = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'post_step' });
      assert.ok(taken, 'the change of the tracked file in the ignored folder is taken');
    } finally {
      watches.stopAll();
      s.dispose();
    }
  });
});

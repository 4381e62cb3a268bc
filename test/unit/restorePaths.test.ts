import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceServices } from '../../src/composition';
import { CheckpointService } from '../../src/core/checkpointService';
import type { ServiceDeps } from '../../src/core/serviceDeps';
import { BusinessRuleViolation, IncompleteRestoreError, NotFoundError, UncapturedFilesError, ValidationError } from '../../src/core/errors';
import type { OperationJournal, SandboxSnapshotter } from '../../src/core/ports';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import { createUlidGenerator, systemClock } from '../../src/adapters/systemClock';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { services, write } from './helpers/sandboxFixtures';
import { RecordingLogger } from './helpers/storeFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

describe('restoring chosen paths from a checkpoint', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-restore-');
  const open: WorkspaceServices[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
  });
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  const read = (root: string, rel: string): string | undefined => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);

  /** A plan with one checkpoint of a.txt, b.txt, dir/c.txt, dir/d.txt ("one"), then every file changed to "two" and dir/new.txt added. */
  async function setup() {
    const root = workspaceWith(tempDir(), { '.gitignore': '*.log\n', 'a.txt': 'one', 'b.txt': 'one', 'dir/c.txt': 'one', 'dir/d.txt': 'one' });
    const s = services(root);
    open.push(s);
    const plan = await s.plans.createPlan({ title: 'restore' });
    const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'one' });
    workspaceWith(root, { 'a.txt': 'two', 'b.txt': 'two', 'dir/c.txt': 'two', 'dir/d.txt': 'two', 'dir/new.txt': 'new', 'dir/keep.log': 'ignored' });
    return { root, s, planId: plan.plan_id, checkpointId: checkpoint.checkpoint_id };
  }

  it('restores only the chosen files and folders (removing what the checkpoint lacks there), leaves the rest and ignored files, and undoes in one rollback', async () => {
    const { root, s, planId, checkpointId } = await setup();
    const preview = await s.checkpoints.previewRestorePaths(planId, checkpointId, ['a.txt', 'dir/']);
    assert.deepEqual(preview, [
      { path: 'a.txt', change: 'modified' },
      { path: 'dir/c.txt', change: 'modified' },
      { path: 'dir/d.txt', change: 'modified' },
      { path: 'dir/new.txt', change: 'deleted' },
    ]);
    const outcome = await s.checkpoints.restorePaths(planId, checkpointId, ['a.txt', './dir/', 'a.txt']);
    assert.deepEqual(outcome.result.changed_paths, preview);
    assert.equal(read(root, 'a.txt'), 'one');
    assert.equal(read(root, 'b.txt'), 'two', 'a path not chosen stays');
    assert.equal(read(root, 'dir/c.txt'), 'one');
    assert.equal(read(root, 'dir/new.txt'), undefined);
    assert.equal(read(root, 'dir/keep.log'), 'ignored', 'an ignored file inside a chosen folder is untouched');
    const safety = await s.checkpoints.getCheckpoint(planId, outcome.undo_checkpoint_id);
    assert.deepEqual(safety.metadata.extra, { rollback_to: checkpointId });
    await s.checkpoints.rollbackToCheckpoint(planId, outcome.undo_checkpoint_id);
    assert.deepEqual(['a.txt', 'b.txt', 'dir/c.txt', 'dir/new.txt', 'dir/keep.log'].map((p) => read(root, p)), ['two', 'two', 'two', 'new', 'ignored']);
  });

  it('refuses bad paths, and applies the rollback guards, before anything is written', async () => {
    const { root, s, planId, checkpointId } = await setup();
    for (const bad of [[], ['../x'], ['/etc/passwd'], ['.'], ['a\0b']]) {
      await assert.rejects(s.checkpoints.restorePaths(planId, checkpointId, bad), ValidationError, JSON.stringify(bad));
    }
    const other = await s.plans.createPlan({ title: 'other' });
    await assert.rejects(s.checkpoints.restorePaths(other.plan_id, checkpointId, ['a.txt']), (e: unknown) => e instanceof ValidationError && /belongs to plan/.test(e.message));
    await assert.rejects(s.checkpoints.restorePaths(planId, createUlidGenerator().next(), ['a.txt']), (e: unknown) => e instanceof NotFoundError && e.message === 'Not found: checkpoint');
    await s.plans.applyPlan(planId);
    await assert.rejects(s.checkpoints.restorePaths(planId, checkpointId, ['a.txt']), (e: unknown) => e instanceof BusinessRuleViolation && e.message === 'Rollback blocked: plan is already applied');
    assert.equal(read(root, 'a.txt'), 'two');
  });

  it('refuses to overwrite a file no snapshot captured in a chosen path, and keeps no safety checkpoint', async () => {
    const { root, s, planId, checkpointId } = await setup();
    // b.txt goes, is ignored from then on, and comes back: no snapshot holds it as it is now.
    unlinkSync(path.join(root, 'b.txt'));
    write(root, '.gitignore', '*.log\nb.txt\n');
    await s.checkpoints.createCheckpoint(planId);
    write(root, 'b.txt', 'precious');
    const before = (await s.checkpoints.listCheckpoints(planId)).length;
    await assert.rejects(s.checkpoints.restorePaths(planId, checkpointId, ['b.txt']), (e: unknown) => e instanceof UncapturedFilesError && /b\.txt/.test(e.message));
    await assert.rejects(s.checkpoints.previewRestorePaths(planId, checkpointId, ['b.txt']), UncapturedFilesError);
    assert.equal(read(root, 'b.txt'), 'precious');
    assert.equal((await s.checkpoints.listCheckpoints(planId)).length, before);
    // Other chosen paths are not refused because of it.
    await s.checkpoints.restorePaths(planId, checkpointId, ['a.txt']);
    assert.equal(read(root, 'a.txt'), 'one');
  });

  /** The engine of `s` with its journal or snapshotter changed, to stop a restore where a kill would. */
  function engineWith(root: string, s: WorkspaceServices, change: { journal?: (real: OperationJournal) => OperationJournal; snapshotter?: (real: SandboxSnapshotter) => SandboxSnapshotter }): CheckpointService {
    const journal = new FileOperationJournal(root);
    const deps: ServiceDeps = {
      store: s.store,
      snapshotter: change.snapshotter ? change.snapshotter(s.snapshotter) : s.snapshotter,
      workspace: s.workspace,
      journal: change.journal ? change.journal(journal) : journal,
      processInfo: { pid: 999_999_999, host: 'gone' },
      clock: systemClock,
      ids: createUlidGenerator(),
      logger: new RecordingLogger(),
    };
    return new CheckpointService(deps);
  }

  it('a restore stopped before its writes is journaled: "plan recover" finishes it (only the chosen paths), or --undo leaves the files as they were', async () => {
    for (const mode of ['finish', 'undo'] as const) {
      const { root, s, planId, checkpointId } = await setup();
      const engine = engineWith(root, s, {
        snapshotter: (real) =>
          Object.assign(Object.create(real) as SandboxSnapshotter, {
            prepareRestore: async (...args: Parameters<SandboxSnapshotter['prepareRestore']>) => ({
              ...(await real.prepareRestore(...args)),
              apply: () => Promise.reject(new IncompleteRestoreError('killed before the first write')),
            }),
          }),
      });
      await assert.rejects(engine.restorePaths(planId, checkpointId, ['a.txt', 'dir']), IncompleteRestoreError);
      const blocked = runCli(root, ['plan', 'rollback', '--yes', planId, checkpointId]);
      assert.equal(blocked.code, 1);
      assert.match(blocked.stderr, /interrupted rollback/);
      const recover = runCli(root, ['plan', 'recover', '--yes', ...(mode === 'undo' ? ['--undo'] : []), planId]);
      assert.equal(recover.code, 0, recover.stderr);
      const files = ['a.txt', 'b.txt', 'dir/c.txt', 'dir/new.txt', 'dir/keep.log'].map((p) => read(root, p));
      assert.deepEqual(files, mode === 'finish' ? ['one', 'two', 'one', undefined, 'ignored'] : ['two', 'two', 'two', 'new', 'ignored'], mode);
    }
  });

  it('agents plan restore: asks without --yes, prints the rollback envelope, and the printed undo works', async () => {
    const { root, s, planId, checkpointId } = await setup();
    s.dispose();
    const refused = runCli(root, ['plan', 'restore', planId, checkpointId, 'a.txt']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /Restore refused: confirmation needed; re-run with --yes/);
    assert.equal(read(root, 'a.txt'), 'two');
    const run = runCli(root, ['--format', 'json', 'plan', 'restore', '-y', planId, checkpointId, 'a.txt', 'dir/c.txt']);
    assert.equal(run.code, 0, run.stderr);
    const env = run.json<{ rollback_summary: { restored_files_count: number }; changes_reverted: string[]; post_rollback_state: { undo_checkpoint_id: string } }>();
    assert.deepEqual(env.changes_reverted, ['a.txt', 'dir/c.txt']);
    assert.equal(env.rollback_summary.restored_files_count, 2);
    assert.deepEqual([read(root, 'a.txt'), read(root, 'dir/c.txt'), read(root, 'dir/d.txt')], ['one', 'one', 'two']);
    assert.equal(runCli(root, ['plan', 'rollback', '--yes', planId, env.post_rollback_state.undo_checkpoint_id]).code, 0);
    assert.deepEqual([read(root, 'a.txt'), read(root, 'dir/c.txt')], ['two', 'two']);
    const usage = runCli(root, ['plan', 'restore', planId, checkpointId]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /needs <path>/);
  });
});

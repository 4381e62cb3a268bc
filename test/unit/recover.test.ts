import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { makeInterruptedRollback } from './helpers/interruptedRollback';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/**
 * `agents plan recover` on the state a kill in the middle of a rollback leaves (one file written,
 * one not, and the record of a process that is gone), made by hand so that every case is exact.
 */
describe('agents plan recover (the built CLI)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-recover-');

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  async function interruptedRollback(): Promise<{ root: string; planId: string; record: string }> {
    const root = tempDir();
    const s = services(root);
    try {
      return { root, ...(await makeInterruptedRollback(root, s, { halfWritten: 'tw' })) }; // b.txt was being written when it was killed
    } finally {
      s.dispose();
    }
  }


  it('plan show names the interrupted operation; writes are refused and say how to recover', async () => {
    const { root, planId } = await interruptedRollback();
    const show = runCli(root, ['plan', 'show', planId]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /INTERRUPTED: a rollback to \w+ \(undo checkpoint \w+\) started .* by process \d+/);
    const json = runCli(root, ['--format', 'json', 'plan', 'show', planId]).json<{ interrupted_operation: { type: string; process: { pid: number } } }>();
    assert.equal(json.interrupted_operation.type, 'rollback');
    for (const args of [['plan', 'checkpoint', planId], ['plan', 'diff', planId, readCheckpointIds(root, planId)[0]!]]) {
      const refused = runCli(root, ['--format', 'json', ...args]);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.json<{ error: { message: string } }>().error.message, /blocked: plan \w+ has an interrupted rollback .*agents plan recover/);
    }
    assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'tw', 'nothing was touched');
  });

  it('finishes (default): the files become the target, the half-written one is kept aside', async () => {
    const { root, planId, record } = await interruptedRollback();
    const run = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const recovered = run.json<{ recovered: { mode: string; kept: string[]; kept_in: string } }>().recovered;
    assert.equal(recovered.mode, 'finish');
    assert.deepEqual(recovered.kept, ['b.txt']);
    assert.equal(readFileSync(path.join(recovered.kept_in, 'b.txt'), 'utf8'), 'tw', 'the half-written content is kept, not deleted');
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'one\n');
    assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'one\n');
    assert.ok(!existsSync(record));
    assert.equal(runCli(root, ['--format', 'json', 'plan', 'checkpoint', planId]).code, 0, 'the plan takes writes again');
  });

  it('--undo puts the files back as they were before the operation', async () => {
    const { root, planId, record } = await interruptedRollback();
    const run = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', '--undo', planId]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'two\n');
    assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'two\n');
    assert.ok(!existsSync(record));
    const again = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
    assert.match(again.json<{ error: { message: string } }>().error.message, /has no interrupted operation/);
  });

  /** An isolated plan's apply killed after its write, before the plan was marked applied. */
  async function interruptedApply(): Promise<{ root: string; planId: string }> {
    const root = tempDir();
    write(root, 'src/app.ts', 'v1\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'apply', isolated: true });
      write(path.join(root, plan.sandbox_path), 'src/app.ts', 'v2\n');
      await s.plans.applyPlan(plan.plan_id);
      // As if the process died after writing the workspace, before marking the plan: back to draft, record left.
      await s.store.write((uow) => uow.plans.update({ ...uow.plans.get(plan.plan_id)!, state: 'draft' }));
      const ref = (name: string) => execFileSync('git', ['--git-dir', path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'), 'rev-parse', `refs/checkpoints/${plan.plan_id}/${name}`], { encoding: 'utf8' }).trim();
      await new FileOperationJournal(root).begin({
        type: 'apply',
        plan_id: plan.plan_id,
        target_checkpoint_id: null,
        undo_checkpoint_id: null,
        sandbox_key: 'workspace',
        from_ref: ref('before-apply'),
        to_ref: ref('applied'),
        started_at: new Date().toISOString(),
        pid: 999_999_999,
        host: 'another-host',
      });
      return { root, planId: plan.plan_id };
    } finally {
      s.dispose();
    }
  }

  it('finishes an apply killed after its write: the plan is marked applied', async () => {
    const { root, planId } = await interruptedApply();
    const run = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(runCli(root, ['--format', 'json', 'plan', 'show', planId]).json<{ plan: { state: string } }>().plan.state, 'applied');
    assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'v2\n');
  });

  it('an interrupted apply also holds the plans that work in place and every other apply, until it is recovered', async () => {
    const { root, planId } = await interruptedApply();
    const s = services(root);
    try {
      const inPlace = await s.plans.createPlan({ title: 'in place', sandbox: 'src' });
      const isolated = await s.plans.createPlan({ title: 'isolated', isolated: true });
      const held = new RegExp(`Checkpoint blocked: plan ${planId} has an interrupted apply .*agents plan recover ${planId}`);
      await assert.rejects(s.checkpoints.createCheckpoint(inPlace.plan_id), held);
      // an isolated sandbox is not the workspace: it may take checkpoints, but not apply over the half-written files
      await s.checkpoints.createCheckpoint(isolated.plan_id);
      await assert.rejects(s.plans.applyPlan(isolated.plan_id), new RegExp(`Apply blocked: plan ${planId} has an interrupted apply`));
    } finally {
      s.dispose();
    }
    assert.equal(runCli(root, ['plan', 'recover', '--yes', planId]).code, 0);
    const after = services(root);
    try {
      const inPlace = (await after.plans.listPlans()).find((p) => p.title === 'in place');
      assert.ok(await after.checkpoints.createCheckpoint(inPlace!.plan_id));
    } finally {
      after.dispose();
    }
  });

  function readCheckpointIds(root: string, planId: string): string[] {
    return readdirSync(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git', 'refs', 'checkpoints', planId)).sort();
  }
});

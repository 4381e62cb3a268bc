import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { reportGitProgress } from '../../src/adapters/shadowStore/gitOutput';
import type { RestoreStep } from '../../src/core/restoreService';
import { OperationCancelled } from '../../src/core/errors';
import { hashTree, services, write, planWithChangedFiles } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Long restores (issue 25, item 7): they say how far they got, and a cancel stops them only before
// their first write (nothing changed); after that they finish, and Undo Rollback takes them back.

describe('restore progress and cancel', () => {
  const tempDir = useTempDirs();

  const planWithChanges = (files: number) => planWithChangedFiles(tempDir(), files);

  it('a rollback says it saves the files first, then how many of how many files it wrote', async () => {
    const { root, s, plan, checkpoint } = await planWithChanges(300);
    const steps: RestoreStep[] = [];
    const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id, undefined, { progress: (step) => steps.push(step), cancelled: () => false });
    assert.equal(outcome.result.restored_files_count, 300);
    assert.deepEqual(steps[0], { phase: 'safety' });
    assert.deepEqual(steps[1], { phase: 'writing', written: 0, total: 300 });
    assert.deepEqual(steps.at(-1), { phase: 'writing', written: 300, total: 300 });
    for (const step of steps.slice(1)) assert.ok(step.phase === 'writing' && step.written <= step.total);
    assert.equal(readFileSync(path.join(root, 'many/file7.txt'), 'utf8'), 'v1 7\n');
    s.dispose();
  });

  it('cancelled before the first write: nothing changes, no safety checkpoint stays, nothing is left recorded', async () => {
    const { root, s, plan, checkpoint } = await planWithChanges(50);
    const before = hashTree(root);
    const listed = (await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id);
    await assert.rejects(
      s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id, undefined, { cancelled: () => true }),
      (e: Error) => e instanceof OperationCancelled && e.message === 'Rollback cancelled before any file was written: nothing was changed.',
    );
    assert.deepEqual(hashTree(root), before);
    assert.deepEqual((await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id), listed);
    assert.equal(await s.recovery.interrupted(plan.plan_id), undefined);
    // A restore of paths the same way.
    await assert.rejects(s.checkpoints.restorePaths(plan.plan_id, checkpoint.checkpoint_id, ['many/file1.txt'], undefined, { cancelled: () => true }), /^OperationCancelled: Restore cancelled before any file was written/);
    assert.deepEqual(hashTree(root), before);
    s.dispose();
  });

  it('Revert Decision and Undo Correction: counted, and cancelled before the first write with nothing changed', async () => {
    const root = tempDir();
    for (let i = 0; i < 40; i++) write(root, `many/file${i}.txt`, `v1 ${i}\n`);
    const s = services(root);
    const plan = await s.plans.createPlan({ title: 'big' });
    const d = await s.corrections.recordDecision(plan.plan_id, { title: 'Rewrite' });
    await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: d.decision_id });
    for (let i = 0; i < 40; i++) write(root, `many/file${i}.txt`, `v2 ${i}\n`);
    await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: d.decision_id });
    const before = hashTree(root);
    const listed = async () => (await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id);
    const checkpoints = await listed();
    await assert.rejects(
      s.corrections.executeRevert(plan.plan_id, d.decision_id, 'rollback', { cancelled: () => true, operation: 'Revert' }),
      (e: Error) => e instanceof OperationCancelled && e.message === 'Revert cancelled before any file was written: nothing was changed.',
    );
    assert.deepEqual(hashTree(root), before);
    assert.deepEqual(await listed(), checkpoints);
    assert.deepEqual(await s.corrections.listCorrections(plan.plan_id), []);
    assert.equal((await s.corrections.listDecisions(plan.plan_id))[0]!.decision.state, 'active');

    const steps: RestoreStep[] = [];
    const { correction } = await s.corrections.executeRevert(plan.plan_id, d.decision_id, 'rollback', { progress: (step) => steps.push(step) });
    assert.deepEqual(steps.at(-1), { phase: 'writing', written: 40, total: 40 });
    const reverted = hashTree(root);
    const afterRevert = await listed();
    await assert.rejects(s.corrections.undoCorrection(plan.plan_id, correction.correction_id, { cancelled: () => true, operation: 'Undo Correction' }), /^OperationCancelled: Undo Correction cancelled before any file was written/);
    assert.deepEqual(hashTree(root), reverted);
    assert.deepEqual(await listed(), afterRevert);
    assert.equal((await s.corrections.listDecisions(plan.plan_id))[0]!.decision.state, 'reverted');
    await s.corrections.undoCorrection(plan.plan_id, correction.correction_id);
    assert.deepEqual(hashTree(root), before);
    s.dispose();
  });

  it('reads git’s progress lines ("Updating files:  60% (12000/20000)")', () => {
    const heard: [number, number][] = [];
    reportGitProgress('Updating files:  59% (11800/20000)\rUpdating files:  60% (12000/20000)\r', (a, b) => heard.push([a, b]));
    reportGitProgress('warning: something else\n', (a, b) => heard.push([a, b]));
    reportGitProgress('(9/3)', (a, b) => heard.push([a, b]));
    assert.deepEqual(heard, [[12000, 20000]]);
  });
});

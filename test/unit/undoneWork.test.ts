import * as assert from 'node:assert/strict';
import type { WorkspaceServices } from '../../src/composition';
import type { Decision } from '../../src/core/decision';
import { pathInOtherSandbox, sandboxesOverlap } from '../../src/core/sandboxOverlap';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

describe('Whose work a rollback undoes', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-undone-');
  const open: WorkspaceServices[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
  });

  function start() {
    const root = workspaceWith(tempDir(), { 'src/todo.js': 'todo', 'test/todo.test.js': 'test', 'README.md': 'readme', 'docs/guide.md': 'guide' });
    const s = services(root);
    open.push(s);
    return { root, s };
  }

  it('sandboxes overlap when they are the same folder or one holds the other; paths map between them', () => {
    assert.equal(sandboxesOverlap('.', 'src'), true);
    assert.equal(sandboxesOverlap('src', 'src'), true);
    assert.equal(sandboxesOverlap('src/lib', 'src'), true);
    assert.equal(sandboxesOverlap('src', 'srcx'), false);
    assert.equal(sandboxesOverlap('docs', 'src'), false);
    assert.equal(pathInOtherSandbox('todo.js', 'src', '.'), 'src/todo.js');
    assert.equal(pathInOtherSandbox('src/todo.js', '.', 'src'), 'todo.js');
    assert.equal(pathInOtherSandbox('README.md', '.', 'src'), undefined);
  });

  it('a rollback of one plan names the other plan over the same folder (and one inside it) with the files of theirs it would restore, not an unrelated one', async () => {
    const { root, s } = start();
    const dues = await s.plans.createPlan({ title: 'Add due dates' });
    const tidy = await s.plans.createPlan({ title: 'Tidy the tests' });
    const inner = await s.plans.createPlan({ title: 'Polish the module', sandbox: 'src' });
    const docs = await s.plans.createPlan({ title: 'Write docs', sandbox: 'docs' });
    for (const p of [tidy, inner, docs]) await s.checkpoints.createCheckpoint(p.plan_id);
    const target = (await s.checkpoints.createCheckpoint(dues.plan_id, { reason: 'before due module' })).checkpoint;
    write(root, 'src/due.js', 'due');
    await s.checkpoints.createCheckpoint(dues.plan_id);
    write(root, 'test/todo.test.js', 'tidied');
    await s.checkpoints.createCheckpoint(tidy.plan_id);
    write(root, 'src/todo.js', 'polished');
    await s.checkpoints.createCheckpoint(inner.plan_id);
    write(root, 'docs/guide.md', 'more guide');
    await s.checkpoints.createCheckpoint(docs.plan_id);

    const changes = (await s.checkpoints.previewRollback(dues.plan_id, target.checkpoint_id)).filter((c) => c.path !== 'docs/guide.md');
    const undone = await s.checkpoints.undoneWork(dues.plan_id, target.checkpoint_id, changes);
    assert.deepEqual(
      undone.map((u) => [u.title, u.decision_id, u.paths]),
      [
        ['Tidy the tests', null, ['test/todo.test.js']],
        ['Polish the module', null, ['src/todo.js']],
      ],
      'the plan’s own new file src/due.js is nobody else’s work; docs/guide.md is not in these changes',
    );
    // Seen from the inner plan, the outer plans' later work is in its own coordinates.
    const innerTarget = (await s.checkpoints.listCheckpoints(inner.plan_id))[0]!;
    const innerChanges = await s.checkpoints.previewRollback(inner.plan_id, innerTarget.checkpoint_id);
    assert.deepEqual(innerChanges.map((c) => `${c.change} ${c.path}`), ['deleted due.js', 'modified todo.js']);
    const fromInner = await s.checkpoints.undoneWork(inner.plan_id, innerTarget.checkpoint_id, innerChanges);
    assert.deepEqual(fromInner.map((u) => [u.title, u.paths]), [['Add due dates', ['due.js']]]);
  });

  it('nothing is named when no other work came after the target', async () => {
    const { root, s } = start();
    const tidy = await s.plans.createPlan({ title: 'Tidy the tests' });
    write(root, 'test/todo.test.js', 'tidied');
    await s.checkpoints.createCheckpoint(tidy.plan_id);
    const dues = await s.plans.createPlan({ title: 'Add due dates' });
    const target = (await s.checkpoints.createCheckpoint(dues.plan_id)).checkpoint;
    write(root, 'src/due.js', 'due');
    const changes = await s.checkpoints.previewRollback(dues.plan_id, target.checkpoint_id);
    assert.deepEqual(await s.checkpoints.undoneWork(dues.plan_id, target.checkpoint_id, changes), []);
  });

  describe('decisions', () => {
    async function decide(s: WorkspaceServices, planId: string, title: string, dependsOn: string[], edit: () => void): Promise<Decision> {
      const d = await s.corrections.recordDecision(planId, { title, dependsOn });
      await s.checkpoints.createCheckpoint(planId, { type: 'pre_write', decisionId: d.decision_id });
      edit();
      await s.checkpoints.createCheckpoint(planId, { type: 'post_step', decisionId: d.decision_id });
      return d;
    }

    it('a correction in the reference’s mode names the independent decision whose later change it undoes, not the ones it reverts; keep-independent names none', async () => {
      const { root, s } = start();
      const p = (await s.plans.createPlan({ title: 'flow' })).plan_id;
      const A = await decide(s, p, 'A', [], () => write(root, 'src/todo.js', 'A'));
      await decide(s, p, 'B', [A.decision_id], () => write(root, 'src/b.js', 'B'));
      const C = await decide(s, p, 'C', [], () => write(root, 'README.md', 'C'));
      const impact = await s.corrections.analyzeImpact(p, A.decision_id);
      assert.deepEqual(impact.undoes_work_of.map((u) => [u.decision_id, u.title, u.paths]), [[C.decision_id, 'C', ['README.md']]]);
      const selective = await s.corrections.analyzeImpact(p, A.decision_id, 'keep_independent');
      assert.deepEqual(selective.undoes_work_of, []);
      // After the correction, C stays active but is marked: its work was undone. Undoing the correction clears the mark.
      const outcome = await s.corrections.executeRevert(p, A.decision_id);
      const listed = async () => (await s.corrections.listDecisions(p)).map((d) => [d.decision.title, d.decision.state, d.decision.affected_by]);
      assert.deepEqual(await listed(), [['A', 'reverted', null], ['B', 'reverted', null], ['C', 'active', outcome.correction.correction_id]]);
      await s.corrections.undoCorrection(p, outcome.correction.correction_id);
      assert.deepEqual(await listed(), [['A', 'active', null], ['B', 'active', null], ['C', 'active', null]]);
      // A plain rollback to the same checkpoint reverts no decision: all three are named.
      const plain = await s.checkpoints.undoneWork(p, impact.target_checkpoint!.checkpoint_id, impact.changes);
      assert.deepEqual(plain.map((u) => u.title), ['A', 'B', 'C']);
    });

    it('another plan over the same folder is named in a correction’s preview', async () => {
      const { root, s } = start();
      const p = (await s.plans.createPlan({ title: 'flow' })).plan_id;
      const tidy = await s.plans.createPlan({ title: 'Tidy the tests' });
      await s.checkpoints.createCheckpoint(tidy.plan_id);
      const A = await decide(s, p, 'A', [], () => write(root, 'src/todo.js', 'A'));
      write(root, 'test/todo.test.js', 'tidied');
      await s.checkpoints.createCheckpoint(tidy.plan_id);
      await s.checkpoints.createCheckpoint(p, { type: 'post_step', decisionId: A.decision_id });
      const impact = await s.corrections.analyzeImpact(p, A.decision_id);
      assert.deepEqual(impact.undoes_work_of.map((u) => [u.plan_id, u.title, u.paths]), [[tidy.plan_id, 'Tidy the tests', ['test/todo.test.js']]]);
    });
  });
});

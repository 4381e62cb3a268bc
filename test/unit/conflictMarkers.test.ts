import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceServices } from '../../src/composition';
import { AgentOnlyConflictError } from '../../src/core/agentOnlyRollback';
import { ShortIds, workspaceIds } from '../../src/core/shortIds';
import { hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

// The three-way merge of Keep Mine writing conflict markers when asked (the `markers` policy), on
// real files through the services: which side is which, a later clean merge into a marked file,
// no markers nested in markers, and the undo.

const numbered = (n: number, edit: Record<number, string> = {}): string =>
  Array.from({ length: n }, (_, i) => `${edit[i + 1] ?? `${i + 1}`}\n`).join('');

describe('Keep Mine with conflict markers (the markers policy)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-conflict-markers-');
  const open: WorkspaceServices[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
  });

  async function setup(files: Record<string, string>) {
    const root = workspaceWith(tempDir(), files);
    const s = services(root);
    open.push(s);
    const plan = await s.plans.createPlan({ title: 'markers' });
    const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'C' });
    /** One tool call of the agent; returns its post_step's id. */
    const tool = async (writes: () => void): Promise<string> => {
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', sourceTool: 'Edit' });
      writes();
      return (await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit' })).checkpoint.checkpoint_id;
    };
    return { root, s, planId: plan.plan_id, c: checkpoint.checkpoint_id, tool };
  }

  it('marks the newer call’s conflicting line and still takes the older call’s line out cleanly; the undo gives the file back byte for byte', async () => {
    const { root, s, planId, c, tool } = await setup({ 'a.txt': numbered(10) });
    await tool(() => write(root, 'a.txt', numbered(10, { 2: 'agent 2' })));
    write(root, 'a.txt', numbered(10, { 2: 'agent 2', 9: 'mine 9' }));
    const two = await tool(() => write(root, 'a.txt', numbered(10, { 2: 'agent 2', 5: 'agent 5', 9: 'mine 9' })));
    write(root, 'a.txt', numbered(10, { 2: 'agent 2', 5: 'mine 5', 9: 'mine 9' }));
    const before = hashTree(root);

    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c, 'session', undefined, 'markers');
    assert.deepEqual(preview.summary.conflicts, []);
    assert.deepEqual(preview.summary.conflict_markers, ['a.txt']);
    assert.deepEqual(preview.summary.merged, [], 'a marked path is not listed as merged');
    assert.deepEqual(hashTree(root), before, 'the preview writes nothing');

    const outcome = await s.checkpoints.rollbackAgentOnly(planId, c, undefined, 'session', undefined, 'markers');
    assert.deepEqual(outcome.agent_only?.conflict_markers, ['a.txt']);
    const short = new ShortIds(await workspaceIds(s)).of(two);
    assert.equal(
      readFileSync(path.join(root, 'a.txt'), 'utf8'),
      '1\n2\n3\n4\n<<<<<<< current (yours and later calls)\nmine 5\n=======\n5\n' + `>>>>>>> without the agent's change (tool call ${short})\n6\n7\n8\nmine 9\n10\n`,
      'line 2 taken out (the older call merged cleanly into the marked file), line 5 marked, line 9 the user’s',
    );
    await s.checkpoints.rollbackToCheckpoint(planId, outcome.undo_checkpoint_id);
    assert.deepEqual(hashTree(root), before);
  });

  it('puts no markers inside markers: a second conflict in a marked path refuses it, and nothing is written', async () => {
    const { root, s, planId, c, tool } = await setup({ 'a.txt': numbered(6) });
    await tool(() => write(root, 'a.txt', numbered(6, { 3: 'agent 3' })));
    write(root, 'a.txt', numbered(6, { 3: 'mine 3' }));
    await tool(() => write(root, 'a.txt', numbered(6, { 3: 'agent again 3' })));
    write(root, 'a.txt', numbered(6, { 3: 'mine again 3' }));
    const before = hashTree(root);
    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c, 'session', undefined, 'markers');
    assert.deepEqual(preview.summary.conflicts, [{ path: 'a.txt', reason: 'lines' }]);
    assert.deepEqual(preview.summary.conflict_markers, []);
    await assert.rejects(s.checkpoints.rollbackAgentOnly(planId, c, undefined, 'session', undefined, 'markers'), AgentOnlyConflictError);
    assert.deepEqual(hashTree(root), before);
    // Narrowed to the newer call, the same path takes markers.
    const list = await s.checkpoints.listCheckpoints(planId);
    const newerPre = list.filter((x) => x.checkpoint_type === 'pre_write').at(-1)!;
    const outcome = await s.checkpoints.rollbackAgentOnly(planId, newerPre.checkpoint_id, undefined, 'tool_call', undefined, 'markers');
    assert.deepEqual(outcome.agent_only?.conflict_markers, ['a.txt']);
    assert.match(readFileSync(path.join(root, 'a.txt'), 'utf8'), /^1\n2\n<<<<<<< current \(yours and later calls\)\nmine again 3\n=======\nmine 3\n>>>>>>> without the agent's change \(tool call \w{4,}\)\n4\n5\n6\n$/);
  });
});

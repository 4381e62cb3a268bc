import * as assert from 'node:assert/strict';
import type { WorkspaceServices } from '../../src/composition';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

describe('Safety checkpoints get flat, numbered names', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-safety-names-');
  const open: WorkspaceServices[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
  });

  it('rollback, its undo, the undo’s undo and a restore: numbered, never a quoted name inside a quoted name', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a' });
    const s = services(root);
    open.push(s);
    const p = (await s.plans.createPlan({ title: 'names' })).plan_id;
    const target = (await s.checkpoints.createCheckpoint(p, { reason: 'before due module' })).checkpoint;
    write(root, 'a.txt', 'due');
    const first = await s.checkpoints.rollbackToCheckpoint(p, target.checkpoint_id);
    const undo = await s.checkpoints.rollbackToCheckpoint(p, first.undo_checkpoint_id);
    const redo = await s.checkpoints.rollbackToCheckpoint(p, undo.undo_checkpoint_id);
    const restore = await s.checkpoints.restorePaths(p, first.undo_checkpoint_id, ['a.txt']);
    const reason = async (id: string) => (await s.checkpoints.getCheckpoint(p, id)).metadata.reason;
    assert.equal(await reason(first.undo_checkpoint_id), 'Before rollback #1 (to “before due module”)');
    assert.equal(await reason(undo.undo_checkpoint_id), 'Before rollback #2 (undoing rollback #1)');
    assert.equal(await reason(redo.undo_checkpoint_id), 'Before rollback #3 (undoing rollback #2)');
    assert.equal(await reason(restore.undo_checkpoint_id), 'Before restore #4 of a.txt (from before rollback #1)');
  });
});

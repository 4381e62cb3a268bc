import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { BusinessRuleViolation } from '../../src/core/errors';
import { recordFetchedOrigins } from '../../src/remote/fetchedOrigins';
import { git, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// A plan fetched from a remote is read-only in this workspace (issue 38): its rows belong to the
// machine that recorded it. The CLI refused changes to it before asking anything, but the
// extension's palette, the agent API, MCP and the language model tools reach the services
// directly: the services themselves refuse, whatever the front door. Its checkpoints can still be
// listed, compared and rolled back to (the rollback's safety checkpoint is the restore's own).

const DB = path.join('.cleveragents', 'cleveragents.db');

describe('a fetched plan is read-only in the services, for every front door', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-fetched-ro-');

  it('refuses every change of the plan and changes nothing; lists, diffs and rollbacks still work', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'one\n');
    git(root, 'init', '-q');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'from the other machine', sandbox: '.' });
      await s.plans.setState(plan.plan_id, 'executing');
      const decision = await s.corrections.recordDecision(plan.plan_id, { title: 'change a' });
      const first = (await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: decision.decision_id })).checkpoint;
      write(root, 'a.txt', 'two\n');
      const second = (await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: decision.decision_id })).checkpoint;
      recordFetchedOrigins(root, new Map([[plan.plan_id, { origin: { workspace_id: plan.plan_id, machine: 'laptop', user: 'alice', agent: 'claude-code' }, remote: 'origin', fetched_at: new Date().toISOString() }]]));
      const db = readFileSync(path.join(root, DB));

      const refusals: [string, () => Promise<unknown>][] = [
        ['createCheckpoint', () => s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'mine' })],
        ['createCheckpointIfChanged', () => s.checkpoints.createCheckpointIfChanged(plan.plan_id)],
        ['deleteCheckpoint', () => s.checkpoints.deleteCheckpoint(plan.plan_id, first.checkpoint_id)],
        ['restorePaths', () => s.checkpoints.restorePaths(plan.plan_id, first.checkpoint_id, ['a.txt'])],
        ['setState', () => s.plans.setState(plan.plan_id, 'completed')],
        ['setRetentionPolicy', () => s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 5 })],
        ['applyPlan', () => s.plans.applyPlan(plan.plan_id)],
        ['cleanupPlan', () => s.plans.cleanupPlan(plan.plan_id)],
        ['retitleIf', () => s.plans.retitleIf(plan.plan_id, plan.title, 'another title')],
        ['recordDecision', () => s.corrections.recordDecision(plan.plan_id, { title: 'mine' })],
        ['executeRevert', () => s.corrections.executeRevert(plan.plan_id, decision.decision_id)],
      ];
      for (const [name, call] of refusals) {
        await assert.rejects(call(), (e: unknown) => {
          assert.ok(e instanceof BusinessRuleViolation, `${name}: ${String(e)}`);
          assert.match(e.message, new RegExp(`^Refused: plan ${plan.plan_id} was fetched from origin \\(alice@laptop, claude-code\\) and is read-only here; .+ would change it\\.`), name);
          return true;
        });
      }
      assert.ok(readFileSync(path.join(root, DB)).equals(db), 'the database is byte for byte as it was');
      assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'two\n');

      assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 2);
      assert.deepEqual((await s.checkpoints.diff(plan.plan_id, first.checkpoint_id, second.checkpoint_id)).map((c) => c.path), ['a.txt']);
      const rolled = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, first.checkpoint_id);
      assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'one\n', 'a rollback restores its files into this workspace');
      await s.checkpoints.rollbackToCheckpoint(plan.plan_id, rolled.undo_checkpoint_id);
      assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'two\n', 'and its undo puts them back');
    } finally {
      s.dispose();
    }
  });
});

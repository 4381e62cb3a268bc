import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { keepAttributionOf, type AttributionKeeping } from '../../src/extension/agentChanges/attributionKeeping';
import { assertFirstBlameReadsKept, history, keptFiles, services, step } from './helpers/keptAttributionFixtures';
import { useTempDirs } from './helpers/tempDir';

// The extension keeps the line attribution of the checkpoints it records itself
// (src/extension/agentChanges/attributionKeeping.ts over src/core/provenance/blameKeeper.ts): after
// a stretch of the folder's store left alone, never during a checkpoint or rollback of this
// process, not at all when nothing was recorded, and nothing more once the folder's services go.
// Real services (sql.js, git) record the checkpoints, as the extension's commands do; the order of
// events is asserted, never a duration.

/** Short enough for a test. */
const QUIET_MS = 40;
/** Long enough that a history's checkpoints, one after the other, come within it on a busy machine: the first pass comes after the last. */
const QUIET_AFTER_HISTORY_MS = 1500;

describe('the extension keeping the line attribution of what it records (keepAttributionOf)', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-ext-keeping-');

  it('after checkpoints it records, keeps the changed paths up to the last one: a first blame then compares nothing', async () => {
    const root = tempDir();
    const s = services(root);
    const logged: string[] = [];
    const keeping = keepAttributionOf(s, { quietMs: QUIET_MS, log: (m) => logged.push(m) });
    try {
      await history(s, root, 12);
      await keeping.settled();
      assert.deepEqual(keptFiles(root).map((k) => k.covers).sort((a, b) => a - b), [13, 13], 'f.txt and g.txt, each up to the last checkpoint (the one after the first made since it started)');
      await assertFirstBlameReadsKept(root, 'f.txt');
      assert.deepEqual(logged, []);
    } finally {
      keeping.dispose();
      s.dispose();
    }
  });

  it('nothing recorded, nothing done: reads, a checkpoint with no change, and the plans of before it started cost no pass', async () => {
    const root = tempDir();
    const s = services(root);
    // A plan of before (the resident process's, or an earlier window's): not this keeper's to work out.
    const oldPlan = await history(s, root, 6);
    const events: string[] = [];
    let keeping: AttributionKeeping | undefined;
    try {
      // Made before the keeper started, a second apart at least (checkpoint times may be seconds only).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      keeping = keepAttributionOf(s, { quietMs: QUIET_MS, events: { onPass: () => events.push('pass'), onStep: (e) => events.push(`step ${e.planId === oldPlan ? 'old' : 'new'} ${e.rel}@${e.at}`) } });
      await s.provenance.blame('f.txt');
      await s.checkpoints.listCheckpoints(oldPlan);
      // Under the store's lock, but nothing changed: no row written.
      assert.equal(await s.checkpoints.createCheckpointIfChanged(oldPlan, { type: 'post_step', sourceTool: 'Edit' }), undefined);
      await keeping.settled();
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS * 5));
      await keeping.settled();
      assert.equal(events.join(', '), '', 'no pass at all');
      // A checkpoint of another plan, recorded now: its path is kept, the old plan's are not.
      const plan = await s.plans.createPlan({ title: 'new' });
      writeFileSync(path.join(root, 'h.txt'), 'h\n');
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'first' });
      writeFileSync(path.join(root, 'h.txt'), 'h\nh again\n');
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'copilot', tool_use_id: 'h' } });
      await keeping.settled();
      assert.ok(events.includes('pass'), events.join(', '));
      assert.deepEqual(events.filter((e) => e.startsWith('step')), ['step new h.txt@0', 'step new h.txt@1'], events.join(', '));
    } finally {
      keeping?.dispose();
      s.dispose();
    }
  });

  it('a checkpoint recorded while it works: no step while it is under way, then it goes on up to the new one', async () => {
    const root = tempDir();
    const s = services(root);
    const events: string[] = [];
    let recording: Promise<unknown> | undefined;
    let planId = '';
    // A checkpoint under way when a step ended: the keeper asks before the next one, which must not come.
    let busyAtLastStep = false;
    let stepsAfterHistory = 0;
    const keeping = keepAttributionOf(s, {
      quietMs: QUIET_AFTER_HISTORY_MS,
      events: {
        onStopped: () => {
          events.push('stopped');
          busyAtLastStep = false;
        },
        onStep: (e) => {
          if (e.rel !== 'f.txt') return;
          events.push(busyAtLastStep ? `step ${e.at} during the checkpoint` : `step ${e.at}`);
          busyAtLastStep = s.sections.busy();
          // The user saves again (an automatic checkpoint) while the keeper works through a long history.
          if (planId !== '') stepsAfterHistory += 1;
          if (recording === undefined && stepsAfterHistory === 3) {
            recording = step(s, root, planId, 31, ['thirty-one']).then(() => events.push('recorded'));
          }
        },
      },
    });
    try {
      // The keeper's first pass comes after the last of them: the newest's f.txt, from the first version on.
      planId = await history(s, root, 30);
      await keeping.settled();
      await recording;
      await keeping.settled();
      assert.equal(events.filter((e) => e.includes('during')).join(', '), '', `no step during the checkpoint: ${events.join(', ')}`);
      assert.ok(events.includes('stopped'), `it gave way: ${events.join(', ')}`);
      const recorded = events.indexOf('recorded');
      assert.ok(recorded > 0 && events.slice(recorded + 1).includes('step 31'), `it went on after it, up to the new one: ${events.join(', ')}`);
      assert.deepEqual(keptFiles(root).filter((k) => k.key.includes('\nf.txt\n')).map((k) => k.covers), [32]);
      await assertFirstBlameReadsKept(root, 'f.txt');
    } finally {
      keeping.dispose();
      s.dispose();
    }
  });

  it('the folder’s services disposed in the middle of a pass: the step under way is the last, nothing is said, and it settles', async () => {
    const root = tempDir();
    const s = services(root);
    const events: string[] = [];
    const logged: string[] = [];
    let keeping: AttributionKeeping | undefined;
    keeping = keepAttributionOf(s, {
      quietMs: QUIET_AFTER_HISTORY_MS,
      log: (m) => logged.push(m),
      events: {
        onStep: (e) => {
          events.push(`step ${e.rel}@${e.at}`);
          // The folder goes (removed from the workspace, or another database set), as FolderServices does it.
          if (events.length === 3) {
            keeping?.dispose();
            s.dispose();
            events.push('disposed');
          }
        },
      },
    });
    try {
      await history(s, root, 20).catch(() => undefined);
      await keeping.settled();
      // Turns of the event loop and the store's and git's round trips a step more would take.
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS * 5));
      await keeping.settled();
      assert.equal(events.at(-1), 'disposed', `no step after: ${events.join(', ')}`);
      assert.deepEqual(logged, [], 'nothing to say: the services went on purpose');
    } finally {
      keeping.dispose();
      keeping = undefined;
      s.dispose();
    }
  });
});

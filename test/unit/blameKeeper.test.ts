import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { BlameKeeper } from '../../src/core/provenance/blameKeeper';
import { assertFirstBlameReadsKept, fresh, history, keptFiles, next, services, step } from './helpers/keptAttributionFixtures';
import { WarmServices } from '../../src/daemon/warmServices';
import { RequestActivity } from '../../src/daemon/requestActivity';
import { NO_DAEMON, agents, event, hook, json, killAll, newWorkspace, running, until } from './helpers/residentProcessFixtures';
import { ensureCliBuilt } from './helpers/cliHarness';
import { write } from './helpers/sandboxFixtures';
import { RecordingLogger, SQL_WASM_DIR } from './helpers/storeFixtures';
import { useTempDirs } from './helpers/tempDir';

// The resident process keeps line attribution up to date as checkpoints are taken
// (src/core/provenance/blameKeeper.ts, src/core/provenance/keptAttribution.ts): after the request, never
// while one is under way, one version per step, giving way between two steps, and a first
// `agents blame` then reads what was kept. Real services on real git repositories, and the real
// resident process served real hooks; the order of events is asserted, never a duration.

describe('keeping line attribution up to date as checkpoints are taken (BlameKeeper)', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-blame-keeper-');

  it('after each checkpoint, brings the changed paths up to it one version at a time; a first blame then compares nothing', async () => {
    const root = tempDir();
    const s = services(root);
    const activity = new RequestActivity();
    const steps: string[] = [];
    const keeper = new BlameKeeper({ activity, onStep: (e) => steps.push(`${e.rel}@${e.at}`) });
    try {
      // The keeper is told after each checkpoint, as the resident process tells it after each request.
      await history(s, root, 12, () => keeper.note(s));
      await keeper.settled();
      // f.txt changed at every checkpoint: each kept once, in order, each from the one before.
      const f = steps.filter((x) => x.startsWith('f.txt@')).map((x) => Number(x.slice(6)));
      assert.deepEqual(f, Array.from({ length: 13 - f[0]! }, (_, i) => f[0]! + i), `f.txt's steps: ${f.join(', ')}`);
      const kept = keptFiles(root);
      assert.deepEqual(kept.map((k) => k.covers).sort((a, b) => a - b), [13, 13], 'one file per path (f.txt, g.txt), each up to the last checkpoint: the steps before were replaced');
      await assertFirstBlameReadsKept(root, 'f.txt');
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('a path left alone by many checkpoints since it was kept: a first blame still reads only what is kept (at the checkpoint that last changed it)', async () => {
    const root = tempDir();
    const s = services(root);
    const keeper = new BlameKeeper({ activity: new RequestActivity() });
    try {
      const planId = await history(s, root, 4, () => keeper.note(s));
      // Twelve checkpoints that change g.txt only: more than a call looks back for a kept attribution.
      for (let v = 1; v <= 12; v++) {
        writeFileSync(path.join(root, 'g.txt'), `g again ${v}\n`);
        await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: `g${v}` } });
        keeper.note(s);
      }
      await keeper.settled();
      assert.deepEqual(keptFiles(root).filter((k) => k.key.includes('\nf.txt\n')).map((k) => k.covers), [5], 'f.txt kept at the checkpoint that last changed it');
      await assertFirstBlameReadsKept(root, 'f.txt');
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('the checkpoint it last looked at pruned meanwhile (a burst of checkpoints past the plan\'s retention): it goes on from the first made after it', async () => {
    const root = tempDir();
    const s = services(root);
    const activity = new RequestActivity();
    const keeper = new BlameKeeper({ activity });
    try {
      const planId = await history(s, root, 3, () => keeper.note(s));
      await keeper.settled();
      await s.plans.setRetentionPolicy(planId, { max_checkpoints: 4, auto_prune: true });
      // A request under way for the whole burst: the keeper looks only after it. The first of the
      // burst changes h.txt, the three after it g.txt: the retention keeps the plan's first
      // checkpoint and the three newest, so the one it looked at last, and h.txt's, are gone.
      activity.began();
      writeFileSync(path.join(root, 'h.txt'), 'h\n');
      await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Write', extra: { agent: 'claude-code', tool_use_id: 'h' } });
      for (let v = 1; v <= 3; v++) {
        writeFileSync(path.join(root, 'g.txt'), `g burst ${v}\n`);
        await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: `b${v}` } });
      }
      assert.equal((await s.checkpoints.listCheckpoints(planId)).length, 4, 'the retention kept the burst only');
      keeper.note(s);
      activity.ended();
      await keeper.settled();
      assert.deepEqual(keptFiles(root).filter((k) => k.key.includes('\nh.txt\n')).map((k) => k.covers), [2], 'h.txt kept at the first checkpoint left after the one looked at last (it holds h.txt\'s change)');
      // g.txt up to the last: a first blame reads only what was kept.
      await assertFirstBlameReadsKept(root, 'g.txt');
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('keeps at most 16 paths of one checkpoint (the others are left to the first call); a checkpoint it cannot compare is passed over', async () => {
    const root = tempDir();
    const s = services(root);
    const logged: string[] = [];
    const keeper = new BlameKeeper({ activity: new RequestActivity(), log: (m) => logged.push(m) });
    try {
      const plan = await s.plans.createPlan({ title: 'many' });
      for (let i = 0; i < 20; i++) writeFileSync(path.join(root, `m${String(i).padStart(2, '0')}.txt`), `file ${i}\n`);
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'first' });
      keeper.note(s);
      await keeper.settled();
      for (let i = 0; i < 20; i++) writeFileSync(path.join(root, `m${String(i).padStart(2, '0')}.txt`), `file ${i}, changed\n`);
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: 'all' } });
      keeper.note(s);
      await keeper.settled();
      const kept = keptFiles(root).map((k) => k.key.split('\n')[2]!).sort();
      assert.deepEqual(kept, Array.from({ length: 16 }, (_, i) => `m${String(i).padStart(2, '0')}.txt`), 'the first 16 in git\'s order');
      // A checkpoint row whose snapshot is not in the store: said in the log, and the next checkpoint is still kept.
      const bogus = 'f'.repeat(40);
      await s.store.write((uow) => {
        const last = uow.checkpoints.listForPlan(plan.plan_id).at(-1)!;
        uow.checkpoints.insert({ ...last, checkpoint_id: `${last.checkpoint_id.slice(0, -1)}Z`, sandbox_ref: bogus });
      });
      // (the checkpoint after it is compared with it, and passed over too; the one after that is kept)
      for (const v of [1, 2]) {
        writeFileSync(path.join(root, 'm19.txt'), `file 19, changed again ${v}\n`);
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: `again${v}` } });
        keeper.note(s);
      }
      await keeper.settled();
      assert.ok(logged.some((m) => m.includes('the paths checkpoint')), logged.join('\n'));
      assert.ok(keptFiles(root).some((k) => k.key.includes('\nm19.txt\n') && k.covers === 5), `the checkpoint after them kept: ${logged.join('\n')}`);
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('waits while a request is under way: the answer goes first, the steps after it', async () => {
    const root = tempDir();
    const s = services(root);
    const activity = new RequestActivity();
    const events: string[] = [];
    const keeper = new BlameKeeper({ activity, onStep: (e) => events.push(`step ${e.rel}@${e.at}`) });
    try {
      await history(s, root, 6);
      // A hook's request: its checkpoint is recorded and its services given back before its answer is written.
      activity.began();
      await step(s, root, (await s.plans.listPlans())[0]!.plan_id, 7, ['seven']);
      keeper.note(s);
      // Every turn of the event loop the keeper could take, and a round trip to the store and to git.
      for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      await s.provenance.blame('g.txt');
      assert.equal(events.join(', '), '', 'nothing done while the request is under way');
      events.push('answered');
      activity.ended();
      await keeper.settled();
      assert.equal(events[0], 'answered');
      assert.ok(events.includes('step f.txt@7'), events.join(', '));
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('stops between two steps when a request comes, keeps what the steps before kept, and goes on from there once idle', async () => {
    const root = tempDir();
    const s = services(root);
    const activity = new RequestActivity();
    const events: string[] = [];
    let stopped!: () => void;
    const wasStopped = new Promise<void>((resolve) => (stopped = resolve));
    const keeper = new BlameKeeper({
      activity,
      onStep: (e) => {
        if (e.rel !== 'f.txt') return;
        events.push(`step ${e.at}`);
        // A hook's request arrives while the keeper works on a long history (kept from nothing).
        if (e.at === 5) activity.began();
      },
      onStopped: () => {
        events.push('stopped');
        stopped();
      },
    });
    try {
      await history(s, root, 30);
      keeper.note(s);
      await wasStopped;
      assert.deepEqual(events, ['step 0', 'step 1', 'step 2', 'step 3', 'step 4', 'step 5', 'stopped'], 'no step after the request came');
      const half = keptFiles(root).filter((k) => k.key.includes('\nf.txt\n'));
      assert.deepEqual(half.map((k) => k.covers), [6], 'what the steps kept stays: f.txt up to the sixth checkpoint');
      events.push('answered');
      activity.ended();
      await keeper.settled();
      assert.deepEqual(events.slice(7, 9), ['answered', 'step 6'], 'it goes on from what it kept');
      assert.equal(events.at(-1), 'step 30');
      assert.deepEqual(keptFiles(root).filter((k) => k.key.includes('\nf.txt\n')).map((k) => k.covers), [31]);
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('a kept file that is bad (unreadable, or tokens that do not fit its version) is passed over and the attribution worked out again', async () => {
    const root = tempDir();
    const s = services(root);
    const activity = new RequestActivity();
    const keeper = new BlameKeeper({ activity });
    try {
      const planId = await history(s, root, 8, () => keeper.note(s));
      await keeper.settled();
      let lines = readFileSync(path.join(root, 'f.txt'), 'utf8').trimEnd().split('\n');
      for (const bad of ['shape', 'bytes'] as const) {
        const f = keptFiles(root).find((k) => k.key.includes('\nf.txt\n'))!;
        // Well-formed, its own key, but one line short of its version; or no JSON at all.
        writeFileSync(f.file, bad === 'shape' ? JSON.stringify({ version: 1, key: f.key, tokens: f.tokens.slice(1) }) : '\u0000not json');
        const v = bad === 'shape' ? 9 : 10;
        await step(s, root, planId, v, (lines = next(lines, v)));
        keeper.note(s);
        await keeper.settled();
        const now = keptFiles(root).filter((k) => k.key.includes('\nf.txt\n') && k.covers === v + 1);
        assert.equal(now.length, 1, `${bad}: kept again up to the new checkpoint`);
        const again = services(root);
        try {
          assert.deepEqual((await again.provenance.blame('f.txt')).blame, await fresh(root, 'f.txt'), `${bad}: the answer worked out from nothing`);
        } finally {
          again.dispose();
        }
      }
    } finally {
      keeper.close();
      s.dispose();
    }
  });

  it('in the resident process’s warm services: waits while a set is lent (a hook’s work after its answer), then keeps', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'f.txt'), 'one\n');
    const events: string[] = [];
    const warm = new WarmServices({ workspaceRoot: root, distDir: SQL_WASM_DIR, hookLockWait: () => undefined, keeperEvents: { onPass: () => events.push('pass'), onStep: (e) => events.push(`step ${e.rel}@${e.at}`) } });
    try {
      const hookCall = warm.lend('hook', undefined, new RecordingLogger());
      const s = hookCall.services;
      const plan = await s.plans.createPlan({ title: 'warm' });
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'first' });
      writeFileSync(path.join(root, 'f.txt'), 'one\ntwo\n');
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: 't' } });
      // Another call's set is still lent (its row written after its answer): this one gives its set back.
      const later = warm.lend('hook', undefined, new RecordingLogger());
      hookCall.release();
      // A pass would begin two turns of the event loop after the set was given back: fifty are let go by.
      for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      assert.equal(events.join(', '), '', 'no pass while a set is lent');
      events.push('given back');
      later.release();
      await until('f.txt kept', () => events.includes('step f.txt@1') || undefined);
      assert.deepEqual(events.slice(0, 2), ['given back', 'pass']);
    } finally {
      warm.dropAll();
    }
  });

  describe('in the resident process, after hooked checkpoints', () => {
    const pids: number[] = [];
    afterEach(() => killAll(pids));
    before(function () {
      this.timeout(180_000);
      ensureCliBuilt();
    });

    it('keeps the attribution of the files the tool calls changed; agents blame, served or not, answers from it', async () => {
      const root = newWorkspace(tempDir());
      const lines = Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i};`);
      write(root, 'src/app.ts', `${lines.join('\n')}\n`);
      // The first call makes the store; the next, finding one, starts the process, which serves the rest.
      hook(root, event(root, 'UserPromptSubmit', { prompt: 'edit a' }));
      hook(root, event(root, 'UserPromptSubmit', { prompt: 'edit a' }));
      pids.push((await running(root)).pid);
      for (let v = 1; v <= 6; v++) {
        const tool = (name: string) => event(root, name, { tool_name: 'Edit', tool_use_id: `t-${v}`, tool_input: { file_path: path.join(root, 'src/app.ts') } });
        hook(root, tool('PreToolUse'));
        lines[v * 5] = `export const v${v * 5} = 'edited ${v}';`;
        write(root, 'src/app.ts', `${lines.join('\n')}\n`);
        hook(root, tool('PostToolUse'));
      }
      // Read through the resident process: behind the last hook's row, written after its answer.
      const planId = json<{ plans: PlanJson[] }>(root, ['plan', 'list']).plans[0]!.plan_id;
      const count = json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId]).checkpoints.length;
      await until('src/app.ts kept up to the last checkpoint', () => keptFiles(root).some((k) => k.key.includes('\nsrc/app.ts\n') && k.covers === count) || undefined, 60_000);
      const served = json<{ blame: { lines: { kind: string; line: number }[] } }>(root, ['blame', 'src/app.ts']);
      const alone = json<{ blame: { lines: { kind: string; line: number }[] } }>(root, ['blame', 'src/app.ts'], NO_DAEMON);
      assert.deepEqual(served, alone);
      assert.deepEqual(served.blame.lines.filter((l) => l.kind === 'tool_call').map((l) => l.line), [6, 11, 16, 21, 26, 31]);
      assert.equal(agents(root, ['daemon', 'stop']).code, 0);
    });
  });
});

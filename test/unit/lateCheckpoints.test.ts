import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceServices } from '../../src/composition';
import { checkpointSpans } from '../../src/core/agentOnlyRollback';
import { CheckpointNotWaitedForError, LateCheckpointRollbackError, isLateCheckpoint, type RecordingGate } from '../../src/core/lateCheckpoints';
import { HookAnswerGate, firstSnapshotGate } from '../../src/hooks/answerGate';
import { droppedLogLines } from '../../src/hooks/boundedFlush';
import { HookLog } from '../../src/hooks/hookLog';
import { runHookInput, type HookCall, type HookResult } from '../../src/hooks/hookRun';
import * as hookStore from '../../src/hooks/hookStore';
import { ensureCliBuilt } from './helpers/cliHarness';
import { DIST, event } from './helpers/residentProcessFixtures';
import { SQL_WASM_DIR } from './helpers/storeFixtures';
import { git, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// No checkpoint after the answer (issue 34, defect 9), in-process with real git and sql.js: the
// gate a hook hands the checkpoint service, late checkpoints as no boundary of an agent-only
// rollback, and a hook's answer that does not wait for its log.

const ALWAYS_LATE = firstSnapshotGate(0);
const DROP: RecordingGate = { stillWaited: () => true, claim: () => 'drop' };

/**
 * A hooks.log whose writes the test holds: a disk that hangs cannot be had on demand here (a FIFO
 * stops blocking once the state-file layer opens files non-blocking), so this is the one stand-in
 * of these tests. Everything else the call does is real.
 */
class HeldLog extends HookLog {
  private release: ((written: boolean) => void) | undefined;
  flushing = false;

  override flush(): Promise<boolean> {
    this.flushing = true;
    return new Promise((resolve) => (this.release = resolve));
  }

  finish(): void {
    this.release?.(true);
  }
}

describe('no checkpoint after the answer', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-late-');
  const open: WorkspaceServices[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
  });

  async function planIn(root: string) {
    const s = services(root);
    open.push(s);
    const plan = await s.plans.createPlan({ title: 'late', sandbox: '.' });
    return { s, planId: plan.plan_id };
  }

  it('a gate that drops the row: nothing is recorded and no snapshot stays pinned; one no longer waited for reads no files', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'a\n');
    const { s, planId } = await planIn(root);
    await assert.rejects(s.checkpoints.createCheckpoint(planId, { type: 'pre_write' }, DROP), CheckpointNotWaitedForError);
    assert.deepEqual(await s.checkpoints.listCheckpoints(planId), []);
    assert.deepEqual(await s.snapshotter.pinnedCheckpoints(planId), [], 'the snapshot taken for it is not pinned');
    const answered = new HookAnswerGate();
    assert.equal(answered.answer(), undefined);
    await assert.rejects(s.checkpoints.createCheckpointIfChanged(planId, { type: 'pre_write' }, undefined, answered), CheckpointNotWaitedForError);
    assert.deepEqual(await s.checkpoints.listCheckpoints(planId), []);
  });

  it('a hook gate claimed before the answer records the row, and the answer then names it', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'a\n');
    const { s, planId } = await planIn(root);
    const gate = new HookAnswerGate();
    const { checkpoint } = await s.checkpoints.createCheckpoint(planId, { type: 'pre_write' }, gate);
    assert.equal(gate.answer(), checkpoint.checkpoint_id);
    assert.equal(isLateCheckpoint(checkpoint), false);
    assert.equal(gate.claim('01J00000000000000000000000'), 'drop', 'nothing is claimed after the answer');
  });

  it('a late checkpoint is no boundary: the agent write it holds is kept as unknown, never the user’s, and no agent-only rollback starts from it', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'a\n');
    const { s, planId } = await planIn(root);
    const c = (await s.checkpoints.createCheckpoint(planId, { reason: 'C' })).checkpoint;
    await s.checkpoints.createCheckpoint(planId, { type: 'pre_write', sourceTool: 'Edit' });
    write(root, 'a.txt', 'agent\n');
    await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Edit' });
    // The agent, answered, writes b.txt; a pre_write is then read late and holds it.
    write(root, 'b.txt', 'agent wrote this after its answer\n');
    const late = (await s.checkpoints.createCheckpoint(planId, { type: 'pre_write', sourceTool: 'Write' }, ALWAYS_LATE)).checkpoint;
    assert.equal(late.metadata.extra.late, '1');
    assert.equal(isLateCheckpoint(late), true);
    write(root, 'b.txt', 'agent wrote this after its answer\nand more\n');
    await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Write' });
    const list = await s.checkpoints.listCheckpoints(planId);
    const spans = checkpointSpans(list, 0);
    assert.deepEqual(
      spans.map((x) => [x.from.checkpoint_type, x.to?.checkpoint_type ?? 'now', x.agent]),
      [
        ['manual', 'pre_write', false],
        ['pre_write', 'post_step', true],
        ['post_step', 'post_step', true],
        ['post_step', 'now', false],
      ],
      'the stretch over the late pre_write ends at the post_step after it: all the agent’s',
    );
    // Whose the write the late checkpoint holds is cannot be told (the authorship record, core/authorship.ts):
    // kept, and said to be unknown, never the user's.
    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c.checkpoint_id);
    assert.deepEqual(preview.summary.kept_reasons.filter((k) => k.path === 'b.txt').map((k) => k.reason), ['unknown']);
    await s.checkpoints.rollbackAgentOnly(planId, c.checkpoint_id);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'a\n');
    assert.equal(existsSync(path.join(root, 'b.txt')), true, 'kept, as unknown');
    await assert.rejects(s.checkpoints.previewAgentOnlyRollback(planId, late.checkpoint_id), LateCheckpointRollbackError);
    const count = (await s.checkpoints.listCheckpoints(planId)).length;
    await assert.rejects(s.checkpoints.rollbackAgentOnly(planId, late.checkpoint_id), (e: unknown) => e instanceof LateCheckpointRollbackError && /recorded late/.test(e.message));
    assert.equal((await s.checkpoints.listCheckpoints(planId)).length, count, 'refused before its safety checkpoint');
    // a full rollback to it still restores exactly its files
    await s.checkpoints.rollbackToCheckpoint(planId, late.checkpoint_id);
    assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'agent wrote this after its answer\n');
  });

  /** A git workspace, its services, and a hook call served by them (`answerOnceRead` as the resident process has it). */
  function hookedWorkspace() {
    ensureCliBuilt();
    const root = path.join(tempDir(), 'ws');
    write(root, 'a.txt', 'a\n');
    git(root, 'init', '-q');
    const s = services(root);
    open.push(s);
    const io = (answerOnceRead: boolean): HookCall => ({
      cwd: root,
      env: { CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '60000' },
      wasmDir: DIST,
      started: Date.now(),
      services: async () => ({ services: s, release: () => undefined }),
      store: hookStore,
      answerOnceRead,
    });
    return { root, s, io };
  }

  it('answering once the files are read (the resident process): the answer goes before the row; the row and the call’s line in hooks.log follow in its rest', async () => {
    const { root, s, io } = hookedWorkspace();
    // The order of answers and row writes, seen from the store (everything else is real).
    const order: string[] = [];
    const write0 = s.store.write.bind(s.store);
    s.store.write = ((work: Parameters<typeof write0>[0]) => write0(work).then((done) => (order.push('row written'), done))) as typeof s.store.write;
    const call = async (input: string, answerOnceRead: boolean): Promise<HookResult> => {
      const result = await runHookInput('claude-code', { ok: true, text: input }, io(answerOnceRead));
      order.push('answered');
      return result;
    };
    const tool = (name: string) => event(root, name, { tool_name: 'Write', tool_use_id: `t-${name}`, tool_input: { file_path: path.join(root, 'a.txt') } });
    // the plan and its first snapshot (taken in a process of its own)
    await call(event(root, 'UserPromptSubmit', { prompt: 'change a' }), false);
    const planId = (await s.plans.listPlans())[0]!.plan_id;
    const before = (await s.checkpoints.listCheckpoints(planId)).length;

    // A hook's own process answers when its row is written.
    write(root, 'a.txt', 'first change\n');
    order.length = 0;
    const own = await call(tool('PostToolUse'), false);
    assert.equal(own.rest, undefined);
    assert.deepEqual(order, ['row written', 'answered']);
    assert.equal((await s.checkpoints.listCheckpoints(planId)).length, before + 1);

    // The resident process answers once the files are read; the rest writes the tree, the row, the log.
    write(root, 'a.txt', 'second change\n');
    order.length = 0;
    const early = await call(tool('PostToolUse'), true);
    assert.equal(early.stdout, '', 'Claude Code is answered with nothing');
    assert.equal(early.rest?.after, 'files-read');
    assert.deepEqual(order, ['answered'], 'answered before its row was written');
    const logged = () => readFileSync(path.join(root, '.cleveragents', 'logs', 'hooks.log'), 'utf8').split('\n').filter((l) => /PostToolUse Write: post_step/.test(l)).length;
    const linesBefore = logged();
    await early.rest!.work;
    assert.deepEqual(order, ['answered', 'row written']);
    const list = await s.checkpoints.listCheckpoints(planId);
    assert.equal(list.length, before + 2);
    assert.equal(list.at(-1)!.checkpoint_type, 'post_step');
    assert.equal(Buffer.from((await s.snapshotter.readFile(list.at(-1)!.sandbox_ref, 'a.txt'))!).toString(), 'second change\n', 'the files as read before the answer');
    assert.equal(logged(), linesBefore + 1, 'the call’s line is written once its rest ends');

    // Nothing changed: the answer goes as the files are read too, and nothing is recorded.
    order.length = 0;
    const nothing = await call(tool('PreToolUse'), true);
    await nothing.rest?.work;
    assert.deepEqual(order, ['answered']);
    assert.equal((await s.checkpoints.listCheckpoints(planId)).length, before + 2);
  });

  it('answering once the files are read, a row that cannot be written: the rest logs the checkpoint missed and leaves no pin', async () => {
    const { root, s, io } = hookedWorkspace();
    await runHookInput('claude-code', { ok: true, text: event(root, 'UserPromptSubmit', { prompt: 'change a' }) }, io(false));
    const planId = (await s.plans.listPlans())[0]!.plan_id;
    const before = await s.checkpoints.listCheckpoints(planId);
    // The disk refuses the row (a stand-in for a full or read-only disk: the rest of the call is real).
    const write0 = s.store.write.bind(s.store);
    s.store.write = (() => Promise.reject(new Error('ENOSPC: no space left on device'))) as typeof s.store.write;
    write(root, 'a.txt', 'changed\n');
    const result = await runHookInput('claude-code', { ok: true, text: event(root, 'PostToolUse', { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, 'a.txt') } }) }, io(true));
    assert.equal(result.rest?.after, 'files-read', 'answered once the files were read');
    await result.rest!.work;
    s.store.write = write0;
    assert.deepEqual(await s.checkpoints.listCheckpoints(planId), before);
    assert.deepEqual((await s.snapshotter.pinnedCheckpoints(planId)).sort(), before.map((c) => c.checkpoint_id).sort(), 'the snapshot taken for it is not pinned');
    assert.match(readFileSync(path.join(root, '.cleveragents', 'logs', 'hooks.log'), 'utf8'), /PostToolUse: checkpoint missed: .*ENOSPC/);
  });

  it('the answer does not wait for a hooks.log write that hangs; the lines dropped meanwhile are counted in the next write that gets through', async () => {
    const root = path.join(tempDir(), 'ws');
    write(root, 'a.txt', 'a\n');
    git(root, 'init', '-q');
    const call = (log: HookLog) =>
      runHookInput('claude-code', { ok: false, why: 'a test event' }, { cwd: root, env: { CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_BUDGET_MS: '1500' }, wasmDir: SQL_WASM_DIR, started: Date.now(), log });
    const held = new HeldLog('claude-code');
    const first = await call(held);
    assert.equal(first.stdout, '', 'answered');
    assert.equal(held.flushing, true, 'while its log write still hangs');
    // A second call does not queue behind that write: its lines are dropped and counted.
    const second = new HeldLog('claude-code');
    await call(second);
    assert.equal(second.flushing, false, 'no second write to a log whose write hangs');
    assert.equal(droppedLogLines(root), 1);
    held.finish();
    await new Promise((r) => setImmediate(r));
    const third = await call(new HookLog('claude-code'));
    assert.equal(third.stdout, '');
    const log = readFileSync(path.join(root, '.cleveragents', 'logs', 'hooks.log'), 'utf8');
    assert.match(log, /claude-code event ignored: a test event\n.*claude-code 1 earlier line of this log dropped: hooks\.log could not be written in time\n$/);
    assert.equal(droppedLogLines(root), 0);
  });
});

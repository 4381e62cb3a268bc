import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, readFileSync, readlinkSync, renameSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceServices } from '../../src/composition';
import { AgentOnlyConflictError, checkpointSpans, type AgentOnlyConflict } from '../../src/core/agentOnlyRollback';
import type { Checkpoint } from '../../src/core/checkpoint';
import { CheckpointService } from '../../src/core/checkpointService';
import { IncompleteRestoreError } from '../../src/core/errors';
import type { SandboxSnapshotter } from '../../src/core/ports';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import { createUlidGenerator, systemClock } from '../../src/adapters/systemClock';
import { RecordingLogger } from './helpers/storeFixtures';
import { hashTree, link, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

const lines = (...l: string[]): string => l.map((x) => `${x}\n`).join('');

describe('agent-only rollback (undo the agent, keep mine)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-agent-only-');
  const open: WorkspaceServices[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
  });

  const read = (root: string, rel: string): string | undefined => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);

  /** A plan over a workspace holding `files`, with a first checkpoint C. */
  async function setup(files: Record<string, string | Buffer>) {
    const root = workspaceWith(tempDir(), files);
    const s = services(root);
    open.push(s);
    const plan = await s.plans.createPlan({ title: 'agent only' });
    const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'C' });
    /** One tool call of the agent: pre_write, its writes, post_step. */
    const tool = async (writes: () => void): Promise<void> => {
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', sourceTool: 'Edit' });
      writes();
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit' });
    };
    return { root, s, planId: plan.plan_id, c: checkpoint.checkpoint_id, tool };
  }

  async function refused(s: WorkspaceServices, planId: string, c: string, expected: AgentOnlyConflict[]): Promise<void> {
    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c);
    assert.deepEqual(preview.summary.conflicts, expected);
    assert.deepEqual(preview.changes, []);
    const before = (await s.checkpoints.listCheckpoints(planId)).length;
    await assert.rejects(s.checkpoints.rollbackAgentOnly(planId, c), (e: unknown) => e instanceof AgentOnlyConflictError && e.conflicts.length === expected.length && expected.every((x) => e.message.includes(x.path)));
    const rows = (await s.checkpoints.listCheckpoints(planId)).map((x) => x.checkpoint_id);
    assert.equal(rows.length, before, 'no safety checkpoint is kept when nothing is written');
    assert.deepEqual((await s.snapshotter.exclusive(planId, () => s.snapshotter.pinnedCheckpoints(planId))).sort(), rows.sort(), 'nor its pin in the store');
  }

  it('takes the agent’s line out of a file and keeps the user’s line in the same file', async () => {
    const { root, s, planId, c, tool } = await setup({ 'a.txt': lines('1', '2', '3', '4', '5') });
    await tool(() => write(root, 'a.txt', lines('agent', '2', '3', '4', '5')));
    write(root, 'a.txt', lines('agent', '2', '3', '4', 'mine'));
    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c);
    assert.deepEqual(preview.changes, [{ path: 'a.txt', change: 'modified' }]);
    assert.deepEqual(preview.summary.kept, [], 'a path written is never also kept');
    assert.deepEqual(preview.summary.merged, ['a.txt'], 'the user’s line stays in it');
    assert.equal(preview.summary.tool_calls, 1);
    assert.equal(read(root, 'a.txt'), lines('agent', '2', '3', '4', 'mine'), 'the preview writes nothing');
    // What the preview's diffs show on their right: the files as the rollback will leave them (the
    // merge), not as the checkpoint holds them (without the user's line).
    const after = await s.checkpoints.readFileAtSnapshot(planId, preview.target!, 'a.txt');
    assert.equal(Buffer.from(after!).toString('utf8'), lines('1', '2', '3', '4', 'mine'));
    assert.equal(Buffer.from((await s.checkpoints.readFileAt(planId, c, 'a.txt'))!).toString('utf8'), lines('1', '2', '3', '4', '5'));
    await assert.rejects(s.checkpoints.readFileAtSnapshot(planId, 'HEAD', 'a.txt'), /snapshot "HEAD" must be a full git object id/);
    await assert.rejects(s.checkpoints.readFileAtSnapshot(planId, preview.target!, '../x'), /must not contain/);
    const outcome = await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'a.txt'), lines('1', '2', '3', '4', 'mine'));
    assert.equal(outcome.agent_only?.mode, 'agent_only');
    assert.deepEqual(outcome.result.changed_paths, [{ path: 'a.txt', change: 'modified' }]);
  });

  it('keeps CR LF line ends and a last line without one, byte for byte', async () => {
    const { root, s, planId, c, tool } = await setup({ 'w.txt': '1\r\n2\r\n3\r\n4\r\n5' });
    await tool(() => write(root, 'w.txt', 'one\r\n2\r\n3\r\n4\r\n5'));
    write(root, 'w.txt', 'one\r\n2\r\n3\r\n4\r\nfive');
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'w.txt'), '1\r\n2\r\n3\r\n4\r\nfive');
  });

  it('refuses, writing nothing, when the agent and the user changed the same line', async () => {
    const { root, s, planId, c, tool } = await setup({ 'a.txt': lines('1', '2', '3'), 'other.txt': 'x' });
    await tool(() => {
      write(root, 'a.txt', lines('1', 'agent', '3'));
      write(root, 'other.txt', 'agent');
    });
    write(root, 'a.txt', lines('1', 'mine', '3'));
    const before = hashTree(root);
    await refused(s, planId, c, [{ path: 'a.txt', reason: 'lines' }]);
    assert.deepEqual(hashTree(root), before, 'not even the path without a conflict was written');
  });

  it('refuses a file the agent created and the user then edited; reverts one nobody touched since', async () => {
    const { root, s, planId, c, tool } = await setup({ 'x.txt': 'x' });
    await tool(() => {
      write(root, 'new.txt', lines('agent'));
      write(root, 'untouched.txt', 'agent');
    });
    write(root, 'new.txt', lines('agent', 'mine'));
    await refused(s, planId, c, [{ path: 'new.txt', reason: 'created' }]);
    // Once the user's edit goes, the creation is taken back.
    unlinkSync(path.join(root, 'new.txt'));
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'untouched.txt'), undefined);
    assert.equal(read(root, 'new.txt'), undefined);
  });

  it('refuses a file the agent deleted and the user made again, and brings back one the agent deleted', async () => {
    const { root, s, planId, c, tool } = await setup({ 'd.txt': 'original', 'e.txt': 'original e' });
    await tool(() => {
      unlinkSync(path.join(root, 'd.txt'));
      unlinkSync(path.join(root, 'e.txt'));
    });
    write(root, 'd.txt', 'made again');
    await refused(s, planId, c, [{ path: 'd.txt', reason: 'recreated' }]);
    unlinkSync(path.join(root, 'd.txt'));
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'd.txt'), 'original');
    assert.equal(read(root, 'e.txt'), 'original e');
  });

  it('refuses a binary file both changed; reverts a binary file only the agent changed', async () => {
    const bin = (b: number): Buffer => Buffer.from([0, 1, 2, b, 0, 5]);
    const { root, s, planId, c, tool } = await setup({ 'both.bin': bin(1), 'agent.bin': bin(1) });
    await tool(() => {
      write(root, 'both.bin', bin(2));
      write(root, 'agent.bin', bin(2));
    });
    write(root, 'both.bin', bin(3));
    await refused(s, planId, c, [{ path: 'both.bin', reason: 'binary' }]);
    write(root, 'both.bin', bin(2));
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.deepEqual(readFileSync(path.join(root, 'agent.bin')), bin(1));
    assert.deepEqual(readFileSync(path.join(root, 'both.bin')), bin(1));
  });

  it('undoes a rename (a delete and a create), keeping the user’s edit of another file', async () => {
    const { root, s, planId, c, tool } = await setup({ 'src/old.ts': lines('export const a = 1;'), 'notes.md': 'n' });
    await tool(() => renameSync(path.join(root, 'src/old.ts'), path.join(root, 'src/new.ts')));
    write(root, 'notes.md', 'mine');
    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c);
    assert.deepEqual(preview.changes, [
      { path: 'src/new.ts', change: 'deleted' },
      { path: 'src/old.ts', change: 'added' },
    ]);
    assert.deepEqual(preview.summary.kept, ['notes.md']);
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'src/old.ts'), lines('export const a = 1;'));
    assert.equal(read(root, 'src/new.ts'), undefined);
    assert.equal(read(root, 'notes.md'), 'mine');
  });

  it('takes back a mode change and keeps the user’s content edit of the same file; refuses a mode both changed', async () => {
    const { root, s, planId, c, tool } = await setup({ 'run.sh': lines('#!/bin/sh', 'echo 1', '', '', 'exit 0'), 'both.sh': 'b' });
    await tool(() => {
      chmodSync(path.join(root, 'run.sh'), 0o755);
      chmodSync(path.join(root, 'both.sh'), 0o755);
    });
    write(root, 'run.sh', lines('#!/bin/sh', 'echo 1', '', '', 'exit 1'));
    chmodSync(path.join(root, 'both.sh'), 0o644);
    write(root, 'both.sh', 'mine');
    // both.sh: the agent made it executable, the user made it not executable again and changed it: content and mode as the user left them.
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(lstatSync(path.join(root, 'run.sh')).mode & 0o111, 0, 'the agent’s chmod +x is taken back');
    assert.equal(read(root, 'run.sh'), lines('#!/bin/sh', 'echo 1', '', '', 'exit 1'));
    assert.equal(read(root, 'both.sh'), 'mine');

    // The agent makes a file executable; the user turns it into a symbolic link: file type changed by both.
    const second = await setup({ 'tool.sh': 't' });
    await second.tool(() => chmodSync(path.join(second.root, 'tool.sh'), 0o755));
    unlinkSync(path.join(second.root, 'tool.sh'));
    link(second.root, 'tool.sh', 'elsewhere');
    await refused(second.s, second.planId, second.c, [{ path: 'tool.sh', reason: 'mode' }]);
  });

  it('refuses to bring back a file where someone has since made a folder of the same name', async () => {
    const { root, s, planId, c, tool } = await setup({ 'x': 'a file', 'keep.txt': 'k' });
    await tool(() => unlinkSync(path.join(root, 'x')));
    write(root, 'x/inside.txt', 'the user’s folder');
    const before = hashTree(root);
    await refused(s, planId, c, [{ path: 'x', reason: 'folder' }]);
    assert.deepEqual(hashTree(root), before);
  });

  it('takes back a symbolic link the agent made and one it changed', async () => {
    const { root, s, planId, c, tool } = await setup({ 'target.txt': 't' });
    link(root, 'old-link', 'target.txt');
    const { checkpoint } = await s.checkpoints.createCheckpoint(planId, { reason: 'with the link' });
    await tool(() => {
      link(root, 'new-link', 'target.txt');
      unlinkSync(path.join(root, 'old-link'));
      link(root, 'old-link', 'elsewhere');
    });
    write(root, 'mine.txt', 'mine');
    await s.checkpoints.rollbackAgentOnly(planId, checkpoint.checkpoint_id);
    assert.equal(existsSync(path.join(root, 'new-link')), false);
    assert.equal(readlinkSync(path.join(root, 'old-link')), 'target.txt');
    assert.equal(read(root, 'mine.txt'), 'mine');
    void c;
  });

  it('undoes three tool calls in a row, newest first, keeping the user’s edits made between them, and the undo restores the state before', async () => {
    const { root, s, planId, c, tool } = await setup({ 'a.txt': lines('a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'), 'b.txt': lines('b1', 'b2', 'b3', 'b4', 'b5'), 'c.txt': 'c' });
    await tool(() => write(root, 'a.txt', lines('A1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7')));
    write(root, 'a.txt', lines('A1', 'a2', 'a3', 'U4', 'a5', 'a6', 'a7'));
    write(root, 'c.txt', 'user c');
    await tool(() => {
      write(root, 'a.txt', lines('A1', 'a2', 'a3', 'U4', 'a5', 'a6', 'A7'));
      write(root, 'b.txt', lines('b1', 'B2', 'b3', 'b4', 'b5'));
    });
    write(root, 'b.txt', lines('b1', 'B2', 'b3', 'b4', 'U5'));
    await tool(() => {
      write(root, 'a.txt', lines('A1', 'A2', 'a3', 'U4', 'a5', 'a6', 'A7'));
      write(root, 'agent.txt', 'created');
    });
    write(root, 'user.txt', 'created by the user');
    const before = hashTree(root);
    const outcome = await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'a.txt'), lines('a1', 'a2', 'a3', 'U4', 'a5', 'a6', 'a7'));
    assert.equal(read(root, 'b.txt'), lines('b1', 'b2', 'b3', 'b4', 'U5'));
    assert.equal(read(root, 'c.txt'), 'user c');
    assert.equal(read(root, 'agent.txt'), undefined);
    assert.equal(read(root, 'user.txt'), 'created by the user');
    assert.equal(outcome.agent_only?.tool_calls, 3);
    assert.deepEqual(outcome.agent_only?.kept, ['c.txt', 'user.txt']);
    assert.deepEqual(outcome.agent_only?.kept_reasons, [
      { path: 'c.txt', reason: 'outside_tool_calls' },
      { path: 'user.txt', reason: 'outside_tool_calls' },
    ]);
    assert.deepEqual(outcome.agent_only?.merged, ['a.txt', 'b.txt']);
    await s.checkpoints.rollbackToCheckpoint(planId, outcome.undo_checkpoint_id);
    assert.deepEqual(hashTree(root), before);
  });

  it('is journaled like a rollback: stopped before its writes, recover finishes it (the merge) or undoes it', async () => {
    for (const mode of ['finish', 'undo'] as const) {
      const { root, s, planId, c, tool } = await setup({ 'a.txt': lines('1', '2', '3', '4', '5') });
      await tool(() => write(root, 'a.txt', lines('agent', '2', '3', '4', '5')));
      write(root, 'a.txt', lines('agent', '2', '3', '4', 'mine'));
      const stopped = new CheckpointService({
        store: s.store,
        snapshotter: Object.assign(Object.create(s.snapshotter) as SandboxSnapshotter, {
          prepareRestore: async (...args: Parameters<SandboxSnapshotter['prepareRestore']>) => ({
            ...(await s.snapshotter.prepareRestore(...args)),
            apply: () => Promise.reject(new IncompleteRestoreError('killed before the first write')),
          }),
        }),
        workspace: s.workspace,
        journal: new FileOperationJournal(root),
        processInfo: { pid: 999_999_999, host: 'gone' },
        clock: systemClock,
        ids: createUlidGenerator(),
        logger: new RecordingLogger(),
      });
      await assert.rejects(stopped.rollbackAgentOnly(planId, c), IncompleteRestoreError);
      await assert.rejects(s.checkpoints.rollbackAgentOnly(planId, c), /interrupted rollback/);
      await s.recovery.recover(planId, mode);
      assert.equal(read(root, 'a.txt'), mode === 'finish' ? lines('1', '2', '3', '4', 'mine') : lines('agent', '2', '3', '4', 'mine'), mode);
    }
  });

  it('keeps what changed after a pre_write without its post_step (whose it is, is unknown), and says so', async () => {
    const { root, s, planId, c } = await setup({ 'a.txt': 'a' });
    const { checkpoint: pre } = await s.checkpoints.createCheckpoint(planId, { type: 'pre_write' });
    write(root, 'a.txt', 'agent, crashed before its post_step');
    const { checkpoint: next } = await s.checkpoints.createCheckpoint(planId, { reason: 'the next prompt' });
    write(root, 'mine.txt', 'mine');
    const preview = await s.checkpoints.previewAgentOnlyRollback(planId, c);
    assert.deepEqual(preview.summary.unclosed, [{ pre_write_checkpoint_id: pre.checkpoint_id, pre_write_skipped: false, until_checkpoint_id: next.checkpoint_id }]);
    assert.deepEqual(preview.summary.kept_reasons, [
      { path: 'a.txt', reason: 'unknown', unknown: 'unclosed' },
      { path: 'mine.txt', reason: 'outside_tool_calls' },
    ]);
    assert.deepEqual(preview.changes, [], 'nothing is the agent’s for sure');
    await s.checkpoints.rollbackAgentOnly(planId, c);
    assert.equal(read(root, 'a.txt'), 'agent, crashed before its post_step', 'a missed fence never takes anyone’s change');
    assert.equal(read(root, 'mine.txt'), 'mine');
  });
});

describe('which stretches between checkpoints are the agent’s', () => {
  const at = (i: number, type: Checkpoint['checkpoint_type'], sourceTool: string | null = null): Checkpoint =>
    ({ checkpoint_id: String(i).padStart(26, '0'), checkpoint_type: type, sandbox_ref: String(i).padStart(40, '0'), metadata: { source_tool: sourceTool } }) as unknown as Checkpoint;

  it('fences tool calls by pre_write and post_step; a post_step alone closes a call that began at the checkpoint before; automatic checkpoints fence nothing', () => {
    const list = [at(0, 'manual'), at(1, 'pre_write'), at(2, 'post_step'), at(3, 'manual'), at(4, 'post_step'), at(5, 'pre_write', 'auto-checkpoint'), at(6, 'post_step', 'auto-checkpoint'), at(7, 'pre_write'), at(8, 'manual'), at(9, 'pre_write')];
    const spans = checkpointSpans(list, 0).map((s) => [Number(s.from.checkpoint_id), s.to ? Number(s.to.checkpoint_id) : 'now', s.agent, s.unclosed]);
    assert.deepEqual(spans, [
      [0, 1, false, false],
      [1, 2, true, false],
      [2, 3, false, false],
      [3, 4, true, false],
      [4, 5, false, false],
      [5, 6, false, false],
      [6, 7, false, false],
      [7, 8, true, true],
      [8, 9, false, false],
      [9, 'now', true, true],
    ]);
  });

  it('a stretch whose end records a call still open (its pre_write skipped) is the agent’s, unclosed', () => {
    const open = (c: Checkpoint): Checkpoint => ({ ...c, metadata: { ...c.metadata, extra: { open_fence: 'call_1' } } }) as Checkpoint;
    const list = [at(0, 'manual'), open(at(1, 'pre_write')), at(2, 'post_step'), open(at(3, 'post_step'))];
    const spans = checkpointSpans(list, 0).map((s) => [Number(s.from.checkpoint_id), s.to ? Number(s.to.checkpoint_id) : 'now', s.agent, s.unclosed]);
    assert.deepEqual(spans, [
      [0, 1, true, true],
      [1, 2, true, false],
      [2, 3, true, true],
      [3, 'now', false, false],
    ]);
  });
});

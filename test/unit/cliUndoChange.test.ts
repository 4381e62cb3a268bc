import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { AgentOnlySummaryJson, CheckpointJson, ErrorEnvelope, PlanJson, RollbackEnvelope } from '../../src/envelopes/envelopes';
import { ensureCliBuilt, runCli, ok } from './helpers/cliHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { startMcp } from './helpers/mcpHarness';
import { claudeHook } from './helpers/claudeHooks';
import { useTempDirs } from './helpers/tempDir';

// Undo This Change (issue 37, item 4): one tool call's change to one file, or one hunk of it,
// taken back with the three-way merge of Keep Mine, end to end: Claude Code's hook events on stdin
// of the built CLI, the user's edits between tool calls, then `plan rollback --agent-only --path`.

const DB = path.join('.cleveragents', 'cleveragents.db');
const numbered = (n: number, edit: Record<number, string> = {}): string =>
  Array.from({ length: n }, (_, i) => `${edit[i + 1] ?? `line ${i + 1}`}\n`).join('');

/** A Claude Code session as its hooks see it: each event a new process of the built CLI with the event on stdin. */
function session(root: string, id: string) {
  let n = 0;
  const call = (event: Record<string, unknown>): void => {
    claudeHook(root, id, event);
  };
  return {
    prompt: (prompt: string) => call({ hook_event_name: 'UserPromptSubmit', prompt }),
    /** One tool call (PreToolUse, its writes, PostToolUse); returns its tool_use_id. */
    tool: (file: string, writes: () => void): string => {
      const base = { tool_name: 'Edit', tool_use_id: `toolu_${id}_${++n}`, tool_input: { file_path: path.join(root, file) } };
      call({ hook_event_name: 'PreToolUse', ...base });
      writes();
      call({ hook_event_name: 'PostToolUse', ...base, tool_response: {} });
      return base.tool_use_id;
    },
  };
}

type PreviewJson = AgentOnlySummaryJson & { changes: { path: string; change: string }[] };

describe('Undo This Change: plan rollback --agent-only --path [--hunk] (the built CLI, hook events)', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs('ca-cli-undo-change-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });
  const json = <T>(root: string, ...args: string[]): T => ok(runCli(root, ['--format', 'json', ...args])).json<T>();
  const read = (root: string, rel: string): string | undefined => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);
  const state = (root: string) => ({ tree: hashTree(root, (rel) => rel.startsWith('.cleveragents')), db: readFileSync(path.join(root, DB)).toString('base64') });
  /** A refusal: exit 1, the error envelope, nothing changed (files and database). */
  function refused(root: string, args: string[], message: RegExp, type?: string): ErrorEnvelope['error'] {
    const before = state(root);
    const run = runCli(root, ['--format', 'json', ...args]);
    assert.equal(run.code, 1, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
    const error = run.json<ErrorEnvelope>().error;
    assert.match(error.message, message);
    if (type) assert.equal(error.type, type);
    assert.deepEqual(state(root), before, `${args.join(' ')}: nothing changed`);
    return error;
  }

  /** The issue's session: the agent edits lines 2–4 of f.txt (call one), the user line 18, the agent line 10 (call two). */
  function issueFlow(callOne: Record<number, string> = { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4' }) {
    const root = tempDir();
    write(root, 'f.txt', numbered(20));
    const s = session(root, 'one');
    s.prompt('Tidy f.txt');
    let now: Record<number, string> = {};
    const edit = (more: Record<number, string>): void => {
      now = { ...now, ...more };
      write(root, 'f.txt', numbered(20, now));
    };
    const one = s.tool('f.txt', () => edit(callOne));
    edit({ 18: 'user 18' });
    const two = s.tool('f.txt', () => edit({ 10: 'agent 10' }));
    const plan = json<{ plans: PlanJson[] }>(root, 'plan', 'list').plans[0]!;
    const list = json<{ checkpoints: CheckpointJson[] }>(root, 'plan', 'checkpoints', plan.plan_id).checkpoints;
    const fence = (type: string, tool: string): string => {
      const c = list.find((x) => x.checkpoint_type === type && x.metadata.extra.tool_use_id === tool);
      assert.ok(c, `the ${type} of ${tool}`);
      return c.checkpoint_id;
    };
    const prompt = list.find((x) => x.metadata.reason === 'Before: "Tidy f.txt"');
    assert.ok(prompt, 'the prompt checkpoint');
    // Call one's pre_write is skipped by the hooks (nothing changed since the prompt's checkpoint); call two has one (the user's edit came between).
    return { root, p: plan.plan_id, post: fence('post_step', one), twoPre: fence('pre_write', two), twoPost: fence('post_step', two), prompt: prompt.checkpoint_id, edit };
  }

  it('the issue’s flow: the first call’s hunk taken back restores lines 2–4 and keeps lines 10 and 18 byte for byte; its undo puts them back', () => {
    const { root, p, post, twoPre, twoPost } = issueFlow();
    const before = state(root);
    const preview = json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--preview', '--path', 'f.txt', '--hunk', '1', p, post).rollback_preview;
    assert.deepEqual(preview.changes, [{ path: 'f.txt', change: 'modified' }]);
    assert.equal(preview.scope, 'tool_call');
    assert.deepEqual(preview.merged, ['f.txt'], 'the user’s line 18 and the second call’s line 10 stay in it');
    assert.deepEqual(preview.conflicts, []);
    assert.deepEqual(preview.change, { path: 'f.txt', hunk: 1, tool_call_checkpoint_id: post, hunks: [{ index: 1, before: { start: 2, count: 3 }, after: { start: 2, count: 3 } }] });
    const text = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--preview', '--path', 'f.txt', '--hunk', '1', p, post])).stdout;
    assert.match(text, /^Taking back hunk 1 of the change of tool call \S+ to f\.txt in plan \S+ changes f\.txt; every other line stays as it is now\.\n/, text);
    assert.match(text, /\n {2}\* {3}1 {2}lines 2–4 → lines 2–4\n/, text);
    assert.deepEqual(state(root), before, 'the preview changes nothing, not even the database');
    // A call's pre_write names the same call as its post_step.
    assert.deepEqual(json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--preview', '--path', 'f.txt', p, twoPre).rollback_preview.change?.tool_call_checkpoint_id, twoPost);

    const envelope = json<RollbackEnvelope>(root, 'plan', 'rollback', '--agent-only', '--yes', '--path', 'f.txt', '--hunk', '1', p, post);
    assert.deepEqual(Object.keys(envelope), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages']);
    assert.equal(envelope.rollback_summary.scope, 'tool_call');
    assert.equal(envelope.rollback_summary.change?.hunk, 1);
    assert.deepEqual(envelope.changes_reverted, ['f.txt']);
    assert.equal(read(root, 'f.txt'), numbered(20, { 10: 'agent 10', 18: 'user 18' }), 'lines 2–4 as before the call; 10 and 18 as they were, byte for byte');

    const undone = json<RollbackEnvelope>(root, 'plan', 'rollback', '--yes', p, envelope.post_rollback_state.undo_checkpoint_id);
    assert.deepEqual(undone.changes_reverted, ['f.txt']);
    assert.equal(read(root, 'f.txt'), numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' }), 'the undo puts the agent’s lines back');
    assert.deepEqual(state(root).tree, before.tree, 'the files exactly as before Undo This Change');
  });

  it('one hunk of several, or all of the file: the other hunks and the call’s other files stay', () => {
    const { root, p, post } = issueFlow({ 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 14: 'agent 14' });
    const preview = json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--preview', '--path', 'f.txt', p, post).rollback_preview;
    assert.deepEqual(preview.change?.hunks.map((h) => [h.index, h.before.start, h.before.count]), [[1, 2, 3], [2, 14, 1]]);
    assert.equal(preview.change?.hunk, null);
    json<RollbackEnvelope>(root, 'plan', 'rollback', '--agent-only', '--yes', '--path', 'f.txt', '--hunk', '2', p, post);
    assert.equal(read(root, 'f.txt'), numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' }), 'only line 14 taken back');
    refused(root, ['plan', 'rollback', '--agent-only', '--yes', '--path', 'f.txt', '--hunk', '3', p, post], /the tool call changed 2 hunks of f\.txt: choose a hunk from 1 to 2, not 3/, 'ValidationError');
    json<RollbackEnvelope>(root, 'plan', 'rollback', '--agent-only', '--yes', '--path', 'f.txt', p, post);
    assert.equal(read(root, 'f.txt'), numbered(20, { 10: 'agent 10', 18: 'user 18' }), 'the whole change of call one gone, call two’s and the user’s lines kept');
  });

  it('as an MCP tool: the agent takes back its own step (preview_undo_change, undo_change), and undo_rollback puts it back', async () => {
    const { root, p, post } = issueFlow();
    const before = hashTree(root);
    const mcp = await startMcp(root);
    try {
      const preview = await mcp.ok<{ changes: unknown[]; agent_only: AgentOnlySummaryJson }>('preview_undo_change', { plan_id: p, checkpoint_id: post, path: 'f.txt', hunk: 1 });
      assert.deepEqual(preview.changes, [{ path: 'f.txt', change: 'modified' }]);
      assert.equal(preview.agent_only.change?.hunks.length, 1);
      assert.deepEqual(hashTree(root), before, 'the preview writes nothing');
      const envelope = await mcp.ok<RollbackEnvelope>('undo_change', { plan_id: p, checkpoint_id: post, path: 'f.txt', hunk: 1 });
      assert.equal(read(root, 'f.txt'), numbered(20, { 10: 'agent 10', 18: 'user 18' }));
      assert.match(await mcp.fails('undo_change', { plan_id: p, checkpoint_id: post, path: 'f.txt', hunk: 2 }), /choose a hunk from 1 to 1, not 2/);
      await mcp.ok('undo_rollback', { plan_id: p, undo_checkpoint_id: envelope.post_rollback_state.undo_checkpoint_id });
      assert.deepEqual(hashTree(root), before);
    } finally {
      await mcp.close();
    }
  });

  it('a conflict is shown and nothing is written: the user changed a line of the hunk since', () => {
    const { root, p, post, edit } = issueFlow();
    edit({ 3: 'user 3' });
    const preview = json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--preview', '--path', 'f.txt', '--hunk', '1', p, post).rollback_preview;
    assert.deepEqual(preview.changes, []);
    assert.deepEqual(preview.conflicts, [{ path: 'f.txt', reason: 'lines', message: 'the same lines were changed by the agent and by someone else' }]);
    const text = runCli(root, ['plan', 'rollback', '--agent-only', '--preview', '--path', 'f.txt', p, post]).stdout;
    assert.match(text, /is refused:\n[\s\S]*\n {2}conflict {2}f\.txt: the same lines were changed by the agent and by someone else\n/, text);
    const error = refused(root, ['plan', 'rollback', '--agent-only', '--yes', '--path', 'f.txt', '--hunk', '1', p, post], /^Rollback blocked: 1 path was changed both by the agent and by someone else/, 'BusinessRuleViolation');
    assert.deepEqual(error.conflicts, ['f.txt']);
    assert.equal(read(root, 'f.txt'), numbered(20, { 2: 'agent 2', 3: 'user 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' }), 'the user’s line never overwritten');
  });

  it('bad input says what is wrong and changes nothing: unknown checkpoint, not a tool call, a path outside, a path the call did not change, a bad hunk, a link', () => {
    const { root, p, post, prompt, twoPost } = issueFlow();
    const rollback = (...args: string[]): string[] => ['plan', 'rollback', '--agent-only', '--yes', ...args];
    refused(root, rollback('--path', 'f.txt', p, '01ARZ3NDEKTSV4RRFFQ69G5FAV'), /^Not found: checkpoint 01ARZ3NDEKTSV4RRFFQ69G5FAV/, 'NotFound');
    refused(root, rollback('--path', 'f.txt', p, prompt), /is no tool call's \(a manual checkpoint\): choose the pre_write or post_step of the tool call whose change to take back/, 'ValidationError');
    refused(root, rollback('--path', '../outside.txt', p, post), /path "\.\.\/outside\.txt"/, 'ValidationError');
    refused(root, rollback('--path', path.join(root, 'f.txt'), p, post), /must be relative/, 'ValidationError');
    write(root, 'other.txt', 'not the agent’s\n');
    refused(root, rollback('--path', 'other.txt', p, post), /the tool call of checkpoint \S+ did not change other\.txt; it changed f\.txt/, 'ValidationError');
    refused(root, rollback('--path', 'f.txt', '--hunk', '0', p, post), /the hunk must be a whole number from 1/, 'ValidationError');
    const usage = runCli(root, ['plan', 'rollback', '--yes', '--path', 'f.txt', p, post]);
    assert.equal(usage.code, 2, '--path without --agent-only is a usage error');
    assert.equal(runCli(root, ['plan', 'rollback', '--agent-only', '--scope', 'session', '--path', 'f.txt', p, post]).code, 2);

    // The file the call changed is now reached through a link to a folder outside: the merge
    // sees it deleted since (the link is no file of the sandbox) and refuses; nothing outside is written.
    const outside = tempDir();
    mkdirSync(path.join(root, 'sub'));
    renameSync(path.join(root, 'f.txt'), path.join(root, 'sub', 'f.txt'));
    write(outside, 'f.txt', numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' }));
    symlinkSync(path.join(outside, 'f.txt'), path.join(root, 'f.txt'));
    const outsideBefore = hashTree(outside);
    refused(root, rollback('--path', 'f.txt', p, twoPost), /changed by the agent, then deleted by someone else|symbolic link/, 'BusinessRuleViolation');
    assert.deepEqual(hashTree(outside), outsideBefore, 'nothing written through the link');
  });
});

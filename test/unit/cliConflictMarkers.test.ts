import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { AgentOnlySummaryJson, CheckpointJson, ErrorEnvelope, PlanJson, RollbackEnvelope } from '../../src/envelopes/envelopes';
import { ensureCliBuilt, runCli, type CliRun } from './helpers/cliHarness';
import { claudeHook } from './helpers/claudeHooks';
import { hashTree, write } from './helpers/sandboxFixtures';
import { shortIdOf } from './helpers/shortIdOf';
import { useTempDirs } from './helpers/tempDir';

// Keep Mine and Undo This Change with `--conflicts markers` (issue 36): where the agent and the
// user changed the same lines, the file is written with conflict markers instead of being refused;
// binary files and a deletion against an edit stay refused. Claude Code's hook events on stdin of
// the built CLI, the user's edits between tool calls, real files throughout.

const DB = path.join('.cleveragents', 'cleveragents.db');
const numbered = (n: number, edit: Record<number, string> = {}): string =>
  Array.from({ length: n }, (_, i) => `${edit[i + 1] ?? `line ${i + 1}`}\n`).join('');

/** A Claude Code session as its hooks see it: each event a new process of the built CLI. */
function session(root: string, id: string) {
  let n = 0;
  return {
    prompt: (prompt: string): void => void claudeHook(root, id, { hook_event_name: 'UserPromptSubmit', prompt }),
    tool: (file: string, writes: () => void): string => {
      const base = { tool_name: 'Edit', tool_use_id: `toolu_${id}_${++n}`, tool_input: { file_path: path.join(root, file) } };
      claudeHook(root, id, { hook_event_name: 'PreToolUse', ...base });
      writes();
      claudeHook(root, id, { hook_event_name: 'PostToolUse', ...base, tool_response: {} });
      return base.tool_use_id;
    },
  };
}

type PreviewJson = AgentOnlySummaryJson & { changes: { path: string; change: string }[] };

describe('Keep Mine with --conflicts markers (the built CLI, Claude Code hook events)', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs('ca-cli-conflict-markers-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  const ok = (run: CliRun): CliRun => {
    assert.equal(run.code, 0, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
    return run;
  };
  const json = <T>(root: string, ...args: string[]): T => ok(runCli(root, ['--format', 'json', ...args])).json<T>();
  const read = (root: string, rel: string): string | undefined => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);
  const state = (root: string) => {
    // A command the resident process serves waits for what its hooks wrote after their answers
    // (the rows of the calls just made): the database read next holds them.
    ok(runCli(root, ['plan', 'list']));
    return { tree: hashTree(root), db: readFileSync(path.join(root, DB)).toString('base64') };
  };

  /**
   * The agent rewrites lines 2–4 of f.txt (call one), the user then changes line 3 (the same
   * lines) and line 18, the agent changes line 10 (call two). Keep Mine since the prompt takes
   * call two out cleanly, and call one's lines conflict with the user's.
   */
  function conflictFlow() {
    const root = tempDir();
    write(root, 'f.txt', numbered(20));
    write(root, 'g.txt', 'g\n');
    write(root, 'pic.bin', Buffer.from([0, 1, 2, 3]));
    const s = session(root, 'one');
    s.prompt('Tidy f.txt');
    const one = s.tool('f.txt', () => write(root, 'f.txt', numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4' })));
    write(root, 'f.txt', numbered(20, { 2: 'agent 2', 3: 'user 3', 4: 'agent 4', 18: 'user 18' }));
    s.tool('f.txt', () => write(root, 'f.txt', numbered(20, { 2: 'agent 2', 3: 'user 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' })));
    const plan = json<{ plans: PlanJson[] }>(root, 'plan', 'list').plans[0]!;
    const list = json<{ checkpoints: CheckpointJson[] }>(root, 'plan', 'checkpoints', plan.plan_id).checkpoints;
    const prompt = list.find((x) => x.metadata.reason === 'Before: "Tidy f.txt"');
    const onePost = list.find((x) => x.checkpoint_type === 'post_step' && x.metadata.extra.tool_use_id === one);
    assert.ok(prompt && onePost);
    return { root, s, p: plan.plan_id, prompt: prompt.checkpoint_id, onePost: onePost.checkpoint_id };
  }

  /** f.txt as the markers leave it: the user's version of lines 2–4 against the one before the agent's call, line 10 taken back, line 18 kept. */
  const marked = (shortId: string): string =>
    numbered(1) +
    '<<<<<<< current (yours and later calls)\nagent 2\nuser 3\nagent 4\n=======\nline 2\nline 3\nline 4\n' +
    `>>>>>>> without the agent's change (tool call ${shortId})\n` +
    numbered(20, { 18: 'user 18' })
      .split('\n')
      .slice(4)
      .join('\n');

  it('writes the conflicting file with labelled markers after a safety checkpoint; the JSON lists it; the undo puts the file back byte for byte', async () => {
    const { root, p, prompt, onePost } = conflictFlow();
    const before = state(root);
    const refusedPreview = json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--preview', p, prompt).rollback_preview;
    assert.deepEqual(refusedPreview.conflicts.map((c) => [c.path, c.reason]), [['f.txt', 'lines']], 'without --conflicts the path is refused, as before');
    assert.deepEqual(refusedPreview.conflict_markers, []);
    const refusedText = runCli(root, ['plan', 'rollback', '--agent-only', '--preview', p, prompt]).stdout;
    assert.match(refusedText, /or write the files whose lines both changed with conflict markers \(--conflicts markers\)\.\n/, refusedText);

    const preview = json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--preview', p, prompt).rollback_preview;
    assert.deepEqual(preview.conflicts, []);
    assert.deepEqual(preview.conflict_markers, ['f.txt']);
    assert.deepEqual(preview.changes, [{ path: 'f.txt', change: 'modified' }]);
    assert.deepEqual(preview.merged, [], 'a path with markers is listed on its own, not as merged');
    assert.deepEqual(state(root), before, 'the preview changes nothing');

    const envelope = json<RollbackEnvelope>(root, 'plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--yes', p, prompt);
    assert.deepEqual(Object.keys(envelope), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages'], 'the reference’s envelope, its fields kept');
    assert.deepEqual(envelope.rollback_summary.conflict_markers, ['f.txt']);
    assert.deepEqual(envelope.rollback_summary.conflicts, []);
    assert.deepEqual(envelope.changes_reverted, ['f.txt']);
    const [short] = await shortIdOf(root, onePost);
    assert.ok(short && short.length >= 4 && onePost.endsWith(short), `a short id of the call (${short})`);
    assert.equal(read(root, 'f.txt'), marked(short));

    json<RollbackEnvelope>(root, 'plan', 'rollback', '--yes', p, envelope.post_rollback_state.undo_checkpoint_id);
    assert.deepEqual(hashTree(root), before.tree, 'the undo puts every file back byte for byte');
  });

  it('the text output names the files that hold markers and how to finish; Undo This Change takes the same choice', () => {
    const { root, p, prompt, onePost } = conflictFlow();
    const before = hashTree(root);
    const text = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--yes', p, prompt])).stdout;
    assert.match(text, /\nConflict markers: 1 path whose lines the agent and someone else both changed, written with both versions between <<<<<<< and >>>>>>> lines:\n {2}markers {3}f\.txt\n/, text);
    assert.match(text, /\nTo finish, edit each of those files: keep the lines you want and delete the marker lines \(<<<<<<<, =======, >>>>>>>\)\. Or undo the whole rollback:\nUndo with: agents plan rollback \S+ \S+\n?$/, text);
    const undo = /Undo with: agents plan rollback (\S+) (\S+)\n?$/.exec(text)!;
    ok(runCli(root, ['plan', 'rollback', '--yes', undo[1]!, undo[2]!]));
    assert.deepEqual(hashTree(root), before);

    // Undo This Change of call one, its hunk against the user's line 3.
    assert.equal(runCli(root, ['--format', 'json', 'plan', 'rollback', '--agent-only', '--yes', '--path', 'f.txt', p, onePost]).code, 1, 'refused without markers');
    const changeText = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--yes', '--path', 'f.txt', p, onePost])).stdout;
    assert.match(changeText, /\n {2}markers {3}f\.txt\nTo finish, edit each of those files: [^\n]*\nUndo with: agents plan rollback (\S+) (\S+)\n?$/, changeText);
    const changeUndo = /Undo with: agents plan rollback (\S+) (\S+)\n?$/.exec(changeText)!;
    ok(runCli(root, ['plan', 'rollback', '--yes', changeUndo[1]!, changeUndo[2]!]));
    assert.deepEqual(hashTree(root), before);
    const envelope = json<RollbackEnvelope>(root, 'plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--yes', '--path', 'f.txt', '--hunk', '1', p, onePost);
    assert.deepEqual(envelope.rollback_summary.conflict_markers, ['f.txt']);
    const content = read(root, 'f.txt')!;
    assert.match(content, /^line 1\n<<<<<<< current \(yours and later calls\)\nagent 2\nuser 3\nagent 4\n=======\nline 2\nline 3\nline 4\n>>>>>>> without the agent's change \(tool call [0-9A-Z]{4,}\)\nline 5\n/);
    assert.ok(content.includes('agent 10\n') && content.includes('user 18\n'), 'the later call’s line and the user’s stay');
    json<RollbackEnvelope>(root, 'plan', 'rollback', '--yes', p, envelope.post_rollback_state.undo_checkpoint_id);
    assert.deepEqual(hashTree(root), before);
  });

  it('a binary file and a deletion against an edit cannot take markers: still refused with the reason, nothing written', () => {
    const { root, s, p, prompt } = conflictFlow();
    s.tool('pic.bin', () => write(root, 'pic.bin', Buffer.from([0, 9, 9, 3])));
    write(root, 'pic.bin', Buffer.from([0, 9, 8, 3]));
    s.tool('g.txt', () => write(root, 'g.txt', 'g by the agent\n'));
    unlinkSync(path.join(root, 'g.txt'));
    const before = state(root);
    const preview = json<{ rollback_preview: PreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--preview', p, prompt).rollback_preview;
    assert.deepEqual(
      preview.conflicts.map((c) => [c.path, c.reason]),
      [
        ['g.txt', 'deleted'],
        ['pic.bin', 'binary'],
      ],
    );
    assert.deepEqual(preview.conflict_markers, [], 'nothing is written while any path is refused');
    const run = runCli(root, ['--format', 'json', 'plan', 'rollback', '--agent-only', '--conflicts', 'markers', '--yes', p, prompt]);
    assert.equal(run.code, 1, run.stdout);
    const error = run.json<ErrorEnvelope>().error;
    assert.deepEqual(error.conflicts, ['g.txt', 'pic.bin'], 'f.txt could take markers: only the others are refused');
    assert.match(error.message, /pic\.bin \(a binary file changed by the agent and by someone else\)/);
    assert.deepEqual(state(root), before, 'nothing written, nothing recorded');
  });

  it('--conflicts is checked: one of refuse or markers, and only with --agent-only', () => {
    const root = tempDir();
    write(root, 'f.txt', 'x\n');
    const id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const bad = runCli(root, ['plan', 'rollback', '--agent-only', '--conflicts', 'theirs', id, id]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--conflicts must be one of refuse, markers \(got "theirs"\)/);
    const alone = runCli(root, ['plan', 'rollback', '--conflicts', 'markers', id, id]);
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /--conflicts goes with --agent-only/);
    assert.match(ok(runCli(root, ['plan', 'rollback', '--help'])).stdout, /\[--conflicts refuse\|markers\]/);
  });
});

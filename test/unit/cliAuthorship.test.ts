import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { AgentOnlySummaryJson, PlanJson, RollbackEnvelope, UndoneWorkJson } from '../../src/envelopes/envelopes';
import { CLI_PATH, ensureCliBuilt, runCli, type CliRun } from './helpers/cliHarness';
import { git, hashTree, write } from './helpers/sandboxFixtures';
import { claudeHook, claudeHookEnv } from './helpers/claudeHooks';
import { useTempDirs } from './helpers/tempDir';

// Whose change is whose, end to end: Claude Code's hook events on stdin of the built CLI (`agents
// hook run claude-code`), the user's own edits between tool calls, another session over the same
// folder, and then what the restores say and do (issue 36, "Done when").

const lines = (...l: string[]): string => l.map((x) => `${x}\n`).join('');

/** A Claude Code session as its hooks see it: prompts and fenced tool calls, each a new process with the event on stdin. */
function session(root: string, id: string) {
  let n = 0;
  const call = (event: Record<string, unknown>): void => {
    assert.equal(claudeHook(root, id, event), '');
  };
  return {
    prompt: (prompt: string) => call({ hook_event_name: 'UserPromptSubmit', prompt }),
    /** One tool call: PreToolUse, its writes, PostToolUse. */
    tool: (tool: 'Edit' | 'Write' | 'Bash', file: string, writes: () => void) => {
      const base = { tool_name: tool, tool_use_id: `toolu_${id}_${++n}`, tool_input: tool === 'Bash' ? { command: `touch ${file}` } : { file_path: path.join(root, file) } };
      call({ hook_event_name: 'PreToolUse', ...base });
      writes();
      call({ hook_event_name: 'PostToolUse', ...base, tool_response: {} });
    },
  };
}

describe('whose change is whose: restores name the user’s edits, Keep Mine keeps them and other sessions’ work (the built CLI, hook events)', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs('ca-cli-authorship-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  function ok(run: CliRun): CliRun {
    assert.equal(run.code, 0, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
    return run;
  }
  const json = <T>(root: string, ...args: string[]): T => ok(runCli(root, ['--format', 'json', ...args])).json<T>();
  const read = (root: string, rel: string): string | undefined => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);
  const planOf = (root: string, title: string): PlanJson => {
    const found = json<{ plans: PlanJson[] }>(root, 'plan', 'list').plans.find((p) => p.title.includes(title));
    assert.ok(found, `a plan titled like ${title}`);
    return found;
  };
  const promptCheckpoint = (root: string, planId: string, line: string): string => {
    const list = json<{ checkpoints: { checkpoint_id: string; metadata: { reason: string | null } }[] }>(root, 'plan', 'checkpoints', planId).checkpoints;
    const found = list.find((c) => c.metadata.reason === `Before: "${line}"`);
    assert.ok(found, `the checkpoint of prompt ${line}`);
    return found.checkpoint_id;
  };
  /** The CLI with room for output of 20,000 paths (runCli's buffer is 1 MB). */
  const big = (root: string, ...args: string[]): string => {
    const r = spawnSync(process.execPath, [CLI_PATH, ...args], { cwd: root, env: claudeHookEnv(root), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 300_000 });
    if (r.error) throw r.error;
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  type AgentOnlyPreviewJson = AgentOnlySummaryJson & { changes: { path: string; change: string }[] };

  /**
   * A git workspace; session one edits src/index.js (line 1) and, later, makes src/util.js; the
   * user edits notes.md between those tool calls; session two writes CONTRIBUTING.md; then the
   * user adds a line to src/index.js after the last tool call.
   */
  function flow() {
    const root = tempDir();
    write(root, 'src/index.js', lines('console.log(1);', 'a', 'b', 'c', 'd', 'e'));
    write(root, 'notes.md', lines('notes'));
    write(root, 'CONTRIBUTING.md', lines('contributing'));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start');
    const one = session(root, 'one');
    one.prompt('Add a greeting');
    one.tool('Edit', 'src/index.js', () => write(root, 'src/index.js', lines('console.log("hello");', 'a', 'b', 'c', 'd', 'e')));
    write(root, 'notes.md', lines('notes', 'my own line'));
    one.tool('Bash', 'src/util.js', () => write(root, 'src/util.js', lines('export {};')));
    const two = session(root, 'two');
    two.prompt('Write the contributing guide');
    two.tool('Write', 'CONTRIBUTING.md', () => write(root, 'CONTRIBUTING.md', lines('contributing', 'written by session two')));
    write(root, 'src/index.js', lines('console.log("hello");', 'a', 'b', 'c', 'd', 'e', 'my line after prompt 1'));
    const p = planOf(root, 'Add a greeting').plan_id;
    const t = planOf(root, 'Write the contributing guide').plan_id;
    return { root, p, t, c: promptCheckpoint(root, p, 'Add a greeting') };
  }

  /** What Done when asks of a restore to before the prompt, and of Keep Mine from there. */
  function assertNamesAndKeeps(root: string, p: string, t: string, c: string, when: string): void {
    const preview = json<{ rollback_preview: { undoes_work_of: UndoneWorkJson[] } }>(root, 'plan', 'rollback', '--preview', p, c).rollback_preview;
    const outside = preview.undoes_work_of.filter((u) => u.kind === 'outside_tool_calls');
    assert.equal(outside.length, 1, `${when}: ${JSON.stringify(preview.undoes_work_of)}`);
    assert.deepEqual(outside[0]!.paths, ['notes.md', 'src/index.js'], `${when}: the user's edits, by path`);
    assert.equal(outside[0]!.title, 'you, or another program');
    assert.match(outside[0]!.since ?? '', /^\d{4}-\d\d-\d\dT/, when);
    assert.equal(outside[0]!.until, null, `${when}: the last edit is in the files now`);
    assert.deepEqual(
      preview.undoes_work_of.filter((u) => u.kind === 'plan').map((u) => [u.plan_id, u.paths]),
      [[t, ['CONTRIBUTING.md']]],
      `${when}: session two's work is another plan's, not the user's`,
    );
    const text = ok(runCli(root, ['plan', 'rollback', '--preview', p, c])).stdout;
    assert.match(text, /\n {2}edits made outside tool calls \(you, or another program\) between .* and now, 2 paths: notes\.md, src\/index\.js\n/, `${when}: ${text}`);

    const keep = json<{ rollback_preview: AgentOnlyPreviewJson }>(root, 'plan', 'rollback', '--agent-only', '--preview', p, c).rollback_preview;
    assert.deepEqual(keep.changes, [
      { path: 'src/index.js', change: 'modified' },
      { path: 'src/util.js', change: 'deleted' },
    ], when);
    assert.deepEqual(keep.kept_reasons, [
      { path: 'CONTRIBUTING.md', reason: 'other_session', plan_id: t },
      { path: 'notes.md', reason: 'outside_tool_calls' },
    ], `${when}: kept, each with whose it is; the product's own restores are nobody else's`);
    assert.deepEqual(keep.merged, ['src/index.js'], when);
    const undone = new Set(keep.changes.map((x) => x.path));
    assert.ok(!keep.kept.some((k) => undone.has(k)), `${when}: no path is both undone and kept`);
    const keepText = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--preview', p, c])).stdout;
    assert.match(keepText, /\nKept \(not this agent's\): 2 paths: 1 yours, 1 another session’s\n {2}kept {6}CONTRIBUTING\.md \(another session’s: plan [0-9A-Z]{4,16}\)\n {2}kept {6}notes\.md \(yours\)\n/, keepText);
  }

  it('Restore to Before This Prompt names the user’s edits and another session’s work; Keep Mine keeps exactly those, with reasons; the same after a rollback and its undo', () => {
    const { root, p, t, c } = flow();
    assertNamesAndKeeps(root, p, t, c, 'first');

    const before = hashTree(root, (rel) => rel.startsWith('.cleveragents') || rel.startsWith('.git'));
    const done = json<RollbackEnvelope>(root, 'plan', 'rollback', '--agent-only', '--yes', p, c);
    assert.equal(read(root, 'src/index.js'), lines('console.log(1);', 'a', 'b', 'c', 'd', 'e', 'my line after prompt 1'), 'the agent’s line out, the user’s line kept');
    assert.equal(read(root, 'src/util.js'), undefined);
    assert.equal(read(root, 'notes.md'), lines('notes', 'my own line'));
    assert.equal(read(root, 'CONTRIBUTING.md'), lines('contributing', 'written by session two'), 'another session’s work is kept');
    ok(runCli(root, ['plan', 'rollback', '--yes', p, done.post_rollback_state.undo_checkpoint_id]));
    assert.deepEqual(hashTree(root, (rel) => rel.startsWith('.cleveragents') || rel.startsWith('.git')), before, 'its undo puts everything back');
    assertNamesAndKeeps(root, p, t, c, 'after Keep Mine and its undo');

    // A full rollback to before the prompt (it takes the user's edits too), and its undo: the
    // product's own restores are neither the user's nor anyone else's.
    const full = json<RollbackEnvelope>(root, 'plan', 'rollback', '--yes', p, c);
    assert.equal(read(root, 'notes.md'), lines('notes'));
    ok(runCli(root, ['plan', 'rollback', '--yes', p, full.post_rollback_state.undo_checkpoint_id]));
    assert.deepEqual(hashTree(root, (rel) => rel.startsWith('.cleveragents') || rel.startsWith('.git')), before);
    assertNamesAndKeeps(root, p, t, c, 'after a rollback and its undo');
  });

  it('with 20,000 of the user’s files: counts per kind and the first ten of each in text (all of them with --all), every path in JSON', () => {
    const root = tempDir();
    write(root, 'app.js', lines('1', '2', '3'));
    const one = session(root, 'big');
    one.prompt('Tidy app.js');
    one.tool('Edit', 'app.js', () => write(root, 'app.js', lines('one', '2', '3')));
    // Many small files, written once: the user's (a generator run by hand between tool calls).
    for (let d = 0; d < 20; d++) {
      mkdirSync(path.join(root, 'gen', `d${String(d).padStart(2, '0')}`), { recursive: true });
      for (let f = 0; f < 1000; f++) writeFileSync(path.join(root, 'gen', `d${String(d).padStart(2, '0')}`, `f${String(f).padStart(4, '0')}.txt`), `${d}/${f}\n`);
    }
    const p = planOf(root, 'Tidy app.js').plan_id;
    const c = promptCheckpoint(root, p, 'Tidy app.js');

    const keepText = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--preview', p, c])).stdout;
    const keepLines = keepText.trimEnd().split('\n');
    assert.ok(keepLines.length < 25, `the preview is short: ${keepLines.length} lines`);
    assert.ok(keepLines.includes("Kept (not this agent's): 20,000 paths: 20,000 yours"), keepText);
    assert.ok(keepLines.includes('  kept      gen/d00/f0009.txt (yours)') && !keepLines.includes('  kept      gen/d00/f0010.txt (yours)'), keepText);
    assert.ok(keepLines.includes('  and 19,990 more (--all lists them)'), keepText);
    const all = big(root, 'plan', 'rollback', '--agent-only', '--preview', '--all', p, c);
    assert.ok(all.split('\n').length > 20_000, '--all lists every path');
    const keep = (JSON.parse(big(root, '--format', 'json', 'plan', 'rollback', '--agent-only', '--preview', p, c)) as { rollback_preview: AgentOnlyPreviewJson }).rollback_preview;
    assert.equal(keep.kept.length, 20_000, 'JSON stays complete');
    assert.equal(keep.kept_reasons.length, 20_000);
    assert.deepEqual(keep.changes, [{ path: 'app.js', change: 'modified' }]);

    const fullText = ok(runCli(root, ['plan', 'rollback', '--preview', p, c])).stdout;
    const fullLines = fullText.trimEnd().split('\n');
    assert.ok(fullLines.length < 25, `the rollback preview is short: ${fullLines.length} lines\n${fullText}`);
    assert.ok(fullLines.includes('  and 19,991 more (--all lists them)'), fullText);
    assert.ok(fullLines.includes('In all: 20,001 paths (0 added, 1 modified, 20,000 deleted).'), fullText);
    assert.ok(fullLines.some((l) => /^ {2}edits made outside tool calls \(you, or another program\) between .* and now, 20,000 paths: gen\/d00\/f0000\.txt, .* and 19,990 more$/.test(l)), fullText);
    const full = (JSON.parse(big(root, '--format', 'json', 'plan', 'rollback', '--preview', p, c)) as { rollback_preview: { undoes_work_of: UndoneWorkJson[] } }).rollback_preview;
    assert.equal(full.undoes_work_of.find((u) => u.kind === 'outside_tool_calls')?.paths.length, 20_000);
  });
});

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { afterCheckpoint, type OpenFence } from '../../src/core/openFences';
import { AUTOMATIC_SOURCE_TOOL } from '../../src/core/checkpoint';
import { CLI_PATH, REPO_ROOT, cliEnv, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// A tool call whose pre_write was skipped (nothing had changed) and whose post_step never came:
// what it wrote is named by no one, never credited to the user (core/openFences.ts).

const AT = '2026-12-04T06:00:00.000Z';
const call = (over: Partial<Parameters<typeof afterCheckpoint>[1]>) => ({ type: 'pre_write', sourceTool: 'apply_patch', toolUseId: 'a', taken: false, at: AT, ...over });

describe('open fences: the rule', () => {
  it('a skipped pre_write opens one; its post_step closes it, taken or skipped', () => {
    const opened = afterCheckpoint([], call({}));
    assert.deepEqual(opened, { next: [{ tool_use_id: 'a', at: AT }] });
    assert.deepEqual(afterCheckpoint(opened.next, call({ type: 'post_step', taken: true })), { next: [] }, 'its own post_step: no stamp');
    assert.deepEqual(afterCheckpoint(opened.next, call({ type: 'post_step', taken: false })), { next: [] });
  });
  it('a call named on one side only pairs, as a taken pre_write does; two names that differ do not', () => {
    assert.deepEqual(afterCheckpoint([{ tool_use_id: null, at: AT }], call({ type: 'post_step', toolUseId: 'b', taken: true })), { next: [] }, 'the pre_write gave no name');
    assert.deepEqual(afterCheckpoint([{ tool_use_id: 'a', at: AT }, { tool_use_id: 'b', at: AT }], call({ type: 'post_step', toolUseId: undefined, taken: true })), { next: [], stamp: 'a' }, 'the post_step gave none: it closes the newest');
    assert.deepEqual(afterCheckpoint([{ tool_use_id: 'a', at: AT }], call({ type: 'post_step', toolUseId: 'b', taken: false })), { next: [{ tool_use_id: 'a', at: AT }] }, 'another call’s skipped post_step closes nothing');
  });
  it('a row taken while another call is open carries it and clears the fences', () => {
    const open: OpenFence[] = [{ tool_use_id: 'a', at: AT }];
    assert.deepEqual(afterCheckpoint(open, call({ toolUseId: 'b', taken: true })), { next: [], stamp: 'a' }, 'the next pre_write');
    assert.deepEqual(afterCheckpoint(open, call({ type: 'post_step', toolUseId: 'b', taken: true })), { next: [], stamp: 'a' }, 'another call’s post_step');
    assert.deepEqual(afterCheckpoint(open, call({ type: 'manual', sourceTool: null, toolUseId: undefined, taken: true })), { next: [], stamp: 'a' }, 'a manual checkpoint');
    assert.deepEqual(afterCheckpoint([{ tool_use_id: null, at: '' }], call({ type: 'manual', taken: true })), { next: [], stamp: '(no id)' }, 'an unreadable record');
  });
  it('an automatic checkpoint opens none; nothing open and nothing skipped changes nothing', () => {
    const none: OpenFence[] = [];
    assert.equal(afterCheckpoint(none, call({ sourceTool: AUTOMATIC_SOURCE_TOOL })).next, none);
    assert.equal(afterCheckpoint(none, call({ taken: true })).next, none, 'the same array: nothing to write');
    assert.equal(afterCheckpoint(none, call({ type: 'post_step', taken: false })).next, none);
  });
});

describe('open fences: a Codex apply_patch that fails half-way after a skipped pre_write', function () {
  this.timeout(240_000);
  const tempDir = useTempDirs('cleveragents-fences-');
  before(() => ensureCliBuilt());

  const FIXTURES = path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks', 'codex');
  const hook = (root: string, name: string, prompt = '') => {
    const input = readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')
      .replaceAll('"{{PROMPT}}"', JSON.stringify(prompt))
      .replaceAll('{{WORKSPACE}}', JSON.stringify(root).slice(1, -1))
      .replaceAll('{{SESSION}}', 'fences');
    const env = cliEnv({ AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000' });
    const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', 'codex'], { cwd: root, input, env, encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, `${name}: ${r.stderr}`);
  };
  const planOf = (root: string) => runCli(root, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans[0]!;
  const checkpoints = (root: string, planId: string) => runCli(root, ['--format', 'json', 'plan', 'checkpoints', planId]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
  const blameOf = (root: string, file: string) => {
    const r = runCli(root, ['--format', 'json', 'blame', file]);
    assert.equal(r.code, 0, r.stderr);
    return r.json<{ blame: { lines: { line: number; kind: string; reason?: string }[] } }>().blame.lines.map((l) => `${l.line} ${l.kind}${l.reason ? ` ${l.reason}` : ''}`);
  };
  const fenceFile = (root: string, planId: string) => path.join(root, '.cleveragents', 'checkpoints', 'fences', `${planId}.json`);

  it('the half-written file is named by no one, now and once the next call’s row is taken; Keep Mine does not keep it as the user’s', () => {
    const root = tempDir();
    write(root, 'notes.txt', 'one\n');
    write(root, 'other.txt', 'other\n');
    hook(root, 'UserPromptSubmit', 'patch the notes');
    // Nothing changed since the prompt's checkpoint: the pre_write is skipped, and a fence opened.
    hook(root, 'PreToolUse-apply_patch');
    const plan = planOf(root);
    assert.deepEqual(checkpoints(root, plan.plan_id).map((c) => c.checkpoint_type), ['manual'], 'no pre_write row');
    assert.ok(existsSync(fenceFile(root, plan.plan_id)), 'the open fence is kept');
    // The patch writes a line, then fails: Codex sends no PostToolUse.
    write(root, 'notes.txt', 'one\nhalf of the patch\n');
    assert.deepEqual(blameOf(root, 'notes.txt'), ['1 before_checkpoints', '2 unknown unclosed'], 'now: the open call’s line is no one’s');

    // The next call (a shell command) takes its pre_write: the row says what was open.
    hook(root, 'PreToolUse-Bash');
    const list = checkpoints(root, plan.plan_id);
    assert.deepEqual(list.map((c) => c.checkpoint_type), ['manual', 'pre_write']);
    assert.equal(list[1]!.metadata.extra.open_fence, 'call_01PATCH');
    assert.ok(!existsSync(fenceFile(root, plan.plan_id)), 'the row holds it: the fence is cleared');
    assert.deepEqual(blameOf(root, 'notes.txt'), ['1 before_checkpoints', '2 unknown unclosed'], 'after the row: still no one’s');

    // Agent-only rollback to the prompt: the half-written file is neither taken out nor kept as the user's.
    const text = runCli(root, ['plan', 'rollback', '--agent-only', '--preview', plan.plan_id, list[0]!.checkpoint_id]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /A tool call after checkpoint \S+ \(its pre_write skipped: nothing had changed\) has no post_step: whose its changes up to checkpoint/);
    const run = runCli(root, ['--format', 'json', 'plan', 'rollback', '--agent-only', '--yes', plan.plan_id, list[0]!.checkpoint_id]);
    assert.equal(run.code, 0, run.stderr);
    const summary = run.json<{ rollback_summary: { kept_reasons: { path: string; reason: string; unknown?: string }[]; unclosed: unknown[] } }>().rollback_summary;
    assert.deepEqual(summary.kept_reasons.filter((k) => k.path === 'notes.txt'), [{ path: 'notes.txt', reason: 'unknown', unknown: 'unclosed' }]);
    assert.deepEqual(summary.unclosed, [
      { pre_write_checkpoint_id: list[0]!.checkpoint_id, pre_write_skipped: true, until_checkpoint_id: list[1]!.checkpoint_id },
      { pre_write_checkpoint_id: list[1]!.checkpoint_id, pre_write_skipped: false, until_checkpoint_id: null },
    ], 'the patch (its pre_write skipped), then the shell call (no post_step yet)');

    assert.equal(readFileSync(path.join(root, 'notes.txt'), 'utf8'), 'one\nhalf of the patch\n');
  });

  it('a fence record that is not in form, or is a link, counts as a call open: never followed, never written through', () => {
    for (const kind of ['garbage', 'link'] as const) {
      const root = tempDir();
      write(root, 'notes.txt', 'one\n');
      hook(root, 'UserPromptSubmit', 'patch the notes');
      const plan = planOf(root);
      const file = fenceFile(root, plan.plan_id);
      mkdirSync(path.dirname(file), { recursive: true });
      const outside = path.join(tempDir(), 'target.json');
      writeFileSync(outside, '[]\n');
      if (kind === 'garbage') writeFileSync(file, '{"not": "fences"}\n');
      else symlinkSync(outside, file);
      write(root, 'notes.txt', 'one\nwritten while the record was bad\n');
      hook(root, 'PreToolUse-Bash');
      const list = checkpoints(root, plan.plan_id);
      assert.equal(list[1]?.metadata.extra.open_fence, '(no id)', `${kind}: the row says a call was open`);
      assert.deepEqual(blameOf(root, 'notes.txt'), ['1 before_checkpoints', '2 unknown unclosed'], kind);
      assert.equal(readFileSync(outside, 'utf8'), '[]\n', `${kind}: what a link points to is untouched`);
      assert.equal(lstatOrNull(file), null, `${kind}: the bad record (the link itself) is cleared with the row`);
    }
  });

  it('a skipped pre_write closed by its post_step is the tool call’s, and leaves no fence', () => {
    const root = tempDir();
    write(root, 'notes.txt', 'one\n');
    hook(root, 'UserPromptSubmit', 'patch the notes');
    hook(root, 'PreToolUse-apply_patch');
    write(root, 'notes.txt', 'two\n');
    hook(root, 'PostToolUse-apply_patch');
    const plan = planOf(root);
    const list = checkpoints(root, plan.plan_id);
    assert.deepEqual(list.map((c) => c.checkpoint_type), ['manual', 'post_step']);
    assert.equal(list[1]!.metadata.extra.open_fence, undefined);
    assert.ok(!existsSync(fenceFile(root, plan.plan_id)));
    assert.deepEqual(blameOf(root, 'notes.txt'), ['1 tool_call']);
  });
});

function lstatOrNull(file: string): unknown {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

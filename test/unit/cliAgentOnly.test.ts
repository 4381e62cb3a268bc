import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { AgentOnlySummaryJson, CheckpointJson, ErrorEnvelope, PlanJson, RollbackEnvelope } from '../../src/envelopes/envelopes';
import { ensureCliBuilt, runCli, type CliRun, ok } from './helpers/cliHarness';
import { startMcp } from './helpers/mcpHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { shortIdOf } from './helpers/shortIdOf';
import { useTempDirs } from './helpers/tempDir';

const lines = (...l: string[]): string => l.map((x) => `${x}\n`).join('');
const DB = path.join('.cleveragents', 'cleveragents.db');

const json = (root: string, ...args: string[]): CliRun => runCli(root, ['--format', 'json', ...args]);
const read = (root: string, rel: string): string | undefined => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);

describe('agents plan rollback --agent-only (the built CLI)', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-cli-agent-only-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  const checkpoint = (root: string, planId: string, ...args: string[]): string => ok(json(root, 'plan', 'checkpoint', planId, ...args)).json<{ checkpoint: CheckpointJson }>().checkpoint.checkpoint_id;
  /** The files (but `.cleveragents/`) and the database's bytes. */
  const state = (root: string) => ({ tree: hashTree(root), db: readFileSync(path.join(root, DB)).toString('base64') });

  /**
   * The issue's flow: checkpoint C; the agent edits a.txt line 1 and creates b.txt (pre/post); the
   * user edits a.txt line 5 and c.txt; the agent deletes d.txt (pre/post).
   */
  function issueFlow() {
    const root = tempDir();
    write(root, 'a.txt', lines('1', '2', '3', '4', '5'));
    write(root, 'c.txt', lines('c'));
    write(root, 'd.txt', lines('d'));
    const plan = ok(json(root, 'plan', 'create', '--title', 'agent only')).json<{ plan: PlanJson }>().plan;
    const p = plan.plan_id;
    const c = checkpoint(root, p, '--reason', 'C');
    const tool = (name: string, writes: () => void): void => {
      checkpoint(root, p, '--type', 'pre_write', '--source-tool', name, '--extra', 'agent=claude-code');
      writes();
      checkpoint(root, p, '--type', 'post_step', '--source-tool', name, '--extra', 'agent=claude-code');
    };
    tool('Edit', () => {
      write(root, 'a.txt', lines('agent 1', '2', '3', '4', '5'));
      write(root, 'b.txt', lines('made by the agent'));
    });
    write(root, 'a.txt', lines('agent 1', '2', '3', '4', 'user 5'));
    write(root, 'c.txt', lines('c, edited by the user'));
    tool('Bash', () => unlinkSync(path.join(root, 'd.txt')));
    return { root, p, c };
  }

  it('the issue’s flow: the agent’s line 1, b.txt and the deletion of d.txt are taken out, the user’s line 5 and c.txt kept; the undo restores the state before byte for byte', async () => {
    const { root, p, c } = issueFlow();
    const before = state(root);

    const preview = ok(json(root, 'plan', 'rollback', '--agent-only', '--preview', p, c)).json<{ rollback_preview: AgentOnlySummaryJson & { changes: unknown[] } }>().rollback_preview;
    assert.deepEqual(preview.changes, [
      { path: 'a.txt', change: 'modified' },
      { path: 'b.txt', change: 'deleted' },
      { path: 'd.txt', change: 'added' },
    ]);
    assert.deepEqual(preview.kept, ['c.txt'], 'a path written is never also kept');
    assert.deepEqual(preview.kept_reasons, [{ path: 'c.txt', reason: 'outside_tool_calls' }]);
    assert.deepEqual(preview.merged, ['a.txt']);
    assert.deepEqual(preview.conflicts, []);
    assert.equal(preview.tool_calls, 2);
    const previewText = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--preview', p, c])).stdout;
    const [pShort, cShort] = await shortIdOf(root, p, c);
    assert.equal(
      previewText,
      [
        `Taking the agent's changes since checkpoint ${cShort} out of plan ${pShort} (2 tool calls of the agent) changes these paths:`,
        '  modified  a.txt',
        '  deleted   b.txt',
        '  added     d.txt',
        'In all: 3 paths (1 added, 1 modified, 1 deleted).',
        "Merged (written, with others' changes in them kept; only the agent's are taken out): 1 path",
        '  merged    a.txt',
        "Kept (not this agent's): 1 path: 1 yours",
        '  kept      c.txt (yours)',
        'A safety checkpoint of the current files is taken first, so the rollback can be undone.',
        '',
      ].join('\n'),
      'the preview, byte for byte',
    );
    assert.deepEqual(state(root), before, 'the preview changes nothing, not even the database');

    const run = ok(json(root, 'plan', 'rollback', '--agent-only', '--yes', p, c));
    const envelope = run.json<RollbackEnvelope>();
    assert.deepEqual(Object.keys(envelope), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages'], 'the reference’s fields, in its order');
    const undoId = envelope.post_rollback_state.undo_checkpoint_id;
    assert.deepEqual(envelope.rollback_summary, {
      plan_id: p,
      from_checkpoint_id: c,
      restored_files_count: 3,
      mode: 'agent_only',
      scope: 'session',
      reverted: ['a.txt', 'b.txt', 'd.txt'],
      kept: ['c.txt'],
      kept_reasons: [{ path: 'c.txt', reason: 'outside_tool_calls' }],
      merged: ['a.txt'],
      conflicts: [],
      conflict_markers: [],
      tool_calls: 2,
      unclosed: [],
    });
    assert.deepEqual(envelope.changes_reverted, ['a.txt', 'b.txt', 'd.txt']);
    assert.deepEqual(envelope.messages, ['Rollback completed successfully.']);

    assert.equal(read(root, 'a.txt'), lines('1', '2', '3', '4', 'user 5'), 'the user’s line 5 without the agent’s line 1');
    assert.equal(read(root, 'b.txt'), undefined, 'b.txt gone');
    assert.equal(read(root, 'd.txt'), lines('d'), 'd.txt back');
    assert.equal(read(root, 'c.txt'), lines('c, edited by the user'), 'c.txt as the user left it');

    const undo = ok(runCli(root, ['plan', 'rollback', '--yes', p, undoId]));
    assert.equal(
      undo.stdout.replace(/ in \d+\.\d\d s\./, ' in T s.').replace(/Undo with: agents plan rollback \S+ \S+\n$/, 'Undo with: …\n'),
      [`Rolled back plan ${pShort} to checkpoint ${(await shortIdOf(root, undoId))[0]}: 3 paths restored in T s.`, '  modified  a.txt', '  added     b.txt', '  deleted   d.txt', 'Undo with: …', ''].join('\n'),
      'the undo’s output, byte for byte but the time and the next undo’s id',
    );
    assert.deepEqual(hashTree(root), before.tree, 'the undo restores the state before, byte for byte');
  });

  it('the text output lists the reverted and the kept paths, and how to undo', async () => {
    const { root, p, c } = issueFlow();
    const text = ok(runCli(root, ['plan', 'rollback', '--agent-only', '-y', p, c])).stdout;
    const [pShort, cShort] = await shortIdOf(root, p, c);
    assert.match(text, new RegExp(`^Took the agent's changes since checkpoint ${cShort} out of plan ${pShort}: 3 paths reverted in \\d+\\.\\d\\d s\\.\n`));
    assert.match(text, /\n  reverted  modified  a\.txt\n  reverted  deleted   b\.txt\n  reverted  added     d\.txt\n/);
    assert.match(text, /\n  merged    a\.txt\nKept \(not this agent's\): 1 path: 1 yours\n  kept      c\.txt \(yours\)\n/);
    assert.match(text, /\nUndo with: agents plan rollback [0-9A-Z]{4,16} [0-9A-Z]{4,16}\n$/);
  });

  it('an overlapping edit is refused, with the path and the reason, and nothing is written', () => {
    const { root, p, c } = issueFlow();
    write(root, 'a.txt', lines('the user rewrote the agent’s line 1', '2', '3', '4', 'user 5'));
    const before = state(root);
    const preview = ok(json(root, 'plan', 'rollback', '--agent-only', '--preview', p, c)).json<{ rollback_preview: AgentOnlySummaryJson & { changes: unknown[] } }>().rollback_preview;
    assert.deepEqual(preview.changes, []);
    assert.deepEqual(preview.conflicts, [{ path: 'a.txt', reason: 'lines', message: 'the same lines were changed by the agent and by someone else' }]);
    const previewText = ok(runCli(root, ['plan', 'rollback', '--agent-only', '--preview', p, c])).stdout;
    assert.match(previewText, /\n  conflict  a\.txt: the same lines were changed by the agent and by someone else\n/);

    for (const yes of [['--yes'], []]) {
      const run = json(root, 'plan', 'rollback', '--agent-only', ...yes, p, c);
      assert.equal(run.code, 1, run.stdout);
      const error = run.json<ErrorEnvelope>().error;
      assert.equal(error.type, 'BusinessRuleViolation');
      assert.match(error.message, /^Rollback blocked: 1 path was changed both by the agent and by someone else.*nothing was written: a\.txt \(the same lines were changed by the agent and by someone else\)/);
      assert.deepEqual(error.conflicts, ['a.txt']);
    }
    const text = runCli(root, ['plan', 'rollback', '--agent-only', '-y', p, c]);
    assert.equal(text.code, 1);
    assert.match(text.stderr, /^agents: Rollback blocked: .*a\.txt/);
    assert.deepEqual(state(root), before, 'no file and no row (no safety checkpoint) was written');
  });

  it('the MCP tools: preview_rollback and rollback with agent_only: true, conflicts refused as tool errors, undo_rollback takes it back', async () => {
    const { root, p, c } = issueFlow();
    const before = hashTree(root);
    const mcp = await startMcp(root);
    try {
      const preview = await mcp.ok<{ changes: unknown[]; agent_only: AgentOnlySummaryJson }>('preview_rollback', { plan_id: p, checkpoint_id: c, agent_only: true });
      assert.deepEqual(preview.agent_only.kept, ['c.txt']);
      assert.deepEqual(preview.agent_only.kept_reasons, [{ path: 'c.txt', reason: 'outside_tool_calls' }]);
      assert.equal(preview.changes.length, 3);
      const envelope = await mcp.ok<RollbackEnvelope>('rollback', { plan_id: p, checkpoint_id: c, agent_only: true });
      assert.equal(envelope.rollback_summary.mode, 'agent_only');
      assert.deepEqual(envelope.rollback_summary.kept, ['c.txt']);
      assert.equal(read(root, 'a.txt'), lines('1', '2', '3', '4', 'user 5'));
      await mcp.ok('undo_rollback', { plan_id: p, undo_checkpoint_id: envelope.post_rollback_state.undo_checkpoint_id });
      assert.deepEqual(hashTree(root), before);

      write(root, 'b.txt', lines('the user changed the agent’s new file'));
      const blocked = state(root);
      assert.match(await mcp.fails('rollback', { plan_id: p, checkpoint_id: c, agent_only: true }), /^Rollback blocked: 1 path was changed both by the agent and by someone else.*b\.txt \(created by the agent, then changed by someone else\)/);
      assert.deepEqual(state(root), blocked);
    } finally {
      await mcp.close();
    }
  });

  it('has the guards of a rollback: confirmation, missing sandbox, applied plan', () => {
    const { root, p, c } = issueFlow();
    const before = state(root);
    const unconfirmed = json(root, 'plan', 'rollback', '--agent-only', p, c);
    assert.equal(unconfirmed.code, 1);
    assert.equal(unconfirmed.json<ErrorEnvelope>().error.message, 'Rollback refused: confirmation needed; re-run with --yes');
    assert.deepEqual(state(root), before);
    assert.equal(runCli(root, ['plan', 'rollback', '--agent-only', '--preview', '--yes', p, c]).code, 2, '--preview and --yes together are a usage error');

    ok(json(root, 'plan', 'apply', '--yes', p));
    const applied = json(root, 'plan', 'rollback', '--agent-only', '--yes', p, c);
    assert.equal(applied.json<ErrorEnvelope>().error.message, 'Rollback blocked: plan is already applied');
    const preview = json(root, 'plan', 'rollback', '--agent-only', '--preview', p, c);
    assert.equal(preview.json<ErrorEnvelope>().error.message, 'Rollback blocked: plan is already applied');

    const other = tempDir();
    write(other, 'pkg/x.txt', 'x');
    const plan = ok(json(other, 'plan', 'create', '--title', 'pkg', '--sandbox', 'pkg')).json<{ plan: PlanJson }>().plan;
    const first = checkpoint(other, plan.plan_id);
    rmSync(path.join(other, 'pkg'), { recursive: true });
    assert.equal(json(other, 'plan', 'rollback', '--agent-only', '-y', plan.plan_id, first).json<ErrorEnvelope>().error.message, 'Rollback blocked: sandbox is missing');
  });
});

// The same rollback after a session the hooks themselves recorded (`agents hook run claude-code`,
// each event a process of the built CLI as Claude Code starts it): the first tool call right after
// the prompt's checkpoint finds nothing changed, so its `pre_write` is skipped and only its
// `post_step` fences it. Its change is the agent's all the same (the authorship record the rollback
// reads, core/authorship.ts: a stretch from any checkpoint to a `post_step` is that tool call):
// taken out with the second call's, while the user's edit between them stays.
describe('agents plan rollback --agent-only after a session of real hook runs, one pre_write skipped', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-hook-agent-only-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  it('the tool call whose pre_write was skipped is the agent’s: its file is taken back, the user’s edit kept', () => {
    const root = tempDir();
    write(root, 'a.txt', lines('a'));
    write(root, 'user.txt', lines('u'));
    const env = { CLAUDE_PROJECT_DIR: root, CLEVERAGENTS_NO_DAEMON: '1', AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' };
    const hook = (name: string, extra: Record<string, unknown> = {}): void => {
      const input = JSON.stringify({ session_id: 'session-skip', hook_event_name: name, cwd: root, transcript_path: '', ...extra });
      const r = runCli(root, ['hook', 'run', 'claude-code'], { input, env });
      assert.deepEqual([r.code, r.stdout], [0, ''], r.stderr);
    };
    const toolCall = (id: string, file: string, writes: () => void): void => {
      const call = { tool_name: 'Write', tool_use_id: id, tool_input: { file_path: path.join(root, file), content: '' } };
      hook('PreToolUse', call);
      writes();
      hook('PostToolUse', { ...call, tool_response: { success: true } });
    };
    hook('UserPromptSubmit', { prompt: 'edit a and make b' });
    toolCall('t-1', 'a.txt', () => write(root, 'a.txt', lines('a, by the agent')));
    write(root, 'user.txt', lines('u, by the user'));
    toolCall('t-2', 'b.txt', () => write(root, 'b.txt', lines('b, by the agent')));

    const plans = ok(json(root, 'plan', 'list')).json<{ plans: PlanJson[] }>().plans;
    assert.equal(plans.length, 1, 'the session’s plan');
    const p = plans[0]!.plan_id;
    const taken = ok(json(root, 'plan', 'checkpoints', p)).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
    // the prompt's checkpoint, then the first call's post_step alone (its pre_write skipped), then the second call's both
    assert.deepEqual(
      taken.map((c) => `${c.checkpoint_type} ${c.metadata.source_tool ?? '-'}`),
      ['manual -', 'post_step Write', 'pre_write Write', 'post_step Write'],
    );
    const c = taken[0]!.checkpoint_id;

    const run = ok(json(root, 'plan', 'rollback', '--agent-only', '--yes', p, c));
    const summary = run.json<RollbackEnvelope>().rollback_summary;
    assert.deepEqual([summary.reverted, summary.kept, summary.tool_calls, summary.conflicts], [['a.txt', 'b.txt'], ['user.txt'], 2, []]);
    assert.equal(read(root, 'a.txt'), lines('a'), 'the first call’s change, fenced by its post_step alone, taken back');
    assert.equal(read(root, 'b.txt'), undefined, 'the second call’s file gone');
    assert.equal(read(root, 'user.txt'), lines('u, by the user'), 'the user’s edit between the calls kept');
  });
});

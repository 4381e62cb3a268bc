import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson, RollbackEnvelope } from '../../src/envelopes/envelopes';
import { CLI_PATH, REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { startMcp, type McpSession } from './helpers/mcpHarness';
import { makeInterruptedRollback } from './helpers/interruptedRollback';
import { hashTree, services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

const MADE_UP_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const DB = path.join('.cleveragents', 'cleveragents.db');

const TOOLS = [
  ...['list_plans', 'show_plan', 'create_plan', 'change_plan_state', 'apply_plan', 'delete_plan', 'create_checkpoint', 'list_checkpoints', 'diff', 'preview_rollback', 'rollback', 'undo_rollback', 'delete_checkpoint', 'set_retention_policy', 'recover'],
  ...['record_decision', 'list_decisions', 'preview_correction', 'correct_decision', 'undo_correction', 'restore_paths', 'preview_undo_change', 'undo_change'],
];
const READERS = ['list_plans', 'show_plan', 'list_checkpoints', 'diff', 'preview_rollback', 'list_decisions', 'preview_correction', 'preview_undo_change'];
const DESTRUCTIVE = ['apply_plan', 'delete_plan', 'rollback', 'undo_rollback', 'delete_checkpoint', 'recover', 'correct_decision', 'undo_correction', 'restore_paths', 'undo_change'];

/** The sandbox's files and the database's bytes: what "changes nothing" keeps. */
function state(root: string): { tree: Record<string, string>; db: string | null } {
  const dbPath = path.join(root, DB);
  return { tree: hashTree(root), db: existsSync(dbPath) ? readFileSync(dbPath).toString('base64') : null };
}

describe('agents mcp (the built CLI as an MCP server, driven by the SDK’s own client)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-mcp-');
  const sessions: McpSession[] = [];
  const open = async (root: string) => {
    const s = await startMcp(root);
    sessions.push(s);
    return s;
  };

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });
  afterEach(async () => {
    for (const s of sessions.splice(0)) {
      assert.deepEqual(s.transportErrors, [], 'stdout carried nothing but protocol messages');
      await s.close();
    }
  });

  it('lists its tools with input and output schemas, annotations, and descriptions that teach the scope pattern', async () => {
    const mcp = await open(tempDir());
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), TOOLS);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok(tool.description && tool.description.length > 40, tool.name);
      assert.equal(tool.annotations?.readOnlyHint, READERS.includes(tool.name), `${tool.name} readOnlyHint`);
      assert.equal(tool.annotations?.destructiveHint, DESTRUCTIVE.includes(tool.name), `${tool.name} destructiveHint`);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    const checkpoint = byName.get('create_checkpoint')!;
    assert.deepEqual(checkpoint.inputSchema.required, ['plan_id']);
    assert.deepEqual(Object.keys(checkpoint.inputSchema.properties ?? {}), ['plan_id', 'type', 'reason', 'source_tool', 'phase', 'decision_id', 'resource_id', 'extra']);
    assert.deepEqual((checkpoint.inputSchema.properties as Record<string, { enum?: string[] }>).type.enum, ['pre_write', 'post_step', 'manual']);
    assert.match(checkpoint.description!, /"pre_write" just before you write.*"post_step" right after/);
    assert.match(byName.get('rollback')!.description!, /preview_rollback first.*undo_checkpoint_id/);
    assert.deepEqual(byName.get('rollback')!.outputSchema?.required, ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages']);
    assert.match(mcp.client.getInstructions() ?? '', /pre_write.*post_step/);
  });

  it('create plan → pre_write → edits → post_step → preview → rollback (byte-identical) → undo (byte-identical)', async () => {
    const root = workspaceWith(tempDir(), { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'b\n', 'README.md': '# r\n', 'bin/x.bin': Buffer.from([0, 1, 2, 255]) });
    const mcp = await open(root);
    const { plan } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'Refactor', sandbox: 'src' });
    assert.equal(plan.sandbox_path, 'src');
    const pre = await mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id, type: 'pre_write', reason: 'before editing', source_tool: 'edit_file', phase: 'implement', extra: { step: '1' } });
    assert.equal(pre.checkpoint.checkpoint_type, 'pre_write');
    assert.deepEqual(pre.checkpoint.metadata.extra, { step: '1' });
    const beforeEdits = hashTree(root);

    writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 2;\n');
    writeFileSync(path.join(root, 'src/c.ts'), 'new\n');
    rmSync(path.join(root, 'src/b.ts'));
    const post = await mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id, type: 'post_step', source_tool: 'edit_file' });
    const afterEdits = hashTree(root);

    const diff = await mcp.ok<{ changes: unknown[] }>('diff', { plan_id: plan.plan_id, from: pre.checkpoint.checkpoint_id, to: post.checkpoint.checkpoint_id });
    assert.deepEqual(diff.changes, [
      { path: 'a.ts', change: 'modified' },
      { path: 'b.ts', change: 'deleted' },
      { path: 'c.ts', change: 'added' },
    ]);
    const preview = await mcp.ok<{ counts: Record<string, number>; changes: unknown[] }>('preview_rollback', { plan_id: plan.plan_id, checkpoint_id: pre.checkpoint.checkpoint_id });
    assert.deepEqual(preview.counts, { added: 1, modified: 1, deleted: 1 });
    assert.deepEqual(hashTree(root), afterEdits, 'a preview writes nothing');

    const rolled = await mcp.call('rollback', { plan_id: plan.plan_id, checkpoint_id: pre.checkpoint.checkpoint_id });
    const envelope = rolled.structuredContent as unknown as RollbackEnvelope;
    assert.deepEqual(envelope.changes_reverted, ['a.ts', 'b.ts', 'c.ts']);
    assert.equal(envelope.rollback_summary.from_checkpoint_id, pre.checkpoint.checkpoint_id);
    assert.deepEqual(envelope.messages, ['Rollback completed successfully.']);
    const undoId = envelope.post_rollback_state.undo_checkpoint_id;
    assert.match(JSON.stringify(rolled.content), new RegExp(`undo_rollback with undo_checkpoint_id ${undoId}`));
    assert.deepEqual(hashTree(root), beforeEdits, 'byte-identical to the pre_write');

    const undone = await mcp.ok<RollbackEnvelope>('undo_rollback', { plan_id: plan.plan_id, undo_checkpoint_id: undoId });
    assert.equal(undone.rollback_summary.from_checkpoint_id, undoId);
    assert.deepEqual(hashTree(root), afterEdits, 'byte-identical to before the rollback');

    // The CLI reads the same database: the agent's checkpoints are there.
    const listed = runCli(root, ['--format', 'json', 'plan', 'checkpoints', plan.plan_id]).json<{ checkpoints: CheckpointJson[] }>();
    assert.deepEqual(listed.checkpoints.map((c) => c.checkpoint_id).slice(0, 2), [pre.checkpoint.checkpoint_id, post.checkpoint.checkpoint_id]);
    const shown = await mcp.ok<{ checkpoints: unknown[]; interrupted_operation: unknown }>('show_plan', { plan_id: plan.plan_id });
    assert.equal(shown.checkpoints.length, 4, 'pre_write, post_step and the two safety checkpoints');
    assert.equal(shown.interrupted_operation, null);
  });

  it('decisions: record A → B (on A) → C (on B), correct B (B and C reverted, files as before B), undo; restore_paths', async () => {
    const root = workspaceWith(tempDir(), { 'src/a.ts': 'a0\n' });
    const mcp = await open(root);
    const { plan } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'Decisions', sandbox: 'src' });
    const decide = async (title: string, dependsOn: string[], edit: () => void) => {
      const { decision } = await mcp.ok<{ decision: { decision_id: string } }>('record_decision', { plan_id: plan.plan_id, title, ...(dependsOn.length ? { depends_on: dependsOn } : {}) });
      const id = decision.decision_id;
      await mcp.ok('create_checkpoint', { plan_id: plan.plan_id, type: 'pre_write', decision_id: id });
      const before = hashTree(root);
      edit();
      await mcp.ok('create_checkpoint', { plan_id: plan.plan_id, type: 'post_step', decision_id: id });
      return { id, before };
    };
    const a = await decide('A', [], () => writeFileSync(path.join(root, 'src/a.ts'), 'a1\n'));
    const b = await decide('B', [a.id], () => writeFileSync(path.join(root, 'src/b.ts'), 'b\n'));
    const c = await decide('C', [b.id], () => writeFileSync(path.join(root, 'src/c.ts'), 'c\n'));
    const beforeCorrection = hashTree(root);

    const { correction_preview } = await mcp.ok<{ correction_preview: { reverted_decisions: { decision_id: string; depth: number }[] } }>('preview_correction', { plan_id: plan.plan_id, decision_id: b.id });
    assert.deepEqual(correction_preview.reverted_decisions.map((d) => [d.decision_id, d.depth]), [[b.id, 0], [c.id, 1]]);
    assert.deepEqual(hashTree(root), beforeCorrection, 'the preview changed files');

    const corrected = await mcp.ok<{ correction_summary: { correction_id: string; reverted_decisions: string[] } }>('correct_decision', { plan_id: plan.plan_id, decision_id: b.id });
    assert.deepEqual(corrected.correction_summary.reverted_decisions, [b.id, c.id]);
    assert.deepEqual(hashTree(root), b.before, 'the files are not those of the pre_write of B');
    const states = async () => (await mcp.ok<{ decisions: { decision_id: string; state: string }[] }>('list_decisions', { plan_id: plan.plan_id })).decisions.map((d) => d.state);
    assert.deepEqual(await states(), ['active', 'reverted', 'reverted']);
    assert.match(await mcp.fails('correct_decision', { plan_id: plan.plan_id, decision_id: MADE_UP_ID }), /^Not found: decision/);

    await mcp.ok('undo_correction', { plan_id: plan.plan_id, correction_id: corrected.correction_summary.correction_id });
    assert.deepEqual(hashTree(root), beforeCorrection);
    assert.deepEqual(await states(), ['active', 'active', 'active']);

    // only src/a.ts back as it was at A's pre_write; the other files stay
    const list = (await mcp.ok<{ checkpoints: CheckpointJson[] }>('list_checkpoints', { plan_id: plan.plan_id })).checkpoints;
    const aPre = list.find((cp) => cp.decision_id === a.id && cp.checkpoint_type === 'pre_write')!;
    const restored = await mcp.ok<RollbackEnvelope>('restore_paths', { plan_id: plan.plan_id, checkpoint_id: aPre.checkpoint_id, paths: ['a.ts'] });
    assert.equal(readFileSync(path.join(root, 'src/a.ts'), 'utf8'), 'a0\n');
    assert.equal(readFileSync(path.join(root, 'src/c.ts'), 'utf8'), 'c\n');
    assert.ok(restored.post_rollback_state.undo_checkpoint_id);
  });

  it('a plan’s lifecycle: start, complete, start again, apply (then no rollback), refused changes named, delete', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
    const mcp = await open(root);
    const { plan } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'Life' });
    const change = (action: string) => mcp.ok<{ plan: PlanJson; previous_state: string }>('change_plan_state', { plan_id: plan.plan_id, action });
    assert.match(await mcp.fails('change_plan_state', { plan_id: plan.plan_id, action: 'complete' }), /^Complete blocked: plan is draft; from draft it can become executing, applied or cancelled/);
    assert.deepEqual([(await change('start')).previous_state, (await change('complete')).plan.state, (await change('start')).plan.state], ['draft', 'completed', 'executing']);
    const { checkpoint } = await mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id });
    const shown = await mcp.ok<{ state_history: { to_state: string }[] }>('show_plan', { plan_id: plan.plan_id });
    assert.deepEqual(shown.state_history.map((h) => h.to_state), ['draft', 'executing', 'completed', 'executing']);
    assert.equal((await mcp.ok<{ plan: PlanJson }>('apply_plan', { plan_id: plan.plan_id })).plan.state, 'applied');
    assert.match(await mcp.fails('rollback', { plan_id: plan.plan_id, checkpoint_id: checkpoint.checkpoint_id }), /^Rollback blocked: plan is already applied/);
    assert.match(await mcp.fails('change_plan_state', { plan_id: plan.plan_id, action: 'start' }), /^Start blocked: plan is already applied/);
    const { deleted } = await mcp.ok<{ deleted: { checkpoint_ids: string[] } }>('delete_plan', { plan_id: plan.plan_id });
    assert.deepEqual(deleted.checkpoint_ids, [checkpoint.checkpoint_id]);
    assert.deepEqual((await mcp.ok<{ plans: PlanJson[] }>('list_plans')).plans, []);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'a\n', 'an in-place sandbox’s files stay');
  });

  it('refuses bad input with the reference’s messages as tool errors, changes nothing, and keeps serving', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n', 'other/b.txt': 'b\n' });
    const mcp = await open(root);
    const { plan } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'one' });
    const { plan: other } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'two', sandbox: 'other' });
    const { checkpoint } = await mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id });
    const { checkpoint: othersCheckpoint } = await mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: other.plan_id });
    const huge = 'x'.repeat(1024 * 1024);
    const before = state(root);

    const cases: [string, Record<string, unknown>, RegExp | string][] = [
      ['create_checkpoint', { plan_id: 'not-a-ulid' }, /^Validation Error: plan_id: must be a ULID/],
      ['rollback', { plan_id: plan.plan_id, checkpoint_id: checkpoint.checkpoint_id.toLowerCase() }, /^Validation Error: checkpoint_id: must be a ULID/],
      ['list_checkpoints', { plan_id: MADE_UP_ID }, `Not found: plan ${MADE_UP_ID}`],
      ['rollback', { plan_id: MADE_UP_ID, checkpoint_id: checkpoint.checkpoint_id }, `Not found: plan ${MADE_UP_ID}`],
      ['rollback', { plan_id: plan.plan_id, checkpoint_id: MADE_UP_ID }, `Not found: checkpoint ${MADE_UP_ID}`],
      ['delete_checkpoint', { plan_id: plan.plan_id, checkpoint_id: MADE_UP_ID }, `Not found: checkpoint ${MADE_UP_ID}`],
      ['rollback', { plan_id: plan.plan_id, checkpoint_id: othersCheckpoint.checkpoint_id }, /^Validation Error: checkpoint .* belongs to plan .*, not to plan /],
      ['delete_checkpoint', { plan_id: plan.plan_id, checkpoint_id: othersCheckpoint.checkpoint_id }, /^Validation Error: checkpoint .* belongs to plan/],
      ['preview_rollback', { plan_id: plan.plan_id, checkpoint_id: othersCheckpoint.checkpoint_id }, /^Validation Error: checkpoint .* belongs to plan/],
      ['undo_rollback', { plan_id: plan.plan_id, undo_checkpoint_id: checkpoint.checkpoint_id }, /^Validation Error: checkpoint .* is not the undo checkpoint of a rollback/],
      ['undo_rollback', { plan_id: plan.plan_id, undo_checkpoint_id: MADE_UP_ID }, `Undo blocked: the safety checkpoint ${MADE_UP_ID} of this rollback is gone (pruned or deleted), so the files from before the rollback cannot be brought back. Nothing was changed.`],
      ['create_plan', { title: 'out', sandbox: '../outside' }, /^Validation Error: sandbox path leaves the workspace: ..\/outside$/],
      ['create_plan', { title: 'out', sandbox: root }, /^Validation Error: /],
      ['create_plan', { title: 'both', sandbox: 'other', isolated: true }, /^Validation Error: give either a sandbox folder or isolated, not both/],
      ['create_plan', { title: huge }, 'Validation Error: title: title is longer than 200 characters'],
      ['create_checkpoint', { plan_id: plan.plan_id, reason: huge }, /^Validation Error: reason: Too big/],
      ['create_checkpoint', { plan_id: plan.plan_id, extra: { k: huge } }, /^Validation Error: extra\.k: Too big/],
      ['create_checkpoint', { plan_id: plan.plan_id, type: 'after' }, /^Validation Error: type: Invalid option/],
      ['create_checkpoint', { plan_id: 42 }, /^Validation Error: plan_id: Invalid input: expected string, received number/],
      ['create_plan', { title: 'x', isolated: 'yes' }, /^Validation Error: isolated: Invalid input: expected boolean/],
      ['set_retention_policy', { plan_id: plan.plan_id, max_checkpoints: 'ten' }, /^Validation Error: max_checkpoints: /],
      ['set_retention_policy', { plan_id: plan.plan_id, max_checkpoints: 0 }, 'Validation Error: max_checkpoints: max_checkpoints must be between 1 and 100'],
      ['list_plans', { unexpected: true }, 'Validation Error: Unrecognized key: "unexpected"'],
      ['recover', { plan_id: plan.plan_id, mode: 'finish' }, /^Recover blocked: plan .* has no interrupted operation/],
      ['no_such_tool', {}, /^Not found: tool "no_such_tool"/],
    ];
    for (const [tool, args, expected] of cases) {
      const message = await mcp.fails(tool, args);
      if (typeof expected === 'string') assert.equal(message, expected, `${tool} ${JSON.stringify(args).slice(0, 200)}`);
      else assert.match(message, expected, `${tool} ${JSON.stringify(args).slice(0, 200)}: ${message}`);
      assert.ok(message.length < 2000, `${tool}: the message does not echo a huge input`);
    }
    assert.deepEqual(state(root), before, 'nothing changed: files and database');
    assert.equal((await mcp.ok<{ plans: unknown[] }>('list_plans')).plans.length, 2, 'the server still serves');
    assert.doesNotMatch(mcp.stderr(), /\n\s+at /, 'no stack traces without --debug');
  });

  it('refuses a rollback of an applied plan with the reference’s message', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
    const mcp = await open(root);
    const { plan } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'done' });
    const { checkpoint } = await mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id });
    assert.equal(runCli(root, ['plan', 'apply', '--yes', plan.plan_id]).code, 0);
    writeFileSync(path.join(root, 'a.txt'), 'changed\n');
    const before = state(root);
    assert.equal(await mcp.fails('rollback', { plan_id: plan.plan_id, checkpoint_id: checkpoint.checkpoint_id }), 'Rollback blocked: plan is already applied');
    assert.equal(await mcp.fails('create_checkpoint', { plan_id: plan.plan_id }), 'Checkpoint blocked: plan is already applied');
    assert.deepEqual(state(root), before);
  });

  it('shows an interrupted operation in show_plan, refuses writes while it stands, and recover finishes it', async () => {
    const root = tempDir();
    const engine = services(root);
    const { planId, record } = await makeInterruptedRollback(root, engine);
    engine.dispose();
    const mcp = await open(root);
    const shown = await mcp.ok<{ interrupted_operation: { type: string; plan_id: string } | null }>('show_plan', { plan_id: planId });
    assert.deepEqual({ type: shown.interrupted_operation?.type, plan_id: shown.interrupted_operation?.plan_id }, { type: 'rollback', plan_id: planId });
    assert.match(await mcp.fails('create_checkpoint', { plan_id: planId }), new RegExp(`^Checkpoint blocked: plan ${planId} has an interrupted rollback`));
    const { recovered } = await mcp.ok<{ recovered: { mode: string; type: string } }>('recover', { plan_id: planId, mode: 'finish' });
    assert.deepEqual([recovered.type, recovered.mode], ['rollback', 'finish']);
    assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'one\n', 'the rollback was finished');
    assert.equal(existsSync(record), false);
    assert.equal((await mcp.ok<{ interrupted_operation: unknown }>('show_plan', { plan_id: planId })).interrupted_operation, null);
  });

  it('an MCP server and CLI processes writing the same database at once lose nothing', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
    const mcp = await open(root);
    const { plan } = await mcp.ok<{ plan: PlanJson }>('create_plan', { title: 'busy' });
    await mcp.ok('set_retention_policy', { plan_id: plan.plan_id, max_checkpoints: 100 });
    const cli = (i: number) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI_PATH, '--format', 'json', 'plan', 'checkpoint', plan.plan_id, '--reason', `cli ${i}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve((JSON.parse(out) as { checkpoint: CheckpointJson }).checkpoint.checkpoint_id) : reject(new Error(`cli ${i} exited ${code}: ${out}`))));
      });
    const viaMcp = (i: number) => mcp.ok<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id, reason: `mcp ${i}` }).then((r) => r.checkpoint.checkpoint_id);
    const made = await Promise.all([...Array.from({ length: 6 }, (_, i) => viaMcp(i)), ...Array.from({ length: 6 }, (_, i) => cli(i))]);
    assert.equal(new Set(made).size, 12);

    const fromMcp = await mcp.ok<{ checkpoints: CheckpointJson[] }>('list_checkpoints', { plan_id: plan.plan_id });
    assert.deepEqual(fromMcp.checkpoints.map((c) => c.checkpoint_id).sort(), [...made].sort());
    const fromCli = runCli(root, ['--format', 'json', 'plan', 'checkpoints', plan.plan_id]).json<{ checkpoints: CheckpointJson[] }>();
    assert.deepEqual(fromCli.checkpoints.map((c) => c.metadata.reason).sort(), [...Array.from({ length: 6 }, (_, i) => `cli ${i}`), ...Array.from({ length: 6 }, (_, i) => `mcp ${i}`)].sort());
  });

  it('is a bundle of its own: the SDK is in none of the others, so `agents --version`, `agents plan …` and the extension never load it', () => {
    const bundle = (name: string) => readFileSync(path.join(REPO_ROOT, 'dist', name), 'utf8');
    assert.ok(bundle('agentsMcp.js').includes('"tools/list"'));
    for (const name of ['cli.js', 'cliMain.js', 'extension.js']) assert.ok(!bundle(name).includes('"tools/list"'), `${name} holds the MCP SDK`);
    assert.ok(bundle('cli.js').includes('"./agentsMcp.js"'), 'the launcher loads it for `agents mcp`');
  });

  it('answers --help and --print-config, and reports a missing workspace on stderr', () => {
    const root = tempDir();
    const help = runCli(root, ['mcp', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /agents mcp \[--workspace DIR\]/);
    for (const client of ['vscode', 'claude-code', 'cline', 'cursor']) {
      const r = runCli(root, ['mcp', '--print-config', client]);
      assert.equal(r.code, 0, r.stderr);
      const config = JSON.parse(r.stdout) as Record<string, Record<string, { command: string; args: string[] }>>;
      const server = (config.servers ?? config.mcpServers)!['cleveragents-checkpoints']!;
      // this node and cli.js by absolute path (launcherCommands.test.ts)
      assert.equal(server.command, process.execPath);
      assert.deepEqual(server.args.slice(1, 3), ['mcp', '--workspace']);
      assert.equal(server.args[3], client === 'vscode' || client === 'cursor' ? '${workspaceFolder}' : root);
      assert.match(r.stderr, /^Put this in /);
    }
    const bad = runCli(root, ['mcp', '--print-config', 'emacs']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--print-config must be one of vscode, claude-code, cline, cursor/);
    const missing = runCli(root, ['mcp', '--workspace', path.join(root, 'nope')]);
    assert.equal(missing.code, 1);
    assert.equal(missing.stdout, '');
    assert.match(missing.stderr, /^agents: Not found: workspace folder /);
  });
});

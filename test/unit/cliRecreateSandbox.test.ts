import * as assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { ensureCliBuilt, runCli, cliJson, type CliRun } from './helpers/cliHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { shortIdOf } from './helpers/shortIdOf';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

// `agents plan recreate-sandbox` (issue 25, item 3's way out, from the CLI): a missing isolated
// sandbox made again from the newest checkpoint or a chosen one, byte for byte, with the guards,
// the confirmation and the preview of the other commands that write files.

interface ErrorDoc {
  error: { type: string; message: string };
}

function expectError(run: CliRun, type: string, exitCode: number, message: RegExp): void {
  assert.equal(run.code, exitCode, `stdout: ${run.stdout} stderr: ${run.stderr}`);
  const doc = run.json<ErrorDoc>();
  assert.equal(doc.error.type, type, run.stdout);
  assert.match(doc.error.message, message);
}

describe('agents plan recreate-sandbox (the built CLI)', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-cli-recreate-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  function isolatedPlanWithTwoCheckpoints() {
    const root = workspaceWith(tempDir(), { 'src/a.txt': 'base a\n', 'b.bin': Buffer.from([0, 1, 2, 255]) });
    const plan = cliJson<{ plan: { plan_id: string; sandbox_path: string } }>(root, 'plan', 'create', '--title', 'Recreate me', '--isolated').plan;
    const sandbox = path.join(root, plan.sandbox_path);
    write(sandbox, 'src/a.txt', 'first\r\n\u00e9\n');
    const first = cliJson<{ checkpoint: { checkpoint_id: string } }>(root, 'plan', 'checkpoint', plan.plan_id, '--reason', 'first').checkpoint.checkpoint_id;
    const atFirst = hashTree(sandbox);
    write(sandbox, 'src/a.txt', 'second\n');
    write(sandbox, 'new/c.txt', 'made later\n');
    const second = cliJson<{ checkpoint: { checkpoint_id: string } }>(root, 'plan', 'checkpoint', plan.plan_id, '--reason', 'second').checkpoint.checkpoint_id;
    const atSecond = hashTree(sandbox);
    rmSync(sandbox, { recursive: true });
    return { root, planId: plan.plan_id, sandboxPath: plan.sandbox_path, sandbox, first, second, atFirst, atSecond };
  }

  it('asks first (refused without a terminal), previews without changing anything, then recreates from a chosen checkpoint by unique prefixes, byte for byte', async () => {
    const s = isolatedPlanWithTwoCheckpoints();
    const short = s.planId.slice(0, 8).toLowerCase();

    expectError(runCli(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', short]), 'ConfirmationRequired', 1, /^Recreate refused: confirmation needed; re-run with --yes$/);
    assert.equal(existsSync(s.sandbox), false, 'a refused recreate made the folder');

    const preview = cliJson<{ recreate_preview: Record<string, unknown> }>(s.root, 'plan', 'recreate-sandbox', '--preview', short);
    assert.deepEqual(preview, { recreate_preview: { plan_id: s.planId, checkpoint_id: s.second, sandbox_path: s.sandboxPath, files_count: 3 } });
    const previewText = runCli(s.root, ['plan', 'recreate-sandbox', '--preview', short]);
    assert.equal(previewText.code, 0, previewText.stderr);
    // ids by their short form (the folder's path keeps its whole id: it is a path)
    const [planShort, secondShort] = await shortIdOf(s.root, s.planId, s.second);
    assert.match(previewText.stdout, new RegExp(`^The sandbox folder "${s.sandboxPath.replace(/[.]/g, '\\.')}" of plan ${planShort} “Recreate me” is missing\\.\\nRecreating it makes the folder again with the files of checkpoint ${secondShort} “second” \\(manual, just now, 3 files\\)\\.\\n`));
    assert.equal(existsSync(s.sandbox), false, 'a preview made the folder');

    const usage = runCli(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--preview', '--yes', short]);
    assert.equal(usage.code, 2);

    const env = cliJson<Record<string, unknown>>(s.root, 'plan', 'recreate-sandbox', '--yes', '--checkpoint', s.first.slice(0, 10), short);
    assert.deepEqual(Object.keys(env), ['recreate_summary', 'impact', 'post_recreate_state', 'timing', 'messages']);
    assert.deepEqual(env.recreate_summary, { plan_id: s.planId, from_checkpoint_id: s.first, sandbox_path: s.sandboxPath, restored_files_count: 2 });
    assert.deepEqual(env.post_recreate_state, { active_checkpoint: s.first, plan_id: s.planId });
    assert.deepEqual(env.messages, ['Sandbox recreated successfully.']);
    assert.deepEqual(hashTree(s.sandbox), s.atFirst);
    const shown = cliJson<{ interrupted_operation: unknown; operation_in_progress: unknown }>(s.root, 'plan', 'show', s.planId);
    assert.equal(shown.interrupted_operation, null, 'the record of the recreation was cleared');
    assert.equal(shown.operation_in_progress, null);

    // There now: refused, roll back instead; nothing touched.
    expectError(runCli(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', s.planId]), 'BusinessRuleViolation', 1, /^Recreate blocked: the sandbox folder ".*" exists; roll back to a checkpoint instead$/);
    assert.deepEqual(hashTree(s.sandbox), s.atFirst);

    // Gone again: the newest checkpoint by default, in text.
    rmSync(s.sandbox, { recursive: true });
    const text = runCli(s.root, ['plan', 'recreate-sandbox', '-y', short]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`^Recreated the sandbox ".*" of plan ${planShort} from checkpoint ${secondShort}: 3 paths written in \\d+\\.\\d\\d s\\.\\n$`));
    assert.deepEqual(hashTree(s.sandbox), s.atSecond);
  });

  it('refuses another plan’s checkpoint, an unknown one, and an in-place plan, before making any folder', () => {
    const s = isolatedPlanWithTwoCheckpoints();
    const other = cliJson<{ plan: { plan_id: string } }>(s.root, 'plan', 'create', '--title', 'in place').plan.plan_id;
    const foreign = cliJson<{ checkpoint: { checkpoint_id: string } }>(s.root, 'plan', 'checkpoint', other).checkpoint.checkpoint_id;
    expectError(runCli(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', '--checkpoint', foreign, s.planId]), 'ValidationError', 1, new RegExp(`^Validation Error: checkpoint ${foreign} belongs to plan ${other}, not to plan ${s.planId}$`));
    expectError(runCli(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', '--checkpoint', '01M8RX4PQK7ZZZZZZZZZZZZZZZ', s.planId]), 'NotFound', 1, /^Not found: checkpoint/);
    expectError(runCli(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', other]), 'ValidationError', 1, /only an isolated sandbox can be recreated from a checkpoint/);
    assert.equal(existsSync(s.sandbox), false);
  });

  it('has its usage text', () => {
    const help = runCli(tempDir(), ['plan', 'recreate-sandbox', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: agents plan recreate-sandbox \[--yes\|-y\] \[--preview\] \[--checkpoint <checkpoint_id>\] <plan_id>\n/);
    assert.match(runCli(tempDir(), ['--help']).stdout, /agents plan recreate-sandbox/);
  });
});

// Codex CLI's `apply_patch` that fails half-way, with the real program: the patch adds a file, then
// one under a folder that is a file, so Codex writes the first and fails on the second, and fires no
// PostToolUse (docs/AGENTS.md, Codex). Its pre_write was skipped (nothing had changed since the
// prompt's checkpoint): the skip's open fence must make the first file's change unknown, never the
// user's (core/openFences.ts). A shell call follows, whose pre_write row records the open call.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI_PATH, ensureCliBuilt } from '../unit/helpers/cliHarness';
import { agentProgram, pinnedVersion } from './agentPrograms';
import { CheckpointsCli } from './checkpointsCli';
import { codexDriver } from './drivers/codex';
import { lines, patch } from './drivers/applyPatch';
import { startModelServer, type ModelServer } from './modelServer/http';
import { ScriptedModel, promptMarker } from './modelServer/script';
import { describeRun, runProgram } from './runProgram';
import { agentSessionEnv } from './sessionEnvironment';
import { cleanUpSuite } from './suiteCleanup';
import { editFiles } from './workspaceFiles';

const PROMPT = `Patch two files ${promptMarker(1)}`;

describe(`Codex CLI ${pinnedVersion('codex').version}: an apply_patch that fails after writing a file, its pre_write skipped`, function () {
  this.timeout(360_000);
  let server: ModelServer | undefined;
  let cli: CheckpointsCli | undefined;
  const dirs: string[] = [];

  after(() => cleanUpSuite('Codex partial patch', cli, server, dirs));

  it('the file it wrote is named by no one: blame says unknown (unclosed), agent-only rollback keeps it as unknown', async () => {
    ensureCliBuilt();
    const program = agentProgram('codex');
    const workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agents-contract-codex-patch-')));
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agents-contract-home-codex-patch-')));
    dirs.push(workspace, home);
    // `blocker` is a file: adding `blocker/inner.txt` fails once `first.txt` is written.
    editFiles(workspace, { 'notes.txt': 'one\n', blocker: 'a file, not a folder\n' });
    const calls = [
      { name: 'apply_patch', args: { input: patch(`*** Add File: ${workspace}/first.txt\n${lines('+', 'written before the failure\n')}*** Add File: ${workspace}/blocker/inner.txt\n${lines('+', 'never written\n')}`) } },
      { name: 'exec_command', args: { cmd: "printf 'after\\n' > after.txt" } },
    ];
    server = await startModelServer(new ScriptedModel([{ marker: promptMarker(1), calls, reply: 'Done.' }]), codexDriver.adapters);
    const ctx = { workspace, home, serverUrl: server.url };
    const env = agentSessionEnv(home, 'on', codexDriver.env(ctx));
    codexDriver.prepare(ctx, program, env);
    cli = new CheckpointsCli(workspace, env);
    cli.hookInstall(codexDriver.hookAgent);
    const run = await runProgram(program.command, codexDriver.promptArgs(PROMPT, 1, ctx), { cwd: workspace, env, timeoutMs: 240_000 });
    const context = `model server requests:\n${server.describe()}\n${describeRun(run)}`;
    assert.equal(readFileSync(path.join(workspace, 'first.txt'), 'utf8'), 'written before the failure\n', `Codex wrote the first file of the patch\n${context}`);
    assert.ok(!existsSync(path.join(workspace, 'blocker', 'inner.txt')), context);
    assert.equal(readFileSync(path.join(workspace, 'after.txt'), 'utf8'), 'after\n', `the shell call ran\n${context}`);

    const [plan] = cli.plans();
    assert.ok(plan, context);
    const list = cli.checkpoints(plan.plan_id);
    const listing = list.map((c) => `${c.checkpoint_type} ${c.metadata.source_tool ?? ''} ${JSON.stringify(c.metadata.extra)}`).join('\n');
    // The prompt's checkpoint; the patch's pre_write skipped and no PostToolUse; the shell's pre_write (recording the open patch) and post_step.
    assert.deepEqual(list.map((c) => `${c.checkpoint_type} ${c.metadata.source_tool ?? ''}`), ['manual ', 'pre_write Bash', 'post_step Bash'], `${listing}\n${context}`);
    assert.match(String(list[1]!.metadata.extra?.open_fence ?? ''), /\S/, `the shell's pre_write names the open patch call:\n${listing}`);

    const blame = spawnSync(process.execPath, [CLI_PATH, '--format', 'json', '--workspace', workspace, 'blame', 'first.txt'], { cwd: workspace, env, encoding: 'utf8', input: '' });
    assert.equal(blame.status, 0, blame.stderr);
    const blamed = (JSON.parse(blame.stdout) as { blame: { lines: { kind: string; reason?: string }[] } }).blame.lines;
    assert.deepEqual(blamed.map((l) => `${l.kind} ${l.reason ?? ''}`), ['unknown unclosed'], 'the patch’s line is no one’s, not the user’s');

    const rollback = cli.json('plan', 'rollback', '--yes', '--agent-only', plan.plan_id, list[0]!.checkpoint_id) as { rollback_summary: { reverted: string[]; kept_reasons: { path: string; reason: string; unknown?: string }[] } };
    assert.deepEqual(rollback.rollback_summary.reverted, ['after.txt'], 'the shell call’s file taken out');
    assert.deepEqual(rollback.rollback_summary.kept_reasons.filter((k) => k.path === 'first.txt'), [{ path: 'first.txt', reason: 'unknown', unknown: 'unclosed' }]);
  });
});

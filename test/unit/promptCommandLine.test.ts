import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FileLock } from '../../src/adapters/files/fileLock';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { checkpointInBackground, firstSnapshotMarker } from '../../src/hooks/backgroundCheckpoint';
import type { CheckpointJob } from '../../src/hooks/checkpointJob';
import { CLI_PATH, REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// No prompt on a command line (issue 34, defect 10, its first half): a plan's first snapshot runs
// in a process of its own (`agents hook checkpoint-job`), and its job (the reason quotes the
// prompt) goes on that process's stdin, never its arguments, which /proc/<pid>/cmdline shows to
// every local user and the store's lock file records. Real processes of the built CLI.

const SECRET = 'the launch codes are 0000';
const DIST = path.dirname(CLI_PATH);

/** Polls `check` every 50 ms until it holds; fails after `ms` (generous: the machine is shared). */
async function until(what: string, check: () => boolean, ms = 120_000): Promise<void> {
  for (const by = Date.now() + ms; !check(); ) {
    if (Date.now() > by) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a background checkpoint takes its job on stdin: no prompt on any command line', function () {
  this.timeout(240_000);
  const tempDir = useTempDirs('ca-prompt-cmdline-');
  before(() => ensureCliBuilt());

  /** A workspace with a started plan over it and no checkpoint yet. */
  function planned(): { root: string; planId: string } {
    const root = tempDir();
    write(root, 'notes.txt', 'one\n');
    write(root, 'src/main.ts', 'export {};\n');
    const made = runCli(root, ['--format', 'json', 'plan', 'create', '--title', 'first', '--sandbox', '.']);
    const planId = made.json<{ plan: PlanJson }>().plan.plan_id;
    assert.equal(runCli(root, ['plan', 'start', planId]).code, 0);
    return { root, planId };
  }

  const jobOf = (root: string, planId: string): CheckpointJob => ({
    workspaceRoot: root,
    planId,
    type: 'manual',
    reason: `Before: "${SECRET}"`,
    phase: 'prompt',
    extra: { session_id: 's1' },
    onlyIfChanged: false,
  });

  const checkpoints = (root: string, planId: string): CheckpointJson[] => runCli(root, ['--format', 'json', 'plan', 'checkpoints', planId]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;

  it('the running job\'s command line holds no prompt, and neither does the lock file it holds; the checkpoint is taken with its reason', async function () {
    if (process.platform !== 'linux') this.skip();
    const { root, planId } = planned();
    const lockFile = path.join(root, '.cleveragents', 'checkpoints.lock');
    // where a hook keeps its session files, and the marker naming the job's process
    mkdirSync(path.dirname(firstSnapshotMarker(root, planId)), { recursive: true });
    // the store held here: the job waits for it, alive, while its command line is read
    const release = await new FileLock(lockFile, { timeoutMs: 10_000 }).acquire();
    let pid: number | undefined;
    try {
      assert.equal(await checkpointInBackground(jobOf(root, planId), DIST, 0), 'still-running');
      pid = (JSON.parse(readFileSync(firstSnapshotMarker(root, planId), 'utf8')) as { pid: number }).pid;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      assert.deepEqual(cmdline.slice(1), [CLI_PATH, 'hook', 'checkpoint-job'], 'the program and its command words, nothing else');
      assert.ok(!cmdline.join(' ').includes('launch codes'));
    } finally {
      await release();
    }
    // the lock as the job holds it: read while the job runs, as any other process would
    const seen: string[] = [];
    await until('the checkpoint', () => {
      if (existsSync(lockFile)) seen.push(readFileSync(lockFile, 'utf8'));
      return checkpoints(root, planId).length > 0;
    });
    for (const record of seen) assert.ok(!record.includes('launch codes'), record);
    assert.deepEqual(checkpoints(root, planId).map((c) => c.metadata.reason), [`Before: "${SECRET}"`]);
  });

  it('the starter may exit at once: the job, already in the pipe, is read to its end and taken', async () => {
    const { root, planId } = planned();
    const starter = `require(${JSON.stringify(path.join(REPO_ROOT, 'out/src/hooks/backgroundCheckpoint.js'))}).checkpointInBackground(${JSON.stringify(jobOf(root, planId))}, ${JSON.stringify(DIST)}, 0).then((o) => { process.stdout.write(o); process.exit(0); });`;
    const r = spawnSync(process.execPath, ['-e', starter], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.stdout, 'still-running', r.stderr);
    await until('the checkpoint', () => checkpoints(root, planId).length > 0);
    assert.deepEqual(checkpoints(root, planId).map((c) => c.metadata.reason), [`Before: "${SECRET}"`]);
  });

  it('`hook checkpoint-job` takes no job from its arguments, and a stdin that ends early or holds no whole job is refused (exit 2)', () => {
    const { root, planId } = planned();
    const job = JSON.stringify(jobOf(root, planId));
    const run = (args: readonly string[], input: string) => spawnSync(process.execPath, [CLI_PATH, 'hook', 'checkpoint-job', ...args], { cwd: root, input, encoding: 'utf8', timeout: 60_000 }).status;
    assert.equal(run([job], ''), 2, 'a job on the command line is not read');
    assert.equal(run([], ''), 2, 'no job');
    assert.equal(run([], job.slice(0, 40)), 2, 'a job cut short');
    assert.equal(run([], JSON.stringify({ ...jobOf(root, planId), reason: 7 })), 2, 'a job its schema refuses');
    assert.deepEqual(checkpoints(root, planId), []);
    assert.equal(run([], job), 0);
    assert.equal(checkpoints(root, planId).length, 1);
  });

  it("a lock file names its holder's program and command words, never the rest of its command line", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'bin'));
    const script = path.join(dir, 'bin', 'cli.js');
    const lockFile = path.join(dir, 'x.lock');
    writeFileSync(
      script,
      `const { FileLock } = require(${JSON.stringify(path.join(REPO_ROOT, 'out/src/adapters/files/fileLock.js'))});\n` +
        `new FileLock(${JSON.stringify(lockFile)}).acquire().then((release) => { process.stdout.write(require('fs').readFileSync(${JSON.stringify(lockFile)}, 'utf8')); return release(); });\n`,
    );
    const holder = (args: readonly string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += String(d)));
        child.on('error', reject);
        child.on('close', () => resolve((JSON.parse(out) as { command: string }).command));
      });
    assert.equal(await holder(['plan', 'create', '--title', 'secret']), 'cli.js plan create');
    assert.equal(await holder(['plan', 'checkpoint', '01ARZ3NDEKTSV4RRFFQ69G5FAV', '--reason', 'secret']), 'cli.js plan checkpoint');
    assert.equal(await holder(['hook', 'checkpoint-job', '{"reason":"secret"}']), 'cli.js hook checkpoint-job');
    assert.equal(await holder(['--format', 'json', 'plan', 'create', 'secret']), 'cli.js');
  });
});

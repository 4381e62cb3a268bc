import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, cliJson, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/**
 * Recreate Sandbox killed half-way (SIGKILL, in a process of its own, after its record was written
 * and half of the files, one of them cut short): the plan shows the interrupted operation, every
 * write is refused, and one `recover` leaves a consistent sandbox: finished, the checkpoint's files
 * byte for byte (the cut file kept aside); undone, the empty folder it started from.
 */
describe('Recreate Sandbox killed half-way, then recovered in one step (the built CLI)', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-recreate-kill-');
  const FILES = 40;

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  function killedRecreate() {
    const root = tempDir();
    write(root, 'README.md', 'workspace\n');
    const plan = cliJson<{ plan: { plan_id: string; sandbox_path: string } }>(root, 'plan', 'create', '--title', 'Recreate killed', '--isolated').plan;
    const sandbox = path.join(root, plan.sandbox_path);
    for (let i = 0; i < FILES; i++) write(sandbox, `src/f${i}.txt`, `line ${i}\n`.repeat(50));
    const checkpointId = cliJson<{ checkpoint: { checkpoint_id: string } }>(root, 'plan', 'checkpoint', plan.plan_id).checkpoint.checkpoint_id;
    const atCheckpoint = hashTree(sandbox);
    const reference = path.join(root, '..', `reference-${path.basename(root)}`);
    cpSync(sandbox, reference, { recursive: true });
    rmSync(sandbox, { recursive: true });

    // The restore's write is replaced by half of it, the last file cut short, then the kill: what
    // a process killed while git wrote the files leaves.
    const script = path.join(root, '..', `kill-${path.basename(root)}.js`);
    writeFileSync(
      script,
      `const fs = require('node:fs');
const path = require('node:path');
const { ShadowGitSandbox } = require(${JSON.stringify(path.join(REPO_ROOT, 'out', 'src', 'adapters', 'shadowStore', 'shadowGitSandbox.js'))});
const { createWorkspaceServices } = require(${JSON.stringify(path.join(REPO_ROOT, 'out', 'src', 'composition.js'))});
const prepare = ShadowGitSandbox.prototype.prepareRestore;
ShadowGitSandbox.prototype.prepareRestore = async function (sandbox, ...rest) {
  const restore = await prepare.call(this, sandbox, ...rest);
  return { ...restore, apply: async () => {
    const half = restore.changes.slice(0, Math.floor(restore.changes.length / 2));
    half.forEach((c, i) => {
      const text = fs.readFileSync(path.join(${JSON.stringify(reference)}, c.path));
      fs.mkdirSync(path.dirname(path.join(sandbox.dir, c.path)), { recursive: true });
      fs.writeFileSync(path.join(sandbox.dir, c.path), i === half.length - 1 ? text.subarray(0, 7) : text);
    });
    process.kill(process.pid, 'SIGKILL');
  } };
};
const s = createWorkspaceServices({ workspaceRoot: ${JSON.stringify(root)}, wasmDir: ${JSON.stringify(path.join(REPO_ROOT, 'dist'))}, logger: { debug() {}, info() {}, warn() {}, error() {} } });
s.sandboxes.recreateSandbox(${JSON.stringify(plan.plan_id)}).then(() => process.exit(3), (e) => { console.error(e); process.exit(4); });
`,
    );
    const killed = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    assert.equal(killed.signal, 'SIGKILL', `not killed: ${killed.status} ${killed.stderr}`);
    const written = readdirSync(path.join(sandbox, 'src')).length;
    assert.ok(written > 0 && written < FILES, `half of the files written: ${written}`);
    return { root, planId: plan.plan_id, sandbox, checkpointId, atCheckpoint };
  }

  it('shows the interrupted recreation and refuses writes; recover finishes it: the checkpoint’s files byte for byte, the cut file kept aside', () => {
    const k = killedRecreate();
    const shown = cliJson<{ interrupted_operation: { type: string; target_checkpoint_id: string } | null }>(k.root, 'plan', 'show', k.planId);
    assert.equal(shown.interrupted_operation?.type, 'rollback');
    assert.equal(shown.interrupted_operation?.target_checkpoint_id, k.checkpointId);
    const refused = runCli(k.root, ['--format', 'json', 'plan', 'checkpoint', k.planId]);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.json<{ error: { message: string } }>().error.message, /blocked: plan \w+ has an interrupted rollback .*agents plan recover/);

    const recovered = cliJson<{ recovered: { mode: string; kept: string[]; kept_in: string } }>(k.root, 'plan', 'recover', '--yes', k.planId).recovered;
    assert.equal(recovered.mode, 'finish');
    assert.equal(recovered.kept.length, 1, JSON.stringify(recovered));
    assert.equal(readFileSync(path.join(recovered.kept_in, recovered.kept[0]!)).length, 7, 'the cut file is kept aside as it was');
    assert.deepEqual(hashTree(k.sandbox), k.atCheckpoint);
    assert.equal(cliJson<{ interrupted_operation: unknown }>(k.root, 'plan', 'show', k.planId).interrupted_operation, null);
    assert.equal(runCli(k.root, ['--format', 'json', 'plan', 'checkpoint', k.planId]).code, 0, 'the plan takes writes again');
  });

  it('recover --undo leaves the empty folder it started from; a rollback to the checkpoint then fills it', () => {
    const k = killedRecreate();
    cliJson(k.root, 'plan', 'recover', '--yes', '--undo', k.planId);
    assert.ok(existsSync(k.sandbox));
    assert.deepEqual(Object.keys(hashTree(k.sandbox)).filter((p) => !p.endsWith('/')), [], 'no file left of the half-done recreation');
    assert.equal(cliJson<{ interrupted_operation: unknown }>(k.root, 'plan', 'show', k.planId).interrupted_operation, null);
    cliJson(k.root, 'plan', 'rollback', '--yes', k.planId, k.checkpointId);
    assert.deepEqual(hashTree(k.sandbox), k.atCheckpoint);
  });
});

import * as assert from 'node:assert/strict';
import { DEFAULT_MAX_FILE_BYTES } from '../../src/composition';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { noise, services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { planWithCheckpoints, workspaceWith } from './helpers/workspaceFixtures';
import { write } from './helpers/sandboxFixtures';

/** The size limit is inclusive: a file of exactly the limit is captured, one byte more is skipped and listed. */
describe('the file size limit, at its edge', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-size-limit-');

  it('captures a file of exactly the limit and skips one byte more, on the first snapshot and as files grow and shrink across it', async () => {
    const LIMIT = 1024;
    const root = workspaceWith(tempDir(), { 'exact.bin': noise(LIMIT, 1), 'over.bin': noise(LIMIT + 1, 2) });
    const s = services(root, LIMIT);
    try {
      const { plan, checkpoints: [first] } = await planWithCheckpoints(s, 1);
      assert.deepEqual(first!.metadata.skipped, [{ path: 'over.bin', reason: 'too_large', size_bytes: LIMIT + 1 }]);
      assert.equal(first!.metadata.file_count, 1);
      assert.deepEqual(await s.checkpoints.readFileAt(plan.plan_id, first!.checkpoint_id, 'exact.bin'), new Uint8Array(noise(LIMIT, 1)));
      assert.equal(await s.checkpoints.readFileAt(plan.plan_id, first!.checkpoint_id, 'over.bin'), undefined);

      // The captured file grows by one byte; the skipped one shrinks to the limit.
      write(root, 'exact.bin', noise(LIMIT + 1, 3));
      write(root, 'over.bin', noise(LIMIT, 4));
      const { checkpoint: second } = await s.checkpoints.createCheckpoint(plan.plan_id);
      assert.deepEqual(second.metadata.skipped, [{ path: 'exact.bin', reason: 'too_large', size_bytes: LIMIT + 1 }]);
      assert.deepEqual(await s.checkpoints.readFileAt(plan.plan_id, second.checkpoint_id, 'over.bin'), new Uint8Array(noise(LIMIT, 4)));
      assert.equal(await s.checkpoints.readFileAt(plan.plan_id, second.checkpoint_id, 'exact.bin'), undefined);

      // A skipped file still one byte over (new content, same size) stays skipped and listed.
      write(root, 'exact.bin', noise(LIMIT + 1, 5));
      const { checkpoint: third } = await s.checkpoints.createCheckpoint(plan.plan_id);
      assert.deepEqual(third.metadata.skipped, [{ path: 'exact.bin', reason: 'too_large', size_bytes: LIMIT + 1 }]);
      assert.equal(await s.checkpoints.readFileAt(plan.plan_id, third.checkpoint_id, 'exact.bin'), undefined);
    } finally {
      s.dispose();
    }
  });

  it(`the CLI's limit (${DEFAULT_MAX_FILE_BYTES} bytes): exactly it is captured, one byte more is listed as skipped`, () => {
    ensureCliBuilt();
    const root = workspaceWith(tempDir(), { 'exact.bin': Buffer.alloc(DEFAULT_MAX_FILE_BYTES, 7), 'over.bin': Buffer.alloc(DEFAULT_MAX_FILE_BYTES + 1, 8) });
    const json = (args: string[]) => {
      const run = runCli(root, ['--format', 'json', ...args]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      return run.json<{ plan: { plan_id: string }; checkpoint: { metadata: { file_count: number; skipped: unknown[] } } }>();
    };
    const p = json(['plan', 'create', '--title', 'size']).plan.plan_id;
    const { metadata } = json(['plan', 'checkpoint', p]).checkpoint;
    assert.deepEqual(metadata.skipped, [{ path: 'over.bin', reason: 'too_large', size_bytes: DEFAULT_MAX_FILE_BYTES + 1 }]);
    assert.equal(metadata.file_count, 1);
  });
});

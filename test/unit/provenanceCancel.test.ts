import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../../src/composition';
import { OperationCancelled } from '../../src/core/errors';
import { RecordingLogger, SQL_WASM_DIR } from './helpers/storeFixtures';
import { useTempDirs } from './helpers/tempDir';

// The editor asks for a file's line provenance and may stop wanting it (another file shown): the
// work stops at its next pause, and nothing half-done is kept for the next call to read.

describe('line provenance no longer wanted (ProvenanceService.blame with a signal)', () => {
  const tempDir = useTempDirs('ca-provenance-cancel-');

  it('stops at a pause with OperationCancelled and keeps no attribution; asked again, it answers as if never stopped', async () => {
    const root = tempDir();
    const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger: new RecordingLogger(), deferGarbageCollection: true });
    try {
      const plan = await s.plans.createPlan({ title: 'cancel' });
      let lines = Array.from({ length: 200 }, (_, i) => `line ${i} of the file`);
      const file = path.join(root, 'f.txt');
      writeFileSync(file, `${lines.join('\n')}\n`);
      await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'first' });
      // Enough versions for several pauses (one every 16 versions compared).
      for (let v = 1; v <= 40; v++) {
        lines = lines.map((l, i) => (i === (v * 7) % 200 ? `line ${i}, changed in version ${v}` : l));
        writeFileSync(file, `${lines.join('\n')}\n`);
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: `t${v}` } });
      }
      const kept = path.join(root, '.cleveragents', 'checkpoints', 'blame');
      // Wanted until the first look at it after the contents are read, then no longer.
      let looks = 0;
      const signal = {
        get aborted() {
          return ++looks > 2;
        },
      };
      await assert.rejects(s.provenance.blame('f.txt', undefined, undefined, signal), OperationCancelled);
      assert.ok(looks > 2, 'stopped by the signal');
      assert.ok(!existsSync(kept) || readdirSync(kept).length === 0, 'nothing kept of a run that was stopped');
      const whole = await s.provenance.blame('f.txt');
      assert.equal(whole.blame.state, 'text');
      if (whole.blame.state !== 'text') return;
      assert.equal(whole.blame.lines[7]!.kind, 'tool_call');
      assert.equal(readdirSync(kept).length, 1, 'the whole run keeps its attribution');
      // A signal already aborted: stopped before any content is compared.
      await assert.rejects(s.provenance.blame('f.txt', undefined, new TextEncoder().encode('other\n'), { aborted: true }), OperationCancelled);
    } finally {
      s.dispose();
    }
  });
});

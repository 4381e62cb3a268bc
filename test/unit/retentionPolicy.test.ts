import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { RetentionPolicySchema, selectCheckpointsToPrune, DEFAULT_RETENTION_POLICY } from '../../src/core/retentionPolicy';

describe('retention policy', () => {
  it('defaults to 50 checkpoints with auto-prune on', () => {
    assert.deepEqual(RetentionPolicySchema.parse(DEFAULT_RETENTION_POLICY), { max_checkpoints: 50, auto_prune: true });
  });

  it('rejects max_checkpoints outside 1..100 and fractions', () => {
    for (const bad of [0, 101, -1, 2.5]) {
      assert.equal(RetentionPolicySchema.safeParse({ max_checkpoints: bad, auto_prune: true }).success, false, String(bad));
    }
  });

  it('max 3 over 10 checkpoints keeps the first and the last two', () => {
    const ids = Array.from({ length: 10 }, (_, i) => i);
    const pruned = selectCheckpointsToPrune(ids, { max_checkpoints: 3, auto_prune: true });
    assert.deepEqual(pruned, [1, 2, 3, 4, 5, 6, 7]);
  });

  it('prunes nothing when auto_prune is off', () => {
    assert.deepEqual(selectCheckpointsToPrune([1, 2, 3, 4], { max_checkpoints: 1, auto_prune: false }), []);
  });

  it('for every max in 1..100: keeps first and last, prunes the oldest interior ones, down to the limit', () => {
    for (let max = 1; max <= 100; max++) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 160 }), (count) => {
          const ids = Array.from({ length: count }, (_, i) => i);
          const pruned = selectCheckpointsToPrune(ids, { max_checkpoints: max, auto_prune: true });
          const kept = ids.filter((i) => !pruned.includes(i));
          if (count > 0) {
            assert.ok(kept.includes(0), 'first kept');
            assert.ok(kept.includes(count - 1), 'most recent kept');
          }
          assert.equal(kept.length, count <= max ? count : Math.max(max, Math.min(count, 2)));
          // The pruned ones are the oldest interior ones: a contiguous run right after the first.
          assert.deepEqual(pruned, ids.slice(1, 1 + pruned.length));
        }),
        { numRuns: 40 },
      );
    }
  });

  it('never prunes a retained checkpoint: retained ones count against the limit, and are kept beyond it when they must', () => {
    const ids = Array.from({ length: 10 }, (_, i) => i);
    // Room for two more than the retained, first and last: the two oldest others go.
    assert.deepEqual(selectCheckpointsToPrune(ids, { max_checkpoints: 6, auto_prune: true }, new Set([2, 5])), [1, 3, 4, 6]);
    // More retained than the limit: every other interior one goes, the retained stay.
    assert.deepEqual(selectCheckpointsToPrune(ids, { max_checkpoints: 3, auto_prune: true }, new Set([1, 2, 3, 8])), [4, 5, 6, 7]);
    assert.deepEqual(selectCheckpointsToPrune(ids, { max_checkpoints: 1, auto_prune: false }, new Set([1])), []);
  });

  it('for any retained set: keeps it, the first and the last; prunes the oldest others, down to the limit when it can', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 120 }), fc.array(fc.integer({ min: 0, max: 119 })), (max, count, picked) => {
        const ids = Array.from({ length: count }, (_, i) => i);
        const retained = new Set(picked.filter((i) => i < count));
        const pruned = selectCheckpointsToPrune(ids, { max_checkpoints: max, auto_prune: true }, retained);
        const kept = ids.filter((i) => !pruned.includes(i));
        for (const r of retained) assert.ok(kept.includes(r), `retained ${r} kept`);
        if (count > 0) assert.ok(kept.includes(0) && kept.includes(count - 1), 'first and most recent kept');
        const limit = Math.max(max, 2);
        const mustKeep = new Set([...retained, ...(count > 0 ? [0, count - 1] : [])]).size;
        assert.equal(kept.length, count <= limit ? count : Math.max(limit, mustKeep));
        // The pruned ones are the oldest of the others: every other one kept is newer than each pruned one.
        const othersKept = kept.filter((i) => !retained.has(i) && i !== 0 && i !== count - 1);
        for (const p of pruned) assert.ok(othersKept.every((k) => k > p), `${p} pruned before a newer one`);
      }),
      { numRuns: 400 },
    );
  });
});

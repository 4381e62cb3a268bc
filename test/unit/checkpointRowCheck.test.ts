import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { plainCheckpoint } from '../../src/adapters/sqlStore/checkpointRowCheck';
import { CheckpointSchema } from '../../src/core/checkpoint';

// The store reads its checkpoint rows without zod when they are plainly what it writes. That
// shortcut must never accept a row the schema refuses, and must give what the schema gives: it is
// compared with CheckpointSchema on random rows, good and bad.

const ULID = '01M8Z0YC64K4BHGPKWBM3WPWGX';
const good = {
  checkpoint_id: ULID,
  plan_id: '01M8Z0YC64K4BHGPKWBM3WPWGY',
  sandbox_ref: 'a'.repeat(40),
  decision_id: null,
  checkpoint_type: 'post_step',
  resource_id: null,
  filesystem_path: 'shadow.git',
  size_bytes: 1234,
  created_at: '2026-12-03T22:38:00.123Z',
  metadata: { reason: 'After Edit src/big.ts', source_tool: 'Edit', phase: null, extra: { agent: 'claude-code', tool_use_id: 'toolu_1' }, file_count: 3, skipped: [] },
};

/** A value for a field: the good one, or something near it that may be wrong. */
function near<T>(value: T, others: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 16, arbitrary: fc.constant(value) }, fc.constantFrom(...others), fc.anything());
}

const row = fc.record({
  checkpoint_id: near(ULID, ['01m8z0yc64k4bhgpkwbm3wpwgx', `${ULID}0`, 'I'.repeat(26), '']),
  plan_id: near(good.plan_id, [ULID, 'U'.repeat(26), null]),
  sandbox_ref: near(good.sandbox_ref, ['b'.repeat(64), 'A'.repeat(40), 'a'.repeat(39), 'g'.repeat(40)]),
  decision_id: near(null, [ULID, 'x', undefined]),
  checkpoint_type: near('post_step', ['pre_write', 'manual', 'other', 'POST_STEP']),
  resource_id: near(null, [ULID, 5]),
  filesystem_path: near('shadow.git', ['', '/abs', '../up', 'a/../b', 'a\\b', 'C:x', 'a/./b', 'x'.repeat(4097), 'ok/path-1_2']),
  size_bytes: near(1234, [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity, '5', -0]),
  created_at: near(good.created_at, ['2026-02-29T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2026-12-03T24:00:00.000Z', '2026-12-03T22:38:00Z', '2026-12-03T22:38:00.123+00:00', '2026-13-01T00:00:00.000Z', '1900-02-29T00:00:00.000Z', '2000-02-29T00:00:00.000Z']),
  metadata: fc.oneof(
    { weight: 4, arbitrary: fc.constant(good.metadata) },
    fc.record(
      {
        reason: near('r', [null, 'x'.repeat(1000), 'x'.repeat(1001), 5]),
        source_tool: near('Edit', [null, undefined]),
        phase: near(null, ['p', {}]),
        extra: near({ a: 'b' }, [{}, { ['k'.repeat(201)]: 'v' }, { k: 'v'.repeat(4001) }, { k: 1 }, JSON.parse('{"__proto__": "x"}'), [], null, { '1': 'one', b: 'two' }]),
        file_count: near(2, [0, -1, 2.5, undefined]),
        skipped: near([], [[{ path: 'big.bin', reason: 'too_large' }], [{ path: '/x', reason: 'too_large' }], 'no']),
        other: fc.constant('an unknown key'),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  ),
});

describe('checkpoint rows read without zod (adapters/sqlStore/checkpointRowCheck.ts)', () => {
  it('accepts only rows the schema accepts, and gives exactly what the schema gives (random rows)', () => {
    let taken = 0;
    fc.assert(
      fc.property(row, (candidate) => {
        const plain = plainCheckpoint(candidate);
        if (plain === undefined) return;
        taken++;
        const parsed = CheckpointSchema.safeParse(candidate);
        assert.ok(parsed.success, `the schema refuses what the shortcut took: ${JSON.stringify(candidate)}`);
        assert.equal(JSON.stringify(plain), JSON.stringify(parsed.data), 'the same keys, values and order');
      }),
      { numRuns: 4000 },
    );
    assert.ok(taken > 100, `rows taken by the shortcut: ${taken}`);
  });

  it('takes a row as the store writes it, and leaves to the schema one with skipped paths', () => {
    assert.deepEqual(plainCheckpoint(good), CheckpointSchema.parse(good));
    assert.deepEqual(plainCheckpoint({ ...good, metadata: { reason: null } }), CheckpointSchema.parse({ ...good, metadata: { reason: null } }));
    assert.equal(plainCheckpoint({ ...good, metadata: { ...good.metadata, skipped: [{ path: 'big.bin', reason: 'too_large' }] } }), undefined);
    // At each limit of the schema: what it refuses, the shortcut leaves to it.
    for (const extra of [{ ['k'.repeat(201)]: 'v' }, { k: 'v'.repeat(4001) }, { k: 1 }]) {
      const bad = { ...good, metadata: { ...good.metadata, extra } };
      assert.equal(CheckpointSchema.safeParse(bad).success, false);
      assert.equal(plainCheckpoint(bad), undefined, JSON.stringify(extra).slice(0, 40));
    }
    const edge = { ...good, metadata: { ...good.metadata, extra: { ['k'.repeat(200)]: 'v'.repeat(4000) } } };
    assert.deepEqual(plainCheckpoint(edge), CheckpointSchema.parse(edge));
  });
});

import * as assert from 'node:assert/strict';
import type { Checkpoint } from '../../src/core/checkpoint';
import type { InterruptedOperation } from '../../src/core/interruptedOperation';
import { interruptedMessage, recoveredMessage } from '../../src/extension/recovery/interruptedText';

// The interrupted-operation notification names the plan by its title and the checkpoint by its
// label and time: no ULIDs (issue 25, observation 6).

const PLAN = '01M8RX4PQK7ZZZZZZZZZZZZZZZ';
const TARGET = '01M8RX4PQK7YYYYYYYYYYYYYYY';
const now = new Date('2026-12-01T18:30:00.000Z');
const op: InterruptedOperation = {
  type: 'rollback',
  plan_id: PLAN,
  target_checkpoint_id: TARGET,
  undo_checkpoint_id: null,
  sandbox_key: PLAN,
  from_ref: null,
  to_ref: null,
  started_at: '2026-12-01T18:25:00.000Z',
  pid: 4242,
  host: 'box',
};
const target = { checkpoint_id: TARGET, plan_id: PLAN, checkpoint_type: 'manual', created_at: '2026-12-01T18:10:00.000Z', metadata: { reason: 'before due module', skipped: [], extra: {} } } as unknown as Checkpoint;

describe('the interrupted-operation notification', () => {
  it('names the plan and the checkpoint, never their ids', () => {
    const text = interruptedMessage(op, { planTitle: 'Add due dates', target }, now);
    assert.equal(text, '“Add due dates”: a rollback to “before due module” (taken 20 min ago) was interrupted (started 5 min ago by process 4242); its files may be half written, and the plan takes no writes until it is finished or undone.');
    assert.doesNotMatch(text, /[0-9A-HJKMNP-TV-Z]{26}/);
    assert.equal(recoveredMessage(op, { planTitle: 'Add due dates', target }, true, now), 'Finished a rollback to “before due module” (taken 20 min ago) of “Add due dates”.');
  });

  it('without the database’s names it still shows no id', () => {
    const text = interruptedMessage({ ...op, type: 'apply', target_checkpoint_id: null }, {}, now);
    assert.match(text, /^A plan: an apply into the workspace was interrupted/);
    assert.doesNotMatch(text, /[0-9A-HJKMNP-TV-Z]{26}/);
    assert.equal(recoveredMessage(op, {}, false, now), 'Undid a rollback of the plan.');
  });
});

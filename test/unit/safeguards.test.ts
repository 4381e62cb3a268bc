import * as assert from 'node:assert/strict';
import type { Checkpoint } from '../../src/core/checkpoint';
import { parseRollbackSettings, RollbackSettingKeys, safeguardValue, type InspectedSetting } from '../../src/extension/rollback/rollbackSettings';
import { isSafetyCheckpoint, undoRequest } from '../../src/core/safetyCheckpoints';

const PLAN_ID = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B6';
const TARGET = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5C1';
const SAFETY = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5S9';

/** The safety checkpoint exactly as CheckpointService.rollbackToCheckpoint records it. */
function safety(overrides: Partial<Checkpoint> = {}, metadata: Partial<Checkpoint['metadata']> = {}): Checkpoint {
  return {
    checkpoint_id: SAFETY,
    plan_id: PLAN_ID,
    sandbox_ref: 'a'.repeat(40),
    decision_id: null,
    checkpoint_type: 'manual',
    resource_id: null,
    filesystem_path: `pins/${SAFETY}`,
    size_bytes: 10,
    created_at: '2026-11-29T09:46:32.123Z',
    metadata: { reason: 'Before rollback to “x”', source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: TARGET }, file_count: 3, skipped: [], ...metadata },
    ...overrides,
  };
}

describe('undo accepts only the safety checkpoint of a rollback', () => {
  it('a safety checkpoint is undone as the confirm setting says', () => {
    assert.ok(isSafetyCheckpoint(safety()));
    assert.deepEqual(undoRequest(safety(), false), { confirm: false, undo: true });
    assert.deepEqual(undoRequest(safety(), true), { confirm: true, undo: true });
  });

  it('anything else is a rollback, always confirmed, whatever the setting or skipConfirmation', () => {
    const others: Checkpoint[] = [
      safety({}, { source_tool: 'agent' }),
      safety({}, { phase: 'execute' }),
      safety({}, { extra: {} }),
      safety({}, { extra: { rollback_to: 'not a ulid' } }),
      safety({}, { extra: { rollback_to: SAFETY } }),
      safety({}, { extra: { rollback_to: TARGET, more: 'x' } }),
      safety({ checkpoint_type: 'post_step' }),
      safety({ decision_id: TARGET }),
    ];
    for (const c of others) {
      assert.ok(!isSafetyCheckpoint(c), JSON.stringify(c.metadata));
      assert.deepEqual(undoRequest(c, false), { confirm: true, undo: false });
    }
  });
});

describe('settings that guard the user', () => {
  const read = (key: string, inspected: InspectedSetting, resolved: unknown) =>
    parseRollbackSettings((k) => (k === key ? safeguardValue(k, inspected, resolved) : undefined), 's').settings;

  it('rollback.confirm: a workspace (or folder) value is ignored; only the user can switch it off', () => {
    assert.equal(read(RollbackSettingKeys.confirm, { workspaceValue: false }, false).confirm, true);
    assert.equal(read(RollbackSettingKeys.confirm, { workspaceFolderValue: false }, false).confirm, true);
    assert.equal(read(RollbackSettingKeys.confirm, { globalValue: false, workspaceValue: true }, true).confirm, false);
  });

  it('autoCheckpoint.enabled: a workspace can switch it on, never off', () => {
    assert.equal(read(RollbackSettingKeys.autoEnabled, { globalValue: true, workspaceValue: false }, false).auto.enabled, true);
    assert.equal(read(RollbackSettingKeys.autoEnabled, { workspaceValue: true }, true).auto.enabled, true);
    // on by default; the user can switch it off, a workspace cannot
    assert.equal(read(RollbackSettingKeys.autoEnabled, {}, undefined).auto.enabled, true);
    assert.equal(read(RollbackSettingKeys.autoEnabled, { workspaceValue: false }, false).auto.enabled, true);
    assert.equal(read(RollbackSettingKeys.autoEnabled, { globalValue: false }, false).auto.enabled, false);
  });

  it('other settings: as VS Code resolves them', () => {
    assert.equal(read(RollbackSettingKeys.autoDebounceMs, { workspaceValue: 700 }, 700).auto.debounceMs, 700);
  });
});

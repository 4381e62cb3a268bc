"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const rollbackSettings_1 = require("../../src/extension/rollback/rollbackSettings");
const safetyCheckpoints_1 = require("../../src/core/safetyCheckpoints");
const PLAN_ID = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5B6';
const TARGET = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5C1';
const SAFETY = '01JDQ8Z5Y8N9T0W1X2Y3Z4A5S9';
/** The safety checkpoint exactly as CheckpointService.rollbackToCheckpoint records it. */
function safety(overrides = {}, metadata = {}) {
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
        assert.ok((0, safetyCheckpoints_1.isSafetyCheckpoint)(safety()));
        assert.deepEqual((0, safetyCheckpoints_1.undoRequest)(safety(), false), { confirm: false, undo: true });
        assert.deepEqual((0, safetyCheckpoints_1.undoRequest)(safety(), true), { confirm: true, undo: true });
    });
    it('anything else is a rollback, always confirmed, whatever the setting or skipConfirmation', () => {
        const others = [
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
            assert.ok(!(0, safetyCheckpoints_1.isSafetyCheckpoint)(c), JSON.stringify(c.metadata));
            assert.deepEqual((0, safetyCheckpoints_1.undoRequest)(c, false), { confirm: true, undo: false });
        }
    });
});
describe('settings that guard the user', () => {
    const read = (key, inspected, resolved) => (0, rollbackSettings_1.parseRollbackSettings)((k) => (k === key ? (0, rollbackSettings_1.safeguardValue)(k, inspected, resolved) : undefined), 's').settings;
    it('rollback.confirm: a workspace (or folder) value is ignored; only the user can switch it off', () => {
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.confirm, { workspaceValue: false }, false).confirm, true);
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.confirm, { workspaceFolderValue: false }, false).confirm, true);
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.confirm, { globalValue: false, workspaceValue: true }, true).confirm, false);
    });
    it('autoCheckpoint.enabled: a workspace can switch it on, never off', () => {
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.autoEnabled, { globalValue: true, workspaceValue: false }, false).auto.enabled, true);
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.autoEnabled, { workspaceValue: true }, true).auto.enabled, true);
        // on by default; the user can switch it off, a workspace cannot
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.autoEnabled, {}, undefined).auto.enabled, true);
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.autoEnabled, { workspaceValue: false }, false).auto.enabled, true);
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.autoEnabled, { globalValue: false }, false).auto.enabled, false);
    });
    it('other settings: as VS Code resolves them', () => {
        assert.equal(read(rollbackSettings_1.RollbackSettingKeys.autoDebounceMs, { workspaceValue: 700 }, 700).auto.debounceMs, 700);
    });
});
//# sourceMappingURL=safeguards.test.js.map
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
const checkpoint_1 = require("../../src/core/checkpoint");
const retainedCheckpoints_1 = require("../../src/core/retainedCheckpoints");
const retentionPolicy_1 = require("../../src/core/retentionPolicy");
const systemClock_1 = require("../../src/adapters/systemClock");
const ids = (0, systemClock_1.createUlidGenerator)();
const PLAN = ids.next();
/** Minute `n` of one day: what orders checkpoints and decisions. */
const at = (n) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
function checkpoint(n, fields = {}) {
    return checkpoint_1.CheckpointSchema.parse({
        checkpoint_id: ids.next(),
        plan_id: PLAN,
        sandbox_ref: 'a'.repeat(40),
        decision_id: fields.decision ?? null,
        checkpoint_type: fields.type ?? 'manual',
        resource_id: null,
        filesystem_path: 'shadow.git',
        size_bytes: 0,
        created_at: at(n),
        // The shape CheckpointService.restore gives its safety checkpoint.
        metadata: fields.safetyFor ? { reason: 'Before rollback', source_tool: 'rollback', phase: 'rollback', extra: { rollback_to: fields.safetyFor } } : {},
    });
}
function decision(n, fields = {}) {
    return {
        decision_id: fields.id ?? ids.next(),
        plan_id: PLAN,
        title: `made at ${n}`,
        rationale: null,
        state: fields.revertedBy ? 'reverted' : 'active',
        created_at: at(n),
        reverted_at: fields.revertedBy ? at(n + 1) : null,
        reverted_by: fields.revertedBy ?? null,
        depends_on: [],
    };
}
function correction(n, decisionId, undoCheckpointId, state = 'applied', id = ids.next()) {
    return {
        correction_id: id,
        plan_id: PLAN,
        decision_id: decisionId,
        mode: 'rollback',
        state,
        reverted_decisions: [decisionId],
        target_checkpoint_id: null,
        restored_paths: null,
        undo_checkpoint_id: undoCheckpointId,
        created_at: at(n),
        undone_at: state === 'undone' ? at(n + 1) : null,
    };
}
const names = (all, kept) => Object.keys(all).filter((k) => kept.has(all[k].checkpoint_id));
describe('checkpointsToRetain', () => {
    it('keeps the safety checkpoint of the latest rollback only', () => {
        const c = { first: checkpoint(0), older: checkpoint(1, { safetyFor: ids.next() }), plain: checkpoint(2), latest: checkpoint(3, { safetyFor: ids.next() }), last: checkpoint(4) };
        assert.deepEqual(names(c, (0, retainedCheckpoints_1.checkpointsToRetain)(Object.values(c), [], [])), ['latest']);
    });
    it('keeps the safety checkpoint of the latest correction not undone, and both ends of the decisions it reverted', () => {
        const cid = ids.next();
        const d1 = decision(1, { revertedBy: cid });
        const d0 = decision(0, { revertedBy: ids.next() });
        const c = {
            pre0: checkpoint(0, { type: 'pre_write', decision: d0.decision_id }),
            post0: checkpoint(1, { type: 'post_step', decision: d0.decision_id }),
            pre1: checkpoint(2, { type: 'pre_write', decision: d1.decision_id }),
            mid1: checkpoint(3, { type: 'post_step', decision: d1.decision_id }),
            post1: checkpoint(4, { type: 'post_step', decision: d1.decision_id }),
            undoOfOlder: checkpoint(5),
            undoOfUndone: checkpoint(6),
            undoOfLatest: checkpoint(7),
            plain: checkpoint(8),
        };
        const corrections = [
            correction(5, d0.decision_id, c.undoOfOlder.checkpoint_id),
            correction(6, d1.decision_id, c.undoOfLatest.checkpoint_id, 'applied', cid),
            correction(7, d1.decision_id, c.undoOfUndone.checkpoint_id, 'undone'),
        ];
        assert.deepEqual(names(c, (0, retainedCheckpoints_1.checkpointsToRetain)(Object.values(c), [d0, d1], corrections)), ['pre1', 'post1', 'undoOfLatest']);
    });
    it('keeps, for each active decision, its earliest pre_write and its newest aligned checkpoint; else (even with nothing aligned) the newest one taken before it', () => {
        const a = decision(1);
        const bare = decision(7);
        const late = decision(11);
        const c = {
            first: checkpoint(0),
            preA: checkpoint(2, { type: 'pre_write', decision: a.decision_id }),
            stepA: checkpoint(3, { type: 'post_step', decision: a.decision_id }),
            preAagain: checkpoint(4, { type: 'pre_write', decision: a.decision_id }),
            postA: checkpoint(5, { type: 'post_step', decision: a.decision_id }),
            beforeBare: checkpoint(6),
            older: checkpoint(9),
            beforeLate: checkpoint(10),
            postLate: checkpoint(12, { type: 'post_step', decision: late.decision_id }),
            plain: checkpoint(13),
        };
        assert.deepEqual(names(c, (0, retainedCheckpoints_1.checkpointsToRetain)(Object.values(c), [a, bare, late], [])), ['preA', 'postA', 'beforeBare', 'beforeLate', 'postLate']);
    });
    it('with the policy: a plan that outgrew its limit loses only what nothing needs, oldest first', () => {
        const d = decision(1);
        const c = [checkpoint(0), checkpoint(2, { type: 'pre_write', decision: d.decision_id }), checkpoint(3), checkpoint(4), checkpoint(5, { type: 'post_step', decision: d.decision_id }), checkpoint(6), checkpoint(7)];
        const pruned = (0, retentionPolicy_1.selectCheckpointsToPrune)(c.map((x) => x.checkpoint_id), { max_checkpoints: 5, auto_prune: true }, (0, retainedCheckpoints_1.checkpointsToRetain)(c, [d], []));
        assert.deepEqual(pruned, [c[2].checkpoint_id, c[3].checkpoint_id]);
    });
});
//# sourceMappingURL=retainedCheckpoints.test.js.map
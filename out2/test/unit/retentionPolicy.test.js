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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const retentionPolicy_1 = require("../../src/core/retentionPolicy");
describe('retention policy', () => {
    it('defaults to 50 checkpoints with auto-prune on', () => {
        assert.deepEqual(retentionPolicy_1.RetentionPolicySchema.parse(retentionPolicy_1.DEFAULT_RETENTION_POLICY), { max_checkpoints: 50, auto_prune: true });
    });
    it('rejects max_checkpoints outside 1..100 and fractions', () => {
        for (const bad of [0, 101, -1, 2.5]) {
            assert.equal(retentionPolicy_1.RetentionPolicySchema.safeParse({ max_checkpoints: bad, auto_prune: true }).success, false, String(bad));
        }
    });
    it('max 3 over 10 checkpoints keeps the first and the last two', () => {
        const ids = Array.from({ length: 10 }, (_, i) => i);
        const pruned = (0, retentionPolicy_1.selectCheckpointsToPrune)(ids, { max_checkpoints: 3, auto_prune: true });
        assert.deepEqual(pruned, [1, 2, 3, 4, 5, 6, 7]);
    });
    it('prunes nothing when auto_prune is off', () => {
        assert.deepEqual((0, retentionPolicy_1.selectCheckpointsToPrune)([1, 2, 3, 4], { max_checkpoints: 1, auto_prune: false }), []);
    });
    it('for every max in 1..100: keeps first and last, prunes the oldest interior ones, down to the limit', () => {
        for (let max = 1; max <= 100; max++) {
            fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.integer({ min: 0, max: 160 }), (count) => {
                const ids = Array.from({ length: count }, (_, i) => i);
                const pruned = (0, retentionPolicy_1.selectCheckpointsToPrune)(ids, { max_checkpoints: max, auto_prune: true });
                const kept = ids.filter((i) => !pruned.includes(i));
                if (count > 0) {
                    assert.ok(kept.includes(0), 'first kept');
                    assert.ok(kept.includes(count - 1), 'most recent kept');
                }
                assert.equal(kept.length, count <= max ? count : Math.max(max, Math.min(count, 2)));
                // The pruned ones are the oldest interior ones: a contiguous run right after the first.
                assert.deepEqual(pruned, ids.slice(1, 1 + pruned.length));
            }), { numRuns: 40 });
        }
    });
    it('never prunes a retained checkpoint: retained ones count against the limit, and are kept beyond it when they must', () => {
        const ids = Array.from({ length: 10 }, (_, i) => i);
        // Room for two more than the retained, first and last: the two oldest others go.
        assert.deepEqual((0, retentionPolicy_1.selectCheckpointsToPrune)(ids, { max_checkpoints: 6, auto_prune: true }, new Set([2, 5])), [1, 3, 4, 6]);
        // More retained than the limit: every other interior one goes, the retained stay.
        assert.deepEqual((0, retentionPolicy_1.selectCheckpointsToPrune)(ids, { max_checkpoints: 3, auto_prune: true }, new Set([1, 2, 3, 8])), [4, 5, 6, 7]);
        assert.deepEqual((0, retentionPolicy_1.selectCheckpointsToPrune)(ids, { max_checkpoints: 1, auto_prune: false }, new Set([1])), []);
    });
    it('for any retained set: keeps it, the first and the last; prunes the oldest others, down to the limit when it can', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.integer({ min: 1, max: 100 }), fast_check_1.default.integer({ min: 0, max: 120 }), fast_check_1.default.array(fast_check_1.default.integer({ min: 0, max: 119 })), (max, count, picked) => {
            const ids = Array.from({ length: count }, (_, i) => i);
            const retained = new Set(picked.filter((i) => i < count));
            const pruned = (0, retentionPolicy_1.selectCheckpointsToPrune)(ids, { max_checkpoints: max, auto_prune: true }, retained);
            const kept = ids.filter((i) => !pruned.includes(i));
            for (const r of retained)
                assert.ok(kept.includes(r), `retained ${r} kept`);
            if (count > 0)
                assert.ok(kept.includes(0) && kept.includes(count - 1), 'first and most recent kept');
            const limit = Math.max(max, 2);
            const mustKeep = new Set([...retained, ...(count > 0 ? [0, count - 1] : [])]).size;
            assert.equal(kept.length, count <= limit ? count : Math.max(limit, mustKeep));
            // The pruned ones are the oldest of the others: every other one kept is newer than each pruned one.
            const othersKept = kept.filter((i) => !retained.has(i) && i !== 0 && i !== count - 1);
            for (const p of pruned)
                assert.ok(othersKept.every((k) => k > p), `${p} pruned before a newer one`);
        }), { numRuns: 400 });
    });
});
//# sourceMappingURL=retentionPolicy.test.js.map
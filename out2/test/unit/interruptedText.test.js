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
const interruptedText_1 = require("../../src/extension/recovery/interruptedText");
// The interrupted-operation notification names the plan by its title and the checkpoint by its
// label and time: no ULIDs (issue 25, observation 6).
const PLAN = '01M8RX4PQK7ZZZZZZZZZZZZZZZ';
const TARGET = '01M8RX4PQK7YYYYYYYYYYYYYYY';
const now = new Date('2026-12-01T18:30:00.000Z');
const op = {
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
const target = { checkpoint_id: TARGET, plan_id: PLAN, checkpoint_type: 'manual', created_at: '2026-12-01T18:10:00.000Z', metadata: { reason: 'before due module', skipped: [], extra: {} } };
describe('the interrupted-operation notification', () => {
    it('names the plan and the checkpoint, never their ids', () => {
        const text = (0, interruptedText_1.interruptedMessage)(op, { planTitle: 'Add due dates', target }, now);
        assert.equal(text, '“Add due dates”: a rollback to “before due module” (taken 20 min ago) was interrupted (started 5 min ago by process 4242); its files may be half written, and the plan takes no writes until it is finished or undone.');
        assert.doesNotMatch(text, /[0-9A-HJKMNP-TV-Z]{26}/);
        assert.equal((0, interruptedText_1.recoveredMessage)(op, { planTitle: 'Add due dates', target }, true, now), 'Finished a rollback to “before due module” (taken 20 min ago) of “Add due dates”.');
    });
    it('without the database’s names it still shows no id', () => {
        const text = (0, interruptedText_1.interruptedMessage)({ ...op, type: 'apply', target_checkpoint_id: null }, {}, now);
        assert.match(text, /^A plan: an apply into the workspace was interrupted/);
        assert.doesNotMatch(text, /[0-9A-HJKMNP-TV-Z]{26}/);
        assert.equal((0, interruptedText_1.recoveredMessage)(op, {}, false, now), 'Undid a rollback of the plan.');
    });
});
//# sourceMappingURL=interruptedText.test.js.map
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
const hookCheckpoints_1 = require("../../src/core/hookCheckpoints");
const storeFixtures_1 = require("./helpers/storeFixtures");
// Which checkpoints of a plan its agent's hooks took, and which of them are prompts: the tree groups
// a hook-fed plan by prompt, and the extension's automatic checkpoints leave such a plan alone.
describe('Hook-fed checkpoints (core/hookCheckpoints)', () => {
    const planId = (0, storeFixtures_1.makePlan)().plan_id;
    const meta = (reason, phase, extra) => ({ reason, source_tool: null, phase, extra, skipped: [] });
    const prompt = (line) => (0, storeFixtures_1.makeCheckpoint)(planId, { checkpoint_type: 'manual', metadata: meta((0, hookCheckpoints_1.promptReason)(line), 'prompt', { agent: 'claude-code', session_id: 's' }) });
    const step = (type, reason) => (0, storeFixtures_1.makeCheckpoint)(planId, { checkpoint_type: type, metadata: meta(reason, 'post_tool', { agent: 'claude-code', session_id: 's' }) });
    const plain = (reason) => (0, storeFixtures_1.makeCheckpoint)(planId, { checkpoint_type: 'manual', metadata: meta(reason, null, {}) });
    it('a prompt checkpoint is a manual one with phase prompt and an agent; its line comes back from the reason', () => {
        const p = prompt('add due dates');
        assert.equal((0, hookCheckpoints_1.isPromptCheckpoint)(p), true);
        assert.equal((0, hookCheckpoints_1.promptLineOf)(p), 'add due dates');
        assert.equal((0, hookCheckpoints_1.isPromptCheckpoint)(plain('Before: "looks like one"')), false, 'no agent: a manual checkpoint a person made');
        assert.equal((0, hookCheckpoints_1.isPromptCheckpoint)(step('post_step', 'After Edit')), false);
    });
    it('the agent is read from the checkpoints; none for a plan nobody fed by hooks', () => {
        assert.equal((0, hookCheckpoints_1.hookAgentOf)([plain('Plan created'), prompt('x')]), 'claude-code');
        assert.equal((0, hookCheckpoints_1.hookAgentOf)([plain('Plan created')]), undefined);
        assert.equal((0, hookCheckpoints_1.hookAgentOf)([]), undefined);
    });
    it('groups the checkpoints under the prompt they followed, up to the next prompt; those before the first stay apart', () => {
        const first = plain('Plan created');
        const p1 = prompt('one');
        const s1 = step('post_step', 'After Edit');
        const p2 = prompt('two');
        const s2 = step('pre_write', 'Before Bash');
        const s3 = step('post_step', 'After Bash');
        const { before, groups } = (0, hookCheckpoints_1.groupByPrompt)([first, p1, s1, p2, s2, s3]);
        assert.deepEqual(before, [first]);
        assert.deepEqual(groups.map((g) => [g.prompt.checkpoint_id, g.steps.map((s) => s.checkpoint_id)]), [
            [p1.checkpoint_id, [s1.checkpoint_id]],
            [p2.checkpoint_id, [s2.checkpoint_id, s3.checkpoint_id]],
        ]);
    });
});
//# sourceMappingURL=hookCheckpoints.test.js.map
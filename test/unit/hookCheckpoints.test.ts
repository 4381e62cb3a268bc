import * as assert from 'node:assert/strict';
import type { Checkpoint } from '../../src/core/checkpoint';
import { groupByPrompt, hookAgentOf, isPromptCheckpoint, promptLineOf, promptReason } from '../../src/core/hookCheckpoints';
import { makeCheckpoint, makePlan } from './helpers/storeFixtures';

// Which checkpoints of a plan its agent's hooks took, and which of them are prompts: the tree groups
// a hook-fed plan by prompt, and the extension's automatic checkpoints leave such a plan alone.
describe('Hook-fed checkpoints (core/hookCheckpoints)', () => {
  const planId = makePlan().plan_id;
  const meta = (reason: string | null, phase: string | null, extra: Record<string, string>) => ({ reason, source_tool: null, phase, extra, skipped: [] });
  const prompt = (line: string): Checkpoint => makeCheckpoint(planId, { checkpoint_type: 'manual', metadata: meta(promptReason(line), 'prompt', { agent: 'claude-code', session_id: 's' }) });
  const step = (type: 'pre_write' | 'post_step', reason: string): Checkpoint => makeCheckpoint(planId, { checkpoint_type: type, metadata: meta(reason, 'post_tool', { agent: 'claude-code', session_id: 's' }) });
  const plain = (reason: string): Checkpoint => makeCheckpoint(planId, { checkpoint_type: 'manual', metadata: meta(reason, null, {}) });

  it('a prompt checkpoint is a manual one with phase prompt and an agent; its line comes back from the reason', () => {
    const p = prompt('add due dates');
    assert.equal(isPromptCheckpoint(p), true);
    assert.equal(promptLineOf(p), 'add due dates');
    assert.equal(isPromptCheckpoint(plain('Before: "looks like one"')), false, 'no agent: a manual checkpoint a person made');
    assert.equal(isPromptCheckpoint(step('post_step', 'After Edit')), false);
  });

  it('the agent is read from the checkpoints; none for a plan nobody fed by hooks', () => {
    assert.equal(hookAgentOf([plain('Plan created'), prompt('x')]), 'claude-code');
    assert.equal(hookAgentOf([plain('Plan created')]), undefined);
    assert.equal(hookAgentOf([]), undefined);
  });

  it('groups the checkpoints under the prompt they followed, up to the next prompt; those before the first stay apart', () => {
    const first = plain('Plan created');
    const p1 = prompt('one');
    const s1 = step('post_step', 'After Edit');
    const p2 = prompt('two');
    const s2 = step('pre_write', 'Before Bash');
    const s3 = step('post_step', 'After Bash');
    const { before, groups } = groupByPrompt([first, p1, s1, p2, s2, s3]);
    assert.deepEqual(before, [first]);
    assert.deepEqual(
      groups.map((g) => [g.prompt.checkpoint_id, g.steps.map((s) => s.checkpoint_id)]),
      [
        [p1.checkpoint_id, [s1.checkpoint_id]],
        [p2.checkpoint_id, [s2.checkpoint_id, s3.checkpoint_id]],
      ],
    );
  });
});

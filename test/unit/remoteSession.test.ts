import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { ensureCliBuilt } from './helpers/cliHarness';
import { AWS_SECRET, GITHUB_TOKEN, claudeHook, everyObject, gitIn, machine, refsOf, userRemote } from './helpers/remoteFixtures';
import { hashTree, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Issue 38's "Done when", end to end with the built CLI: a session recorded through the hooks on
// machine A, pushed to the remote both machines clone, fetched on machine B, rolled back there to
// before the second prompt and undone; no secret and no prompt text in any object of the remote;
// the user's branches, tags and default branch untouched.

interface PushJson {
  push: { plans: { plan_id: string; status: string; checkpoints_sent: string[]; withheld: { path: string; reason: string }[]; objects?: { path: string; type: string }[] }[] };
}

describe('agents remote: a session recorded on one machine, rolled back on another', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs();
  before(() => ensureCliBuilt());

  it('A pushes a hooked session, B fetches it with the same ids, rolls back to before prompt 2 byte for byte, and undoes that; no secret leaves A', () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const userRefs = refsOf(bare);
    const headBefore = gitIn(bare, 'symbolic-ref', 'HEAD');

    // Machine A: a clone with a .env and a file holding a token, and a Claude Code session of two prompts.
    const a = machine(path.join(dir, 'a'), path.join(dir, 'config-a'));
    gitIn(dir, 'clone', '--quiet', bare, a.root);
    write(a.root, '.env', `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n`);
    write(a.root, 'config/deploy.txt', `token: ${GITHUB_TOKEN}\n`);
    claudeHook(a.root, 's1', 'UserPromptSubmit', 'add due dates to todos');
    claudeHook(a.root, 's1', 'PreToolUse-Edit');
    write(a.root, 'notes.txt', 'two\n');
    claudeHook(a.root, 's1', 'PostToolUse-Edit');
    claudeHook(a.root, 's1', 'UserPromptSubmit', 'now tidy up the old folder');
    const beforeSecondPrompt = hashTree(a.root, (r) => r === '.git');
    claudeHook(a.root, 's1', 'PreToolUse-Bash');
    rmSync(path.join(a.root, 'old'), { recursive: true });
    write(a.root, 'fresh/c.txt', 'fresh\n');
    claudeHook(a.root, 's1', 'PostToolUse-Bash');
    const [planA] = a.json<{ plans: PlanJson[] }>(['plan', 'list']).plans;
    const idsA = a.json<{ checkpoints: CheckpointJson[] }>(['plan', 'checkpoints', planA!.plan_id]).checkpoints.map((c) => c.checkpoint_id);
    // prompt 1, the edit's post_step (its pre_write had nothing new), prompt 2, the shell's post_step
    assert.equal(idsA.length, 4);

    // Pushing is opt-in: refused until enabled, and nothing reached the remote.
    const refused = a.cli(['remote', 'push', 'origin']);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, /pushing is off for this workspace/);
    assert.deepEqual(refsOf(bare), userRefs);

    // The dry run lists what would leave: no .env, no token file.
    const dry = a.json<PushJson>(['remote', 'push', 'origin', '--dry-run']).push.plans[0]!;
    assert.equal(dry.status, 'would_push');
    const leaving = dry.objects!.map((o) => o.path);
    assert.ok(leaving.includes('plan.json'));
    assert.ok(leaving.some((p) => p.endsWith('/notes.txt')));
    assert.ok(!leaving.some((p) => p.endsWith('.env') || p.endsWith('deploy.txt')), leaving.join('\n'));
    assert.deepEqual(refsOf(bare), userRefs, 'a dry run sends nothing');

    a.json(['remote', 'enable']);
    const pushed = a.cli(['remote', 'push', 'origin']);
    assert.equal(pushed.code, 0, pushed.stderr);
    assert.match(pushed.stdout, /Withheld \(not sent\):\n {2}\.env: its name is on the deny list\n {2}config\/deploy\.txt: it holds a GitHub token/);
    const again = a.json<PushJson>(['remote', 'push', 'origin']).push.plans[0]!;
    assert.equal(again.status, 'up_to_date');

    // The remote: the user's refs as they were, one ref of ours, and no secret or prompt in any object.
    const after = refsOf(bare);
    assert.deepEqual(Object.fromEntries(Object.entries(after).filter(([r]) => !r.startsWith('refs/cleveragents/'))), userRefs);
    assert.deepEqual(Object.keys(after).filter((r) => r.startsWith('refs/cleveragents/')), [`refs/cleveragents/v1/plans/${planA!.plan_id}`]);
    assert.equal(gitIn(bare, 'symbolic-ref', 'HEAD'), headBefore);
    const objects = everyObject(bare);
    assert.ok(objects.count > 10);
    for (const secret of [AWS_SECRET, GITHUB_TOKEN, 'add due dates', 'now tidy up']) assert.ok(!objects.text.includes(secret), `${secret} reached the remote`);
    assert.match(objects.text, /"reason": "prompt 2"/);

    // Machine B: a separate clone fetches the plan, with the same ids, marked with its origin.
    const b = machine(path.join(dir, 'b'), path.join(dir, 'config-b'));
    gitIn(dir, 'clone', '--quiet', bare, b.root);
    const fetched = b.cli(['remote', 'fetch', 'origin']);
    assert.equal(fetched.code, 0, fetched.stderr);
    assert.match(fetched.stdout, /Fetched 1 plan\(s\)/);
    const listB = b.json<{ plans: (PlanJson & { origin?: { agent: string } })[] }>(['plan', 'list']).plans;
    assert.equal(listB.length, 1);
    assert.equal(listB[0]!.plan_id, planA!.plan_id);
    assert.equal(listB[0]!.origin?.agent, 'claude-code');
    assert.match(b.cli(['plan', 'list']).stdout, /fetched from .*claude-code, read-only/);
    const checkpointsB = b.json<{ checkpoints: CheckpointJson[] }>(['plan', 'checkpoints', planA!.plan_id]).checkpoints;
    assert.deepEqual(
      checkpointsB.map((c) => c.checkpoint_id),
      idsA,
    );
    assert.equal(checkpointsB[2]!.metadata.reason, 'prompt 2');
    const diff = b.json<{ changes: { path: string }[] }>(['plan', 'diff', planA!.plan_id, idsA[0]!, idsA[3]!]).changes.map((c) => c.path);
    assert.ok(diff.includes('notes.txt') && diff.includes('fresh/c.txt'), diff.join(','));

    // Read-only: no checkpoint of B's own joins a fetched plan.
    const own = b.cli(['plan', 'checkpoint', planA!.plan_id]);
    assert.equal(own.code, 1);
    assert.match(own.stderr, /read-only here/);

    // Rollback to before prompt 2: B's files as A's were then (the withheld files aside), then undone.
    const beforeRollback = hashTree(b.root, (r) => r === '.git');
    const rolled = b.json<{ post_rollback_state: { undo_checkpoint_id: string } }>(['plan', 'rollback', '--yes', planA!.plan_id, idsA[2]!]);
    const withheldPaths = new Set(['.env', 'config/deploy.txt', 'config/']);
    const expected = Object.fromEntries(Object.entries(beforeSecondPrompt).filter(([p]) => !withheldPaths.has(p)));
    assert.deepEqual(hashTree(b.root, (r) => r === '.git'), expected);
    b.json(['plan', 'rollback', '--yes', planA!.plan_id, rolled.post_rollback_state.undo_checkpoint_id]);
    assert.deepEqual(hashTree(b.root, (r) => r === '.git'), beforeRollback);
  });
});

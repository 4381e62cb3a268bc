import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { parseBundle } from '../../src/remote/planBundle';
import { decisionInsertOrder } from '../../src/remote/remoteFetch';
import { ensureCliBuilt } from './helpers/cliHarness';
import { AWS_SECRET, everyObject, gitIn, machine } from './helpers/remoteFixtures';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Decisions and corrections travel with a pushed plan (src/remote/planBundle.ts): machine A records
// two decisions, the second building on the first, aligns checkpoints to them and corrects the
// second; machine B fetches the plan and lists the same decisions, states and alignments, read-only.

interface DecisionsJson {
  decisions: { decision_id: string; title: string; state: string; depends_on: string[]; checkpoint_ids: string[]; reverted_by: string | null }[];
}

const ID = (n: number) => `01M8YJC63YBAGXVKJ7D4RX90${String(n).padStart(2, '0')}`;
const decision = (n: number, dependsOn: number[]) => ({ decision_id: ID(n), plan_id: ID(0), title: `d${n}`, rationale: null, state: 'active' as const, created_at: '2026-12-03T10:00:00.000Z', reverted_at: null, reverted_by: null, depends_on: dependsOn.map(ID) });

describe('agents remote: decisions and corrections travel with a plan', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs();
  before(() => ensureCliBuilt());

  it('B fetches A’s decisions (with their dependencies, states and aligned checkpoints) and the correction; they are read-only there', () => {
    const dir = tempDir();
    const bare = path.join(dir, 'sessions.git');
    gitIn(dir, 'init', '--bare', '--quiet', bare);
    const a = machine(path.join(dir, 'a'), path.join(dir, 'config-a'));
    const b = machine(path.join(dir, 'b'), path.join(dir, 'config-b'));
    write(a.root, 'pool.ts', 'one\n');
    write(b.root, 'readme.txt', 'b\n');
    const planId = a.json<{ plan: PlanJson }>(['plan', 'create', '--title', 'Worker pool']).plan.plan_id;
    const first = a.json<{ decision: { decision_id: string } }>(['plan', 'decide', planId, '--title', 'Use a worker pool', '--rationale', `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`]).decision.decision_id;
    const cp1 = a.json<{ checkpoint: CheckpointJson }>(['plan', 'checkpoint', planId, '--type', 'pre_write', '--decision', first, '--reason', 'before the pool']).checkpoint.checkpoint_id;
    write(a.root, 'pool.ts', 'two\n');
    const second = a.json<{ decision: { decision_id: string } }>(['plan', 'decide', planId, '--title', 'Size it by cores', '--depends-on', first]).decision.decision_id;
    a.json(['plan', 'checkpoint', planId, '--type', 'pre_write', '--decision', second, '--reason', 'before sizing']);
    write(a.root, 'pool.ts', 'three\n');
    a.json(['plan', 'checkpoint', planId, '--decision', second, '--reason', 'sized']);
    const correction = a.json<{ correction_summary: { correction_id: string } }>(['plan', 'correct', '--yes', planId, second]).correction_summary.correction_id;
    a.json(['remote', 'enable']);
    a.json(['remote', 'push', bare]);
    assert.ok(!everyObject(bare).text.includes(AWS_SECRET), 'a secret in a rationale is withheld');

    const fetched = b.json<{ fetch: { plans: { status: string }[] } }>(['remote', 'fetch', bare]).fetch.plans;
    assert.deepEqual(fetched.map((p) => p.status), ['fetched']);
    const onA = a.json<DecisionsJson>(['plan', 'decisions', planId]).decisions;
    const onB = b.json<DecisionsJson>(['plan', 'decisions', planId]).decisions;
    assert.deepEqual(
      onB.map((d) => [d.decision_id, d.state, d.depends_on, d.checkpoint_ids, d.reverted_by]),
      onA.map((d) => [d.decision_id, d.state, d.depends_on, d.checkpoint_ids, d.reverted_by]),
    );
    assert.deepEqual(onB.map((d) => d.state), ['active', 'reverted']);
    assert.equal(onB[1]!.reverted_by, correction);
    assert.ok(onB[0]!.checkpoint_ids.includes(cp1));

    // Read-only on B: no new decision, no correction of A's.
    const refused = b.cli(['plan', 'correct', '--yes', planId, first]);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, /fetched from .* read-only here/);

    // Undone on A and pushed again: B's next fetch brings the new states.
    a.json(['plan', 'correct', '--undo', '--yes', planId, correction]);
    a.json(['remote', 'push', bare]);
    assert.deepEqual(b.json<{ fetch: { plans: { status: string }[] } }>(['remote', 'fetch', bare]).fetch.plans.map((p) => p.status), ['fetched']);
    assert.deepEqual(b.json<DecisionsJson>(['plan', 'decisions', planId]).decisions.map((d) => d.state), ['active', 'active']);
    assert.deepEqual(b.json<{ fetch: { plans: { status: string }[] } }>(['remote', 'fetch', bare]).fetch.plans.map((p) => p.status), ['up_to_date']);
  });

  it('a fetched plan’s decisions are checked before anything is written: other plans, missing dependencies and cycles refuse it; older bundles have none', () => {
    const none = () => undefined;
    assert.deepEqual((decisionInsertOrder(ID(0), [decision(2, [1]), decision(1, [])], none) as { decision_id: string }[]).map((d) => d.decision_id), [ID(1), ID(2)]);
    assert.match(decisionInsertOrder(ID(0), [decision(2, [3])], none) as string, /builds on .*, which the plan does not hold/);
    assert.match(decisionInsertOrder(ID(0), [decision(1, [2]), decision(2, [1])], none) as string, /in a cycle/);
    assert.match(decisionInsertOrder(ID(0), [{ ...decision(1, []), plan_id: ID(9) }], none) as string, /names plan/);
    // A dependency already here, of the same plan, is enough.
    assert.ok(Array.isArray(decisionInsertOrder(ID(0), [decision(2, [1])], () => ID(0))));
    const older = parseBundle(
      JSON.stringify({
        format: 'cleveragents-plan/1',
        origin: { workspace_id: ID(5), machine: 'm', user: 'u', agent: null },
        plan: { plan_id: ID(0), title: 't', state: 'draft', sandbox_path: '.', sandbox_kind: 'in_place', base_ref: null, retention: { max_checkpoints: 50, auto_prune: true }, created_at: '2026-12-03T10:00:00.000Z', updated_at: '2026-12-03T10:00:00.000Z' },
        state_changes: [],
        checkpoints: [],
        prompts_included: false,
      }),
    );
    assert.deepEqual([older.decisions, older.corrections], [[], []]);
  });
});

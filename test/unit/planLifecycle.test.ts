import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ErrorEnvelope, PlanJson } from '../../src/envelopes/envelopes';
import type { WorkspaceServices } from '../../src/composition';
import { PLAN_STATES, type PlanState } from '../../src/core/plan';
import { PLAN_TRANSITIONS, allowedTransitions, assertTransition, canTransition } from '../../src/core/planLifecycle';
import { ensureCliBuilt, hasScript, runCli, runCliOnTerminal, type CliRun } from './helpers/cliHarness';
import { makeInterruptedRollback } from './helpers/interruptedRollback';
import { sqlite3Json } from './helpers/storeFixtures';
import { git, hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { shortIdOf } from './helpers/shortIdOf';
import { planWithCheckpoints, workspaceWith } from './helpers/workspaceFixtures';

const DB = path.join('.cleveragents', 'cleveragents.db');

/** The CLI verb that asks for each target state. */
const VERB: Record<Exclude<PlanState, 'draft'>, string[]> = {
  executing: ['start'],
  completed: ['complete'],
  failed: ['fail'],
  cancelled: ['cancel'],
  applied: ['apply', '--yes'],
};

/** The shortest way from draft to each state, through the services. */
async function bringTo(s: WorkspaceServices, planId: string, state: PlanState): Promise<void> {
  const path: Record<PlanState, PlanState[]> = {
    draft: [],
    executing: ['executing'],
    completed: ['executing', 'completed'],
    failed: ['executing', 'failed'],
    cancelled: ['cancelled'],
    applied: [],
  };
  for (const step of path[state]) await s.plans.setState(planId, step);
  if (state === 'applied') await s.plans.applyPlan(planId);
}

function dbBytes(root: string): string {
  return readFileSync(path.join(root, DB)).toString('base64');
}

function ok(run: CliRun): void {
  assert.equal(run.code, 0, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
  assert.equal(run.stderr, '');
}

function refused(run: CliRun, type: string, message: string | RegExp): void {
  assert.equal(run.code, 1, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
  const doc = run.json<ErrorEnvelope>();
  assert.equal(doc.error.type, type);
  if (typeof message === 'string') assert.equal(doc.error.message, message);
  else assert.match(doc.error.message, message);
}

describe('plan lifecycle: the table in core/planLifecycle.ts', () => {
  it('every state has its row; only applied and cancelled are final; nothing goes back to draft', () => {
    assert.deepEqual(Object.keys(PLAN_TRANSITIONS).sort(), [...PLAN_STATES].sort());
    assert.deepEqual(PLAN_STATES.filter((s) => allowedTransitions(s).length === 0), ['applied', 'cancelled']);
    for (const from of PLAN_STATES) assert.ok(!canTransition(from, 'draft'), from);
    for (const from of PLAN_STATES) assert.ok(!canTransition(from, from), `${from} -> ${from}`);
  });

  it('a refused transition names the ones allowed', () => {
    assert.throws(() => assertTransition('draft', 'completed'), { message: 'Complete blocked: plan is draft; from draft it can become executing, applied or cancelled' });
    assert.throws(() => assertTransition('executing', 'executing'), { message: 'Start blocked: plan is already executing; from executing it can become completed, failed, applied or cancelled' });
    assert.throws(() => assertTransition('applied', 'cancelled'), { message: 'Cancel blocked: plan is already applied' });
    assert.throws(() => assertTransition('cancelled', 'executing'), { message: 'Start blocked: plan is cancelled, which is final' });
  });
});

describe('agents plan start|complete|fail|cancel|apply (the built CLI)', function () {
  this.timeout(300_000);
  const tempDir = useTempDirs('ca-life-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  const json = (root: string, ...args: string[]): CliRun => runCli(root, ['--format', 'json', ...args]);

  for (const from of PLAN_STATES) {
    it(`from ${from}: every allowed transition happens and is recorded with its time; every other is refused and changes nothing`, async () => {
      for (const to of Object.keys(VERB) as (keyof typeof VERB)[]) {
        const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
        const s = services(root);
        let planId: string;
        try {
          planId = (await s.plans.createPlan({ title: `from ${from}` })).plan_id;
          await bringTo(s, planId, from);
        } finally {
          s.dispose();
        }
        const before = dbBytes(root);
        const run = json(root, 'plan', ...VERB[to], planId);
        if (canTransition(from, to)) {
          ok(run);
          const out = run.json<{ plan: PlanJson; previous_state?: string }>();
          assert.equal(out.plan.state, to, `${from} -> ${to}`);
          if (to !== 'applied') assert.equal(out.previous_state, from);
          const shown = json(root, 'plan', 'show', planId).json<{ plan: PlanJson; state_history: { from_state: string | null; to_state: string; changed_at: string }[] }>();
          assert.equal(shown.plan.state, to);
          const last = shown.state_history.at(-1)!;
          assert.deepEqual([last.from_state, last.to_state], [from, to]);
          assert.equal(last.changed_at, shown.plan.updated_at, 'recorded at the time the plan changed');
          assert.equal(shown.state_history[0]!.from_state, null, 'the creation comes first');
          assert.equal(shown.state_history[0]!.changed_at, shown.plan.created_at);
          const text = runCli(root, ['plan', 'show', planId]);
          assert.match(text.stdout, new RegExp(`\\n    \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  ${from} -> ${to}\\n`));
        } else {
          const verb = { executing: 'Start', completed: 'Complete', failed: 'Mark failed', cancelled: 'Cancel', applied: 'Apply' }[to];
          const expected =
            from === 'applied'
              ? `${verb} blocked: plan is already applied`
              : from === 'cancelled'
                ? `${verb} blocked: plan is cancelled, which is final`
                : new RegExp(`^${verb} blocked: plan is (already )?${from}; from ${from} it can become ${allowedTransitions(from).slice(0, -1).join(', ')} or ${allowedTransitions(from).at(-1)}$`);
          refused(run, 'BusinessRuleViolation', expected);
          assert.equal(dbBytes(root), before, `${from} -> ${to} changed the database`);
        }
      }
    });
  }

  it('text output names the new state and the old one; usage errors for a missing id', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
    const s = services(root);
    const plan = await s.plans.createPlan({ title: 'Texts' }).finally(() => s.dispose());
    const run = runCli(root, ['plan', 'start', plan.plan_id]);
    ok(run);
    assert.equal(run.stdout, `Plan ${(await shortIdOf(root, plan.plan_id))[0]} "Texts" is now executing (was draft).\n`);
    const missing = runCli(root, ['plan', 'complete']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /"plan complete" needs <plan_id>/);
    refused(json(root, 'plan', 'fail', '01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'NotFound', 'Not found: plan 01ARZ3NDEKTSV4RRFFQ69G5FAV');
    refused(json(root, 'plan', 'cancel', 'nope'), 'ValidationError', /^Validation Error: plan id "nope"/);
    const help = runCli(root, ['--help']).stdout;
    for (const c of ['start', 'complete', 'fail', 'cancel', 'delete']) assert.match(help, new RegExp(`agents plan ${c}\\b`), c);
  });

  it('apply of an in-place plan (Mark Applied) asks, and is refused while a rollback of it is interrupted', async () => {
    const root = tempDir();
    const s = services(root);
    let planId: string;
    try {
      planId = (await makeInterruptedRollback(root, s)).planId;
    } finally {
      s.dispose();
    }
    const before = dbBytes(root);
    refused(json(root, 'plan', 'apply', planId), 'ConfirmationRequired', 'Apply refused: confirmation needed; re-run with --yes');
    refused(json(root, 'plan', 'apply', '--yes', planId), 'BusinessRuleViolation', new RegExp(`^Apply blocked: plan ${planId} has an interrupted rollback`));
    assert.equal(dbBytes(root), before);
  });
});

describe('agents plan delete (the built CLI)', function () {
  this.timeout(300_000);
  const tempDir = useTempDirs('ca-del-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  const json = (root: string, ...args: string[]): CliRun => runCli(root, ['--format', 'json', ...args]);
  const pins = (root: string): string[] =>
    git(path.join(root, '.cleveragents', 'checkpoints'), '--git-dir=shadow.git', 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/')
      .trim()
      .split('\n')
      .filter(Boolean);

  it('removes the plan, its checkpoints, their snapshots and its history; the other plan and the files stay', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n', 'src/b.txt': 'b\n' });
    const s = services(root);
    let gone: string;
    let kept: string;
    try {
      const doomed = await planWithCheckpoints(s, 3, { title: 'doomed', before: (i) => write(root, 'a.txt', `a${i}\n`) });
      await s.plans.setState(doomed.plan.plan_id, 'executing');
      const other = await planWithCheckpoints(s, 1, { title: 'other' });
      gone = doomed.plan.plan_id;
      kept = other.plan.plan_id;
    } finally {
      s.dispose();
    }
    assert.equal(pins(root).filter((p) => p.includes(gone)).length, 3);
    const files = hashTree(root);
    const before = dbBytes(root);
    refused(json(root, 'plan', 'delete', gone), 'ConfirmationRequired', 'Delete refused: confirmation needed; re-run with --yes');
    assert.equal(dbBytes(root), before);

    const run = json(root, 'plan', 'delete', '--yes', gone);
    ok(run);
    const out = run.json<{ deleted: { plan: PlanJson; checkpoint_ids: string[]; removed_sandbox: string | null } }>();
    assert.equal(out.deleted.plan.plan_id, gone);
    assert.equal(out.deleted.checkpoint_ids.length, 3);
    assert.equal(out.deleted.removed_sandbox, null);
    refused(json(root, 'plan', 'show', gone), 'NotFound', `Not found: plan ${gone}`);
    assert.deepEqual(json(root, 'plan', 'list').json<{ plans: PlanJson[] }>().plans.map((p) => p.plan_id), [kept]);
    assert.deepEqual(pins(root).filter((p) => p.includes(gone)), [], 'no snapshot of it stays pinned');
    assert.equal(pins(root).filter((p) => p.includes(kept)).length, 1);
    assert.deepEqual(hashTree(root), files, 'an in-place sandbox keeps its files');
    const count = (table: string) => sqlite3Json(path.join(root, DB), `SELECT COUNT(*) AS n FROM ${table} WHERE plan_id = '${gone}'`)[0]!.n;
    assert.equal(count('checkpoint_metadata'), 0);
    assert.equal(count('plan_state_changes'), 0);
    assert.equal(count('v3_plans'), 0);
    refused(json(root, 'plan', 'delete', '--yes', gone), 'NotFound', `Not found: plan ${gone}`);
  });

  it('an isolated plan loses its sandbox too, applied or not', async () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
    const s = services(root);
    let iso: { plan_id: string; sandbox_path: string };
    try {
      iso = await s.plans.createPlan({ title: 'iso', isolated: true });
      write(path.join(root, iso.sandbox_path), 'new.txt', 'n\n');
      await s.checkpoints.createCheckpoint(iso.plan_id);
      await s.plans.applyPlan(iso.plan_id);
    } finally {
      s.dispose();
    }
    assert.ok(existsSync(path.join(root, iso.sandbox_path)));
    const run = runCli(root, ['plan', 'delete', '-y', iso.plan_id]);
    ok(run);
    assert.equal(run.stdout, `Deleted plan ${iso.plan_id} "iso" with 1 checkpoint and its sandbox ${iso.sandbox_path}.\n`);
    assert.ok(!existsSync(path.join(root, iso.sandbox_path)));
    assert.equal(readFileSync(path.join(root, 'new.txt'), 'utf8'), 'n\n', 'what was applied stays');
    assert.deepEqual(pins(root), []);
  });

  it('is refused while an operation on the plan is interrupted, with or without --yes', async () => {
    const root = tempDir();
    const s = services(root);
    let planId: string;
    try {
      planId = (await makeInterruptedRollback(root, s)).planId;
    } finally {
      s.dispose();
    }
    const before = { db: dbBytes(root), pins: pins(root) };
    for (const args of [['plan', 'delete', '--yes', planId], ['plan', 'delete', planId]]) {
      refused(json(root, ...args), 'BusinessRuleViolation', new RegExp(`^Delete blocked: plan ${planId} has an interrupted rollback .*agents plan recover ${planId}`));
    }
    assert.deepEqual({ db: dbBytes(root), pins: pins(root) }, before);
  });

  it('on a terminal: shows what goes and asks; "n" keeps everything, "y" deletes', async function () {
    if (!hasScript()) this.skip();
    const root = workspaceWith(tempDir(), { 'a.txt': 'a\n' });
    const s = services(root);
    let planId: string;
    try {
      planId = (await planWithCheckpoints(s, 2, { title: 'Asked', before: (i) => write(root, 'a.txt', `${i}\n`) })).plan.plan_id;
    } finally {
      s.dispose();
    }
    const before = dbBytes(root);
    const no = runCliOnTerminal(root, ['plan', 'delete', planId], 'n\n');
    assert.equal(no.code, 1);
    assert.match(no.stdout, new RegExp(`Deleting plan ${(await shortIdOf(root, planId))[0]} "Asked" \\(draft\\) removes:\\n  2 checkpoints and their snapshots in the shadow store`));
    assert.match(no.stdout, /The files of its sandbox \. stay as they are\.\nThis cannot be undone\.\nDelete the plan\? \[y\/N\]/);
    assert.match(no.stdout, /Delete cancelled: not confirmed; nothing was changed\./);
    assert.equal(dbBytes(root), before);
    const yes = runCliOnTerminal(root, ['plan', 'delete', planId], 'y\n');
    assert.equal(yes.code, 0, yes.stdout);
    assert.match(yes.stdout, new RegExp(`Deleted plan ${planId} "Asked" with 2 checkpoints\\.`));
  });
});


import * as assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { moveDatabaseAside } from '../../src/adapters/files/moveAside';
import { BusinessRuleViolation, StoreRefusedError, UnreadableDatabaseError } from '../../src/core/errors';
import { hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// The ways out of two dead ends (issue 25, item 3): an isolated plan whose sandbox folder was
// deleted, and a database file that cannot be read.

describe('ways out: a missing isolated sandbox', () => {
  const tempDir = useTempDirs();

  async function isolatedPlan() {
    const root = tempDir();
    write(root, 'a.txt', 'one');
    write(root, 'src/b.txt', 'two');
    const s = services(root);
    const plan = await s.plans.createPlan({ title: 'iso', isolated: true });
    const dir = path.join(root, plan.sandbox_path);
    write(dir, 'a.txt', 'changed in the sandbox');
    write(dir, 'new.txt', 'made in the sandbox');
    const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'work' });
    const expected = hashTree(dir);
    return { root, s, plan, dir, checkpoint, expected };
  }

  it('recreates the folder from the newest checkpoint, exactly, and Start works again', async () => {
    const { s, plan, dir, checkpoint, expected } = await isolatedPlan();
    rmSync(dir, { recursive: true });
    assert.equal(await s.checkpoints.sandboxMissing(plan.plan_id), true);
    const done = await s.sandboxes.recreateSandbox(plan.plan_id);
    assert.equal(done.checkpoint.checkpoint_id, checkpoint.checkpoint_id);
    assert.deepEqual(hashTree(dir), expected);
    assert.equal(await s.checkpoints.sandboxMissing(plan.plan_id), false);
    // Nothing is left recorded as under way.
    assert.equal(await s.recovery.interrupted(plan.plan_id), undefined);
    assert.equal((await s.plans.setState(plan.plan_id, 'executing')).state, 'executing');
    s.dispose();
  });

  it('Start and checkpoints refuse a plan whose sandbox is gone, saying why; nothing changes', async () => {
    const { s, plan, dir } = await isolatedPlan();
    rmSync(dir, { recursive: true });
    await assert.rejects(s.plans.setState(plan.plan_id, 'executing'), (e: Error) => e instanceof BusinessRuleViolation && /^Start blocked: the sandbox folder .* is missing; recreate it from the newest checkpoint, or cancel the plan$/.test(e.message));
    assert.equal((await s.plans.getPlan(plan.plan_id)).state, 'draft');
    await assert.rejects(s.checkpoints.createCheckpoint(plan.plan_id), /Checkpoint blocked: sandbox is missing/);
    // Cancel stays the other way out.
    assert.equal((await s.plans.setState(plan.plan_id, 'cancelled')).state, 'cancelled');
    s.dispose();
  });

  it('refuses when the folder is there (a rollback is the way), and when the plan has no checkpoint', async () => {
    const { root, s, plan, dir } = await isolatedPlan();
    const before = hashTree(dir);
    await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /Recreate blocked: the sandbox folder .* exists; roll back to a checkpoint instead/);
    assert.deepEqual(hashTree(dir), before);
    const bare = await s.plans.createPlan({ title: 'bare', isolated: true });
    rmSync(path.join(root, bare.sandbox_path), { recursive: true });
    await assert.rejects(s.sandboxes.recreateSandbox(bare.plan_id), /Recreate blocked: plan .* has no checkpoint to recreate its sandbox from/);
    assert.equal(existsSync(path.join(root, bare.sandbox_path)), false);
    s.dispose();
  });

  it('is refused while an operation on the plan is interrupted, and leaves no empty folder behind', async () => {
    const { s, plan, dir } = await isolatedPlan();
    rmSync(dir, { recursive: true });
    const journal = path.join(s.checkpointDir, '..', 'operations', `${plan.plan_id}.json`);
    mkdirSync(path.dirname(journal), { recursive: true });
    writeFileSync(
      journal,
      JSON.stringify({ type: 'cleanup', plan_id: plan.plan_id, target_checkpoint_id: null, undo_checkpoint_id: null, sandbox_key: plan.plan_id, from_ref: null, to_ref: null, started_at: '2026-01-01T00:00:00.000Z', pid: 999999, host: 'elsewhere' }),
    );
    await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /Recreate blocked: plan .* has an interrupted cleanup/);
    assert.equal(existsSync(dir), false);
    s.dispose();
  });

  it('refuses an in-place plan and an applied one', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'one');
    const s = services(root);
    const plan = await s.plans.createPlan({ title: 'here' });
    await s.checkpoints.createCheckpoint(plan.plan_id);
    await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /only an isolated sandbox can be recreated/);
    await s.plans.applyPlan(plan.plan_id);
    await assert.rejects(s.sandboxes.recreateSandbox(plan.plan_id), /Recreate blocked: plan is already applied/);
    s.dispose();
  });
});

describe('ways out: an unreadable database', () => {
  const tempDir = useTempDirs();
  const NOW = new Date('2026-12-01T18:30:05.123Z');

  function garbage(root: string): string {
    const db = path.join(root, '.cleveragents', 'cleveragents.db');
    write(root, '.cleveragents/cleveragents.db', 'this is not a database, just garbage bytes '.repeat(10));
    return db;
  }

  it('a garbage file is an UnreadableDatabaseError (the UI offers Move Aside for it)', async () => {
    const root = tempDir();
    garbage(root);
    const s = services(root);
    await assert.rejects(s.plans.listPlans(), (e: Error) => e instanceof UnreadableDatabaseError && /is not an SQLite database/.test(e.message));
    s.dispose();
  });

  it('moves it aside with the time in its name, never deleting it; a new database starts on next use', async () => {
    const root = tempDir();
    const db = garbage(root);
    const bytes = readFileSync(db);
    const moved = await moveDatabaseAside(root, db, NOW);
    assert.equal(path.basename(moved), 'cleveragents.db.unreadable-20261201T183005Z');
    assert.deepEqual(readFileSync(moved), bytes);
    assert.equal(existsSync(db), false);
    // A second one in the same second does not replace the first.
    garbage(root);
    const second = await moveDatabaseAside(root, db, NOW);
    assert.equal(path.basename(second), 'cleveragents.db.unreadable-20261201T183005Z-2');
    assert.deepEqual(readFileSync(moved), bytes);
    const s = services(root);
    assert.deepEqual(await s.plans.listPlans(), []);
    s.dispose();
  });

  it('refuses a database that is a symbolic link, and one under a linked data folder; nothing is renamed', async () => {
    const root = tempDir();
    const outside = tempDir();
    writeFileSync(path.join(outside, 'real.db'), 'garbage');
    mkdirSync(path.join(root, '.cleveragents'));
    const db = path.join(root, '.cleveragents', 'cleveragents.db');
    symlinkSync(path.join(outside, 'real.db'), db);
    await assert.rejects(moveDatabaseAside(root, db, NOW), StoreRefusedError);
    assert.equal(lstatSync(db).isSymbolicLink(), true);
    assert.deepEqual(readdirSync(path.join(root, '.cleveragents')), ['cleveragents.db']);

    const root2 = tempDir();
    symlinkSync(outside, path.join(root2, '.cleveragents'));
    writeFileSync(path.join(outside, 'cleveragents.db'), 'garbage');
    await assert.rejects(moveDatabaseAside(root2, path.join(root2, '.cleveragents', 'cleveragents.db'), NOW), StoreRefusedError);
    assert.deepEqual(readdirSync(outside).sort(), ['cleveragents.db', 'real.db']);
  });

  it('refuses a folder in the database’s place', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, '.cleveragents', 'cleveragents.db'), { recursive: true });
    await assert.rejects(moveDatabaseAside(root, path.join(root, '.cleveragents', 'cleveragents.db'), NOW), /is not a regular file; it was not moved/);
  });
});

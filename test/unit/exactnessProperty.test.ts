import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { hashTree, services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/** What an agent does to a sandbox between checkpoints, on a small set of names so that paths collide. */
type Edit =
  | { op: 'write'; path: string; content: string; exec: boolean }
  | { op: 'delete'; path: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'chmod'; path: string }
  | { op: 'symlink'; path: string; target: string };

type Step = { kind: 'edit'; edit: Edit } | { kind: 'checkpoint' } | { kind: 'auto' } | { kind: 'rollback'; pick: number } | { kind: 'undo' };

const segment = fc.constantFrom('a', 'b', 'lib', 'x.txt');
const relPath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('write' as const), path: relPath, content: fc.string({ maxLength: 40 }), exec: fc.boolean() }),
  fc.record({ op: fc.constant('delete' as const), path: relPath }),
  fc.record({ op: fc.constant('rename' as const), from: relPath, to: relPath }),
  fc.record({ op: fc.constant('chmod' as const), path: relPath }),
  fc.record({ op: fc.constant('symlink' as const), path: relPath, target: fc.constantFrom('a', 'x.txt', '../outside', 'lib/b') }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: edit.map((e) => ({ kind: 'edit' as const, edit: e })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'checkpoint' as const }) },
  // An automatic checkpoint: taken only when the files differ from the last checkpoint.
  { weight: 2, arbitrary: fc.constant({ kind: 'auto' as const }) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'rollback' as const, pick })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
);

/** Makes every folder on the way to `rel` a real folder, replacing a file or symlink in the way (file becomes folder). */
function realParents(root: string, rel: string): void {
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const abs = path.join(root, ...parts.slice(0, i));
    const stat = lstatOrNull(abs);
    if (stat && !stat.isDirectory()) rmSync(abs);
    if (!stat || !stat.isDirectory()) mkdirSync(abs);
  }
}

function lstatOrNull(abs: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(abs);
  } catch {
    return null;
  }
}

/** Applies an edit the way a tool would, never through a symlinked folder; a folder at the path is replaced (folder becomes file). */
function applyEdit(root: string, e: Edit): void {
  const abs = (rel: string) => path.join(root, rel);
  switch (e.op) {
    case 'write':
      realParents(root, e.path);
      rmSync(abs(e.path), { recursive: true, force: true });
      writeFileSync(abs(e.path), e.content);
      chmodSync(abs(e.path), e.exec ? 0o755 : 0o644);
      return;
    case 'delete':
      realParents(root, e.path);
      rmSync(abs(e.path), { recursive: true, force: true });
      return;
    case 'rename': {
      if (e.from === e.to || e.to.startsWith(`${e.from}/`) || e.from.startsWith(`${e.to}/`)) return;
      realParents(root, e.from);
      if (!lstatOrNull(abs(e.from))) return;
      realParents(root, e.to);
      rmSync(abs(e.to), { recursive: true, force: true });
      renameSync(abs(e.from), abs(e.to));
      return;
    }
    case 'chmod': {
      realParents(root, e.path);
      const stat = lstatOrNull(abs(e.path));
      if (stat?.isFile()) chmodSync(abs(e.path), (statSync(abs(e.path)).mode & 0o100) !== 0 ? 0o644 : 0o755);
      return;
    }
    case 'symlink':
      realParents(root, e.path);
      rmSync(abs(e.path), { recursive: true, force: true });
      symlinkSync(e.target, abs(e.path));
      return;
  }
}

/** Every file and symlink with its content and mode; folders only through what they hold (git records no empty folder). */
function captured(root: string): Record<string, string> {
  return Object.fromEntries(Object.entries(hashTree(root)).filter(([, v]) => v !== 'dir'));
}

describe('exactness: random edits, checkpoints, rollbacks and undos restore every file byte for byte and mode for mode', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs('ca-prop-');

  // Restores write in place with room to spare, and stage their files first near a full disk: both ways.
  for (const [how, inPlaceMarginBytes] of [['', undefined], [', files staged as near a full disk', Infinity]] as const) it(`holds for random sequences (fast-check)${how}`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 24 }), async (steps) => {
        const root = tempDir();
        const s = services(root, undefined, inPlaceMarginBytes);
        try {
          const plan = await s.plans.createPlan({ title: 'property' });
          const taken: { id: string; files: Record<string, string> }[] = [];
          let lastUndo: { id: string; files: Record<string, string> } | undefined;
          /** The files the plan's newest checkpoint holds (a rollback's safety checkpoint included). */
          let newest: Record<string, string> | undefined;
          for (const st of steps) {
            if (st.kind === 'edit') applyEdit(root, st.edit);
            else if (st.kind === 'checkpoint') {
              const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
              taken.push({ id: checkpoint.checkpoint_id, files: captured(root) });
              newest = captured(root);
            } else if (st.kind === 'auto') {
              const created = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' });
              const files = captured(root);
              if (created) taken.push({ id: created.checkpoint.checkpoint_id, files });
              // Not taken only when the files are the newest checkpoint's.
              else assert.deepEqual(files, newest, 'an automatic checkpoint not taken although the files changed');
              newest = files;
            } else if (st.kind === 'rollback' && taken.length > 0) {
              const target = taken[st.pick % taken.length]!;
              const before = captured(root);
              const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, target.id);
              assert.deepEqual(captured(root), target.files, `rollback to checkpoint #${taken.indexOf(target)}`);
              lastUndo = { id: outcome.undo_checkpoint_id, files: before };
              newest = before;
            } else if (st.kind === 'undo' && lastUndo) {
              newest = captured(root);
              await s.checkpoints.rollbackToCheckpoint(plan.plan_id, lastUndo.id);
              assert.deepEqual(captured(root), lastUndo.files, 'undo of the last rollback');
              lastUndo = undefined;
            }
          }
          // A checkpoint taken now and compared with the files says nothing changed.
          if (taken.length > 0) assert.deepEqual(await s.checkpoints.diff(plan.plan_id, (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint.checkpoint_id), []);
        } finally {
          s.dispose();
        }
      }),
      // More runs: CLEVERAGENTS_PROPERTY_RUNS=500 npm run test:unit -- --grep exactness
      { numRuns: Number(process.env.CLEVERAGENTS_PROPERTY_RUNS) || 30 },
    );
  });

  it('never leaves the sandbox: a symlink pointing out is recorded as a link, and its target is untouched', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'ws');
    mkdirSync(root);
    writeFileSync(path.join(parent, 'outside'), 'not ours\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 't' });
      applyEdit(root, { op: 'symlink', path: 'a', target: '../outside' });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      applyEdit(root, { op: 'write', path: 'a/inner', content: 'x', exec: false });
      await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
      assert.equal(lstatSync(path.join(root, 'a')).isSymbolicLink(), true);
      assert.ok(existsSync(path.join(parent, 'outside')));
    } finally {
      s.dispose();
    }
  });
});

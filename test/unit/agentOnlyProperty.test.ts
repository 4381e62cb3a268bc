import * as assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { hashTree, services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Agent-only rollback as a property: the agent's tool calls and someone else's edits, at random,
// on disjoint files (and on disjoint lines of one shared file). Taking the agent out must give
// exactly the checkpoint plus the others' edits, and the undo exactly the files before it.

type Edit =
  | { op: 'write'; path: string; content: string; exec: boolean }
  | { op: 'delete'; path: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'chmod'; path: string }
  | { op: 'symlink'; path: string; target: string }
  /** One line of shared.txt (the agent owns lines 0-5, the others 12-19). */
  | { op: 'line'; line: number; text: string };

type Step = { who: 'agent'; edits: Edit[] } | { who: 'user'; edits: Edit[] };

const SHARED = 'shared.txt';
const SHARED_LINES = 20;

function editsOf(owner: 'agent' | 'user'): fc.Arbitrary<Edit> {
  const relPath = fc.array(fc.constantFrom('a', 'b', 'x.txt'), { minLength: 1, maxLength: 2 }).map((parts) => `${owner}/${parts.join('/')}`);
  const line = owner === 'agent' ? fc.integer({ min: 0, max: 5 }) : fc.integer({ min: 12, max: 19 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('write' as const), path: relPath, content: fc.string({ maxLength: 30 }), exec: fc.boolean() }) },
    fc.record({ op: fc.constant('delete' as const), path: relPath }),
    fc.record({ op: fc.constant('rename' as const), from: relPath, to: relPath }),
    fc.record({ op: fc.constant('chmod' as const), path: relPath }),
    fc.record({ op: fc.constant('symlink' as const), path: relPath, target: fc.constantFrom('x.txt', '../shared.txt', 'nowhere') }),
    { weight: 2, arbitrary: fc.record({ op: fc.constant('line' as const), line, text: fc.stringMatching(/^[a-z ]{0,12}$/) }) },
  );
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.array(editsOf('agent'), { minLength: 1, maxLength: 3 }).map((edits) => ({ who: 'agent' as const, edits })),
  fc.array(editsOf('user'), { minLength: 0, maxLength: 3 }).map((edits) => ({ who: 'user' as const, edits })),
);

function lstatOrNull(abs: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(abs);
  } catch {
    return null;
  }
}

/** Makes every folder on the way to `rel` a real folder, replacing a file or symlink in the way. */
function realParents(root: string, rel: string): void {
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const abs = path.join(root, ...parts.slice(0, i));
    const stat = lstatOrNull(abs);
    if (stat && !stat.isDirectory()) rmSync(abs);
    if (!stat || !stat.isDirectory()) mkdirSync(abs);
  }
}

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
    case 'rename':
      if (e.from === e.to || e.to.startsWith(`${e.from}/`) || e.from.startsWith(`${e.to}/`)) return;
      realParents(root, e.from);
      if (!lstatOrNull(abs(e.from))) return;
      realParents(root, e.to);
      rmSync(abs(e.to), { recursive: true, force: true });
      renameSync(abs(e.from), abs(e.to));
      return;
    case 'chmod': {
      realParents(root, e.path);
      if (lstatOrNull(abs(e.path))?.isFile()) chmodSync(abs(e.path), (statSync(abs(e.path)).mode & 0o100) !== 0 ? 0o644 : 0o755);
      return;
    }
    case 'symlink':
      realParents(root, e.path);
      rmSync(abs(e.path), { recursive: true, force: true });
      symlinkSync(e.target, abs(e.path));
      return;
    case 'line': {
      const lines = readFileSync(abs(SHARED), 'utf8').split('\n');
      lines[e.line] = e.text;
      writeFileSync(abs(SHARED), lines.join('\n'));
      return;
    }
  }
}

/** Every file and symlink with its content and mode (git records no empty folder). */
function captured(root: string): Record<string, string> {
  return Object.fromEntries(Object.entries(hashTree(root)).filter(([, v]) => v !== 'dir'));
}

describe('agent-only rollback, as a property: random tool calls and outside edits on disjoint files', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs('ca-agent-prop-');

  it('equals the checkpoint plus the outside edits, and its undo equals the state before (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editsOf('agent'), { maxLength: 4 }), fc.array(editsOf('user'), { maxLength: 4 }), fc.array(step, { minLength: 1, maxLength: 8 }), async (agentStart, userStart, steps) => {
        const root = tempDir();
        writeFileSync(path.join(root, SHARED), Array.from({ length: SHARED_LINES }, (_, i) => `line ${i}`).join('\n'));
        for (const e of [...agentStart, ...userStart]) applyEdit(root, e);
        const s = services(root);
        try {
          const plan = await s.plans.createPlan({ title: 'property' });
          const { checkpoint: c } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'C' });
          const atC = captured(root);
          const sharedAtC = readFileSync(path.join(root, SHARED), 'utf8').split('\n');
          for (const st of steps) {
            if (st.who === 'agent') await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', sourceTool: 'Edit' });
            for (const e of st.edits) applyEdit(root, e);
            if (st.who === 'agent') await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit' });
          }
          const before = captured(root);
          const sharedNow = readFileSync(path.join(root, SHARED), 'utf8').split('\n');
          // The checkpoint's agent files, everyone else's files as they are now, and shared.txt with both.
          const expected: Record<string, string> = {};
          for (const [p, v] of Object.entries(atC)) if (p.startsWith('agent/')) expected[p] = v;
          for (const [p, v] of Object.entries(before)) if (p.startsWith('user/')) expected[p] = v;
          const sharedExpected = sharedNow.map((l, i) => (i <= 5 ? sharedAtC[i]! : l));

          const outcome = await s.checkpoints.rollbackAgentOnly(plan.plan_id, c.checkpoint_id);
          const after = captured(root);
          assert.equal(readFileSync(path.join(root, SHARED), 'utf8'), sharedExpected.join('\n'), 'shared.txt: the checkpoint’s lines 0-5, the others’ lines 12-19');
          delete after[SHARED];
          assert.deepEqual(after, expected);
          assert.deepEqual(outcome.agent_only?.conflicts, []);

          await s.checkpoints.rollbackToCheckpoint(plan.plan_id, outcome.undo_checkpoint_id);
          assert.deepEqual(captured(root), before, 'the undo restores the state before');
        } finally {
          s.dispose();
        }
      }),
      // More runs: CLEVERAGENTS_PROPERTY_RUNS=200 npm run test:unit -- --grep "agent-only rollback, as a property"
      { numRuns: Number(process.env.CLEVERAGENTS_PROPERTY_RUNS) || 12 },
    );
  });
});

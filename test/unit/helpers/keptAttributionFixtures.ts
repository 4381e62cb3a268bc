import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices, type WorkspaceServices } from '../../../src/composition';
import { RecordingLogger, SQL_WASM_DIR } from './storeFixtures';

// Histories of real services on real git repositories, and what the keepers of line attribution
// kept of them (blameKeeper.test.ts, attributionKeeping.test.ts).

const KEPT = ['.cleveragents', 'checkpoints', 'blame'];

/** The kept files: for each, how many checkpoints its key covers (its lines after the rules, plan and path). */
export function keptFiles(root: string): { file: string; key: string; covers: number; tokens: number[] }[] {
  const dir = path.join(root, ...KEPT);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .flatMap((n) => {
      try {
        const parsed = JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as { key: string; tokens: number[] };
        return [{ file: path.join(dir, n), key: parsed.key, covers: parsed.key.split('\n').length - 3, tokens: parsed.tokens }];
      } catch {
        return [{ file: path.join(dir, n), key: '', covers: -1, tokens: [] }];
      }
    });
}

export function services(root: string): WorkspaceServices {
  return createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger: new RecordingLogger(), deferGarbageCollection: true });
}

/** A plan over `root` and `versions` checkpoints, each after an edit of f.txt (and of g.txt every third): tool calls. */
export async function history(s: WorkspaceServices, root: string, versions: number, after?: () => void): Promise<string> {
  const plan = await s.plans.createPlan({ title: 'keep' });
  let lines = Array.from({ length: 120 }, (_, i) => `line ${i}`);
  writeFileSync(path.join(root, 'f.txt'), `${lines.join('\n')}\n`);
  writeFileSync(path.join(root, 'g.txt'), 'g\n');
  await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'first' });
  for (let v = 1; v <= versions; v++) await step(s, root, plan.plan_id, v, (lines = next(lines, v)), after);
  return plan.plan_id;
}

export function next(lines: readonly string[], v: number): string[] {
  const out = lines.map((l, i) => (i === (v * 7) % lines.length ? `line ${i}, changed in version ${v}` : l));
  if (v % 4 === 0) out.splice(v % out.length, 0, `added in version ${v}`);
  return out;
}

export async function step(s: WorkspaceServices, root: string, planId: string, v: number, lines: readonly string[], after?: () => void): Promise<void> {
  writeFileSync(path.join(root, 'f.txt'), `${lines.join('\n')}\n`);
  if (v % 3 === 0) writeFileSync(path.join(root, 'g.txt'), `g ${v}\n`);
  await s.checkpoints.createCheckpoint(planId, { type: 'post_step', sourceTool: 'Edit', extra: { agent: 'claude-code', tool_use_id: `t${v}` } });
  after?.();
}

/** The blame of `rel` worked out with nothing kept (a new set of services, the kept folder emptied first and again after). */
export async function fresh(root: string, rel: string): Promise<unknown> {
  const dir = path.join(root, ...KEPT);
  const saved = keptFiles(root).map((k) => ({ file: k.file, text: readFileSync(k.file, 'utf8') }));
  for (const k of saved) writeFileSync(k.file, 'moved away');
  const s = services(root);
  try {
    return (await s.provenance.blame(rel)).blame;
  } finally {
    s.dispose();
    for (const n of readdirSync(dir)) if (!saved.some((k) => path.basename(k.file) === n)) writeFileSync(path.join(dir, n), 'x');
    for (const k of saved) writeFileSync(k.file, k.text);
  }
}

/** A first call of a new process on `rel`: its attribution is read, no content of the store is, and the answer is the one worked out from nothing. */
export async function assertFirstBlameReadsKept(root: string, rel: string): Promise<void> {
  const first = services(root);
  let read = 0;
  const readContents = first.snapshotter.readContents.bind(first.snapshotter);
  first.snapshotter.readContents = (ids) => ((read += ids.length), readContents(ids));
  try {
    const answer = await first.provenance.blame(rel);
    assert.equal(read, 0, 'nothing read but the kept attribution');
    assert.deepEqual(answer.blame, await fresh(root, rel), 'the answer worked out from nothing');
  } finally {
    first.dispose();
  }
}

// A snapshot writes the sandbox's persistent index two or three times (status refreshing it,
// staging, write-tree saving its cache of trees). The index is split (core.splitIndex): its
// entries live in a shared file that git rewrites rarely, and each write holds only what changed
// since. Checked by the files git leaves, never by a time; the snapshot stays exact.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

function keyDirOf(root: string): string {
  const indexes = path.join(root, '.cleveragents', 'checkpoints', 'indexes');
  const [key] = readdirSync(indexes);
  return path.join(indexes, key!);
}

/** The tree plain git makes of the folder (no attributes, every file as it is). */
function plainTree(root: string, scratch: string): string {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  Object.assign(env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' });
  const gitDir = path.join(scratch, 'plain.git');
  execFileSync('git', ['init', '-q', '--bare', gitDir], { env });
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, '--work-tree', root, '-c', 'core.autocrlf=false', ...args], { env, encoding: 'utf8' }).trim();
  git('add', '-A', '--', '.', ':(exclude).cleveragents');
  return git('write-tree');
}

/**
 * Sets the files a minute back: git distrusts a file changed in its index's own second ("racily
 * clean") and the next status hashes it again, which puts it in the next index's own part.
 */
function backdate(dir: string): void {
  const past = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.cleveragents') continue;
    if (entry.isDirectory()) backdate(path.join(dir, entry.name));
    utimesSync(path.join(dir, entry.name), past, past);
  }
}

describe("The sandbox's persistent index", () => {
  const tempDir = useTempDirs();

  it('is split: a snapshot of a few changed files writes an index of those, beside the shared one, and captures the same tree', async () => {
    const root = tempDir();
    for (let d = 0; d < 20; d++) for (let f = 0; f < 20; f++) write(root, `src/m${d}/f${f}.ts`, `export const v = ${d * 100 + f};\n`);
    backdate(root);
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'split index', sandbox: '.' });
      await s.checkpoints.createCheckpoint(plan.plan_id);
      write(root, 'src/m3/f4.ts', 'export const v = -1;\n');
      write(root, 'src/new.ts', 'new\n');
      const after = (await s.checkpoints.createCheckpointIfChanged(plan.plan_id))!.checkpoint;
      const keyDir = keyDirOf(root);
      const shared = readdirSync(keyDir).filter((n) => /^sharedindex\.[0-9a-f]{40,64}$/.test(n));
      assert.equal(shared.length, 1, `one shared index in ${readdirSync(keyDir).join(', ')}`);
      // 401 entries in the shared part; the index itself names it and the two that changed.
      assert.ok(statSync(path.join(keyDir, 'index')).size * 4 < statSync(path.join(keyDir, shared[0]!)).size, 'the index holds only what changed since the shared part');
      const gitDir = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git');
      const tree = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', `${after.sandbox_ref}^{tree}`], { encoding: 'utf8' }).trim();
      assert.equal(tree, plainTree(root, tempDir()));
      // A pre_write taken after a write reads a copy of the split index: preWriteOverlay.test.ts.
    } finally {
      s.dispose();
    }
  });
});

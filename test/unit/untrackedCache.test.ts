// A save with automatic checkpoints waits for its pre_write (VS Code gives 1.5 s), and that
// pre_write starts with a `git status` of the whole sandbox. Git's untracked cache spares that
// status a read of every folder, but `git add -A` (a first checkpoint, and any bulk stage)
// invalidates the cache of every folder it adds to: the first snapshot therefore runs a status
// itself, so the first save after it does not pay for reading every folder again. Checked by what
// git reports it did (trace2's `opendir` count), never by a time.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { SAFE_GIT_CONFIG, SHADOW_REPO_CONFIG } from '../../src/adapters/shadowStore/gitEnvironment';

/** The settings a snapshot gives git on its command line: the cache is only kept for the same ones. */
function snapshotConfig(): string[] {
  return Object.entries({ ...SHADOW_REPO_CONFIG, ...SAFE_GIT_CONFIG }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

/** How many folders a status of the sandbox, as a snapshot runs it, opens. */
function foldersOpenedByStatus(root: string, trace: string): number {
  const indexes = path.join(root, '.cleveragents', 'checkpoints', 'indexes');
  const [key] = readdirSync(indexes);
  const keyDir = path.join(indexes, key!);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  Object.assign(env, { GIT_DIR: keyDir, GIT_WORK_TREE: root, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TRACE2_PERF: trace });
  execFileSync('git', [...snapshotConfig(), '-c', `core.excludesFile=${path.join(keyDir, 'skipped')}`, 'status', '--porcelain=v2', '-z', '--untracked-files=normal', '--no-renames'], { cwd: root, env, stdio: 'ignore' });
  const counts = readFileSync(trace, 'utf8')
    .split('\n')
    .map((line) => /\bopendir:(\d+)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
  assert.ok(counts.length > 0, 'git reported no read_directory data (trace2)');
  return counts.reduce((a, b) => a + b, 0);
}

/** Sets the sandbox's folders (not the store's) a minute back. */
function backdateFolders(root: string): void {
  const past = new Date(Date.now() - 60_000);
  const visit = (dir: string): void => {
    utimesSync(dir, past, past);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== '.cleveragents') visit(path.join(dir, entry.name));
    }
  };
  visit(root);
}

describe('The untracked cache after a first checkpoint', () => {
  const tempDir = useTempDirs();

  it('is complete: the next status opens no folder, so the first save does not read them all', async () => {
    const root = tempDir();
    for (let d = 0; d < 6; d++) for (let f = 0; f < 5; f++) write(root, `src/m${d}/f${f}.ts`, `export const v = ${d * 10 + f};\n`);
    write(root, 'README.md', 'readme\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'untracked cache' });
      // A project's folders were not all changed in the second of its first checkpoint: git
      // distrusts (and reads again) a folder whose time is its index's own second, so a test
      // that writes them just before would count those reads instead of the cache's.
      backdateFolders(root);
      await s.checkpoints.createCheckpoint(plan.plan_id);
    } finally {
      s.dispose();
    }
    assert.equal(foldersOpenedByStatus(root, path.join(tempDir(), 'trace2.txt')), 0);
  });
});

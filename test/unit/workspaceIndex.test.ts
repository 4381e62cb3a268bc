// An agent session is a plan over the whole folder, and its first snapshot used to hash every file
// into a new, empty index: on 60,000 files longer than a hook may wait, so the session's first tool
// calls went unfenced (issue 35 item 4). The workspace's own index is now brought up to date ahead
// of time (at hook install, by Connect an Agent, or from the first plan over the folder), and a new
// plan over the whole folder starts from a copy of it. Shown here by what git leaves on disk (the shared index file a copy keeps), never by
// a time, and by the bytes each first snapshot holds.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceServices } from '../../src/composition';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

const INDEXES = path.join('.cleveragents', 'checkpoints', 'indexes');

function sharedIndexes(root: string, key: string): string[] {
  return readdirSync(path.join(root, INDEXES, key)).filter((n) => n.startsWith('sharedindex.'));
}

/** A file at a checkpoint, read from the shadow store with plain git. */
function fileAt(root: string, ref: string, rel: string): string | undefined {
  try {
    const gitDir = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git');
    return execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${ref}:${rel}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  } catch {
    return undefined;
  }
}

function project(root: string): void {
  for (let d = 0; d < 5; d++) for (let f = 0; f < 10; f++) write(root, `src/m${d}/f${f}.ts`, `export const v = ${d * 10 + f};\n`);
  write(root, 'README.md', 'readme\n');
}

/** What the first snapshot of a new plan over `sandbox` holds, after the files changed since the workspace index was made. */
async function firstSnapshotAfterChanges(s: WorkspaceServices, root: string, sandbox?: string): Promise<{ planId: string; ref: string; fileCount: number | undefined }> {
  write(root, 'src/m0/f0.ts', 'changed after the index was made\n');
  unlinkSync(path.join(root, 'src/m1/f1.ts'));
  write(root, 'src/m2/new.ts', 'added after the index was made\n');
  const plan = await s.plans.createPlan({ title: 'session', ...(sandbox ? { sandbox } : {}) });
  const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'baseline' });
  return { planId: plan.plan_id, ref: checkpoint.sandbox_ref, fileCount: checkpoint.metadata.file_count };
}

function assertExact(root: string, ref: string): void {
  assert.equal(fileAt(root, ref, 'src/m0/f0.ts'), 'changed after the index was made\n');
  assert.equal(fileAt(root, ref, 'src/m1/f1.ts'), undefined, 'a file deleted since is not in it');
  assert.equal(fileAt(root, ref, 'src/m2/new.ts'), 'added after the index was made\n');
  assert.equal(fileAt(root, ref, 'src/m4/f9.ts'), 'export const v = 49;\n');
}

describe('A plan over the whole folder starts from the workspace’s index', function () {
  this.timeout(60_000);
  const tempDir = useTempDirs('ca-windex-');

  it('copies it: the first snapshot keeps the shared index it was copied with, and holds every change made since, byte for byte', async () => {
    const root = tempDir();
    project(root);
    const s = services(root);
    try {
      await s.plans.warmWorkspaceIndex();
      const workspaceShared = sharedIndexes(root, 'workspace');
      assert.equal(workspaceShared.length, 1, 'the workspace index is split (KEY_INDEX_CONFIG)');
      const { planId, ref, fileCount } = await firstSnapshotAfterChanges(s, root);
      // A new, empty index gets a shared file of its own; a copy keeps the one it came with (git
      // rewrites it only when a fifth of the entries changed).
      assert.ok(sharedIndexes(root, planId).includes(workspaceShared[0]!), `${sharedIndexes(root, planId).join(', ')} holds ${workspaceShared[0]}`);
      assertExact(root, ref);
      assert.equal(fileCount, 51);
      // The next checkpoint of the plan works on its own index: a change to it is captured.
      write(root, 'README.md', 'readme, again\n');
      const next = await s.checkpoints.createCheckpoint(planId, { reason: 'next' });
      assert.equal(fileAt(root, next.checkpoint.sandbox_ref, 'README.md'), 'readme, again\n');
    } finally {
      s.dispose();
    }
  });

  it('where nothing read the folder ahead of time, the first plan over it leaves its index as the workspace’s, for the next plan', async () => {
    const root = tempDir();
    project(root);
    const s = services(root);
    try {
      assert.ok(!existsSync(path.join(root, INDEXES, 'workspace')), 'no workspace index to start with (hooks of an earlier release)');
      const first = await firstSnapshotAfterChanges(s, root);
      assertExact(root, first.ref);
      const donated = sharedIndexes(root, 'workspace');
      assert.deepEqual(donated, sharedIndexes(root, first.planId), 'the workspace index is a copy of the first plan’s');
      write(root, 'src/m1/f1.ts', 'export const v = 11;\n');
      const { planId, ref, fileCount } = await firstSnapshotAfterChanges(s, root);
      assert.ok(sharedIndexes(root, planId).includes(donated[0]!), 'the next plan started from it');
      assertExact(root, ref);
      assert.equal(fileCount, 51);
      // A plan of a subfolder gives nothing: its index is of another folder.
      const other = tempDir();
      project(other);
      const t = services(other);
      try {
        await firstSnapshotAfterChanges(t, other, 'src');
        assert.ok(!existsSync(path.join(other, INDEXES, 'workspace')));
      } finally {
        t.dispose();
      }
    } finally {
      s.dispose();
    }
  });

  it('a plan of a subfolder does not take it (another folder, another index)', async () => {
    const root = tempDir();
    project(root);
    const s = services(root);
    try {
      await s.plans.warmWorkspaceIndex();
      const { planId } = await firstSnapshotAfterChanges(s, root, 'src');
      assert.ok(!sharedIndexes(root, planId).includes(sharedIndexes(root, 'workspace')[0]!));
    } finally {
      s.dispose();
    }
  });

  it('a damaged workspace index costs a full read and nothing else: the first snapshot is whole and exact', async () => {
    const root = tempDir();
    project(root);
    const s = services(root);
    try {
      await s.plans.warmWorkspaceIndex();
      writeFileSync(path.join(root, INDEXES, 'workspace', 'index'), 'DIRC this is not an index');
      const { ref, fileCount } = await firstSnapshotAfterChanges(s, root);
      assertExact(root, ref);
      assert.equal(fileCount, 51);
    } finally {
      s.dispose();
    }
  });

  it('an index that is a link is not read through: the plan starts from an empty index, exact all the same', async () => {
    const root = tempDir();
    project(root);
    const elsewhere = tempDir();
    writeFileSync(path.join(elsewhere, 'index'), 'not ours');
    const s = services(root);
    try {
      await s.plans.warmWorkspaceIndex();
      unlinkSync(path.join(root, INDEXES, 'workspace', 'index'));
      symlinkSync(path.join(elsewhere, 'index'), path.join(root, INDEXES, 'workspace', 'index'));
      const { planId, ref } = await firstSnapshotAfterChanges(s, root);
      assertExact(root, ref);
      assert.ok(!sharedIndexes(root, planId).includes(sharedIndexes(root, 'workspace')[0]!), 'nothing of the workspace’s was copied');
      assert.equal(readFileSync(path.join(elsewhere, 'index'), 'utf8'), 'not ours');
    } finally {
      s.dispose();
    }
  });
});

describe('agents hook install reads the folder once in the background (the built CLI)', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-windex-cli-');

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  async function until(what: string, probe: () => boolean, deadlineMs = 60_000): Promise<void> {
    const end = Date.now() + deadlineMs;
    while (!probe()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('makes the workspace index, says so in hooks.log, and writes no checkpoint or row', async () => {
    const ws = tempDir();
    const home = tempDir();
    project(ws);
    const run = runCli(ws, ['hook', 'install', 'claude-code'], { env: { HOME: home, CLEVERAGENTS_NO_INDEX_JOB: '' } });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Reading the folder’s files once, in the background/);
    const log = path.join(ws, '.cleveragents', 'logs', 'hooks.log');
    await until('the job’s line in hooks.log', () => existsSync(log) && /the workspace index is up to date/.test(readFileSync(log, 'utf8')));
    assert.ok(existsSync(path.join(ws, INDEXES, 'workspace', 'index')));
    const plans = runCli(ws, ['plan', 'list', '--format', 'json']).json<{ plans: unknown[] }>();
    assert.deepEqual(plans.plans, [], 'no plan, no checkpoint');
  });

  it('not with --dry-run, nor --user, nor CLEVERAGENTS_NO_INDEX_JOB=1', async () => {
    const home = tempDir();
    for (const [args, env] of [
      [['install', 'claude-code', '--dry-run'], { CLEVERAGENTS_NO_INDEX_JOB: '' }],
      [['install', 'claude-code', '--user'], { CLEVERAGENTS_NO_INDEX_JOB: '' }],
      [['install', 'claude-code'], { CLEVERAGENTS_NO_INDEX_JOB: '1' }],
    ] as const) {
      const ws = tempDir();
      project(ws);
      const run = runCli(ws, ['hook', ...args], { env: { HOME: home, ...env } });
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(run.stdout, /Reading the folder’s files/, args.join(' '));
      // the job, had it started, would have made the store within this wait
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.ok(!existsSync(path.join(ws, INDEXES, 'workspace')), args.join(' '));
    }
  });
});

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import { NodeWorkspaceFiles } from '../../src/adapters/files/nodeWorkspaceFiles';
import { unsafePathReason } from '../../src/core/ids';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { makeInterruptedRollback } from './helpers/interruptedRollback';
import { git, hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/** One entry of a tree object as git stores it: `<mode> <name>\0<20 bytes of id>`. */
interface RawEntry {
  readonly mode: '40000' | '100644';
  readonly name: string;
  readonly oid: string;
}

/**
 * What an attacker ships in `.cleveragents/`: objects written into the shadow store with git's
 * plumbing. A tree is written with `hash-object -t tree --literally`, so that git's own checks of
 * entry names (`..`, `.git`, a `/` in a name) do not stop it.
 */
class CraftedStore {
  constructor(private readonly gitDir: string) {}

  private git(args: string[], input?: string | Buffer): string {
    return execFileSync('git', args, { env: { ...process.env, GIT_DIR: this.gitDir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' }, input, encoding: 'utf8' }).trim();
  }

  blob(text: string): string {
    return this.git(['hash-object', '-w', '--stdin'], text);
  }

  /** A tree holding exactly these entries (git wants them in name order). */
  tree(entries: readonly RawEntry[]): string {
    const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : 1));
    const bytes = Buffer.concat(sorted.flatMap((e) => [Buffer.from(`${e.mode} ${e.name}\0`, 'utf8'), Buffer.from(e.oid, 'hex')]));
    return this.git(['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], bytes);
  }

  commit(tree: string): string {
    return this.git(['commit-tree', tree, '-m', 'crafted']);
  }

  /** The entries of a commit's tree (to copy the real ones beside the crafted one). */
  entriesOf(commit: string): RawEntry[] {
    return this.git(['ls-tree', commit])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const m = /^(\d+) \w+ ([0-9a-f]+)\t(.*)$/.exec(line)!;
        return { mode: m[1] === '040000' ? '40000' : '100644', name: m[3]!, oid: m[2]! } as RawEntry;
      });
  }
}

const REFUSED = /Checkpoint store refused: snapshot [0-9a-f]{40} names an unsafe path '([^']*)' \(it has a "(?:\.\.|\.git)" component\).*Nothing was changed/;

describe('paths named by a snapshot, a journal or the database are checked before anything writes through them', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-unsafe-paths-');

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /**
   * The reproduction: a workspace beside a folder `outside-secret`, one real checkpoint,
   * a shadow-store commit whose tree holds `crafted` (say `..` → `outside-secret`) beside the real
   * files, and an operation record whose `from_ref` names that commit.
   */
  async function craftedInterruptedRollback(crafted: (store: CraftedStore) => RawEntry): Promise<{ root: string; outside: string; planId: string; record: string }> {
    const parent = tempDir();
    const root = path.join(parent, 'workspace');
    const outside = path.join(parent, 'outside-secret');
    write(outside, 'secret.txt', 'keys\n');
    write(outside, 'more/notes.txt', 'notes\n');
    write(root, 'a.txt', 'one\n');
    const s = services(root);
    let planId: string;
    let target: { checkpoint_id: string; sandbox_ref: string };
    try {
      const plan = await s.plans.createPlan({ title: 'cloned' });
      planId = plan.plan_id;
      target = (await s.checkpoints.createCheckpoint(planId)).checkpoint;
    } finally {
      s.dispose();
    }
    const store = new CraftedStore(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
    const evil = store.commit(store.tree([...store.entriesOf(target.sandbox_ref), crafted(store)]));
    await new FileOperationJournal(root).begin({
      type: 'rollback',
      plan_id: planId,
      target_checkpoint_id: target.checkpoint_id,
      undo_checkpoint_id: null,
      sandbox_key: planId,
      from_ref: evil,
      to_ref: target.sandbox_ref,
      started_at: new Date().toISOString(),
      pid: 999_999_999,
      host: os.hostname(),
    });
    return { root, outside, planId, record: path.join(root, '.cleveragents', 'operations', `${planId}.json`) };
  }

  /** `..` → a tree holding `outside-secret` (a blob there, so that the folder holds "neither side"). */
  const dotDot = (store: CraftedStore): RawEntry => ({ mode: '40000', name: '..', oid: store.tree([{ mode: '100644', name: 'outside-secret', oid: store.blob('x\n') }]) });

  it("the issue's reproduction: recover (and recover --undo) of a journal naming a tree with `..` refuses, and nothing outside the workspace moves", async () => {
    const { root, outside, planId, record } = await craftedInterruptedRollback(dotDot);
    const outsideBefore = hashTree(outside);
    const workspaceBefore = hashTree(root);
    const show = runCli(root, ['plan', 'show', planId]);
    assert.match(show.stdout, /agents plan recover/, 'the user is sent to recover');
    for (const args of [['plan', 'recover', '--yes', planId], ['plan', 'recover', '--yes', '--undo', planId]]) {
      const run = runCli(root, ['--format', 'json', ...args]);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      const { message } = run.json<{ error: { message: string } }>().error;
      assert.match(message, REFUSED);
      assert.equal(REFUSED.exec(message)![1], '../outside-secret');
    }
    assert.deepEqual(hashTree(outside), outsideBefore, 'outside-secret is where it was, unchanged');
    assert.deepEqual(hashTree(root), workspaceBefore, 'the workspace is unchanged');
    assert.ok(!existsSync(path.join(root, '.cleveragents', 'recovered')), 'nothing was moved into recovered/');
    assert.ok(existsSync(record), 'the record stays: the user decides what to do with it');
  });

  it('a `.git` entry (a tree `.git` holding `config`) is refused the same way; the workspace repository is untouched', async () => {
    const { root, outside, planId } = await craftedInterruptedRollback((store) => ({ mode: '40000', name: '.git', oid: store.tree([{ mode: '100644', name: 'config', oid: store.blob('[core]\n\tfsmonitor = "touch /tmp/pwned"\n') }]) }));
    git(root, 'init', '-q');
    const [repoBefore, outsideBefore] = [hashTree(path.join(root, '.git')), hashTree(outside)];
    const run = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.equal(REFUSED.exec(run.json<{ error: { message: string } }>().error.message)?.[1], '.git/config');
    assert.deepEqual(hashTree(path.join(root, '.git')), repoBefore);
    assert.deepEqual(hashTree(outside), outsideBefore);
  });

  it('an entry whose name itself holds slashes (`a/../../x`) is refused', async () => {
    const { root, outside, planId } = await craftedInterruptedRollback((store) => ({ mode: '100644', name: 'a/../../outside-secret/secret.txt', oid: store.blob('x\n') }));
    const before = hashTree(outside);
    const run = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', '--undo', planId]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.equal(REFUSED.exec(run.json<{ error: { message: string } }>().error.message)?.[1], 'a/../../outside-secret/secret.txt');
    assert.deepEqual(hashTree(outside), before);
  });

  it('a rollback to a checkpoint whose row names a crafted snapshot is refused before anything is written', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'workspace');
    const outside = path.join(parent, 'outside-secret');
    write(outside, 'secret.txt', 'keys\n');
    write(root, 'a.txt', 'one\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'p' });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      const store = new CraftedStore(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
      const evil = store.commit(store.tree([...store.entriesOf(checkpoint.sandbox_ref), { mode: '40000', name: '..', oid: store.tree([{ mode: '100644', name: 'outside-secret', oid: store.blob('x\n') }]) }]));
      const crafted = { ...checkpoint, checkpoint_id: '01KZZZZZZZZZZZZZZZZZZZZZZZ', sandbox_ref: evil };
      await s.store.write((uow) => uow.checkpoints.insert(crafted));
      write(root, 'a.txt', 'two\n');
      const before = [hashTree(root), hashTree(outside)];
      await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, crafted.checkpoint_id), REFUSED);
      await assert.rejects(s.checkpoints.previewRollback(plan.plan_id, crafted.checkpoint_id), REFUSED);
      assert.deepEqual([hashTree(root), hashTree(outside)], before);
      const operations = path.join(root, '.cleveragents', 'operations');
      assert.deepEqual(existsSync(operations) ? readdirSync(operations) : [], [], 'no operation was left recorded');
    } finally {
      s.dispose();
    }
  });

  it('restoring a path under `.git` or `.cleveragents` (a correction row can name any) is refused', async () => {
    const root = tempDir();
    write(root, 'a.txt', 'one\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'p' });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      for (const p of ['.git/config', 'sub/.GIT/hooks', '.cleveragents/cleveragents.db', './.git']) {
        await assert.rejects(s.checkpoints.restorePaths(plan.plan_id, checkpoint.checkpoint_id, [p]), /cannot be restored: it has a "\.(?:git|cleveragents)" component/, p);
      }
    } finally {
      s.dispose();
    }
  });

  it('recover never moves what it keeps through a symlinked `.cleveragents/recovered`', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'workspace');
    const outside = path.join(parent, 'outside');
    write(outside, 'keep.txt', 'not yours\n');
    const s = services(root);
    let planId: string;
    try {
      ({ planId } = await makeInterruptedRollback(root, s, { halfWritten: 'tw' }));
    } finally {
      s.dispose();
    }
    symlinkSync('../../outside', path.join(root, '.cleveragents', 'recovered'));
    const before = hashTree(outside);
    const run = runCli(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.json<{ error: { message: string } }>().error.message, /Refused: \.cleveragents\/recovered is a symbolic link/);
    assert.deepEqual(hashTree(outside), before, 'nothing was moved outside the workspace');
    assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'tw', 'the half-written file is still where it was');
  });

  it('restoring a folder of a crafted checkpoint whose tree holds `sub/..` is refused where the overlay reads it', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'workspace');
    const outside = path.join(parent, 'outside-secret');
    write(outside, 'secret.txt', 'keys\n');
    write(root, 'sub/a.txt', 'one\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'p' });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      const store = new CraftedStore(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
      const up = store.tree([{ mode: '40000', name: 'outside-secret', oid: store.tree([{ mode: '100644', name: 'secret.txt', oid: store.blob('x\n') }]) }]);
      const evil = store.commit(store.tree([{ mode: '40000', name: 'sub', oid: store.tree([{ mode: '40000', name: '..', oid: up }]) }]));
      const crafted = { ...checkpoint, checkpoint_id: '01KZZZZZZZZZZZZZZZZZZZZZZZ', sandbox_ref: evil };
      await s.store.write((uow) => uow.checkpoints.insert(crafted));
      const before = [hashTree(root), hashTree(outside)];
      await assert.rejects(s.checkpoints.restorePaths(plan.plan_id, crafted.checkpoint_id, ['sub']), (error: Error) => REFUSED.exec(error.message)?.[1] === 'sub/../outside-secret/secret.txt');
      assert.deepEqual([hashTree(root), hashTree(outside)], before);
    } finally {
      s.dispose();
    }
  });

  it('an isolated sandbox is never made or removed through a symlinked `.cleveragents/sandboxes`', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'workspace');
    const outside = path.join(parent, 'outside');
    const id = '01KZZZZZZZZZZZZZZZZZZZZZZZ';
    write(outside, `${id}/precious.txt`, 'keep me\n');
    write(root, '.cleveragents/.gitignore', '*\n');
    symlinkSync('../../outside', path.join(root, '.cleveragents', 'sandboxes'));
    const files = new NodeWorkspaceFiles(root);
    const dir = path.join(realpathSync(root), '.cleveragents', 'sandboxes', id);
    const before = hashTree(outside);
    await assert.rejects(files.removeDirectory(dir), /Refused: \.cleveragents\/sandboxes is a symbolic link/);
    assert.deepEqual(hashTree(outside), before, 'nothing outside was deleted');
    rmSync(path.join(outside, id), { recursive: true });
    await assert.rejects(files.createEmptyDirectory(dir), /Refused: \.cleveragents\/sandboxes is a symbolic link/);
    assert.ok(!existsSync(path.join(outside, id)), 'nothing was made outside');
  });

  it('unsafePathReason: the one check, on POSIX and on Windows rules', () => {
    const posix = { backslashSeparates: false, foldCase: false };
    const windows = { backslashSeparates: true, foldCase: true };
    for (const p of ['a.txt', 'src/app.ts', 'big\\..\\z.bin', 'c:notes', '...', '.gitignore', '.github/x', 'a/.git-keep', '.cleveragentsrc']) {
      assert.equal(unsafePathReason(p, posix), undefined, p);
    }
    const refused: [string, RegExp][] = [
      ['', /empty/],
      ['..', /"\.\."/],
      ['a/../../x', /"\.\."/],
      ['./a', /"\."/],
      ['a//b', /empty component/],
      ['a/', /empty component/],
      ['/etc/passwd', /absolute/],
      ['a\0b', /NUL/],
      ['.git', /"\.git"/],
      ['sub/.GIT/config', /"\.git"/],
      ['.git./config', /"\.git"/],
      ['.git /config', /"\.git"/],
      ['.cleveragents/operations/x.json', /"\.cleveragents"/],
      ['sub/.cleveragents', /"\.cleveragents"/],
    ];
    for (const [p, reason] of refused) assert.match(unsafePathReason(p, posix) ?? 'accepted', reason, JSON.stringify(p));
    for (const [p, reason] of [['big\\..\\z.bin', /"\.\."/], ['c:notes', /absolute/], ['\\\\server\\share', /absolute/], ['a\\.git\\config', /"\.git"/], ['.CleverAgents/x', /"\.cleveragents"/]] as [string, RegExp][]) {
      assert.match(unsafePathReason(p, windows) ?? 'accepted', reason, JSON.stringify(p));
    }
    assert.equal(unsafePathReason('.CleverAgents/x', posix), undefined, 'another folder where case matters');
  });

  it('unsafePathReason reads names as Windows and macOS do: trailing dots and spaces, 8.3 aliases, streams, HFS+’s ignored characters', () => {
    const posix = { backslashSeparates: false, foldCase: false };
    const windows = { backslashSeparates: true, foldCase: true, windowsNames: true };
    const macos = { backslashSeparates: false, foldCase: true };
    const refusedOnWindows: [string, RegExp][] = [
      ['.cleveragents./operations/x.json', /"\.cleveragents"/],
      ['.cleveragents  /x', /"\.cleveragents"/],
      ['sub\\.CleverAgents.\\x', /"\.cleveragents"/],
      ['CLEVER~1/cleveragents.db', /"\.cleveragents"/],
      ['GIT~1/config', /"\.git"/],
      ['.git::$INDEX_ALLOCATION/config', /alternate data stream/],
      ['notes.txt:hidden', /alternate data stream/],
      ['a/.../b', /Windows drops its trailing dots/],
      ['a/ . /b', /Windows drops its trailing dots/],
    ];
    for (const [p, reason] of refusedOnWindows) {
      assert.match(unsafePathReason(p, windows) ?? 'accepted', reason, JSON.stringify(p));
      assert.equal(unsafePathReason(p.replaceAll('\\', '/').replace('.CleverAgents', 'x'), posix), undefined, `${JSON.stringify(p)} is an ordinary name on Linux`);
    }
    for (const p of ['.g\u200cit/config', '.GI\ufeffT/hooks/x', '.clever\u200dagents/x', 'sub/.CleverAgents/x']) {
      assert.ok(unsafePathReason(p, macos) !== undefined, `${JSON.stringify(p)} names .git or .cleveragents on macOS`);
    }
    assert.equal(unsafePathReason('.clever\u200dagents/x', posix), undefined, 'on Linux, another name');
    for (const p of ['a.txt', 'src/app.ts', 'notes.v2.txt', 'GIT~X', 'clever~1a', '.cleveragentsrc']) assert.equal(unsafePathReason(p, windows), undefined, p);
    // A restore's paths are checked with the folding rules on every platform, not with Windows' names: `notes:v2` is a file on Linux.
    assert.equal(unsafePathReason('notes:v2', { backslashSeparates: true, foldCase: true }), undefined);
  });
});

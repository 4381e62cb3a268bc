import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { hashTree, services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/** Files a sandbox can hold that break naive tools: each is captured, skipped and listed, or left alone, and never hangs a checkpoint. */
describe('hostile files in a sandbox', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-hostile-');

  /** Left out of the comparison: special files (reading one blocks) and the huge sparse file (checked apart). */
  const special = (root: string) => (rel: string) => {
    const st = lstatSync(path.join(root, rel));
    return st.isFIFO() || st.isSocket() || st.size > 1024 ** 3;
  };

  async function roundTrip(root: string, sandbox = '.', change: () => void = () => write(root, 'marker.txt', 'changed\n')) {
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'hostile', sandbox });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      const before = hashTree(root, special(root));
      change();
      await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
      return { checkpoint, before, after: hashTree(root, special(root)) };
    } finally {
      s.dispose();
    }
  }

  it('a FIFO and a Unix socket are never opened (no hang), not captured, and left alone by a rollback', async () => {
    const root = tempDir();
    write(root, 'marker.txt', 'm\n');
    execFileSync('mkfifo', [path.join(root, 'fifo')]);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(root, 'sock'), resolve));
    try {
      const { checkpoint, before, after } = await roundTrip(root);
      assert.equal(checkpoint.metadata.file_count, 1);
      assert.deepEqual(after, before);
      assert.ok(lstatSync(path.join(root, 'fifo')).isFIFO());
      assert.ok(lstatSync(path.join(root, 'sock')).isSocket());
    } finally {
      server.close();
    }
  });

  it('a symlink loop, a 3 GB sparse file and names of every kind: captured as links, skipped unread, taken literally', async () => {
    const root = tempDir();
    write(root, 'marker.txt', 'm\n');
    symlinkSync('loop-b', path.join(root, 'loop-a'));
    symlinkSync('loop-a', path.join(root, 'loop-b'));
    writeFileSync(path.join(root, 'sparse.bin'), '');
    truncateSync(path.join(root, 'sparse.bin'), 3 * 1024 ** 3);
    const names = ['new\nline.txt', 'carriage\rreturn.txt', 'back\\slash.txt', 'emoji-😀.txt', `${'n'.repeat(251)}.txt`, 'Case.txt'];
    for (const name of names) write(root, name, `${name}\n`);
    // A path of about 4,000 bytes: 15 folders of 250 characters.
    const deep = Array.from({ length: 15 }, (_, i) => `${i}`.padEnd(250, 'd')).join('/');
    write(root, `${deep}/f.txt`, 'deep\n');
    const { checkpoint, before, after } = await roundTrip(root, '.', () => {
      renameSync(path.join(root, 'Case.txt'), path.join(root, 'case.txt')); // a case-only rename
      for (const name of names.slice(0, 5)) write(root, name, 'changed\n');
      write(root, `${deep}/f.txt`, 'changed\n');
    });
    assert.deepEqual(checkpoint.metadata.skipped, [{ path: 'sparse.bin', reason: 'too_large', size_bytes: 3 * 1024 ** 3 }]);
    assert.equal(checkpoint.metadata.file_count, 1 + 2 + names.length + 1);
    assert.deepEqual(after, before);
    assert.equal(lstatSync(path.join(root, 'sparse.bin')).size, 3 * 1024 ** 3);
  });

  it('a file whose name is not UTF-8 is listed as skipped, never silently dropped, and left alone by a rollback', async () => {
    const root = tempDir();
    write(root, 'marker.txt', 'm\n');
    const name = Buffer.concat([Buffer.from(root + '/bad-'), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]);
    writeFileSync(name, 'bytes\n');
    const s = services(root);
    try {
      const plan = await s.plans.createPlan({ title: 'bytes' });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      assert.deepEqual(checkpoint.metadata.skipped, [{ path: 'bad-\uFFFD\uFFFD.txt', reason: 'name_not_utf8' }]);
      assert.equal(checkpoint.metadata.file_count, 1);
      write(root, 'marker.txt', 'changed\n');
      await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
      assert.equal(readFileSync(path.join(root, 'marker.txt'), 'utf8'), 'm\n');
      assert.equal(readFileSync(name, 'utf8'), 'bytes\n');
    } finally {
      s.dispose();
    }
  });

  it('read-only files and folders are restored; a sandbox that is a symlink inside the workspace works; so does a workspace path with spaces and accents', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'my wörk späce');
    mkdirSync(root);
    write(root, 'real/ro.txt', 'read only\n');
    write(root, 'real/locked/file.txt', 'in a read-only folder\n');
    chmodSync(path.join(root, 'real/ro.txt'), 0o444);
    symlinkSync('real', path.join(root, 'via-link'));
    const { before, after } = await roundTrip(root, 'via-link', () => {
      chmodSync(path.join(root, 'real/ro.txt'), 0o644);
      write(root, 'real/ro.txt', 'changed\n');
      chmodSync(path.join(root, 'real/ro.txt'), 0o444);
      write(root, 'real/locked/file.txt', 'changed\n');
      chmodSync(path.join(root, 'real/locked'), 0o555);
    });
    chmodSync(path.join(root, 'real/locked'), 0o755);
    assert.equal(readFileSync(path.join(root, 'real/ro.txt'), 'utf8'), 'read only\n');
    assert.equal(readFileSync(path.join(root, 'real/locked/file.txt'), 'utf8'), 'in a read-only folder\n');
    assert.deepEqual(after['real/ro.txt'], before['real/ro.txt']);
  });
});

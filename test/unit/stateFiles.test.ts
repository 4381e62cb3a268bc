import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chownSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { appendStateFile, createStateFile, listStateDir, makePrivate, makeStateDir, readRegularFile, readStateText, writeStateFile } from '../../src/adapters/files/stateFiles';
import { StoreRefusedError } from '../../src/core/errors';
import { useTempDirs } from './helpers/tempDir';

// The guarded layer every state file goes through (src/adapters/files/stateFiles.ts), on a real
// file system: links, FIFOs, other owners, modes.

const posix = process.platform !== 'win32';

describe('state files', function () {
  const temp = useTempDirs('state-files-');

  function workspace(): { root: string; outside: string } {
    const base = temp();
    const root = path.join(base, 'ws');
    const outside = path.join(base, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    return { root, outside };
  }

  it('makes folders one level at a time, 0700', function () {
    if (!posix) this.skip();
    const { root } = workspace();
    makeStateDir(root, path.join(root, '.cleveragents', 'hooks', 'sessions'));
    for (const dir of ['.cleveragents', '.cleveragents/hooks', '.cleveragents/hooks/sessions']) assert.equal(statSync(path.join(root, dir)).mode & 0o777, 0o700, dir);
  });

  it('refuses a link anywhere on the way, for every kind of access, and writes nothing through it', function () {
    if (!posix) this.skip();
    const { root, outside } = workspace();
    mkdirSync(path.join(root, '.cleveragents'));
    symlinkSync(outside, path.join(root, '.cleveragents', 'logs'));
    const file = path.join(root, '.cleveragents', 'logs', 'x.log');
    const attempts: [string, () => unknown][] = [
      ['append', () => appendStateFile(root, file, 'line\n')],
      ['create', () => createStateFile(root, file, 'x')],
      ['write', () => writeStateFile(root, file, 'x')],
      ['read', () => readStateText(root, file, 100)],
      ['list', () => listStateDir(root, path.dirname(file))],
      ['folder', () => makeStateDir(root, path.join(path.dirname(file), 'sub'))],
    ];
    for (const [what, attempt] of attempts) assert.throws(attempt, StoreRefusedError, what);
    assert.deepEqual(readdirSync(outside), []);
  });

  it('a link as the file itself: append refuses it, an atomic write replaces the link and never follows it', function () {
    if (!posix) this.skip();
    const { root, outside } = workspace();
    const target = path.join(outside, 'bashrc');
    writeFileSync(target, 'kept\n');
    mkdirSync(path.join(root, '.cleveragents'));
    const file = path.join(root, '.cleveragents', 'session.json');
    symlinkSync(target, file);
    assert.throws(() => appendStateFile(root, file, 'x'), StoreRefusedError);
    assert.equal(readFileSync(target, 'utf8'), 'kept\n');
  });

  it('a FIFO is refused at once, to read, to append and as a settings file', function () {
    if (!posix) this.skip();
    const { root } = workspace();
    mkdirSync(path.join(root, '.cleveragents'));
    const fifo = path.join(root, '.cleveragents', 'hooks.log');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    assert.throws(() => readStateText(root, fifo, 100), /not a regular file/);
    assert.throws(() => appendStateFile(root, fifo, 'x'), /not a regular file/);
    assert.throws(() => readRegularFile(fifo, '.claude/settings.json', 100), /\.claude\/settings\.json is not a regular file/);
    assert.ok(lstatSync(fifo).isFIFO());
  });

  it('refuses a file or folder of another user (run as root, where one can be made)', function () {
    if (!posix || process.getuid?.() !== 0) this.skip();
    const { root } = workspace();
    makeStateDir(root, path.join(root, '.cleveragents'));
    const file = path.join(root, '.cleveragents', 'hooks.log');
    writeFileSync(file, 'theirs\n');
    chownSync(file, 4242, 4242);
    assert.throws(() => appendStateFile(root, file, 'x'), /another user/);
    chownSync(path.join(root, '.cleveragents'), 4242, 4242);
    assert.throws(() => readStateText(root, path.join(root, '.cleveragents', 'other'), 100), /another user/);
  });

  it('files are made 0600; an exclusive create says when the file exists; makePrivate tightens a 0644 file', function () {
    if (!posix) this.skip();
    const { root } = workspace();
    const file = path.join(root, '.cleveragents', 'marker');
    assert.equal(createStateFile(root, file, 'one'), true);
    assert.equal(createStateFile(root, file, 'two'), false);
    assert.equal(readStateText(root, file, 100), 'one');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const db = path.join(root, '.cleveragents', 'old.db');
    writeFileSync(db, 'x', { mode: 0o644 });
    makePrivate(db);
    assert.equal(statSync(db).mode & 0o777, 0o600);
  });

  it('a file larger than the caller allows is refused', () => {
    const { root } = workspace();
    const file = path.join(root, '.cleveragents', 'big');
    writeStateFile(root, file, 'x'.repeat(200));
    assert.throws(() => readStateText(root, file, 100), /larger than 100 bytes/);
  });
});

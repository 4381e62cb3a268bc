import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as os from 'node:os';
import type { WorkspaceServices } from '../../src/composition';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import { otherOwnerAlive, processStarted } from '../../src/adapters/files/operationOwner';
import { BusinessRuleViolation } from '../../src/core/errors';
import { ensureCliBuilt, runCli } from './helpers/cliHarness';
import { makeInterruptedRollback } from './helpers/interruptedRollback';
import { services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

/** An operation is interrupted only when its owner is gone: a live owner means it is in progress. */
describe('Interrupted or in progress: the owner of an operation record', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-owner-');
  const open: WorkspaceServices[] = [];
  const children: ChildProcess[] = [];
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.dispose();
    for (const c of children.splice(0)) c.kill();
  });
  const onLinux = process.platform === 'linux';

  function sleeper(): ChildProcess {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    children.push(child);
    return child;
  }

  /** A rollback recorded as begun by `owner` (a live other process), in a workspace with a plan. */
  async function recordedBy(owner: { pid: number; process_started?: string; host?: string }) {
    const root = tempDir();
    const s = services(root);
    open.push(s);
    const { planId, record } = await makeInterruptedRollback(root, s);
    const journal = new FileOperationJournal(root);
    const op = (await journal.get(planId))!;
    await journal.end(planId);
    await journal.begin({ ...op, pid: owner.pid, host: owner.host ?? os.hostname(), ...(owner.process_started ? { process_started: owner.process_started } : {}) });
    return { root, s, planId, record, journal };
  }

  it('a process’s start time is read from /proc on Linux, and is gone with the process', function () {
    if (!onLinux) this.skip();
    assert.match(processStarted(process.pid) ?? '', /^[0-9a-f-]+:\d+$/);
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    assert.equal(processStarted(dead), undefined);
  });

  it('a live owner: in progress (tree and plan show), not interrupted; writes and recover are refused as in progress', async () => {
    const child = sleeper();
    const { root, s, planId } = await recordedBy({ pid: child.pid!, process_started: processStarted(child.pid!) });
    assert.equal(await s.recovery.interrupted(planId), undefined);
    assert.equal((await s.recovery.inProgress(planId))?.pid, child.pid);
    await assert.rejects(s.checkpoints.createCheckpoint(planId), (e: Error) => e instanceof BusinessRuleViolation && /has a rollback in progress \(started .* by process \d+/.test(e.message));
    await assert.rejects(s.recovery.recover(planId, 'finish'), /Recover blocked: .* rollback in progress/);
    const show = runCli(root, ['plan', 'show', planId]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /IN PROGRESS: a rollback to \w+ .* which is still running it\./);
    assert.doesNotMatch(show.stdout, /INTERRUPTED/);
    const json = runCli(root, ['--format', 'json', 'plan', 'show', planId]).json<{ interrupted_operation: unknown; operation_in_progress: { process: { pid: number } } | null }>();
    assert.equal(json.interrupted_operation, null);
    assert.equal(json.operation_in_progress?.process.pid, child.pid);
  });

  it('a dead owner, another host, or a pid now used by another process (its start time differs): interrupted', async function () {
    const child = sleeper();
    assert.equal(otherOwnerAlive({ pid: child.pid!, host: os.hostname() }), true);
    assert.equal(otherOwnerAlive({ pid: child.pid!, host: 'another-host' }), false);
    if (onLinux) assert.equal(otherOwnerAlive({ pid: child.pid!, host: os.hostname(), process_started: `${processStarted(child.pid!)}0` }), false, 'the pid was reused');
    const { s, planId } = await recordedBy({ pid: child.pid!, host: 'another-host' });
    assert.equal((await s.recovery.interrupted(planId))?.host, 'another-host');
    assert.equal(await s.recovery.inProgress(planId), undefined);
  });

  it('this process’s own record: in progress while it runs it, interrupted once it gave it up half way', async () => {
    const { s, planId, journal } = await recordedBy({ pid: process.pid, process_started: processStarted(process.pid) });
    assert.ok(await s.recovery.inProgress(planId));
    journal.abandon(planId);
    assert.ok(await s.recovery.interrupted(planId));
    assert.equal(await s.recovery.inProgress(planId), undefined);
  });
});

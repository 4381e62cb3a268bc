import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describeWarmUp, warmResidentProcess } from '../../scripts/benchWarmUp';
import { CLI_PATH, cliEnv, ensureCliBuilt } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, agents, json, killAll, newWorkspace, status } from './helpers/residentProcessFixtures';
import { useTempDirs } from './helpers/tempDir';

// The benchmark's CLI rows are timed with the workspace's resident process running and warm
// (scripts/benchWarmUp.ts): with the built CLI and the process it starts. No timing is asserted.

describe('the benchmark’s warm-up of the resident process', function () {
  this.timeout(180_000);
  const pids: number[] = [];
  // Registered before the temporary folders' removal, so that it runs first.
  afterEach(() => killAll(pids));
  const tempDir = useTempDirs('ca-bench-warm-');

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /** A workspace with a store and no resident process yet, and the calls the benchmark makes. */
  function workspace(env: Record<string, string> = {}) {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'bench'], NO_DAEMON);
    const calls: string[] = [];
    const list = (what: string) => () => {
      calls.push(what);
      assert.equal(agents(root, ['plan', 'list'], { env }).code, 0);
    };
    return { root, calls, list, env: cliEnv({ ...BASE_ENV, ...env }) };
  }

  it('starts the process with the first call, waits for its warm line, and the next call is served by it', async () => {
    const w = workspace();
    const warm = await warmResidentProcess({ workspace: w.root, env: w.env, cli: CLI_PATH, first: w.list('first'), served: w.list('served') });
    const s = status(w.root);
    assert.equal(s.running, true);
    pids.push(s.pid);
    assert.deepEqual(w.calls, ['first', 'served']);
    assert.equal(warm.problem, undefined);
    assert.ok(warm.warmMs !== undefined, 'it waited for the warm line');
    assert.match(readFileSync(path.join(w.root, '.cleveragents', 'logs', 'daemon.log'), 'utf8'), /\] warm: /);
    assert.equal(s.requests, 2, 'the served call, and this status');
    assert.match(describeWarmUp(warm, 'plan list', 'plan list'), /^CLI warm-up \(untimed\): plan list \d+ ms, the resident process warm \d+ ms after it, then plan list \d+ ms$/);
  });

  it('does not wait for a process that runs already (no new warm line comes)', async () => {
    const w = workspace();
    await warmResidentProcess({ workspace: w.root, env: w.env, cli: CLI_PATH, first: w.list('first'), served: w.list('served') });
    pids.push(status(w.root).pid);
    const again = await warmResidentProcess({ workspace: w.root, env: w.env, cli: CLI_PATH, first: w.list('first'), served: w.list('served'), timeoutMs: 500 });
    assert.equal(again.problem, undefined);
    assert.equal(again.warmMs, undefined);
  });

  it('does not wait with CLEVERAGENTS_NO_DAEMON, and starts nothing', async () => {
    const w = workspace(NO_DAEMON);
    const warm = await warmResidentProcess({ workspace: w.root, env: w.env, cli: CLI_PATH, first: w.list('first'), served: w.list('served'), timeoutMs: 500 });
    assert.deepEqual(w.calls, ['first', 'served']);
    assert.equal(warm.problem, undefined);
    assert.equal(warm.warmMs, undefined);
    assert.equal(existsSync(path.join(w.root, '.cleveragents', 'logs', 'daemon.log')), false);
  });

  it('says so, and goes on, when no warm line comes in time', async () => {
    const w = workspace();
    // a first call that starts no process
    const warm = await warmResidentProcess({ workspace: w.root, env: w.env, cli: CLI_PATH, first: () => undefined, served: () => undefined, timeoutMs: 300 });
    assert.match(warm.problem ?? '', /no "warm:" line in .*daemon\.log within 300 ms of the first call/);
    assert.equal(warm.warmMs, undefined);
    assert.match(describeWarmUp(warm, 'plan list', 'plan list'), /\n {2}!! no "warm:" line .*: the CLI rows may include the resident process's start$/);
  });
});

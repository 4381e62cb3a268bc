// The resident process's client (src/daemonClient/client.ts) against a process that acknowledges a
// request with another version than the client's: this release's processes refuse such a request
// before acknowledging it, but one of another release may not, and its answer is not this
// version's. A socket of the test plays that process.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { callDaemon, callTimes, stopOtherVersion } from '../../src/daemonClient/client';
import type { DaemonRequest } from '../../src/daemonClient/protocol';
import type { PlanJson } from '../../src/envelopes/envelopes';
import { CLI_PATH, cliEnv, ensureCliBuilt } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, VERSION, json, killAll, newWorkspace, runDetached, running, status } from './helpers/residentProcessFixtures';
import { useTempDirs } from './helpers/tempDir';

const OTHER_VERSION = `${VERSION}-other`;

describe('the resident process’s client, against a process that acknowledges with another version', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-client-');
  const servers: net.Server[] = [];
  const requests: string[] = [];
  const pids: number[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
    requests.length = 0;
    killAll(pids);
  });

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /**
   * A workspace with a plan (made without a resident process) and, where its process listens, one
   * that acknowledges every request with OTHER_VERSION and then answers it at once; asked to stop
   * in its own version's words, it stops as a resident process does: its socket closed and gone.
   */
  async function workspaceServedByOtherVersion(): Promise<string> {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'mine'], NO_DAEMON);
    const run = path.join(root, '.cleveragents', 'run');
    mkdirSync(run, { recursive: true, mode: 0o700 });
    const server = net.createServer((socket) => {
      socket.setEncoding('utf8');
      socket.on('error', () => undefined);
      socket.once('data', (line: string) => {
        requests.push(line);
        socket.write(`${JSON.stringify({ t: 'ack', version: OTHER_VERSION, pid: process.pid })}\n`);
        const request = JSON.parse(line) as { version?: string; kind?: string };
        if (request.kind === 'stop' && request.version === OTHER_VERSION) {
          socket.end(`${JSON.stringify({ t: 'done', stdout: '{}', stderr: '', code: 0 })}\n`);
          server.close();
          return;
        }
        socket.end(`${JSON.stringify({ t: 'done', stdout: 'the other version’s answer\n', stderr: '', code: 0 })}\n`);
      });
    });
    servers.push(server);
    const mask = process.umask(0o177);
    try {
      await new Promise<void>((resolve) => server.listen(path.join(run, 'agents.sock'), resolve));
    } finally {
      process.umask(mask);
    }
    return root;
  }

  it('callDaemon: refused, its answer not taken, and a process of this version to be started', async () => {
    const root = await workspaceServedByOtherVersion();
    const request: DaemonRequest = { version: VERSION, kind: 'cli', argv: ['plan', 'list'], cwd: root, env: {} };
    const outcome = await callDaemon(root, request, callTimes({}));
    assert.deepEqual(outcome, { kind: 'refused', why: `the process is of version ${OTHER_VERSION}`, start: true, otherVersion: OTHER_VERSION });
    assert.equal(requests.length, 1, 'the request reached that process');
  });

  it('stopOtherVersion: asks that process to stop in its own version’s words', async () => {
    const root = await workspaceServedByOtherVersion();
    assert.equal(await stopOtherVersion(root, OTHER_VERSION, callTimes({})), true);
    assert.deepEqual(requests.map((r) => JSON.parse(r) as unknown), [{ version: OTHER_VERSION, kind: 'stop' }]);
    assert.equal(existsSync(path.join(root, '.cleveragents', 'run', 'agents.sock')), false, 'its socket is gone');
  });

  it('the built CLI does the command itself, stops that process and starts one of its own version, which serves the next call', async () => {
    const root = await workspaceServedByOtherVersion();
    // run asynchronously: this process's socket answers meanwhile
    const list = await runDetached(process.execPath, [CLI_PATH, '--format', 'json', 'plan', 'list'], { cwd: root, env: cliEnv(BASE_ENV), input: '' });
    assert.equal(list.code, 0, list.stderr);
    assert.doesNotMatch(list.stdout, /the other version/);
    assert.deepEqual((JSON.parse(list.stdout) as { plans: PlanJson[] }).plans.map((p) => p.title), ['mine'], 'done in its own process');
    assert.deepEqual(requests.map((r) => (JSON.parse(r) as { kind: string; version: string }).kind), ['cli', 'stop'], 'it asked, then told that process to stop');
    assert.equal((JSON.parse(requests[1]!) as { version: string }).version, OTHER_VERSION, 'in its own version’s words');
    // The process it started takes the socket, and serves the next call.
    const fresh = await running(root);
    pids.push(fresh.pid);
    assert.equal(fresh.version, VERSION);
    assert.notEqual(fresh.pid, process.pid);
    const before = status(root).requests;
    const again = await runDetached(process.execPath, [CLI_PATH, '--format', 'json', 'plan', 'list'], { cwd: root, env: cliEnv(BASE_ENV), input: '' });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(requests.length, 2, 'the other version was asked nothing more');
    assert.equal(status(root).requests, before + 2, 'the call (and this status) went to the new process');
  });
});

// The resident process's client (src/daemon/client.ts) against a process that acknowledges a
// request with another version than the client's: this release's processes refuse such a request
// before acknowledging it, but one of another release may not, and its answer is not this
// version's. A socket of the test plays that process.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { callDaemon, callTimes } from '../../src/daemon/client';
import type { DaemonRequest } from '../../src/daemon/protocol';
import type { PlanJson } from '../../src/envelopes/envelopes';
import { CLI_PATH, cliEnv, ensureCliBuilt } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, VERSION, json, newWorkspace, runDetached, until } from './helpers/residentProcessFixtures';
import { useTempDirs } from './helpers/tempDir';

const OTHER_VERSION = `${VERSION}-other`;

describe('the resident process’s client, against a process that acknowledges with another version', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-client-');
  const servers: net.Server[] = [];
  const requests: string[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
    requests.length = 0;
  });

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /**
   * A workspace with a plan (made without a resident process) and, where its process listens, one
   * that acknowledges every request with OTHER_VERSION and then answers it at once.
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
    assert.deepEqual(outcome, { kind: 'refused', why: `the process is of version ${OTHER_VERSION}`, start: true });
    assert.equal(requests.length, 1, 'the request reached that process');
  });

  it('the built CLI does the command itself and starts a process of its own version', async () => {
    const root = await workspaceServedByOtherVersion();
    // run asynchronously: this process's socket answers meanwhile
    const list = await runDetached(process.execPath, [CLI_PATH, '--format', 'json', 'plan', 'list'], { cwd: root, env: cliEnv(BASE_ENV), input: '' });
    assert.equal(list.code, 0, list.stderr);
    assert.doesNotMatch(list.stdout, /the other version/);
    assert.deepEqual((JSON.parse(list.stdout) as { plans: PlanJson[] }).plans.map((p) => p.title), ['mine'], 'done in its own process');
    assert.equal(requests.length, 1, 'after asking that process');
    // The process it started finds the socket still answering and leaves (the one there goes on
    // serving until it exits on its own): starting it is what the client can do.
    const log = path.join(root, '.cleveragents', 'logs', 'daemon.log');
    await until('a resident process of this version was started', () => existsSync(log) && /another resident process serves this store: exiting/.test(readFileSync(log, 'utf8')), 90_000);
  });
});

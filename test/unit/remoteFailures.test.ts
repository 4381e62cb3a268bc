import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { REMOTE_FAILURE_ADVICE, classifyRemoteFailure, gitCause, lastGitProgress } from '../../src/core/remoteFailures';
import { runRemoteCommand } from '../../src/remote/remoteCommands';
import type { RemoteProgress } from '../../src/remote/remoteProgress';
import { RemoteCancelled, RemoteError } from '../../src/remote/remoteRefs';
import { gitIn, refsOf, userRemote } from './helpers/remoteFixtures';
import { services, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { planWithCheckpoints } from './helpers/workspaceFixtures';

// What a failed git means (core/remoteFailures.ts), read from git's stderr as real failures print
// it: a server of the test's that answers 401, a host that does not exist, a port nobody listens
// on, a push another clone got ahead of, a path with no repository. Then Cancel: a push whose git
// is stopped through the spawn wrapper's signal, with both sides left as they were.

/** Git's stderr of one command that must fail (the user's git, isolated from this machine's config). */
function failingGit(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
    const child = spawn('git', args, { cwd, env });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? reject(new Error(`git ${args.join(' ')} succeeded`)) : resolve(err)));
  });
}

/** An HTTP server of the test's; `handler` answers each request. */
async function server(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const s = http.createServer(handler);
  const sockets = new Set<net.Socket>();
  s.on('connection', (c) => {
    sockets.add(c);
    c.on('close', () => sockets.delete(c));
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const c of sockets) c.destroy();
        s.close(() => resolve());
      }),
  };
}

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Git processes (git, git-remote-http …) working in a folder inside `root`. */
function gitsIn(root: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!/(^|\/)git(-remote-https?)?$/.test(cmd[0] ?? '') && !/^git-remote-/.test(cmd[0] ?? '')) continue;
      if (readlinkSync(`/proc/${name}/cwd`).startsWith(root)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe('Remote failures, read from what git says', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs();

  it('an HTTP remote that answers 401: auth, with no credentials and with wrong ones', async () => {
    const s = await server((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"', 'Content-Type': 'text/plain' });
      res.end('no');
    });
    try {
      const dir = tempDir();
      const none = await failingGit(dir, ['ls-remote', `${s.url}/team/sessions.git`]);
      const wrong = await failingGit(dir, ['ls-remote', s.url.replace('http://', 'http://someone:wrong@') + '/team/sessions.git']);
      assert.equal(classifyRemoteFailure(none), 'auth', none);
      assert.equal(classifyRemoteFailure(wrong), 'auth', wrong);
      assert.match(gitCause(wrong), /^Authentication failed for /, wrong);
    } finally {
      await s.close();
    }
  });

  it('a host that does not exist and a port nobody listens on: offline', async () => {
    const dir = tempDir();
    const noHost = await failingGit(dir, ['ls-remote', 'http://no-such-host.invalid/team/sessions.git']);
    const refused = await failingGit(dir, ['ls-remote', `http://127.0.0.1:${await closedPort()}/team/sessions.git`]);
    assert.equal(classifyRemoteFailure(noHost), 'offline', noHost);
    assert.equal(classifyRemoteFailure(refused), 'offline', refused);
    assert.match(gitCause(noHost), /Could not resolve host/, noHost);
  });

  it('a push another clone got ahead of: rejected, and the cause line is the rejected ref', async () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    gitIn(dir, 'clone', '--quiet', bare, 'one');
    gitIn(dir, 'clone', '--quiet', bare, 'two');
    const one = path.join(dir, 'one');
    const two = path.join(dir, 'two');
    write(one, 'a.txt', 'one\n');
    gitIn(one, 'add', '-A');
    gitIn(one, 'commit', '--quiet', '-m', 'one');
    gitIn(one, 'push', '--quiet', 'origin', 'main');
    write(two, 'b.txt', 'two\n');
    gitIn(two, 'add', '-A');
    gitIn(two, 'commit', '--quiet', '-m', 'two');
    const said = await failingGit(two, ['push', 'origin', 'main']);
    assert.equal(classifyRemoteFailure(said), 'rejected', said);
    assert.match(gitCause(said), /\[rejected\]/, said);
  });

  it('a path with no repository: not found; anything else: other, with no advice', async () => {
    const dir = tempDir();
    const said = await failingGit(dir, ['ls-remote', path.join(dir, 'nothing-here.git')]);
    assert.equal(classifyRemoteFailure(said), 'not_found', said);
    assert.equal(classifyRemoteFailure('fatal: the moon is in the way'), 'other');
    assert.equal(REMOTE_FAILURE_ADVICE.other, '');
  });

  it('git --progress lines become counts; other lines none', async () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    gitIn(dir, 'clone', '--quiet', bare, 'c');
    const c = path.join(dir, 'c');
    for (let i = 0; i < 20; i++) write(c, `f${i}.txt`, `${i}\n`);
    gitIn(c, 'add', '-A');
    gitIn(c, 'commit', '--quiet', '-m', 'many');
    // A push that fails after sending its objects (the ref is turned down): its whole stderr is kept.
    gitIn(bare, 'config', 'receive.denyCurrentBranch', 'refuse');
    gitIn(bare, 'config', 'core.bare', 'false');
    const said = await failingGit(c, ['push', '--progress', 'origin', 'main']);
    const p = lastGitProgress(said);
    assert.ok(p, said);
    assert.ok(p.total > 0 && p.done === p.total, said);
    assert.equal(lastGitProgress('fatal: Authentication failed for x'), undefined);
  });

  it('through the product: a 401 remote is a RemoteError of kind auth, its URL shown without the password', async () => {
    const s = await server((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' });
      res.end();
    });
    const root = tempDir();
    const config = tempDir();
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = config;
    const s1 = services(root);
    try {
      write(root, 'a.txt', 'a\n');
      await planWithCheckpoints(s1, 1);
      const ctx = { services: s1, cwd: root, now: () => new Date(), warn: () => undefined };
      await runRemoteCommand({ name: 'enable', allow: [], deny: [] }, ctx);
      const url = s.url.replace('http://', 'http://me:s3cret@') + '/x.git';
      await assert.rejects(
        () => runRemoteCommand({ name: 'push', remote: url, dryRun: false, includePrompts: false }, ctx),
        (error: unknown) => {
          assert.ok(error instanceof RemoteError, String(error));
          assert.equal(error.kind, 'auth');
          assert.match(error.message, /Check your credentials/);
          assert.ok(!error.message.includes('s3cret'), error.message);
          return true;
        },
      );
    } finally {
      s1.dispose();
      process.env.XDG_CONFIG_HOME = before;
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      await s.close();
    }
  });

  it('Cancel stops git mid-call (a remote that never answers): cancelled, no git left, no transport folder, the remote as it was; the next push lands', async () => {
    const hanging = await server(() => undefined);
    const dir = tempDir();
    const bare = userRemote(dir);
    const root = path.join(dir, 'ws');
    gitIn(dir, 'clone', '--quiet', bare, root);
    const config = tempDir();
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = config;
    const s1 = services(root);
    try {
      write(root, 'a.txt', 'a\n');
      const { plan } = await planWithCheckpoints(s1, 2, { before: (i) => write(root, 'a.txt', `${i}\n`) });
      const base = { services: s1, cwd: root, now: () => new Date(), warn: () => undefined };
      await runRemoteCommand({ name: 'enable', allow: [], deny: [] }, base);
      const userRefs = refsOf(bare);
      const controller = new AbortController();
      const steps: RemoteProgress[] = [];
      const push = runRemoteCommand({ name: 'push', remote: `${hanging.url}/x.git`, dryRun: false, includePrompts: false }, { ...base, signal: controller.signal, progress: (p) => steps.push(p) });
      // git is waiting on the server: cancel then.
      const until = Date.now() + 60_000;
      while (!steps.some((p) => p.message.startsWith("Reading the remote's plans")) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));
      controller.abort();
      await assert.rejects(push, (error: unknown) => error instanceof RemoteCancelled && /git was stopped/.test(error.message));
      const gone = Date.now() + 60_000;
      while (gitsIn(root).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(gitsIn(root), [], 'no git of the push is left running');
      assert.deepEqual(readdirSync(path.join(root, '.cleveragents', 'remote')), [], 'the transport repository was removed');
      assert.deepEqual(refsOf(bare), userRefs);

      // Cancelled between two plans' preparation: nothing is sent; then a push without cancel lands whole.
      const early = new AbortController();
      const stopped = runRemoteCommand({ name: 'push', remote: bare, dryRun: false, includePrompts: false }, { ...base, signal: early.signal, progress: (p) => p.message.startsWith('Preparing') && early.abort() });
      await assert.rejects(stopped, RemoteCancelled);
      assert.deepEqual(refsOf(bare), userRefs);
      const done = (await runRemoteCommand({ name: 'push', remote: bare, dryRun: false, includePrompts: false }, base)).json as { push: { plans: { plan_id: string; status: string }[] } };
      assert.deepEqual(done.push.plans.map((p) => [p.plan_id, p.status]), [[plan.plan_id, 'pushed']]);
      assert.ok(existsSync(bare));
      assert.ok(Object.keys(refsOf(bare)).includes(`refs/cleveragents/v1/plans/${plan.plan_id}`));
    } finally {
      s1.dispose();
      process.env.XDG_CONFIG_HOME = before;
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      await hanging.close();
    }
  });
});

import * as assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fastCliAck, fastCliAnswer, parseFastCli } from '../../src/daemon/fastCli';
import { cliEnv, REPO_ROOT } from './helpers/cliHarness';
import { write } from './helpers/sandboxFixtures';
import { BASE_ENV, NO_DAEMON, VERSION, agents, httpAnswer, json, newWorkspace, runDetached, running, status, toolsOnly, useFastClientSuite, type Run } from './helpers/residentProcessFixtures';

// `agents` in VS Code's terminal (bin/agents) and its fast client (src/daemonClient/fastClientScript.ts,
// fastCliLines; fastCli.ts): the real script run by /bin/sh with the real curl, against the real
// resident process, or against a socket of this test where the process must misbehave. No
// timing is asserted.

const AGENTS = path.join(REPO_ROOT, 'bin', 'agents');

/**
 * `sh bin/agents <args>` in `root`, asynchronously: a socket of this test must go on answering
 * meanwhile. What the fast client does not answer runs on AGENTS_RUNTIME (this node) unless the
 * test empties it: then on the PATH's node, which the fast client's tools (toolsOnly) do not hold.
 */
function runAgents(root: string, args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return runDetached('/bin/sh', [AGENTS, ...args], { cwd: root, env: cliEnv({ ...BASE_ENV, AGENTS_RUNTIME: process.execPath, CLEVERAGENTS_NO_DAEMON: '', ...env }), input: '' });
}

/** What node prints for the same command line, without the resident process. */
function byNode(root: string, args: readonly string[]): Run {
  const r = agents(root, args, { env: NO_DAEMON });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

for (const client of ['perl', 'curl'] as const)
describe(`agents in VS Code's terminal: the fast client, with ${client}`, function () {
  this.timeout(180_000);
  const { pids, impostors, tempDir } = useFastClientSuite(client, 'ca-fastcli-');

  /** The PATH of every call: the fast client's tools, perl only in its run, git, no node. */
  let tools = '';
  before(() => {
    tools = toolsOnly(mkdtempSync(path.join(os.tmpdir(), 'ca-fastcli-tools-')), client === 'perl' ? ['perl'] : []);
  });
  after(() => rmSync(path.dirname(tools), { recursive: true, force: true }));
  /**
   * `agents` with no runtime to fall back to (AGENTS_RUNTIME empty, no node on the PATH): only the
   * fast client answers. With variables that would stop perl at its start were they not cleared.
   */
  const fast = (cwd: string, args: readonly string[], env: Record<string, string> = {}) => runAgents(cwd, args, { PATH: tools, AGENTS_RUNTIME: '', PERL5OPT: '-Mno_such_module', PERLIO: ':crlf', ...env });
  /** `agents` with this node to fall back to. */
  const withNode = (cwd: string, args: readonly string[], env: Record<string, string> = {}) => runAgents(cwd, args, { PATH: tools, ...env });

  /** A workspace with a plan (and a checkpoint) and its resident process running. */
  async function served(dir: string): Promise<{ root: string; planId: string }> {
    const root = newWorkspace(dir);
    const planId = json<{ plan: { plan_id: string } }>(root, ['plan', 'create', '--title', 'first'], NO_DAEMON).plan.plan_id;
    json(root, ['plan', 'checkpoint', planId], NO_DAEMON);
    agents(root, ['plan', 'list']);
    pids.push((await running(root)).pid);
    return { root, planId };
  }

  /** The ids of a plan's checkpoints, read without the resident process. */
  const checkpointIds = (root: string, planId: string) => json<{ checkpoints: { checkpoint_id: string }[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints.map((c) => c.checkpoint_id);

  it('answers plan list, checkpoints, show and checkpoint through the resident process, with no runtime started, as node prints them', async () => {
    const dir = tempDir();
    const { root, planId } = await served(dir);
    const before = status(root).requests;
    for (const args of [['plan', 'list'], ['plan', 'checkpoints', planId], ['--format', 'json', 'plan', 'show', planId], ['plan', 'show', '01ARZ3NDEKTSV4RRFFQ69G5FAV']]) {
      assert.deepEqual(await fast(root, args), byNode(root, args), `agents ${args.join(' ')}`);
    }
    const taken = await fast(root, ['--format', 'json', 'plan', 'checkpoint', planId]);
    assert.equal(taken.code, 0, taken.stderr);
    const id = (JSON.parse(taken.stdout) as { checkpoint: { checkpoint_id: string } }).checkpoint.checkpoint_id;
    assert.deepEqual(checkpointIds(root, planId).slice(-1), [id]);
    // --workspace given, from another folder.
    const elsewhere = await fast(dir, ['--workspace', root, 'plan', 'list']);
    assert.deepEqual(elsewhere, byNode(root, ['plan', 'list']));
    assert.equal(status(root).requests, before + 7, 'each command was served by the process (and this status call)');
    assert.deepEqual(readdirSync(path.join(root, '.cleveragents', 'run')), ['agents.sock'], 'no file left behind');
  });

  it('leaves to node what it must not send: other commands, help, CLEVERAGENTS_NO_DAEMON', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const before = status(root).requests;
    for (const [args, extra] of [
      [['plan', 'create', '--title', 'x'], {}],
      [['plan', 'list', '--help'], {}],
      [['plan', 'list'], NO_DAEMON],
    ] as const) {
      const r = await fast(root, args, extra);
      assert.equal(r.code, 127, `agents ${args.join(' ')}: node was wanted (${r.stdout}${r.stderr})`);
      assert.match(r.stderr, /node: not found/);
    }
    assert.equal(status(root).requests, before + 1, 'only the status call reached the process');
  });

  it('never talks to a run folder or a socket anyone else could have made: open to others, a symbolic link', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const run = path.join(root, '.cleveragents', 'run');
    const socket = path.join(run, 'agents.sock');
    const refused = async (why: string, open: () => void, close: () => void) => {
      const before = status(root).requests;
      open();
      const r = await fast(root, ['plan', 'list']);
      close();
      assert.equal(r.code, 127, `${why}: the fast client must not connect (${r.stdout}${r.stderr})`);
      assert.equal(status(root).requests, before + 1, `${why}: only the status call reached the process`);
    };
    await refused('a run folder open to its group', () => chmodSync(run, 0o750), () => chmodSync(run, 0o700));
    await refused('a socket open to others', () => chmodSync(socket, 0o606), () => chmodSync(socket, 0o600));
    await refused(
      'a run folder that is a symbolic link',
      () => {
        renameSync(run, `${run}-elsewhere`);
        symlinkSync(`${run}-elsewhere`, run);
      },
      () => {
        rmSync(run);
        renameSync(`${run}-elsewhere`, run);
      },
    );
    assert.equal((await fast(root, ['plan', 'list'])).code, 0, 'served again once everything is private');
  });

  it('prints the answer byte for byte: stderr, an unended last line, stdout, and the exit code', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const stdout = '{"answer":"from the process"}\n  \\n\ttabbed \\\\ \r\n-e\nno newline at the end';
    const stderr = 'agents: first\n\n  -n second\\c\nunended';
    await impostors.listen(root, (socket) => {
      socket.once('data', () => {
        const rest = `${fastCliAck(undefined)}..${fastCliAnswer({ t: 'done', stdout, stderr, code: 2 })}`;
        socket.end(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(rest)}\r\n\r\n${rest}`);
      });
    });
    assert.deepEqual(await fast(root, ['plan', 'list']), { code: 2, stdout, stderr });
  });

  it('a process that acknowledges a checkpoint and goes away: node takes it with the id the process named, so that none is taken twice', async () => {
    const dir = tempDir();
    const { root, planId } = await served(dir);
    const named = { id: '01M8TNR8KK2J8WR6CV5SV70J9Y', token: 'ZX0B1C2D3E4F5G6H7J8K9M0NPQ' };
    let requests = 0;
    await impostors.listen(root, (socket) => {
      socket.once('data', (first: Buffer) => {
        requests++;
        // The fast client's request is acknowledged and dropped; the node client's, dropped.
        if (first[0] !== 0x7b) httpAnswer(socket, first).write(`${fastCliAck(named)}.`);
        setTimeout(() => socket.destroy(), 100);
      });
    });
    const before = checkpointIds(root, planId);
    const r = await withNode(root, ['--format', 'json', 'plan', 'checkpoint', planId]);
    assert.equal(r.code, 0, `${r.stdout}${r.stderr}`);
    assert.equal((JSON.parse(r.stdout) as { checkpoint: { checkpoint_id: string } }).checkpoint.checkpoint_id, named.id);
    assert.deepEqual(checkpointIds(root, planId), [...before, named.id]);
    const taken = json<{ checkpoints: { metadata: { extra: Record<string, string> } }[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints.at(-1)!;
    assert.equal(taken.metadata.extra.checkpoint_call, named.token, 'the script bound the token to the node it became, which recorded it');
    assert.ok(requests >= 2, 'the fast client asked, then the node client');
  });

  it('an AGENTS_CHECKPOINT_ID in the environment names no checkpoint: each call takes one of its own, holding the files written before it', async () => {
    const dir = tempDir();
    const { root, planId } = await served(dir);
    const existing = checkpointIds(root, planId).at(-1)!;
    const inherited = { AGENTS_CHECKPOINT_ID: existing, AGENTS_CHECKPOINT_CALL: `${process.pid}:ZX0B1C2D3E4F5G6H7J8K9M0NPQ` };
    const taken: string[] = [];
    for (const name of ['one', 'two']) {
      write(root, `src/${name}.ts`, `export const ${name} = 1;\n`);
      const r = await fast(root, ['--format', 'json', 'plan', 'checkpoint', planId], inherited);
      assert.equal(r.code, 0, `${r.stdout}${r.stderr}`);
      taken.push((JSON.parse(r.stdout) as { checkpoint: { checkpoint_id: string } }).checkpoint.checkpoint_id);
    }
    assert.ok(!taken.includes(existing) && taken[0] !== taken[1], taken.join(' '));
    assert.deepEqual(checkpointIds(root, planId), [existing, ...taken]);
    const diff = json<{ changes: { path: string }[] }>(root, ['plan', 'diff', planId, taken[0]!, taken[1]!], NO_DAEMON).changes.map((c) => c.path);
    assert.deepEqual(diff, ['src/two.ts']);
  });

  it('a process that never acknowledges: node does the command', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const expected = byNode(root, ['plan', 'list']);
    await impostors.listen(root, (socket) => {
      // A first line trickled and never ended, to the fast client and to the node client alike.
      const head = 'HTTP/1.1 200 OK\r\n';
      let sent = 0;
      const timer = setInterval(() => socket.write(sent < head.length ? head[sent++]! : 'x'), 200);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    assert.deepEqual(await withNode(root, ['plan', 'list'], { CLEVERAGENTS_DAEMON_ACK_MS: '300' }), expected);
  });
});

describe('the fast client\'s command request, as the resident process reads it', () => {
  const fields = (...list: string[]) => Buffer.from(`${list.map((f) => `${f}\0`).join('')}\0`);
  const call = { id: '01M8TNR8KK2J8WR6CV5SV70J9Y', token: 'ZX0B1C2D3E4F5G6H7J8K9M0NPQ' };
  const id = () => call;

  it('reads the working folder, the variables and the words in order; a checkpoint gets its id before the work', () => {
    const list = parseFastCli(`/v1/cli?version=${VERSION}`, fields('cwd=/w', 'AGENTS_WORKSPACE=/w', 'arg=--format', 'arg=json', 'arg=plan', 'arg=list'), id);
    assert.deepEqual(list, { ok: true, checkpoint: undefined, request: { version: VERSION, kind: 'cli', argv: ['--format', 'json', 'plan', 'list'], cwd: '/w', env: { AGENTS_WORKSPACE: '/w' } } });
    const taken = parseFastCli(`/v1/cli?version=${VERSION}`, fields('cwd=/w', 'arg=plan', 'arg=checkpoint', 'arg=P', 'arg=a\nb=c'), id);
    assert.ok(taken.ok);
    assert.deepEqual(taken.request.argv, ['plan', 'checkpoint', 'P', 'a\nb=c']);
    assert.deepEqual(taken.request.checkpoint, call);
    assert.deepEqual(taken.checkpoint, call);
    assert.equal(fastCliAck(taken.checkpoint), `ack ${call.id} ${call.token}\n`);
    // An id in the script's environment is none of the process's business: it is refused as a
    // field, and the process chooses the call's id itself.
    assert.equal(parseFastCli(`/v1/cli?version=${VERSION}`, fields('cwd=/w', 'AGENTS_CHECKPOINT_ID=01M8TNR8KK2J8WR6CV5SV70J9Y', 'arg=plan', 'arg=checkpoint', 'arg=P'), id).ok, false);
    assert.equal(fastCliAck(undefined), 'ack -\n');
  });

  it('refuses anything else', () => {
    const refused = (url: string, body: Buffer) => {
      const r = parseFastCli(url, body, id);
      assert.equal(r.ok, false, `${url} ${JSON.stringify(body.toString())}`);
    };
    refused('/v1/cli', fields('cwd=/w', 'arg=plan', 'arg=list'));
    refused(`/v1/cli?version=${VERSION}`, fields('cwd=/w', 'arg=plan', 'arg=create'));
    refused(`/v1/cli?version=${VERSION}`, fields('cwd=/w', 'arg=plan', 'arg=list', 'arg=--help'));
    refused(`/v1/cli?version=${VERSION}`, fields('cwd=w', 'arg=plan', 'arg=list'));
    refused(`/v1/cli?version=${VERSION}`, fields('arg=plan', 'arg=list'));
    refused(`/v1/cli?version=${VERSION}`, fields('cwd=/w', 'HOME=/x', 'arg=plan', 'arg=list'));
    refused(`/v1/cli?version=${VERSION}`, Buffer.from('cwd=/w\0arg=plan\0arg=list'));
  });

  it('frames the answer: the exit code, stderr\'s newlines and whether it ends unended', () => {
    assert.equal(fastCliAnswer({ t: 'done', stdout: 'out', stderr: '', code: 0 }), '\ndone 0 0 0\nout');
    assert.equal(fastCliAnswer({ t: 'done', stdout: '', stderr: 'a\nb\n', code: 2 }), '\ndone 2 2 0\na\nb\n');
    assert.equal(fastCliAnswer({ t: 'done', stdout: 'o', stderr: 'a\nb', code: 1 }), '\ndone 1 1 1\na\nb\no');
  });
});

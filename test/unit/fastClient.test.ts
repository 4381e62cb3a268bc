import * as assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseFastHook } from '../../src/daemon/fastHook';
import { FORWARDED_ENV_NAMES, RESIDENT_LOST_ENV } from '../../src/daemonClient/protocol';
import { launcherText } from '../../src/extension/agentHooks/hookRuntime';
import { cliEnv, REPO_ROOT } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, VERSION, agents, event, hook, hooksLog, httpAnswer, json, newWorkspace, runDetached, running, status, toolsOnly, useFastClientSuite, until, type Run } from './helpers/residentProcessFixtures';
import { write } from './helpers/sandboxFixtures';
import { clinePreToolUseEvent } from './fixtures/hookConfigFixtures';

// The launcher's fast client (src/daemonClient/fastClientScript.ts, fastHook.ts): the real launcher run
// by /bin/sh with the real curl, against the real resident process, or against a socket of this
// test where the process must misbehave (answer and go, go silent). No timing is asserted.

const uid = typeof process.getuid === 'function' ? process.getuid() : -1;

/**
 * Runs `launcher "<cli.js>" hook run <agent>` with `input` on stdin (or a stdin left open when
 * undefined), asynchronously: a socket of this test must go on answering meanwhile.
 */
function runLauncher(launcher: string, root: string, agent: string, input: string | undefined, env: Record<string, string>): Promise<Run> {
  return runDetached(launcher, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'hook', 'run', agent], { cwd: root, env: cliEnv({ ...BASE_ENV, ...env }), input });
}

for (const client of ['perl', 'curl'] as const)
describe(`the launcher's fast client, with ${client}`, function () {
  this.timeout(180_000);
  const { pids, impostors, tempDir } = useFastClientSuite(client, 'ca-fast-');

  /** The PATH of every call: the fast client's tools, perl only in its run, no node. */
  const tools = (dir: string) => toolsOnly(dir, client === 'perl' ? ['perl'] : []);
  const call = (file: string, root: string, agent: string, input: string | undefined, env: Record<string, string>) =>
    runLauncher(file, root, agent, input, { PATH: tools(path.dirname(root)), ...env });

  /** A launcher as the extension writes it; `runtime` may be a path that does not exist. */
  function launcher(dir: string, runtime = process.execPath, version = VERSION): string {
    const file = path.join(dir, `launcher-${version}-${path.basename(runtime)}`);
    writeFileSync(file, launcherText(runtime, false, { version, uid }), { mode: 0o755 });
    return file;
  }

  /** A workspace with a plan for the session and its resident process running. */
  async function served(dir: string): Promise<{ root: string; pid: number }> {
    const root = newWorkspace(dir);
    json(root, ['plan', 'create', '--title', 'first'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    const { pid } = await running(root);
    pids.push(pid);
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'add b' }));
    return { root, pid };
  }

  const writeEvent = (root: string, name: string) => event(root, name, { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, 'src/b.ts') } });

  /** The checkpoints the hooks took, as hooks.log tells them. */
  const taken = (root: string, phase: string) => hooksLog(root).split('\n').filter((l) => l.includes(`: ${phase} `)).length;

  it('a hooks.log that is a link out of the workspace (issue 34): the call is answered, and nothing is written through the link', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const outside = path.join(dir, 'bashrc');
    writeFileSync(outside, 'export EDITOR=vi\n');
    rmSync(path.join(root, '.cleveragents', 'logs', 'hooks.log'), { force: true });
    symlinkSync(outside, path.join(root, '.cleveragents', 'logs', 'hooks.log'));
    const gone = launcher(dir, path.join(dir, 'no-such-node'));
    const before = status(root).requests;
    const run = await call(gone, root, 'claude-code', event(root, 'UserPromptSubmit', { session_id: '$(touch${IFS}PWNED)', prompt: 'x' }), { PATH: tools(dir), CLAUDE_PROJECT_DIR: root });
    assert.deepEqual(run, { code: 0, stdout: '', stderr: '' });
    assert.equal(status(root).requests, before + 2, 'the call went to the resident process');
    assert.equal(readFileSync(outside, 'utf8'), 'export EDITOR=vi\n');
  });

  it('hands the hook to the resident process: no Node.js is started, and the answer is the one node would print', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const gone = launcher(dir, path.join(dir, 'no-such-node'));
    const env = { PATH: tools(dir), CLAUDE_PROJECT_DIR: root };
    const before = status(root).requests;
    const pre = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
    assert.deepEqual(pre, { code: 0, stdout: '', stderr: '' });
    write(root, 'src/b.ts', 'export const b = 2;\n');
    const post = await call(gone, root, 'claude-code', writeEvent(root, 'PostToolUse'), env);
    assert.deepEqual(post, { code: 0, stdout: '', stderr: '' });
    assert.equal(status(root).requests, before + 3, 'both hooks (and this status) went to the process');
    assert.equal(taken(root, 'pre_write'), 1);
    assert.equal(taken(root, 'post_step'), 1);
    // An agent whose answer is not empty (Cline fails closed on anything but its JSON), byte for byte.
    const cline = await call(gone, root, 'cline', clinePreToolUseEvent(root), { ...env, CLAUDE_PROJECT_DIR: '' });
    const byNode = agents(root, ['hook', 'run', 'cline'], { input: clinePreToolUseEvent(root), env: NO_DAEMON });
    assert.deepEqual(cline, { code: 0, stdout: byNode.stdout, stderr: '' });
    assert.equal(byNode.stdout, '{"cancel":false}\n');
    assert.deepEqual(
      readdirSync(path.join(root, '.cleveragents', 'run')).filter((n) => n !== 'agents.sock'),
      [],
      'no temporary file is left',
    );
  });

  it('leaves the call to node, on the same stdin, whenever it cannot be answered: no process, CLEVERAGENTS_NO_DAEMON, a launcher of another version', async () => {
    const dir = tempDir();
    const { root, pid } = await served(dir);
    const gone = launcher(dir, path.join(dir, 'no-such-node'));
    const env = { PATH: tools(dir), CLAUDE_PROJECT_DIR: root };
    const notServed = async (why: string, file: string, extra: Record<string, string> = {}) => {
      const r = await call(file, root, 'claude-code', writeEvent(root, 'PreToolUse'), { ...env, ...extra });
      assert.equal(r.code, 1, `${why}: node was wanted (${r.stdout}${r.stderr})`);
      assert.match(r.stderr, /no-such-node is gone/, why);
    };
    const before = status(root).requests;
    await notServed('turned off', gone, NO_DAEMON);
    const other = launcher(dir, path.join(dir, 'no-such-node'), '0.0.1-other');
    await notServed('another version', other);
    assert.equal(status(root).pid, pid, 'a launcher of another version does not stop the process');
    assert.equal(status(root).requests, before + 2, 'nothing was served but the status calls');
    // With a runtime, node does the call on the stdin the fast client read (here: after the refusal).
    const real = launcher(dir, process.execPath, '0.0.1-other');
    const r = await call(real, root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root });
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
    // its line in hooks.log comes once the call's work ends, after its answer
    await until('the pre_write in hooks.log', () => taken(root, 'pre_write') > 0);
    assert.equal(taken(root, 'pre_write'), 1, 'the checkpoint was taken, from the same event');
    // No process at all: node does the call, and starts one.
    agents(root, ['daemon', 'stop']);
    await until('the process has stopped', () => !status(root).running);
    const again = await call(launcher(dir), root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root });
    assert.deepEqual(again, { code: 0, stdout: '', stderr: '' });
    assert.equal(taken(root, 'pre_write'), 2);
    pids.push((await running(root)).pid);
  });

  it('never talks to a run folder or a socket anyone else could have made: open to others, another owner, a symbolic link', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const gone = launcher(dir, path.join(dir, 'no-such-node'));
    const env = { PATH: tools(dir), CLAUDE_PROJECT_DIR: root };
    const run = path.join(root, '.cleveragents', 'run');
    const socket = path.join(run, 'agents.sock');
    /** `open` makes the fast client's way unsafe; `close` undoes it, for the node client to read the count again. */
    const refused = async (why: string, open: () => void, close: () => void) => {
      const before = status(root).requests;
      open();
      const r = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
      close();
      assert.equal(r.code, 1, `${why}: the fast client must not connect (${r.stdout}${r.stderr})`);
      assert.equal(status(root).requests, before + 1, `${why}: only the status call reached the process`);
    };
    await refused('a run folder open to its group', () => chmodSync(run, 0o750), () => chmodSync(run, 0o700));
    await refused('a socket open to its group', () => chmodSync(socket, 0o660), () => chmodSync(socket, 0o600));
    if (uid === 0) {
      // Only root can give a file away: the test of another owner runs where it can.
      await refused('a socket of another user', () => chownSync(socket, 65534, 65534), () => chownSync(socket, 0, 0));
      await refused('a run folder of another user', () => chownSync(run, 65534, 65534), () => chownSync(run, 0, 0));
    }
    // A link to a folder of ours with the live socket in it: not used either, as by the node client.
    renameSync(run, `${run}-elsewhere`);
    symlinkSync(`${run}-elsewhere`, run);
    const linked = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
    assert.equal(linked.code, 1, `a run folder that is a symbolic link: ${linked.stdout}${linked.stderr}`);
    rmSync(run);
    renameSync(`${run}-elsewhere`, run);
    const ok = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
    assert.equal(ok.code, 0, `served again once everything is private: ${ok.stderr}`);
  });

  if (client === 'perl')
    it('perl is steered by none of its variables in the agent\'s environment (PERL5OPT, PERL5LIB, PERLIO, PERL_UNICODE)', async () => {
      const dir = tempDir();
      const { root } = await served(dir);
      const gone = launcher(dir, path.join(dir, 'no-such-node'));
      const env = { CLAUDE_PROJECT_DIR: root, PERL5OPT: '-Mno_such_module', PERL5LIB: dir, PERLLIB: dir, PERLIO: ':crlf', PERL_UNICODE: 'SDA' };
      const r = await call(gone, root, 'claude-code', writeEvent(root, 'PreToolUse'), env);
      assert.deepEqual(r, { code: 0, stdout: '', stderr: '' }, 'answered by perl (with PERL5OPT it would not start, and node is gone)');
    });

  it('a process that takes the call and goes away: node takes the checkpoint itself, told that part may be done', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    let requests = 0;
    await impostors.listen(root, (socket) => {
      socket.once('data', (request: Buffer) => {
        requests++;
        httpAnswer(socket, request).write('.');
        socket.destroy();
      });
    });
    const r = await call(launcher(dir), root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root, CLEVERAGENTS_NO_DAEMON: '' });
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
    assert.equal(requests, 1, 'the node client did not ask the process again');
    assert.equal(taken(root, 'pre_write'), 1, 'the checkpoint was taken in-process');
    assert.match(hooksLog(root), /took the call from the launcher and went away unanswering/);
    assert.equal(process.env[RESIDENT_LOST_ENV], undefined);
  });

  it('a process that never acknowledges the call: the fast client gives up, and node does the call', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    // It trickles an answer's first line and never ends it, with a budget that would allow ten
    // minutes. (The fast client's one-second wait for the acknowledgement makes this end sooner
    // than curl's own speed check would; only a timing could show that, so it is not asserted.)
    await impostors.listen(root, (socket) => {
      const head = 'HTTP/1.1 200 OK\r\n';
      let sent = 0;
      const timer = setInterval(() => socket.write(sent < head.length ? head[sent++]! : 'x'), 200);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    const r = await call(launcher(dir), root, 'claude-code', writeEvent(root, 'PreToolUse'), { CLAUDE_PROJECT_DIR: root, CLEVERAGENTS_DAEMON_ACK_MS: '300', AGENTS_HOOK_BUDGET_MS: '600000' });
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
    assert.equal(taken(root, 'pre_write'), 1);
  });

  it('a call that takes a while is waited for while the process says it works', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    await impostors.listen(root, (socket) => {
      socket.once('data', (request: Buffer) => {
        const answer = httpAnswer(socket, request);
        answer.write('.');
        const beat = setInterval(() => answer.write('.'), 200);
        setTimeout(() => {
          clearInterval(beat);
          answer.end('\ndone\n{"answer":"from the process"}\n  \\n\ttabbed \\\\ \r\nno newline at the end');
        }, 2500);
      });
    });
    const r = await call(launcher(dir, path.join(dir, 'no-such-node')), root, 'claude-code', writeEvent(root, 'PreToolUse'), { PATH: tools(dir), CLAUDE_PROJECT_DIR: root });
    assert.deepEqual(r, { code: 0, stdout: '{"answer":"from the process"}\n  \\n\ttabbed \\\\ \r\nno newline at the end', stderr: '' }, 'the answer byte for byte');
  });

  it('an agent that never closes stdin: the call ends after the wait a node client gives it', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const r = await call(launcher(dir, path.join(dir, 'no-such-node')), root, 'claude-code', undefined, { PATH: tools(dir), CLAUDE_PROJECT_DIR: root });
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' }, 'answered by the process');
    assert.match(hooksLog(root), /stdin did not end within 5000 ms/);
  });

  it('sends the working folder and every variable a hook reads, exactly', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    let body: Buffer | undefined;
    await impostors.listen(root, (socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => {
        chunks.push(c);
        const all = Buffer.concat(chunks);
        const head = all.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(all.subarray(0, head).toString())?.[1]);
        if (head < 0 || all.length < head + 4 + length) return;
        body = all.subarray(head + 4);
        socket.end('HTTP/1.1 409 Conflict\r\nContent-Length: 0\r\n\r\n');
      });
    });
    const values: Record<string, string> = Object.fromEntries(FORWARDED_ENV_NAMES.map((name, i) => [name, i === 0 ? root : `value ${i} with 'quotes', "these", $HOME and\nlines`]));
    values.AGENTS_HOOK_BUDGET_MS = '9000';
    const input = writeEvent(root, 'PreToolUse');
    await call(launcher(dir, path.join(dir, 'no-such-node')), root, 'claude-code', input, { PATH: tools(dir), ...values });
    assert.ok(body, 'the request came');
    const parsed = parseFastHook(`/v1/hook/claude-code?version=${VERSION}`, body, 1000);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.why);
    assert.deepEqual(parsed.request, { version: VERSION, kind: 'hook', agent: 'claude-code', input: { ok: true, text: input }, cwd: root, env: values, started: 1000, answerBy: 7000 });
  });

  it('the files a killed hook left behind are removed by the process once older than any budget, and nothing else', async () => {
    const dir = tempDir();
    const { root } = await served(dir);
    const run = path.join(root, '.cleveragents', 'run');
    const old = new Date(Date.now() - 20 * 60 * 1000);
    for (const name of ['hook-101.in', 'hook-101.meta', 'hook-101.out', 'hook-102.in', 'notes.txt']) writeFileSync(path.join(run, name), 'x');
    for (const name of ['hook-101.in', 'hook-101.meta', 'hook-101.out', 'notes.txt']) utimesSync(path.join(run, name), old, old);
    await until('the old files are removed', () => !existsSync(path.join(run, 'hook-101.in')) && !existsSync(path.join(run, 'hook-101.out')));
    assert.deepEqual(readdirSync(run).sort(), ['agents.sock', 'hook-102.in', 'notes.txt'], 'a recent one (a call under way) and other names stay');
  });

  it('forwards every AGENTS_HOOK_ variable the code reads', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, name.name);
        if (name.isDirectory()) walk(file);
        else if (file.endsWith('.ts')) for (const m of readFileSync(file, 'utf8').matchAll(/\bAGENTS_HOOK_[A-Z_]+/g)) read.add(m[0]);
      }
    };
    walk(path.join(REPO_ROOT, 'src'));
    read.delete(RESIDENT_LOST_ENV);
    assert.ok(read.size >= 3, [...read].join());
    for (const name of read) assert.ok(FORWARDED_ENV_NAMES.includes(name), `${name} is read by the code but not forwarded`);
  });
});

describe('the fast client\'s request, as the resident process reads it', () => {
  const fields = (...list: string[]) => Buffer.from(`${list.map((f) => `${f}\0`).join('')}\0&`);
  const url = '/v1/hook/cursor?version=1.2.3';

  it('reads the fields and the event', () => {
    const parsed = parseFastHook(url, Buffer.concat([fields('cwd=/w', 'stdin=ended', 'AGENTS_DEBUG=1'), Buffer.from('{"a":"é\0"}')]), 50);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.request, { version: '1.2.3', kind: 'hook', agent: 'cursor', input: { ok: true, text: '{"a":"é\0"}' }, cwd: '/w', env: { AGENTS_DEBUG: '1' }, started: 50, answerBy: 7050 });
  });

  it('an event that did not end, or too large, is the hook\'s to report, as a node client would', () => {
    const late = parseFastHook(url, fields('cwd=/w', 'stdin=timeout'), 0);
    assert.ok(late.ok && late.request.kind === 'hook');
    assert.deepEqual(late.request.input, { ok: false, why: 'stdin did not end within 5000 ms' });
    const big = parseFastHook(url, Buffer.concat([fields('cwd=/w', 'stdin=ended'), Buffer.alloc(8 * 1024 * 1024 + 1, 0x20)]), 0);
    assert.ok(big.ok && big.request.kind === 'hook');
    assert.deepEqual(big.request.input, { ok: false, why: `stdin holds more than ${8 * 1024 * 1024} bytes` });
  });

  it('refuses anything else', () => {
    const body = Buffer.concat([fields('cwd=/w', 'stdin=ended'), Buffer.from('{}')]);
    const refusals: [string, Buffer, RegExp][] = [
      ['/v1/hook/cursor', body, /not a hook request/],
      ['/v1/hook/nobody?version=1', body, /agent/],
      ['/v2/hook/cursor?version=1', body, /not a hook request/],
      [url, Buffer.from('cwd=/w\0stdin=ended\0{}'), /do not end/],
      [url, Buffer.concat([fields('cwd=relative', 'stdin=ended'), Buffer.from('{}')]), /absolute path/],
      [url, Buffer.concat([fields('cwd=/w'), Buffer.from('{}')]), /no stdin field/],
      [url, Buffer.concat([fields('cwd=/w', 'stdin=ended', 'PATH=/bin'), Buffer.from('{}')]), /unexpected field "PATH"/],
      [url, Buffer.concat([fields('cwd=/w', 'cwd=/x', 'stdin=ended'), Buffer.from('{}')]), /unexpected field "cwd"/],
    ];
    for (const [u, b, why] of refusals) {
      const parsed = parseFastHook(u, b, 0);
      assert.equal(parsed.ok, false, u);
      assert.match(parsed.ok ? '' : parsed.why, why, u);
    }
  });
});

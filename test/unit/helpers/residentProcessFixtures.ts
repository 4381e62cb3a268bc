import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { CLI_PATH, REPO_ROOT, cliEnv, ensureCliBuilt } from './cliHarness';
import { git, write } from './sandboxFixtures';
import { useTempDirs } from './tempDir';

// What the tests of the resident process share (residentProcess.test.ts, fastClient.test.ts):
// the built CLI run as the agents run it, the daemon's status, and waits that only ever wait for
// something to happen (no timing is asserted).

export const DIST = path.join(REPO_ROOT, 'dist');
export const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Daemons of these tests check their folder often and leave within a minute. */
export const BASE_ENV = { CLEVERAGENTS_DAEMON_IDLE_MS: '60000', CLEVERAGENTS_DAEMON_CHECK_MS: '200', AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' };

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function agents(root: string, args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): Run {
  const r = spawnSync(process.execPath, [CLI_PATH, ...args], { cwd: root, input: options.input ?? '', env: cliEnv({ ...BASE_ENV, ...options.env }), encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function json<T>(root: string, args: readonly string[], env: Record<string, string> = {}): T {
  const r = agents(root, ['--format', 'json', ...args], { env });
  assert.equal(r.code, 0, `agents ${args.join(' ')}: ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export const NO_DAEMON = { CLEVERAGENTS_NO_DAEMON: '1' };

/** A Claude Code event for `root`, as its hooks send them. */
export function event(root: string, name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ session_id: 'session-1', hook_event_name: name, cwd: root, ...extra });
}

export function hook(root: string, input: string, env: Record<string, string> = {}): Run {
  const r = agents(root, ['hook', 'run', 'claude-code'], { input, env: { CLAUDE_PROJECT_DIR: root, ...env } });
  assert.equal(r.code, 0, `hook run: ${r.stdout}${r.stderr}`);
  assert.equal(r.stdout, '', 'Claude Code is answered with nothing');
  return r;
}

export interface Status {
  readonly running: boolean;
  readonly pid: number;
  readonly version: string;
  readonly requests: number;
  readonly rss_bytes: number;
  readonly warm_databases: number;
  readonly watched_folders: number;
}

export function status(root: string, env: Record<string, string> = {}): Status {
  return JSON.parse(agents(root, ['daemon', 'status'], { env }).stdout) as Status;
}

export async function until<T>(what: string, probe: () => T | undefined | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The daemon serving `root`, once one does. */
export function running(root: string): Promise<Status> {
  return until(`a resident process for ${root}`, () => {
    const s = status(root);
    return s.running ? s : undefined;
  });
}

export function newWorkspace(dir: string): string {
  const root = path.join(dir, 'ws');
  mkdirSync(root);
  git(root, 'init', '-q');
  write(root, 'src/app.ts', 'export const a = 1;\n');
  write(root, 'README.md', '# w\n');
  return root;
}

export function hooksLog(root: string): string {
  const file = path.join(root, '.cleveragents', 'logs', 'hooks.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}


/**
 * A PATH (dir/bin) holding only what the fast client runs with curl (curl, find, cat, sleep, rm),
 * git for the hooks node runs when it falls back, and `extra` (perl): no node, so that whatever
 * falls back to a runtime on the PATH fails, and an answer can only have come through the fast
 * client. Made once per folder.
 */
export function toolsOnly(dir: string, extra: readonly string[] = []): string {
  const bin = path.join(dir, 'bin');
  if (existsSync(bin)) return bin;
  mkdirSync(bin);
  for (const tool of ['curl', 'find', 'cat', 'sleep', 'rm', 'git', ...extra]) {
    const found = ['/usr/bin', '/bin', '/usr/local/bin'].map((d) => path.join(d, tool)).find((p) => existsSync(p));
    assert.ok(found, `${tool} is needed by this test`);
    symlinkSync(found, path.join(bin, tool));
  }
  return bin;
}

/** Sockets of a test, each where a workspace's resident process listens, for a process that must misbehave. */
export class Impostors {
  private readonly servers: net.Server[] = [];
  private readonly sockets: net.Socket[] = [];

  /** Stops the workspace's process and listens in its place; each connection goes to `onConnection`. */
  async listen(root: string, onConnection: (socket: net.Socket) => void): Promise<void> {
    agents(root, ['daemon', 'stop']);
    await until('the process has stopped', () => !status(root).running);
    const run = path.join(root, '.cleveragents', 'run');
    const server = net.createServer((socket) => {
      this.sockets.push(socket);
      onConnection(socket);
    });
    this.servers.push(server);
    await new Promise<void>((resolve) => server.listen(path.join(run, 'agents.sock'), resolve));
    chmodSync(path.join(run, 'agents.sock'), 0o600);
  }

  closeAll(): void {
    for (const socket of this.sockets.splice(0)) socket.destroy();
    for (const server of this.servers.splice(0)) server.close();
  }
}

/**
 * An answer written to `socket` as the resident process's http server writes it for `request`:
 * chunked to an HTTP/1.1 request (curl's), as it comes to an HTTP/1.0 one (perl's), which then
 * ends with the connection. The head goes with the first write.
 */
export function httpAnswer(socket: net.Socket, request: Buffer): { write(text: string): void; end(text: string): void } {
  const chunked = !request.toString('latin1', 0, Math.min(request.length, 300)).split('\r\n')[0]!.endsWith('HTTP/1.0');
  let head = `HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n${chunked ? 'Transfer-Encoding: chunked' : 'Connection: close'}\r\n\r\n`;
  const framed = (text: string) => {
    const out = head + (chunked ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` : text);
    head = '';
    return out;
  };
  return {
    write: (text) => socket.write(framed(text)),
    end: (text) => socket.end(framed(text) + (chunked ? '0\r\n\r\n' : '')),
  };
}

/** perl, where the machine has one: the fast client's first way to the process. */
export const PERL = ['/usr/bin/perl', '/bin/perl', '/usr/local/bin/perl'].find((p) => existsSync(p));

/**
 * Runs `file args` with `input` on stdin (a stdin left open when undefined), asynchronously: a
 * socket of the test must go on answering meanwhile. In a process group of its own, so that what
 * it started goes with it when it is stopped after a minute.
 */
export function runDetached(file: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; input: string | undefined }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A program that fails at once may exit before it reads its stdin.
    child.stdin.on('error', () => undefined);
    if (options.input !== undefined) child.stdin.end(options.input);
  });
}

/** Kills the processes (resident processes a test started) and empties the list. */
export function killAll(pids: number[]): void {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

/**
 * Inside a mocha `describe` of the fast client with `client`: the resident processes to kill and
 * the test sockets to close after each test (before the temporary folders go), temporary folders,
 * and the suite skipped where that client cannot run (Windows, or no perl).
 */
export function useFastClientSuite(client: 'perl' | 'curl', prefix: string): { pids: number[]; impostors: Impostors; tempDir: () => string } {
  const pids: number[] = [];
  const impostors = new Impostors();
  afterEach(() => {
    impostors.closeAll();
    killAll(pids);
  });
  const tempDir = useTempDirs(prefix);
  before(function () {
    if (process.platform === 'win32' || (client === 'perl' && !PERL)) this.skip();
    ensureCliBuilt();
  });
  return { pids, impostors, tempDir };
}

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import * as path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { executableOnPath } from '../files/executableOnPath';
import { GIT_RELAY_PROGRAM } from './gitRelayProgram';
import { sharedAcrossBundles } from '../../core/sharedAcrossBundles';

/** How a git run through the relay ended: its exit code (null for a signal or a git that never ran), its output. */
export interface RelayedGit {
  readonly code: number | null;
  readonly out: Buffer;
  readonly err: Buffer;
}

/** No more relay processes than this: a request beyond them starts git itself. */
const MAX_PROCESSES = 4;
/** A relay process that ends before it is ready this many times: perl cannot run it here; no more tries. */
const MAX_FAILED_STARTS = 3;

/**
 * Starts git through small perl processes (gitRelayProgram.ts) for a large, long-lived node
 * process: the resident process, VS Code's extension host. Each relay process runs one git at a
 * time; a request finds an idle one, or git is started the usual way (and one more relay process
 * gets ready for next time). Where perl is not found, or its processes do not start, nothing
 * changes: git is started the usual way.
 *
 * Nothing the workspace holds reaches perl: it gets an empty environment (no `PERL5OPT` or
 * `PERL5LIB` of the user's to load code into it), runs in `/`, and is given git's environment,
 * folder and arguments per request, as node's spawn would be.
 */
export class GitRelay {
  private readonly idle: RelayProcess[] = [];
  private starting = 0;
  private failedStarts = 0;
  private closed = false;
  /** How many gits ran through the relay (for the tests). */
  served = 0;
  /** The relay processes that are ready (idle or busy). */
  private readonly all = new Set<RelayProcess>();

  constructor(private readonly perl: string) {}

  /** The relay processes' ids (for the tests). */
  pids(): number[] {
    return [...this.all].map((r) => r.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** Gets `count` relay processes ready ahead of the first request. */
  warm(count: number): void {
    for (let i = 0; i < count; i++) this.startOne();
  }

  /**
   * Runs git through an idle relay process; undefined when none is ready (then the caller starts
   * git itself). The promise rejects when the relay process ends before git's answer (whether git
   * ran is then not known), or with the input's own error after git was stopped.
   */
  run(cwd: string, env: NodeJS.ProcessEnv, args: readonly string[], input: string | Buffer | Promise<string> | undefined): Promise<RelayedGit> | undefined {
    const fields = [cwd, String(args.length), ...args, ...Object.entries(env).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`]))];
    // Node's spawn refuses a NUL in any of them, with its own error: left to it.
    if (this.closed || fields.some((f) => f.includes('\0'))) return undefined;
    const relay = this.idle.pop();
    if (this.idle.length === 0) this.startOne();
    if (!relay) return undefined;
    this.served++;
    return relay.run(Buffer.from(fields.join('\0'), 'utf8'), input).finally(() => this.putBack(relay));
  }

  /**
   * Stops every idle relay process, and every busy one once its git answered; from now on git
   * starts the usual way.
   */
  close(): void {
    this.closed = true;
    for (const relay of this.idle.splice(0)) relay.end();
  }

  private startOne(): void {
    if (this.closed || this.failedStarts >= MAX_FAILED_STARTS || this.all.size + this.starting >= MAX_PROCESSES) return;
    this.starting++;
    const relay = new RelayProcess(this.perl, () => {
      this.all.delete(relay);
      const at = this.idle.indexOf(relay);
      if (at >= 0) this.idle.splice(at, 1);
    });
    void relay.ready.then((ready) => {
      this.starting--;
      if (!ready) {
        this.failedStarts++;
        return;
      }
      this.failedStarts = 0;
      this.all.add(relay);
      this.putBack(relay);
    });
  }

  /** A relay process ready for the next request: idle, or ended when the relay was closed meanwhile. */
  private putBack(relay: RelayProcess): void {
    if (!relay.usable) return;
    if (this.closed) relay.end();
    else this.idle.push(relay);
  }
}

/** One perl process of the relay: ready once it said so, then one request at a time. */
class RelayProcess {
  /** True once the program runs (its first line), false when it ended or could not start before that. */
  readonly ready: Promise<boolean>;
  usable = false;
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private received: Buffer[] = [];
  private receivedBytes = 0;
  private header?: { code: number | null; start: number; outBytes: number; errBytes: number };
  private answer?: { resolve: (git: RelayedGit) => void; reject: (error: Error) => void };

  constructor(perl: string, onEnd: () => void) {
    this.child = spawn(perl, ['-e', GIT_RELAY_PROGRAM], { cwd: path.parse(process.cwd()).root, env: {}, stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.unref();
    this.idleHandles();
    this.child.stdin.on('error', () => undefined);
    let markReady: (ready: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.child.stdout.on('data', (chunk: Buffer) => {
      if (!this.usable && this.receivedBytes === 0 && chunk.subarray(0, 6).toString('latin1') === 'ready\n') {
        this.usable = true;
        markReady(true);
        chunk = chunk.subarray(6);
        if (chunk.length === 0) return;
      }
      // Nothing was asked: a relay out of step is of no further use.
      if (!this.answer) return this.outOfStep();
      this.received.push(chunk);
      this.receivedBytes += chunk.length;
      this.takeAnswer();
    });
    const ended = (why: string) => {
      const wasUsable = this.usable;
      this.usable = false;
      markReady(false);
      const answer = this.answer;
      this.answer = undefined;
      answer?.reject(new Error(`git's relay process ended before git's answer (${why})`));
      if (wasUsable) onEnd();
    };
    this.child.on('error', (error) => ended(error.message));
    this.child.on('exit', (code, signal) => ended(signal ? `signal ${signal}` : `exit code ${code}`));
  }

  run(request: Buffer, input: string | Buffer | Promise<string> | undefined): Promise<RelayedGit> {
    this.busyHandles();
    const answered = new Promise<RelayedGit>((resolve, reject) => (this.answer = { resolve, reject }));
    const stdin = this.child.stdin;
    stdin.write(`${request.length}\n`);
    stdin.write(request);
    if (!(input instanceof Promise)) {
      this.writeInput(input);
      return answered.finally(() => this.idleHandles());
    }
    // Git starts now; its input follows when known. An input that fails stops git, and the
    // caller gets that failure once the relay has answered (so the next request starts clean).
    let inputError: unknown;
    input.then(
      (text) => this.writeInput(text),
      (error: unknown) => {
        inputError = error;
        stdin.write('k\n');
      },
    );
    return answered
      .then((git) => {
        if (inputError !== undefined) throw inputError;
        return git;
      })
      .finally(() => this.idleHandles());
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  end(): void {
    this.usable = false;
    this.child.stdin.end();
  }

  private writeInput(input: string | Buffer | undefined): void {
    const bytes = input === undefined ? Buffer.alloc(0) : Buffer.isBuffer(input) ? input : Buffer.from(input, 'utf8');
    this.child.stdin.write(`${bytes.length}\n`);
    if (bytes.length > 0) this.child.stdin.write(bytes);
  }

  /**
   * The answer, once all of it arrived: `<how> <n> <m>\n`, then n bytes of output and m of errors.
   * The header is read from the first bytes; the rest is joined once, when complete.
   */
  private takeAnswer(): void {
    if (!this.answer) return;
    if (!this.header) {
      const head = Buffer.concat(this.received, this.receivedBytes);
      this.received = [head];
      const newline = head.indexOf(10);
      if (newline < 0) {
        if (head.length > 64) this.outOfStep();
        return;
      }
      const fields = /^(e|s\d+|\d+) (\d+) (\d+)$/.exec(head.subarray(0, newline).toString('latin1'));
      if (!fields) return this.outOfStep();
      this.header = { code: /^\d+$/.test(fields[1]!) ? Number(fields[1]) : null, start: newline + 1, outBytes: Number(fields[2]), errBytes: Number(fields[3]) };
    }
    const { code, start, outBytes, errBytes } = this.header;
    if (this.receivedBytes < start + outBytes + errBytes) return;
    const all = Buffer.concat(this.received, this.receivedBytes);
    this.received = [];
    this.receivedBytes = 0;
    this.header = undefined;
    const answer = this.answer;
    this.answer = undefined;
    answer.resolve({ code, out: all.subarray(start, start + outBytes), err: all.subarray(start + outBytes, start + outBytes + errBytes) });
  }

  /** Bytes that are no answer: the process is of no further use (its end fails the call waiting). */
  private outOfStep(): void {
    this.end();
    this.child.kill();
  }

  /** While git runs, the relay's pipes keep node running; while idle, they do not hold node's exit. */
  private busyHandles(): void {
    this.child.ref();
    (this.child.stdout as Readable & { ref?: () => void }).ref?.();
  }

  private idleHandles(): void {
    this.child.unref();
    (this.child.stdout as Readable & { unref?: () => void }).unref?.();
    (this.child.stdin as Writable & { unref?: () => void }).unref?.();
  }
}

// One relay per process: this module is bundled both into dist/extension.js, which starts and
// closes the relay, and into dist/extensionEngine.js, whose git runs through it.
const relayHolder = sharedAcrossBundles('gitRelay', () => ({ relay: undefined as GitRelay | undefined }));

/**
 * Starts git through the relay from now on in this process (not on Windows, where starting a
 * process copies nothing), unless `CLEVERAGENTS_NO_GIT_RELAY=1`, with `warm` relay processes
 * started now (else with the first git). False when it does not (also when perl is not on PATH).
 */
export function useGitRelay(warm = 0): boolean {
  if (relayHolder.relay) return true;
  if (process.platform === 'win32' || process.env.CLEVERAGENTS_NO_GIT_RELAY === '1') return false;
  const perl = executableOnPath('perl');
  if (!perl) return false;
  setGitRelay(new GitRelay(perl)).warm(warm);
  return true;
}

/** Starts git through `relay` (none: the usual way) from now on in this process; returns it. */
export function setGitRelay<T extends GitRelay | undefined>(relay: T): T {
  relayHolder.relay = relay;
  return relay;
}

/** Closes the relay (see {@link GitRelay.close}): from now on git starts the usual way in this process. */
export function stopGitRelay(): void {
  relayHolder.relay?.close();
  relayHolder.relay = undefined;
}

/** The relay this process starts git through, if any. */
export function gitRelay(): GitRelay | undefined {
  return relayHolder.relay;
}

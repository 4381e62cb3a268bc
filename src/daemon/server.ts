import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, lstatSync, realpathSync, unlinkSync } from 'node:fs';
import { makeStateDir } from '../adapters/files/stateFiles';
import { answers, mb, within } from './daemonWaits';
import { sweepFastClientFiles } from './runFolderSweep';
import { realpath } from 'node:fs/promises';
import * as net from 'node:net';
import * as path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { runCli } from '../cli/cli';
import { parseCommandLine } from '../cli/args';
import { commandWords } from '../daemonClient/commandWords';
import { workspaceLocation, type WorkspaceLocation } from '../cli/workspaceLocation';
import { runHookInput, type HookResult, type HookServicesProvider } from '../hooks/hookRun';
import * as hookStore from '../hooks/hookStore';
import { traceHookPhases } from '../hooks/hookTimings';
import { logWritesUnderWay } from '../hooks/logWrites';
import { exitProcess } from '../daemonClient/processExit';
import type { HookAgent } from '../daemonClient/hookAgents';
import { SOCKET_NAME, checkFolder, checkSocket, dataDirOf, runDirOf, windowsPipeName } from '../daemonClient/daemonFiles';
import { FORWARDED_GROUPS, HEARTBEAT_MS, type DaemonReply, type DaemonRequest, type DaemonStatus } from '../daemonClient/protocol';
import { connectionHandler, type Channel } from './requestTransports';
import { WarmServices, quiet } from './warmServices';
import { watchNewestSandbox } from '../core/watchAhead';
import { plural } from '../core/displayText';

// The resident process of one workspace store (`dist/agentsDaemon.js`, started by a client,
// src/daemonClient/client.ts). It keeps sql.js, the store's services and the loaded database warm, and
// serves `hook run` and a few `agents plan` commands exactly as the calling process would have
// (runHookInput, runCli). It takes the store's locks per operation only, like any other process.
// See docs/AGENTS.md, "The resident process".

export interface DaemonOptions {
  readonly workspaceRoot: string;
  readonly version: string;
  /** The folder holding sql-wasm.wasm and cli.js (dist/). */
  readonly distDir: string;
  readonly idleExitMs: number;
  /** How often the process checks that its store folder and socket are still its own. */
  readonly checkMs: number;
  /** Above this resident set size the process drops its caches, and exits if that is not enough. */
  readonly rssLimitBytes: number;
  readonly log: (line: string) => void;
  /** Log each request's kind and duration (CLEVERAGENTS_DAEMON_TRACE=1): the profile of the served call. */
  readonly trace: boolean;
  /** How long without a request before the store's garbage collection, left due by the calls, runs. */
  readonly maintenanceIdleMs: number;
}

/**
 * How long the queue waits for a request before the next one goes ahead anyway (a request stuck on
 * a hung disk must not hold every later one): a hook, until its answer is due and a second more
 * (it answers by then whatever its work waits on, hookRun.ts); a command, this long.
 */
const HOOK_HOLD_SLACK_MS = 1_000;
const CLI_HOLD_MS = 60_000;
/** A command that waited this long for its turn is refused: its client runs it itself. */
const CLI_TURN_WAIT_MS = 30_000;
/** A hook's work left at its answer and still not ended after this: the process is wedged and exits. */
const ABANDONED_STUCK_MS = 120_000;
/** How long an exiting process waits for what it still does (a request, a log write) before it kills itself. */
const EXIT_GRACE_MS = 2_000;

export class Daemon {
  private readonly root: string;
  private realRoot = '';
  private identity: { dev: number; ino: number } | undefined;
  private socketIno: number | undefined;
  private server: net.Server | undefined;
  private readonly warm: WarmServices;
  private queue: Promise<unknown> = Promise.resolve();
  private inFlight = 0;
  private lastActivity = Date.now();
  private requests = 0;
  private readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private maintenance: NodeJS.Timeout | undefined;
  private exiting = false;
  /** Hooks' work that goes on after their answer (files read, or the budget ran out), and since when. */
  private readonly abandoned = new Map<Promise<unknown>, number>();
  /** The lock wait of the hook request being served: each request's own, also in work it left behind. */
  private readonly lockWaits = new AsyncLocalStorage<{ wait?: () => number }>();

  /** Each connection, handed to the transports (requestTransports.ts). */
  private readonly onConnection: (socket: net.Socket) => void;

  constructor(private readonly options: DaemonOptions) {
    this.root = path.resolve(options.workspaceRoot);
    this.warm = new WarmServices({ workspaceRoot: this.root, distDir: options.distDir, hookLockWait: () => this.lockWaits.getStore()?.wait?.() });
    this.onConnection = connectionHandler({
      version: options.version,
      touched: () => (this.lastActivity = Date.now()),
      stale: () => this.stale(),
      exit: (why) => this.exit(why),
      handle: (request, channel) => this.handle(request, channel),
    });
  }

  /** Makes `run/`, listens on its socket and warms the store; resolves false when another process serves it already. */
  async start(): Promise<boolean> {
    const dataDir = dataDirOf(this.root);
    const data = checkFolder(dataDir, { private: false });
    if (!data.ok) throw new Error(`store folder refused: ${data.why}`);
    this.identity = { dev: data.stats.dev, ino: data.stats.ino };
    this.realRoot = realpathSync(this.root);
    const runDir = runDirOf(this.root);
    makeStateDir(this.root, runDir);
    const run = checkFolder(runDir, { private: true });
    if (!run.ok) throw new Error(`run folder refused: ${run.why}`);
    // Bound by its name from inside run/ (a socket's path is limited to 108 bytes).
    process.chdir(runDir);
    const listening = await this.listen(dataDir);
    this.removeStartingMarker();
    if (!listening) return false;
    this.timer = setInterval(() => this.check(), this.options.checkMs);
    this.options.log(`listening: pid ${process.pid}, version ${this.options.version}, workspace ${this.root}`);
    // Warm now: sql.js's engine and the database are loaded before the first request needs them,
    // for hooks and for the CLI (each has services of its own: their lock waits differ).
    for (const kind of ['hook', 'cli'] as const) {
      await (async () => this.warm.lend(kind, undefined, quiet))()
        .then(async ({ services, release }) => {
          try {
            await services.store.read(() => undefined);
            // The sandbox a session checkpointed last: its folders' walk runs now, not during its next calls.
            const watched = kind === 'hook' ? await watchNewestSandbox(services) : undefined;
            if (watched) this.options.log(`watching the folders of plan ${watched} ahead of its next snapshot`);
          } finally {
            release();
          }
        })
        .catch((error: unknown) => this.options.log(`warm-up failed: ${(error as Error).message}`));
    }
    this.options.log(`warm: rss ${mb(process.memoryUsage().rss)}`);
    return true;
  }

  private removeStartingMarker(): void {
    try {
      unlinkSync('starting');
    } catch {
      // another process removed it, or none was made
    }
  }

  private address(dataDir: string): string {
    if (process.platform !== 'win32') return SOCKET_NAME;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createHash } = require('node:crypto') as typeof import('node:crypto');
    return windowsPipeName(dataDir, (t) => createHash('sha256').update(t).digest('hex').slice(0, 32));
  }

  private async listen(dataDir: string): Promise<boolean> {
    const address = this.address(dataDir);
    for (let attempt = 0; attempt < 2; attempt++) {
      const server = net.createServer(this.onConnection);
      // The socket is made 0600 from the start (and checked after): no moment where others could connect.
      const mask = process.platform === 'win32' ? undefined : process.umask(0o177);
      const outcome = await new Promise<'ok' | 'in-use'>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve('in-use') : reject(error)));
        server.listen(address, () => resolve('ok'));
      }).finally(() => {
        if (mask !== undefined) process.umask(mask);
      });
      if (outcome === 'ok') {
        server.on('error', (error) => this.options.log(`server error: ${error.message}`));
        this.server = server;
        if (process.platform !== 'win32') {
          chmodSync(SOCKET_NAME, 0o600);
          const socket = checkSocket(SOCKET_NAME);
          if (!socket.ok) throw new Error(`socket refused: ${socket.why}`);
          this.socketIno = socket.stats.ino;
        }
        return true;
      }
      // Someone answers there: that process serves this store. Else a dead one's socket is left: replace it.
      if (await answers(address)) {
        this.options.log('another resident process serves this store: exiting');
        return false;
      }
      if (process.platform !== 'win32') unlinkSync(SOCKET_NAME);
    }
    return false;
  }

  /** The store folder deleted or replaced, our socket gone or replaced, idle too long: exit. */
  private check(): void {
    const why = this.stale();
    if (why) return this.exit(why);
    for (const since of this.abandoned.values()) {
      if (Date.now() - since > ABANDONED_STUCK_MS) return this.exit(`a hook's work left at its answer has not ended in ${ABANDONED_STUCK_MS} ms`);
    }
    sweepFastClientFiles(this.root, this.options.log);
    if (this.idle() && Date.now() - this.lastActivity > this.options.idleExitMs) this.exit(`idle for ${this.options.idleExitMs} ms`);
  }

  private stale(): string | undefined {
    const data = checkFolder(dataDirOf(this.root), { private: false });
    if (!data.ok) return `the store folder is gone or refused (${data.why})`;
    if (data.stats.dev !== this.identity?.dev || data.stats.ino !== this.identity.ino) return 'the store folder was replaced';
    if (process.platform !== 'win32') {
      try {
        if (lstatSync(path.join(runDirOf(this.root), SOCKET_NAME)).ino !== this.socketIno) return 'the socket was replaced';
      } catch {
        return 'the socket was removed';
      }
    }
    return undefined;
  }

  exit(why: string): void {
    if (this.exiting) return;
    this.exiting = true;
    this.options.log(`exiting: ${why}, rss ${mb(process.memoryUsage().rss)}, ${plural(this.requests, 'request')} served`);
    clearInterval(this.timer);
    clearTimeout(this.maintenance);
    this.server?.close();
    // Our socket only: a successor may already have bound a new one at that name.
    if (process.platform !== 'win32') {
      try {
        const here = path.join(runDirOf(this.root), SOCKET_NAME);
        if (lstatSync(here).ino === this.socketIno) unlinkSync(here);
      } catch {
        // gone with the folder
      }
    }
    // Dropped once nothing uses them: the request being served and a hook's work after its answer
    // (its tree and row) write with them.
    void Promise.allSettled([this.queue, ...this.abandoned.keys()]).then(() => this.warm.dropAll());
    // Let answers being written drain; then go: at once when nothing of ours is under way, else
    // once it ends or after a grace period, whatever it waits on (processExit.ts).
    setTimeout(() => exitProcess(0, EXIT_GRACE_MS, () => this.inFlight > 0 || this.abandoned.size > 0 || logWritesUnderWay()), 50).unref();
  }

  /** A valid request of this version: acknowledged, worked on in turn with heartbeats, answered. */
  private async handle(request: DaemonRequest, channel: Channel): Promise<void> {
    channel.ack();
    this.requests += 1;
    if (request.kind === 'status' || request.kind === 'stop') {
      // Answered from memory, never queued: a request stuck on a hung disk cannot hold them.
      channel.answer({ t: 'done', stdout: JSON.stringify(this.status()), stderr: '', code: 0 });
      if (request.kind === 'stop') this.exit('asked to stop');
      return;
    }
    const beat = setInterval(() => channel.beat(), HEARTBEAT_MS);
    this.inFlight += 1;
    // One request at a time: the services are shared, and the store serializes its work anyway.
    // Each waits for its turn only so long, and holds the queue only so long (HOOK_HOLD_SLACK_MS).
    const now = Date.now();
    const turnBy = request.kind === 'hook' ? request.answerBy : now + CLI_TURN_WAIT_MS;
    const holdBy = request.kind === 'hook' ? request.answerBy + HOOK_HOLD_SLACK_MS : now + CLI_HOLD_MS;
    const work = within(this.queue, turnBy).then((turn) => (turn ? this.serve(request) : { reply: { t: 'refused' as const, version: this.options.version, why: 'the process was busy with another request' } }));
    // A hook answered before its work ended (its checkpoint's files read) holds the queue until it
    // ends: the next request, a CLI read too, sees its row.
    this.queue = within(work.then((served) => served.rest).catch(() => undefined), holdBy);
    const began = performance.now();
    try {
      const { reply } = await work;
      clearInterval(beat);
      channel.answer(reply);
      if (this.options.trace) this.options.log(`${request.kind}${request.kind === 'cli' ? ` ${commandWords(request.argv, 2).words.join(' ')}` : ''}: ${(performance.now() - began).toFixed(1)} ms (waited for by the client since ${Date.now() - ('started' in request ? request.started : Date.now())} ms), rss ${mb(process.memoryUsage().rss)}`);
    } catch (error) {
      this.options.log(`request failed: ${(error as Error).message}`);
      // the client does the work itself
      channel.abort();
    } finally {
      clearInterval(beat);
      this.inFlight -= 1;
      this.lastActivity = Date.now();
    }
    this.boundMemory();
    this.scheduleMaintenance();
  }

  /** A hook's work that goes on after its answer: an exit waits for it, and one stuck ends the process (check). */
  private watchRest(rest: NonNullable<HookResult['rest']>): void {
    const since = Date.now();
    const { work } = rest;
    this.abandoned.set(work, since);
    void work.finally(() => {
      this.abandoned.delete(work);
      if (rest.after === 'budget') this.options.log(`a hook's work left at its answer (its budget ran out) ended ${Date.now() - since} ms later`);
      // skipped while the work went on (its services were in use)
      this.boundMemory();
    });
  }

  /**
   * The store's garbage collection that the calls left due (their services defer it: no agent's
   * tool call waits for a repack), once no request came for a while. A request that comes while
   * it runs waits for it, as for any other process holding the store's lock.
   */
  private scheduleMaintenance(): void {
    clearTimeout(this.maintenance);
    this.maintenance = setTimeout(() => {
      if (this.exiting || this.inFlight > 0) return;
      const work = this.queue.then(() => this.collectGarbage());
      this.queue = work.catch(() => undefined);
    }, this.options.maintenanceIdleMs);
  }

  private async collectGarbage(): Promise<void> {
    // Every warm set of services works on the one store of this workspace.
    const warm = this.warm.any();
    if (!warm || this.exiting) return;
    const began = performance.now();
    this.inFlight += 1;
    try {
      if (await warm.snapshotter.collectGarbageWhenDue()) this.options.log(`collected the store's garbage in ${(performance.now() - began).toFixed(0)} ms`);
    } catch (error) {
      this.options.log(`garbage collection failed: ${(error as Error).message}`);
    } finally {
      this.inFlight -= 1;
      this.lastActivity = Date.now();
    }
  }

  /** A request's reply, and the work it leaves running after it (a hook's: see HookResult.rest). */
  private async serve(request: DaemonRequest): Promise<{ reply: DaemonReply & { t: 'done' | 'refused' }; rest?: Promise<unknown> }> {
    const refused = (why: string) => ({ t: 'refused' as const, version: this.options.version, why });
    switch (request.kind) {
      case 'status':
      case 'stop':
        return { reply: { t: 'done', stdout: JSON.stringify(this.status()), stderr: '', code: 0 } };
      case 'hook': {
        // Its lock waits are its own, in its work left behind too (lend's lockTimeoutMs).
        return this.lockWaits.run({}, () => this.serveHook(request, refused));
      }
      case 'cli': {
        // Refused unless it runs in this process's workspace: the client then runs it itself.
        try {
          const invocation = parseCommandLine(request.argv);
          if (invocation.kind !== 'run') return { reply: refused('not a command this process runs') };
          if (!(await this.isOurs(workspaceLocation(request.cwd, invocation.global.workspace, request.env)))) return { reply: refused('the command is for another workspace') };
        } catch {
          return { reply: refused('the command line is for the calling process to report on') };
        }
        const stdout: string[] = [];
        const stderr: string[] = [];
        const collect = (into: string[]) => new Writable({ write: (chunk: Buffer | string, _e, done) => (into.push(String(chunk)), done()) });
        const code = await runCli({
          argv: request.argv,
          cwd: request.cwd,
          env: request.env,
          stdin: Readable.from([]),
          stdout: collect(stdout),
          stderr: collect(stderr),
          wasmDir: this.options.distDir,
          version: this.options.version,
          services: async (location, logger) => this.warm.lend('cli', location.databasePath, logger, !readsOnly(request.argv)),
          // chosen by the client for this call (callCheckpointId.ts); the request's variables never name it
          ...(request.checkpoint ? { checkpointCall: { call: request.checkpoint } } : {}),
        });
        return { reply: { t: 'done', stdout: stdout.join(''), stderr: stderr.join(''), code } };
      }
    }
  }

  private async serveHook(request: Extract<DaemonRequest, { kind: 'hook' }>, refused: (why: string) => DaemonReply & { t: 'refused' }): Promise<{ reply: DaemonReply & { t: 'done' | 'refused' }; rest?: Promise<unknown> }> {
    // The hook's budget ends when the client stops waiting for us (answerBy).
    const env = { ...request.env, AGENTS_HOOK_BUDGET_MS: String(Math.max(0, request.answerBy - request.started)) };
    const phases = this.options.trace ? traceHookPhases() : undefined;
    const result = await runHookInput(request.agent as HookAgent, request.input, {
      cwd: request.cwd,
      env,
      wasmDir: this.options.distDir,
      started: request.started,
      services: this.hookServices,
      // bundled here, with the services: one copy of every class
      store: hookStore,
      acceptWorkspace: (location) => this.isOurs(location),
      answerOnceRead: true,
    }).finally(() => phases && this.options.log(`hook phases: ${phases.end()}`));
    if (result.refused) return { reply: refused('the event is for another workspace') };
    if (result.rest) this.watchRest(result.rest);
    return { reply: { t: 'done', stdout: result.stdout, stderr: '', code: 0 }, ...(result.rest ? { rest: result.rest.work } : {}) };
  }

  private readonly hookServices: HookServicesProvider = async (_root, databasePath, lockWait, log) => {
    const call = this.lockWaits.getStore();
    if (call) call.wait = lockWait;
    return this.warm.lend('hook', databasePath, { debug: (m) => this.options.trace && this.options.log(m), info: () => undefined, warn: (m) => log.line(`warning: ${m}`), error: (m) => log.line(`error: ${m}`) });
  };

  /** No request is served and no hook's work goes on after its answer: the warm services are nobody's. */
  private idle(): boolean {
    return this.inFlight === 0 && this.abandoned.size === 0;
  }

  /** Whether a request's workspace is this process's own (by real path). */
  private async isOurs(location: WorkspaceLocation): Promise<boolean> {
    const real = await realpath(location.workspaceRoot).catch(() => undefined);
    return real === this.realRoot;
  }

  /** Above the limit: drop the warm services (their databases); still above: exit (the next call starts afresh). */
  private boundMemory(): void {
    const rss = process.memoryUsage().rss;
    if (rss <= this.options.rssLimitBytes) return;
    if (this.warm.size > 0 && this.idle()) {
      this.options.log(`rss ${mb(rss)} above ${mb(this.options.rssLimitBytes)}: dropping the warm store`);
      this.warm.dropAll();
      global.gc?.();
      if (process.memoryUsage().rss <= this.options.rssLimitBytes) return;
    }
    if (this.idle()) this.exit(`rss ${mb(process.memoryUsage().rss)} above ${mb(this.options.rssLimitBytes)}`);
  }

  status(): DaemonStatus {
    return {
      pid: process.pid,
      version: this.options.version,
      workspace: this.root,
      uptime_ms: Date.now() - this.startedAt,
      requests: this.requests,
      rss_bytes: process.memoryUsage().rss,
      rss_limit_bytes: this.options.rssLimitBytes,
      idle_exit_ms: this.options.idleExitMs,
      warm_databases: this.warm.size,
      watched_folders: this.warm.watchedFolders,
    };
  }
}

/** A command that only reads (`plan list`, `agents blame`, …): it records no checkpoint for the keeper of line attribution to look for. */
function readsOnly(argv: readonly string[]): boolean {
  const [group, command] = commandWords(argv, 2).words;
  return FORWARDED_GROUPS.includes(group ?? '') || (group === 'plan' && ['list', 'show', 'checkpoints'].includes(command ?? ''));
}

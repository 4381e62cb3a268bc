"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.Daemon = void 0;
const node_async_hooks_1 = require("node:async_hooks");
const node_fs_1 = require("node:fs");
const stateFiles_1 = require("../adapters/files/stateFiles");
const daemonWaits_1 = require("./daemonWaits");
const runFolderSweep_1 = require("./runFolderSweep");
const promises_1 = require("node:fs/promises");
const net = __importStar(require("node:net"));
const path = __importStar(require("node:path"));
const node_stream_1 = require("node:stream");
const cli_1 = require("../cli/cli");
const args_1 = require("../cli/args");
const commandWords_1 = require("../cli/commandWords");
const workspaceLocation_1 = require("../cli/workspaceLocation");
const composition_1 = require("../composition");
const databasePath_1 = require("../core/databasePath");
const hookRun_1 = require("../hooks/hookRun");
const hookStore = __importStar(require("../hooks/hookStore"));
const hookTimings_1 = require("../hooks/hookTimings");
const logWrites_1 = require("../hooks/logWrites");
const processExit_1 = require("./processExit");
const daemonFiles_1 = require("./daemonFiles");
const protocol_1 = require("./protocol");
const requestTransports_1 = require("./requestTransports");
const displayText_1 = require("../core/displayText");
/** How long a hook may wait for the store's lock when no call says less, as in hookRun.ts. */
const HOOK_LOCK_WAIT_MS = 5_000;
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
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
class Daemon {
    options;
    root;
    realRoot = '';
    identity;
    socketIno;
    server;
    warm = new Map();
    queue = Promise.resolve();
    inFlight = 0;
    lastActivity = Date.now();
    requests = 0;
    startedAt = Date.now();
    timer;
    maintenance;
    exiting = false;
    /** Hooks' work that went on after its answer (its budget ran out), and when it was left. */
    abandoned = new Map();
    /** The lock wait of the hook request being served: each request's own, also in work it left behind. */
    lockWaits = new node_async_hooks_1.AsyncLocalStorage();
    /** Each connection, handed to the transports (requestTransports.ts). */
    onConnection;
    constructor(options) {
        this.options = options;
        this.root = path.resolve(options.workspaceRoot);
        this.onConnection = (0, requestTransports_1.connectionHandler)({
            version: options.version,
            touched: () => (this.lastActivity = Date.now()),
            stale: () => this.stale(),
            exit: (why) => this.exit(why),
            handle: (request, channel) => this.handle(request, channel),
        });
    }
    /** Makes `run/`, listens on its socket and warms the store; resolves false when another process serves it already. */
    async start() {
        const dataDir = (0, daemonFiles_1.dataDirOf)(this.root);
        const data = (0, daemonFiles_1.checkFolder)(dataDir, { private: false });
        if (!data.ok)
            throw new Error(`store folder refused: ${data.why}`);
        this.identity = { dev: data.stats.dev, ino: data.stats.ino };
        this.realRoot = (0, node_fs_1.realpathSync)(this.root);
        const runDir = (0, daemonFiles_1.runDirOf)(this.root);
        (0, stateFiles_1.makeStateDir)(this.root, runDir);
        const run = (0, daemonFiles_1.checkFolder)(runDir, { private: true });
        if (!run.ok)
            throw new Error(`run folder refused: ${run.why}`);
        // Bound by its name from inside run/ (a socket's path is limited to 108 bytes).
        process.chdir(runDir);
        const listening = await this.listen(dataDir);
        this.removeStartingMarker();
        if (!listening)
            return false;
        this.timer = setInterval(() => this.check(), this.options.checkMs);
        this.options.log(`listening: pid ${process.pid}, version ${this.options.version}, workspace ${this.root}`);
        // Warm now: sql.js's engine and the database are loaded before the first request needs them,
        // for hooks and for the CLI (each has services of its own: their lock waits differ).
        for (const kind of ['hook', 'cli']) {
            await this.lend(kind, undefined, quiet)
                .then(async ({ services, release }) => {
                await services.store.read(() => undefined);
                release();
            })
                .catch((error) => this.options.log(`warm-up failed: ${error.message}`));
        }
        this.options.log(`warm: rss ${(0, daemonWaits_1.mb)(process.memoryUsage().rss)}`);
        return true;
    }
    removeStartingMarker() {
        try {
            (0, node_fs_1.unlinkSync)('starting');
        }
        catch {
            // another process removed it, or none was made
        }
    }
    address(dataDir) {
        if (process.platform !== 'win32')
            return daemonFiles_1.SOCKET_NAME;
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { createHash } = require('node:crypto');
        return (0, daemonFiles_1.windowsPipeName)(dataDir, (t) => createHash('sha256').update(t).digest('hex').slice(0, 32));
    }
    async listen(dataDir) {
        const address = this.address(dataDir);
        for (let attempt = 0; attempt < 2; attempt++) {
            const server = net.createServer(this.onConnection);
            // The socket is made 0600 from the start (and checked after): no moment where others could connect.
            const mask = process.platform === 'win32' ? undefined : process.umask(0o177);
            const outcome = await new Promise((resolve, reject) => {
                server.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve('in-use') : reject(error)));
                server.listen(address, () => resolve('ok'));
            }).finally(() => {
                if (mask !== undefined)
                    process.umask(mask);
            });
            if (outcome === 'ok') {
                server.on('error', (error) => this.options.log(`server error: ${error.message}`));
                this.server = server;
                if (process.platform !== 'win32') {
                    (0, node_fs_1.chmodSync)(daemonFiles_1.SOCKET_NAME, 0o600);
                    const socket = (0, daemonFiles_1.checkSocket)(daemonFiles_1.SOCKET_NAME);
                    if (!socket.ok)
                        throw new Error(`socket refused: ${socket.why}`);
                    this.socketIno = socket.stats.ino;
                }
                return true;
            }
            // Someone answers there: that process serves this store. Else a dead one's socket is left: replace it.
            if (await (0, daemonWaits_1.answers)(address)) {
                this.options.log('another resident process serves this store: exiting');
                return false;
            }
            if (process.platform !== 'win32')
                (0, node_fs_1.unlinkSync)(daemonFiles_1.SOCKET_NAME);
        }
        return false;
    }
    /** The store folder deleted or replaced, our socket gone or replaced, idle too long: exit. */
    check() {
        const why = this.stale();
        if (why)
            return this.exit(why);
        for (const since of this.abandoned.values()) {
            if (Date.now() - since > ABANDONED_STUCK_MS)
                return this.exit(`a hook's work left at its answer has not ended in ${ABANDONED_STUCK_MS} ms`);
        }
        (0, runFolderSweep_1.sweepFastClientFiles)(this.root, this.options.log);
        if (this.inFlight === 0 && Date.now() - this.lastActivity > this.options.idleExitMs)
            this.exit(`idle for ${this.options.idleExitMs} ms`);
    }
    stale() {
        const data = (0, daemonFiles_1.checkFolder)((0, daemonFiles_1.dataDirOf)(this.root), { private: false });
        if (!data.ok)
            return `the store folder is gone or refused (${data.why})`;
        if (data.stats.dev !== this.identity?.dev || data.stats.ino !== this.identity.ino)
            return 'the store folder was replaced';
        if (process.platform !== 'win32') {
            try {
                if ((0, node_fs_1.lstatSync)(path.join((0, daemonFiles_1.runDirOf)(this.root), daemonFiles_1.SOCKET_NAME)).ino !== this.socketIno)
                    return 'the socket was replaced';
            }
            catch {
                return 'the socket was removed';
            }
        }
        return undefined;
    }
    exit(why) {
        if (this.exiting)
            return;
        this.exiting = true;
        this.options.log(`exiting: ${why}, rss ${(0, daemonWaits_1.mb)(process.memoryUsage().rss)}, ${(0, displayText_1.plural)(this.requests, 'request')} served`);
        clearInterval(this.timer);
        clearTimeout(this.maintenance);
        this.server?.close();
        // Our socket only: a successor may already have bound a new one at that name.
        if (process.platform !== 'win32') {
            try {
                const here = path.join((0, daemonFiles_1.runDirOf)(this.root), daemonFiles_1.SOCKET_NAME);
                if ((0, node_fs_1.lstatSync)(here).ino === this.socketIno)
                    (0, node_fs_1.unlinkSync)(here);
            }
            catch {
                // gone with the folder
            }
        }
        for (const warm of this.warm.values())
            warm.services.dispose();
        this.warm.clear();
        // Let answers being written drain; then go: at once when nothing of ours is under way, else
        // once it ends or after a grace period, whatever it waits on (processExit.ts).
        setTimeout(() => (0, processExit_1.exitProcess)(0, EXIT_GRACE_MS, () => this.inFlight > 0 || this.abandoned.size > 0 || (0, logWrites_1.logWritesUnderWay)()), 50).unref();
    }
    /** A valid request of this version: acknowledged, worked on in turn with heartbeats, answered. */
    async handle(request, channel) {
        channel.ack();
        this.requests += 1;
        if (request.kind === 'status' || request.kind === 'stop') {
            // Answered from memory, never queued: a request stuck on a hung disk cannot hold them.
            channel.answer({ t: 'done', stdout: JSON.stringify(this.status()), stderr: '', code: 0 });
            if (request.kind === 'stop')
                this.exit('asked to stop');
            return;
        }
        const beat = setInterval(() => channel.beat(), protocol_1.HEARTBEAT_MS);
        this.inFlight += 1;
        // One request at a time: the services are shared, and the store serializes its work anyway.
        // Each waits for its turn only so long, and holds the queue only so long (HOOK_HOLD_SLACK_MS).
        const now = Date.now();
        const turnBy = request.kind === 'hook' ? request.answerBy : now + CLI_TURN_WAIT_MS;
        const holdBy = request.kind === 'hook' ? request.answerBy + HOOK_HOLD_SLACK_MS : now + CLI_HOLD_MS;
        const work = (0, daemonWaits_1.within)(this.queue, turnBy).then((turn) => (turn ? this.serve(request) : { t: 'refused', version: this.options.version, why: 'the process was busy with another request' }));
        this.queue = (0, daemonWaits_1.within)(work.catch(() => undefined), holdBy);
        const began = performance.now();
        try {
            const reply = await work;
            clearInterval(beat);
            channel.answer(reply);
            if (this.options.trace)
                this.options.log(`${request.kind}${request.kind === 'cli' ? ` ${(0, commandWords_1.commandWords)(request.argv, 2).words.join(' ')}` : ''}: ${(performance.now() - began).toFixed(1)} ms (waited for by the client since ${Date.now() - ('started' in request ? request.started : Date.now())} ms), rss ${(0, daemonWaits_1.mb)(process.memoryUsage().rss)}`);
        }
        catch (error) {
            this.options.log(`request failed: ${error.message}`);
            // the client does the work itself
            channel.abort();
        }
        finally {
            clearInterval(beat);
            this.inFlight -= 1;
            this.lastActivity = Date.now();
        }
        this.boundMemory();
        this.scheduleMaintenance();
    }
    /** A hook's work that went on after its answer: said in the log when it ends, watched until then (check). */
    watchAbandoned(work) {
        const since = Date.now();
        this.abandoned.set(work, since);
        void work.finally(() => {
            this.abandoned.delete(work);
            this.options.log(`a hook's work left at its answer (its budget ran out) ended ${Date.now() - since} ms later`);
        });
    }
    /**
     * The store's garbage collection that the calls left due (their services defer it: no agent's
     * tool call waits for a repack), once no request came for a while. A request that comes while
     * it runs waits for it, as for any other process holding the store's lock.
     */
    scheduleMaintenance() {
        clearTimeout(this.maintenance);
        this.maintenance = setTimeout(() => {
            if (this.exiting || this.inFlight > 0)
                return;
            const work = this.queue.then(() => this.collectGarbage());
            this.queue = work.catch(() => undefined);
        }, this.options.maintenanceIdleMs);
    }
    async collectGarbage() {
        // Every warm set of services works on the one store of this workspace.
        const warm = this.warm.values().next().value;
        if (!warm || this.exiting)
            return;
        const began = performance.now();
        this.inFlight += 1;
        try {
            if (await warm.services.snapshotter.collectGarbageWhenDue())
                this.options.log(`collected the store's garbage in ${(performance.now() - began).toFixed(0)} ms`);
        }
        catch (error) {
            this.options.log(`garbage collection failed: ${error.message}`);
        }
        finally {
            this.inFlight -= 1;
            this.lastActivity = Date.now();
        }
    }
    async serve(request) {
        const refused = (why) => ({ t: 'refused', version: this.options.version, why });
        switch (request.kind) {
            case 'status':
            case 'stop':
                return { t: 'done', stdout: JSON.stringify(this.status()), stderr: '', code: 0 };
            case 'hook': {
                // Its lock waits are its own, in its work left behind too (lend's lockTimeoutMs).
                return this.lockWaits.run({}, () => this.serveHook(request, refused));
            }
            case 'cli': {
                // Refused unless it runs in this process's workspace: the client then runs it itself.
                try {
                    const invocation = (0, args_1.parseCommandLine)(request.argv);
                    if (invocation.kind !== 'run')
                        return refused('not a command this process runs');
                    if (!(await this.isOurs((0, workspaceLocation_1.workspaceLocation)(request.cwd, invocation.global.workspace, request.env))))
                        return refused('the command is for another workspace');
                }
                catch {
                    return refused('the command line is for the calling process to report on');
                }
                const stdout = [];
                const stderr = [];
                const collect = (into) => new node_stream_1.Writable({ write: (chunk, _e, done) => (into.push(String(chunk)), done()) });
                const code = await (0, cli_1.runCli)({
                    argv: request.argv,
                    cwd: request.cwd,
                    env: request.env,
                    stdin: node_stream_1.Readable.from([]),
                    stdout: collect(stdout),
                    stderr: collect(stderr),
                    wasmDir: this.options.distDir,
                    version: this.options.version,
                    services: (location, logger) => this.lend('cli', location.databasePath, logger),
                    // chosen by the client for this call (callCheckpointId.ts); the request's variables never name it
                    ...(request.checkpoint ? { checkpointCall: { call: request.checkpoint } } : {}),
                });
                return { t: 'done', stdout: stdout.join(''), stderr: stderr.join(''), code };
            }
        }
    }
    async serveHook(request, refused) {
        // The hook's budget ends when the client stops waiting for us (answerBy).
        const env = { ...request.env, AGENTS_HOOK_BUDGET_MS: String(Math.max(0, request.answerBy - request.started)) };
        const phases = this.options.trace ? (0, hookTimings_1.traceHookPhases)() : undefined;
        const result = await (0, hookRun_1.runHookInput)(request.agent, request.input, {
            cwd: request.cwd,
            env,
            wasmDir: this.options.distDir,
            started: request.started,
            services: this.hookServices,
            // bundled here, with the services: one copy of every class
            store: hookStore,
            acceptWorkspace: (location) => this.isOurs(location),
            onAbandoned: (work) => this.watchAbandoned(work),
        }).finally(() => phases && this.options.log(`hook phases: ${phases.end()}`));
        if (result.refused)
            return refused('the event is for another workspace');
        return { t: 'done', stdout: result.stdout, stderr: '', code: 0 };
    }
    hookServices = (_root, databasePath, lockWait, log) => {
        const call = this.lockWaits.getStore();
        if (call)
            call.wait = lockWait;
        return this.lend('hook', databasePath, { debug: (m) => this.options.trace && this.options.log(m), info: () => undefined, warn: (m) => log.line(`warning: ${m}`), error: (m) => log.line(`error: ${m}`) });
    };
    /** Whether a request's workspace is this process's own (by real path). */
    async isOurs(location) {
        const real = await (0, promises_1.realpath)(location.workspaceRoot).catch(() => undefined);
        return real === this.realRoot;
    }
    /**
     * The warm services for hooks (a short lock wait: an agent waits on it) or for the CLI (the CLI's
     * wait), per database; their logger is the calling request's while it holds them.
     */
    async lend(kind, databasePath, logger) {
        // The default database named (VS Code's terminal names it) is the one named by nobody.
        if (databasePath === databasePath_1.DEFAULT_DATABASE_PATH)
            databasePath = undefined;
        const key = `${kind}\0${databasePath ?? ''}`;
        let warm = this.warm.get(key);
        if (!warm) {
            const target = { current: quiet };
            const services = (0, composition_1.createWorkspaceServices)({
                workspaceRoot: this.root,
                databasePath,
                wasmDir: this.options.distDir,
                // A hook's lock wait is what is left of that hook's budget at each wait (hookRun.ts).
                ...(kind === 'hook' ? { lockTimeoutMs: () => this.lockWaits.getStore()?.wait?.() ?? HOOK_LOCK_WAIT_MS } : {}),
                deferGarbageCollection: true,
                logger: {
                    debug: (m) => target.current.debug(m),
                    info: (m) => target.current.info(m),
                    warn: (m) => target.current.warn(m),
                    error: (m) => target.current.error(m),
                },
            });
            warm = { services, logger: target };
            this.warm.set(key, warm);
        }
        const held = warm;
        held.logger.current = logger;
        // A call's work left at its answer releases late: only its own logger is taken back.
        return {
            services: held.services,
            release: () => {
                if (held.logger.current === logger)
                    held.logger.current = quiet;
            },
        };
    }
    /** Above the limit: drop the warm services (their databases); still above: exit (the next call starts afresh). */
    boundMemory() {
        const rss = process.memoryUsage().rss;
        if (rss <= this.options.rssLimitBytes)
            return;
        if (this.warm.size > 0 && this.inFlight === 0) {
            this.options.log(`rss ${(0, daemonWaits_1.mb)(rss)} above ${(0, daemonWaits_1.mb)(this.options.rssLimitBytes)}: dropping the warm store`);
            for (const warm of this.warm.values())
                warm.services.dispose();
            this.warm.clear();
            global.gc?.();
            if (process.memoryUsage().rss <= this.options.rssLimitBytes)
                return;
        }
        if (this.inFlight === 0)
            this.exit(`rss ${(0, daemonWaits_1.mb)(process.memoryUsage().rss)} above ${(0, daemonWaits_1.mb)(this.options.rssLimitBytes)}`);
    }
    status() {
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
        };
    }
}
exports.Daemon = Daemon;
//# sourceMappingURL=server.js.map
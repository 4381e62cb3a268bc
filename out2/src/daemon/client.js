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
exports.callTimes = callTimes;
exports.storeUnfit = storeUnfit;
exports.callDaemon = callDaemon;
exports.startDaemon = startDaemon;
const node_fs_1 = require("node:fs");
const net = __importStar(require("node:net"));
const path = __importStar(require("node:path"));
const stateFiles_1 = require("../adapters/files/stateFiles");
const callCheckpointId_1 = require("./callCheckpointId");
const daemonFiles_1 = require("./daemonFiles");
function millisFromEnv(env, name, fallback) {
    const raw = env[name];
    const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
    return Number.isInteger(n) && n >= 0 && n <= 600_000 ? n : fallback;
}
/** The client's waits, each overridable for tests (`CLEVERAGENTS_DAEMON_*_MS`). */
function callTimes(env, deadline) {
    return {
        connectMs: millisFromEnv(env, 'CLEVERAGENTS_DAEMON_CONNECT_MS', 300),
        ackMs: millisFromEnv(env, 'CLEVERAGENTS_DAEMON_ACK_MS', 1000),
        silenceMs: millisFromEnv(env, 'CLEVERAGENTS_DAEMON_SILENCE_MS', 2000),
        ...(deadline === undefined ? {} : { deadline }),
    };
}
/**
 * Why the workspace's store cannot be used with a resident process, or undefined when it can.
 * `noStore`: there is nothing to keep warm yet (no `.cleveragents`, or no database in it: events
 * that take no checkpoint never make one); the call runs in its own process and starts none.
 */
function storeUnfit(workspaceRoot, databasePath) {
    const data = (0, daemonFiles_1.checkFolder)((0, daemonFiles_1.dataDirOf)(workspaceRoot), { private: false });
    if (!data.ok)
        return { why: data.why, noStore: data.missing === true };
    if (!(0, node_fs_1.existsSync)(path.resolve(workspaceRoot, databasePath ?? path.join(daemonFiles_1.DATA_DIR, daemonFiles_1.DATABASE_FILE))))
        return { why: 'no database yet', noStore: true };
    const run = (0, daemonFiles_1.checkFolder)((0, daemonFiles_1.runDirOf)(workspaceRoot), { private: true });
    if (!run.ok && !run.missing)
        return { why: run.why, noStore: false };
    return undefined;
}
/**
 * Connects to the workspace's socket by its name inside `run/` (from inside that folder, so a long
 * workspace path never meets the 108-byte limit of a socket's path). The connect(2) call happens
 * within `net.createConnection`, so the working folder is back before anything else runs.
 */
function connectSocket(workspaceRoot) {
    const runDir = (0, daemonFiles_1.runDirOf)(workspaceRoot);
    if (process.platform === 'win32') {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { createHash } = require('node:crypto');
        return net.createConnection((0, daemonFiles_1.windowsPipeName)((0, daemonFiles_1.dataDirOf)(workspaceRoot), (t) => createHash('sha256').update(t).digest('hex').slice(0, 32)));
    }
    const here = process.cwd();
    process.chdir(runDir);
    try {
        return net.createConnection(daemonFiles_1.SOCKET_NAME);
    }
    finally {
        process.chdir(here);
    }
}
/** Sends one request to the workspace's resident process and waits for its answer, within `times`. */
function callDaemon(workspaceRoot, request, times) {
    if (process.platform !== 'win32') {
        const socket = (0, daemonFiles_1.checkSocket)(path.join((0, daemonFiles_1.runDirOf)(workspaceRoot), daemonFiles_1.SOCKET_NAME));
        if (!socket.ok)
            return Promise.resolve({ kind: 'unavailable', why: socket.why, start: socket.missing === true });
    }
    return new Promise((resolve) => {
        let socket;
        try {
            socket = connectSocket(workspaceRoot);
        }
        catch (error) {
            resolve({ kind: 'unavailable', why: `cannot connect: ${error.message}`, start: false });
            return;
        }
        let acked = false;
        let settled = false;
        let buffered = '';
        let timer;
        let deadlineTimer;
        const finish = (outcome) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            clearTimeout(deadlineTimer);
            socket.destroy();
            resolve(outcome);
        };
        const gone = (why) => finish(acked ? { kind: 'lost', why } : { kind: 'unavailable', why, start: false });
        const wait = (ms, why) => {
            clearTimeout(timer);
            timer = setTimeout(() => gone(why), ms);
        };
        if (times.deadline !== undefined)
            deadlineTimer = setTimeout(() => gone('no answer within the call\'s budget'), Math.max(0, times.deadline - Date.now()));
        wait(times.connectMs, `no connection within ${times.connectMs} ms`);
        socket.on('connect', () => {
            socket.write(`${JSON.stringify(request)}\n`);
            wait(times.ackMs, `no acknowledgement within ${times.ackMs} ms`);
        });
        socket.on('error', (error) => {
            // Refused: a socket file with no process behind it (a crash, a kill): a new one may start.
            if (!acked && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT'))
                finish({ kind: 'unavailable', why: `no process listens (${error.code})`, start: true });
            else
                gone(`connection failed: ${error.code ?? error.message}`);
        });
        socket.on('close', () => gone('the process closed the connection before answering'));
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
            buffered += chunk;
            for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
                const line = buffered.slice(0, end);
                buffered = buffered.slice(end + 1);
                let reply;
                try {
                    reply = JSON.parse(line);
                }
                catch {
                    gone('the process answered something that is not JSON');
                    return;
                }
                if (reply.t === 'ack' && typeof reply.version === 'string') {
                    if (reply.version !== request.version) {
                        finish({ kind: 'refused', why: `the process is of version ${reply.version}`, start: true });
                        return;
                    }
                    acked = true;
                    wait(times.silenceMs, `silent for ${times.silenceMs} ms`);
                }
                else if (reply.t === 'beat' && acked) {
                    wait(times.silenceMs, `silent for ${times.silenceMs} ms`);
                }
                else if (reply.t === 'refused') {
                    finish({ kind: 'refused', why: String(reply.why), start: reply.version !== request.version });
                    return;
                }
                else if (reply.t === 'done' && acked && typeof reply.stdout === 'string' && typeof reply.stderr === 'string' && Number.isInteger(reply.code)) {
                    finish({ kind: 'done', stdout: reply.stdout, stderr: reply.stderr, code: reply.code });
                    return;
                }
                else {
                    gone('the process answered out of turn');
                    return;
                }
            }
        });
    });
}
/** A start is under way when `run/starting` is younger than this. */
const STARTING_MS = 10_000;
const LOG_MAX_BYTES = 1024 * 1024;
/**
 * Starts the workspace's resident process (`dist/agentsDaemon.js`), detached, its output to
 * `.cleveragents/logs/daemon.log`, and returns at once: the caller does its own work meanwhile.
 * `run/starting` (created exclusively) keeps concurrent calls from starting several. Returns why
 * not, when it did not.
 */
function startDaemon(workspaceRoot, distDir) {
    const runDir = (0, daemonFiles_1.runDirOf)(workspaceRoot);
    try {
        (0, stateFiles_1.makeStateDir)(workspaceRoot, runDir);
    }
    catch (error) {
        return `cannot make ${runDir}: ${error.message}`;
    }
    const run = (0, daemonFiles_1.checkFolder)(runDir, { private: true });
    if (!run.ok)
        return run.why;
    const marker = path.join(runDir, 'starting');
    try {
        if (!(0, stateFiles_1.createStateFile)(workspaceRoot, marker)) {
            const age = Date.now() - ((0, stateFiles_1.stateFileInfo)(workspaceRoot, marker)?.mtimeMs ?? Date.now());
            if (age < STARTING_MS)
                return 'another call is starting it';
            (0, stateFiles_1.removeStateFile)(workspaceRoot, marker);
            if (!(0, stateFiles_1.createStateFile)(workspaceRoot, marker))
                return 'another call is starting it';
        }
    }
    catch {
        return 'another call is starting it';
    }
    const log = path.join((0, daemonFiles_1.dataDirOf)(workspaceRoot), daemonFiles_1.DAEMON_LOG);
    let fd;
    try {
        if (((0, stateFiles_1.stateFileInfo)(workspaceRoot, log)?.size ?? 0) > LOG_MAX_BYTES)
            (0, stateFiles_1.renameStateFile)(workspaceRoot, log, `${log}.1`);
        // never through a link, never a FIFO (which would hold this call, and the agent's, for good)
        fd = (0, stateFiles_1.openStateFile)(workspaceRoot, log, 'append', { makeDirs: true });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { spawn } = require('node:child_process');
        const child = spawn(process.execPath, [path.join(distDir, 'agentsDaemon.js'), workspaceRoot], {
            cwd: runDir,
            detached: true,
            stdio: ['ignore', fd, fd],
            // a checkpoint call's id and token are that call's alone: the process serves every other
            env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== callCheckpointId_1.CHECKPOINT_ID_ENV && name !== callCheckpointId_1.CHECKPOINT_CALL_ENV)),
            windowsHide: true,
        });
        child.on('error', () => undefined);
        child.unref();
        return undefined;
    }
    catch (error) {
        try {
            (0, stateFiles_1.removeStateFile)(workspaceRoot, marker);
        }
        catch {
            // gone already
        }
        return `cannot start it: ${error.message}`;
    }
    finally {
        if (fd !== undefined)
            (0, node_fs_1.closeSync)(fd);
    }
}
//# sourceMappingURL=client.js.map
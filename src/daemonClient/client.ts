import { closeSync, existsSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { createStateFile, makeStateDir, openStateFile, removeStateFile, renameStateFile, stateFileInfo } from '../adapters/files/stateFiles';
import { CHECKPOINT_CALL_ENV, CHECKPOINT_ID_ENV } from './callCheckpointId';
import { DAEMON_LOG, DATABASE_FILE, DATA_DIR, SOCKET_NAME, checkFolder, checkSocket, dataDirOf, runDirOf, windowsPipeName } from './daemonFiles';
import type { DaemonReply, DaemonRequest } from './protocol';

// The client half of the resident process, in the bundle every hooked tool call loads
// (dist/agentsClient.js): node:fs, node:net and node:path, nothing else. Whatever goes wrong here
// ends in an outcome that sends the caller back to doing the work in its own process.

export interface CallTimes {
  /** Connecting to the socket. */
  readonly connectMs: number;
  /** From the request sent to the process's acknowledgement. */
  readonly ackMs: number;
  /** The longest silence (no heartbeat, no answer) once acknowledged. */
  readonly silenceMs: number;
  /** Epoch ms after which the answer is no longer waited for; undefined: no limit but the silences. */
  readonly deadline?: number;
}

export type CallOutcome =
  | { readonly kind: 'done'; readonly stdout: string; readonly stderr: string; readonly code: number }
  /** Nothing listens: `start` when a new process may be started (no socket, or a dead one's). */
  | { readonly kind: 'unavailable'; readonly why: string; readonly start: boolean }
  /**
   * The process refused the request (another version, another workspace); `start` after a version's
   * refusal, `otherVersion` the process's own then: it is to be stopped (stopOtherVersion) first.
   */
  | { readonly kind: 'refused'; readonly why: string; readonly start: boolean; readonly otherVersion?: string }
  /** It acknowledged, then went silent or away: it may have done part of the work. */
  | { readonly kind: 'lost'; readonly why: string };

function millisFromEnv(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name];
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 600_000 ? n : fallback;
}

/** The client's waits, each overridable for tests (`CLEVERAGENTS_DAEMON_*_MS`). */
export function callTimes(env: Readonly<Record<string, string | undefined>>, deadline?: number): CallTimes {
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
export function storeUnfit(workspaceRoot: string, databasePath: string | undefined): { readonly why: string; readonly noStore: boolean } | undefined {
  const data = checkFolder(dataDirOf(workspaceRoot), { private: false });
  if (!data.ok) return { why: data.why, noStore: data.missing === true };
  if (!existsSync(path.resolve(workspaceRoot, databasePath ?? path.join(DATA_DIR, DATABASE_FILE)))) return { why: 'no database yet', noStore: true };
  const run = checkFolder(runDirOf(workspaceRoot), { private: true });
  if (!run.ok && !run.missing) return { why: run.why, noStore: false };
  return undefined;
}

/**
 * Connects to the workspace's socket by its name inside `run/` (from inside that folder, so a long
 * workspace path never meets the 108-byte limit of a socket's path). The connect(2) call happens
 * within `net.createConnection`, so the working folder is back before anything else runs.
 */
function connectSocket(workspaceRoot: string): net.Socket {
  const runDir = runDirOf(workspaceRoot);
  if (process.platform === 'win32') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createHash } = require('node:crypto') as typeof import('node:crypto');
    return net.createConnection(windowsPipeName(dataDirOf(workspaceRoot), (t) => createHash('sha256').update(t).digest('hex').slice(0, 32)));
  }
  const here = process.cwd();
  process.chdir(runDir);
  try {
    return net.createConnection(SOCKET_NAME);
  } finally {
    process.chdir(here);
  }
}

/** Sends one request to the workspace's resident process and waits for its answer, within `times`. */
export function callDaemon(workspaceRoot: string, request: DaemonRequest, times: CallTimes): Promise<CallOutcome> {
  if (process.platform !== 'win32') {
    const socket = checkSocket(path.join(runDirOf(workspaceRoot), SOCKET_NAME));
    if (!socket.ok) return Promise.resolve({ kind: 'unavailable', why: socket.why, start: socket.missing === true });
  }
  return new Promise((resolve) => {
    let socket: net.Socket;
    try {
      socket = connectSocket(workspaceRoot);
    } catch (error) {
      resolve({ kind: 'unavailable', why: `cannot connect: ${(error as Error).message}`, start: false });
      return;
    }
    let acked = false;
    let settled = false;
    let buffered = '';
    let timer: NodeJS.Timeout | undefined;
    let deadlineTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: CallOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(deadlineTimer);
      socket.destroy();
      resolve(outcome);
    };
    const gone = (why: string) => finish(acked ? { kind: 'lost', why } : { kind: 'unavailable', why, start: false });
    const wait = (ms: number, why: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => gone(why), ms);
    };
    if (times.deadline !== undefined) deadlineTimer = setTimeout(() => gone('no answer within the call\'s budget'), Math.max(0, times.deadline - Date.now()));
    wait(times.connectMs, `no connection within ${times.connectMs} ms`);
    socket.on('connect', () => {
      socket.write(`${JSON.stringify(request)}\n`);
      wait(times.ackMs, `no acknowledgement within ${times.ackMs} ms`);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: a socket file with no process behind it (a crash, a kill): a new one may start.
      if (!acked && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) finish({ kind: 'unavailable', why: `no process listens (${error.code})`, start: true });
      else gone(`connection failed: ${error.code ?? error.message}`);
    });
    socket.on('close', () => gone('the process closed the connection before answering'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        let reply: DaemonReply;
        try {
          reply = JSON.parse(line) as DaemonReply;
        } catch {
          gone('the process answered something that is not JSON');
          return;
        }
        if (reply.t === 'ack' && typeof reply.version === 'string') {
          if (reply.version !== request.version) {
            finish({ kind: 'refused', why: `the process is of version ${reply.version}`, start: true, otherVersion: reply.version });
            return;
          }
          acked = true;
          wait(times.silenceMs, `silent for ${times.silenceMs} ms`);
        } else if (reply.t === 'beat' && acked) {
          wait(times.silenceMs, `silent for ${times.silenceMs} ms`);
        } else if (reply.t === 'refused') {
          const other = typeof reply.version === 'string' && reply.version !== request.version ? { otherVersion: reply.version } : {};
          finish({ kind: 'refused', why: String(reply.why), start: reply.version !== request.version, ...other });
          return;
        } else if (reply.t === 'done' && acked && typeof reply.stdout === 'string' && typeof reply.stderr === 'string' && Number.isInteger(reply.code)) {
          finish({ kind: 'done', stdout: reply.stdout, stderr: reply.stderr, code: reply.code });
          return;
        } else {
          gone('the process answered out of turn');
          return;
        }
      }
    });
  });
}

/**
 * Asks a resident process of another version (`version`, as it named itself) to stop, in its own
 * version's words, so that one of this version can take its socket: a process that took the
 * request of another version (an older release's), or refused it and lives on, would otherwise go
 * on serving and the new one, finding the socket answered, would leave. This release's process
 * answers a stop from memory and closes its socket before the answer arrives. Resolves whether it
 * said it stops; a process that is gone already, or will not, costs at most `times`' waits.
 */
export async function stopOtherVersion(workspaceRoot: string, version: string, times: CallTimes): Promise<boolean> {
  const outcome = await callDaemon(workspaceRoot, { version, kind: 'stop' }, { connectMs: times.connectMs, ackMs: times.ackMs, silenceMs: times.silenceMs });
  return outcome.kind === 'done';
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
export function startDaemon(workspaceRoot: string, distDir: string): string | undefined {
  const runDir = runDirOf(workspaceRoot);
  try {
    makeStateDir(workspaceRoot, runDir);
  } catch (error) {
    return `cannot make ${runDir}: ${(error as Error).message}`;
  }
  const run = checkFolder(runDir, { private: true });
  if (!run.ok) return run.why;
  const marker = path.join(runDir, 'starting');
  try {
    if (!createStateFile(workspaceRoot, marker)) {
      const age = Date.now() - (stateFileInfo(workspaceRoot, marker)?.mtimeMs ?? Date.now());
      if (age < STARTING_MS) return 'another call is starting it';
      removeStateFile(workspaceRoot, marker);
      if (!createStateFile(workspaceRoot, marker)) return 'another call is starting it';
    }
  } catch {
    return 'another call is starting it';
  }
  const log = path.join(dataDirOf(workspaceRoot), DAEMON_LOG);
  let fd: number | undefined;
  try {
    if ((stateFileInfo(workspaceRoot, log)?.size ?? 0) > LOG_MAX_BYTES) renameStateFile(workspaceRoot, log, `${log}.1`);
    // never through a link, never a FIFO (which would hold this call, and the agent's, for good)
    fd = openStateFile(workspaceRoot, log, 'append', { makeDirs: true });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    const child = spawn(process.execPath, [path.join(distDir, 'agentsDaemon.js'), workspaceRoot], {
      cwd: runDir,
      detached: true,
      stdio: ['ignore', fd, fd],
      // a checkpoint call's id and token are that call's alone: the process serves every other
      env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== CHECKPOINT_ID_ENV && name !== CHECKPOINT_CALL_ENV)),
      windowsHide: true,
    });
    child.on('error', () => undefined);
    child.unref();
    return undefined;
  } catch (error) {
    try {
      removeStateFile(workspaceRoot, marker);
    } catch {
      // gone already
    }
    return `cannot start it: ${(error as Error).message}`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

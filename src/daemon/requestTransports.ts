import * as http from 'node:http';
import type * as net from 'node:net';
import { parseRequest, requestVersion } from './daemonRequest';
import { fastCliAck, fastCliAnswer, parseFastCli } from './fastCli';
import { parseFastHook } from './fastHook';
import { MAX_REQUEST_BYTES, type DaemonReply, type DaemonRequest } from '../daemonClient/protocol';
import { requestActivity } from './requestActivity';

// The resident process's two ways in on its one socket (server.ts does the work): the node
// client's JSON lines (client.ts) and the fast client's HTTP (fastClientScript.ts; fastHook.ts for
// the hooks' launcher, fastCli.ts for `agents` in VS Code's terminal). Each checks the request, refuses what it must before any work, and hands the rest
// to the process with a Channel that answers in its own form.

/** How a request is answered: the node client's JSON lines, or the fast client's HTTP. */
export interface Channel {
  ack(): void;
  beat(): void;
  answer(reply: DaemonReply & { t: 'done' | 'refused' }): void;
  /** The work failed: close without an answer, and the client does it itself. */
  abort(): void;
}

/** What a transport needs of the process. */
export interface RequestHandler {
  readonly version: string;
  /** A request came (the idle timer starts over). */
  touched(): void;
  /** Why the process may no longer serve its store, if so. */
  stale(): string | undefined;
  exit(why: string): void;
  /** A valid request of this version: acknowledged, worked on, answered through `channel`. */
  handle(request: DaemonRequest, channel: Channel): Promise<void>;
}

/**
 * What the process's socket server calls for each connection: a JSON request line or an HTTP
 * request, told apart by the first byte (a JSON request is an object).
 */
export function connectionHandler(handler: RequestHandler): (socket: net.Socket) => void {
  // Never listening: it is given the connections that speak HTTP.
  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
      else if (!res.headersSent) {
        res.writeHead(413).end();
        req.destroy();
      }
    });
    req.on('end', () => {
      if (size <= MAX_REQUEST_BYTES) void fastRequest(req.method ?? '', req.url ?? '', Buffer.concat(chunks), res, handler);
    });
  });
  return (socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (first: Buffer) => {
      if (first[0] === 0x7b /* { */) return jsonConnection(socket, first, handler);
      socket.pause();
      socket.unshift(first);
      httpServer.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  };
}

function jsonConnection(socket: net.Socket, first: Buffer, handler: RequestHandler): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) {
      socket.removeListener('data', take);
      socket.destroy();
      return;
    }
    chunks.push(chunk);
    if (!chunk.includes(0x0a)) return;
    socket.removeListener('data', take);
    const all = Buffer.concat(chunks);
    void jsonRequest(socket, all.subarray(0, all.indexOf(0x0a)).toString('utf8'), handler);
  };
  socket.on('data', take);
  take(first);
}

async function jsonRequest(socket: net.Socket, line: string, handler: RequestHandler): Promise<void> {
  handler.touched();
  const send = (reply: DaemonReply) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
  };
  const refuse = (why: string) => {
    send({ t: 'refused', version: handler.version, why });
    socket.end();
  };
  const version = requestVersion(line);
  if (version !== handler.version) {
    // A client of another version: it does the work itself and starts a process of its own version.
    refuse(`this process is version ${handler.version}`);
    return handler.exit(`a client of version ${version ?? 'unknown'} came`);
  }
  const parsed = parseRequest(line);
  if (!parsed.ok) return refuse(parsed.why);
  const stale = handler.stale();
  if (stale) {
    refuse(stale);
    return handler.exit(stale);
  }
  await served(() =>
    handler.handle(parsed.request, {
      ack: () => send({ t: 'ack', version: handler.version, pid: process.pid }),
      beat: () => send({ t: 'beat' }),
      answer: (reply) => {
        send(reply);
        socket.end();
      },
      abort: () => socket.destroy(),
    }),
  );
}

/** A request handed to the process: under way (requestActivity) until its answer is written. */
async function served(work: () => Promise<void>): Promise<void> {
  requestActivity.began();
  try {
    await work();
  } finally {
    requestActivity.ended();
  }
}

/**
 * What a fast request becomes: the request, and how its acknowledgement and answer are written
 * (fastHook.ts, fastCli.ts); or why it is refused.
 */
type FastRoute =
  | { readonly ok: true; readonly request: DaemonRequest; readonly ack: string; answer(reply: DaemonReply & { t: 'done' }): string }
  | { readonly ok: false; readonly why: string };

function fastRoute(url: string, body: Buffer): FastRoute {
  if (url.startsWith('/v1/cli?')) {
    const cli = parseFastCli(url, body);
    return cli.ok ? { ok: true, request: cli.request, ack: fastCliAck(cli.checkpoint), answer: fastCliAnswer } : cli;
  }
  const hook = parseFastHook(url, body, Date.now());
  return hook.ok ? { ok: true, request: hook.request, ack: '.', answer: (reply) => `\ndone\n${reply.stdout}` } : hook;
}

/** The fast client's hook or command: refused before any work with a 409, else answered as its route says. */
async function fastRequest(method: string, url: string, body: Buffer, res: http.ServerResponse, handler: RequestHandler): Promise<void> {
  handler.touched();
  const refuse = (why: string) => res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end(`${why}\n`);
  if (method !== 'POST') return void refuse('not a hook or command request');
  const route = fastRoute(url, body);
  if (!route.ok) return void refuse(route.why);
  // A launcher of another version is refused but does not stop this process (unlike a node
  // client's): the launcher may lag an update until VS Code's next start rewrites it, and its
  // node fallback, of the version in use, replaces this process when it must.
  if (route.request.version !== handler.version) return void refuse(`this process is version ${handler.version}`);
  const stale = handler.stale();
  if (stale) {
    refuse(stale);
    return handler.exit(stale);
  }
  await served(() =>
    handler.handle(route.request, {
      ack: () => res.writeHead(200, { 'content-type': 'application/octet-stream' }).write(route.ack),
      beat: () => res.write('.'),
      answer: (reply) => res.end(reply.t === 'done' ? route.answer(reply) : '\nrefused\n'),
      abort: () => res.destroy(),
    }),
  );
}

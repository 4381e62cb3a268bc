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
exports.connectionHandler = connectionHandler;
const http = __importStar(require("node:http"));
const daemonRequest_1 = require("./daemonRequest");
const fastCli_1 = require("./fastCli");
const fastHook_1 = require("./fastHook");
const protocol_1 = require("./protocol");
/**
 * What the process's socket server calls for each connection: a JSON request line or an HTTP
 * request, told apart by the first byte (a JSON request is an object).
 */
function connectionHandler(handler) {
    // Never listening: it is given the connections that speak HTTP.
    const httpServer = http.createServer((req, res) => {
        const chunks = [];
        let size = 0;
        req.on('data', (chunk) => {
            size += chunk.length;
            if (size <= protocol_1.MAX_REQUEST_BYTES)
                chunks.push(chunk);
            else if (!res.headersSent) {
                res.writeHead(413).end();
                req.destroy();
            }
        });
        req.on('end', () => {
            if (size <= protocol_1.MAX_REQUEST_BYTES)
                void fastRequest(req.method ?? '', req.url ?? '', Buffer.concat(chunks), res, handler);
        });
    });
    return (socket) => {
        socket.on('error', () => undefined);
        socket.once('data', (first) => {
            if (first[0] === 0x7b /* { */)
                return jsonConnection(socket, first, handler);
            socket.pause();
            socket.unshift(first);
            httpServer.emit('connection', socket);
            process.nextTick(() => socket.resume());
        });
    };
}
function jsonConnection(socket, first, handler) {
    const chunks = [];
    let size = 0;
    const take = (chunk) => {
        size += chunk.length;
        if (size > protocol_1.MAX_REQUEST_BYTES) {
            socket.removeListener('data', take);
            socket.destroy();
            return;
        }
        chunks.push(chunk);
        if (!chunk.includes(0x0a))
            return;
        socket.removeListener('data', take);
        const all = Buffer.concat(chunks);
        void jsonRequest(socket, all.subarray(0, all.indexOf(0x0a)).toString('utf8'), handler);
    };
    socket.on('data', take);
    take(first);
}
async function jsonRequest(socket, line, handler) {
    handler.touched();
    const send = (reply) => {
        if (!socket.destroyed)
            socket.write(`${JSON.stringify(reply)}\n`);
    };
    const refuse = (why) => {
        send({ t: 'refused', version: handler.version, why });
        socket.end();
    };
    const version = (0, daemonRequest_1.requestVersion)(line);
    if (version !== handler.version) {
        // A client of another version: it does the work itself and starts a process of its own version.
        refuse(`this process is version ${handler.version}`);
        return handler.exit(`a client of version ${version ?? 'unknown'} came`);
    }
    const parsed = (0, daemonRequest_1.parseRequest)(line);
    if (!parsed.ok)
        return refuse(parsed.why);
    const stale = handler.stale();
    if (stale) {
        refuse(stale);
        return handler.exit(stale);
    }
    await handler.handle(parsed.request, {
        ack: () => send({ t: 'ack', version: handler.version, pid: process.pid }),
        beat: () => send({ t: 'beat' }),
        answer: (reply) => {
            send(reply);
            socket.end();
        },
        abort: () => socket.destroy(),
    });
}
function fastRoute(url, body) {
    if (url.startsWith('/v1/cli?')) {
        const cli = (0, fastCli_1.parseFastCli)(url, body);
        return cli.ok ? { ok: true, request: cli.request, ack: (0, fastCli_1.fastCliAck)(cli.checkpoint), answer: fastCli_1.fastCliAnswer } : cli;
    }
    const hook = (0, fastHook_1.parseFastHook)(url, body, Date.now());
    return hook.ok ? { ok: true, request: hook.request, ack: '.', answer: (reply) => `\ndone\n${reply.stdout}` } : hook;
}
/** The fast client's hook or command: refused before any work with a 409, else answered as its route says. */
async function fastRequest(method, url, body, res, handler) {
    handler.touched();
    const refuse = (why) => res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end(`${why}\n`);
    if (method !== 'POST')
        return void refuse('not a hook or command request');
    const route = fastRoute(url, body);
    if (!route.ok)
        return void refuse(route.why);
    // A launcher of another version is refused but does not stop this process (unlike a node
    // client's): the launcher may lag an update until VS Code's next start rewrites it, and its
    // node fallback, of the version in use, replaces this process when it must.
    if (route.request.version !== handler.version)
        return void refuse(`this process is version ${handler.version}`);
    const stale = handler.stale();
    if (stale) {
        refuse(stale);
        return handler.exit(stale);
    }
    await handler.handle(route.request, {
        ack: () => res.writeHead(200, { 'content-type': 'application/octet-stream' }).write(route.ack),
        beat: () => res.write('.'),
        answer: (reply) => res.end(reply.t === 'done' ? route.answer(reply) : '\nrefused\n'),
        abort: () => res.destroy(),
    });
}
//# sourceMappingURL=requestTransports.js.map
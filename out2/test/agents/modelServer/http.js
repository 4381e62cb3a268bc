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
exports.startModelServer = startModelServer;
// The scripted model server: a small node HTTP server on 127.0.0.1 that speaks just enough of each
// provider's API for the agents' real programs to run a scripted session against it, offline.
// Each provider's adapter reads the conversation and answers the script's next step; every request
// is recorded, so that a failing test can show what the agent asked for.
const http = __importStar(require("node:http"));
function send(res, reply) {
    if (reply.kind === 'json') {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
        return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const e of reply.events)
        res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
    if (reply.done)
        res.write('data: [DONE]\n\n');
    res.end();
}
function describeStep(step) {
    if (!step)
        return 'no step';
    return step.kind === 'tool' ? `tool ${step.name} ${JSON.stringify(step.args).slice(0, 80)}` : `text ${JSON.stringify(step.text.slice(0, 60))}`;
}
/** Starts the server on a free port of 127.0.0.1 with the given adapters. */
async function startModelServer(model, adapters) {
    const requests = [];
    const server = http.createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
            const path = req.url ?? '/';
            let body;
            try {
                body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
            }
            catch {
                body = undefined;
            }
            for (const adapter of adapters) {
                const answer = adapter(model, path, body);
                if (!answer)
                    continue;
                requests.push({ method: req.method ?? '?', path, answered: describeStep(answer.step) });
                send(res, answer.reply);
                return;
            }
            requests.push({ method: req.method ?? '?', path, answered: 'unknown path: 404' });
            send(res, { kind: 'json', status: 404, body: { error: { type: 'not_found_error', message: `scripted model: no route ${path}` } } });
        });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return {
        url: `http://127.0.0.1:${port}`,
        requests,
        describe: () => requests.map((r, i) => `${i + 1}. ${r.method} ${r.path} -> ${r.answered}`).join('\n'),
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
}
//# sourceMappingURL=http.js.map
// The scripted model server: a small node HTTP server on 127.0.0.1 that speaks just enough of each
// provider's API for the agents' real programs to run a scripted session against it, offline.
// Each provider's adapter reads the conversation and answers the script's next step; every request
// is recorded, so that a failing test can show what the agent asked for.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScriptedModel, ScriptedStep } from './script';

/** What an adapter wants sent back. */
export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'sse'; readonly events: readonly { readonly event?: string; readonly data: unknown }[]; readonly done?: boolean };

/** An adapter: answers the requests of its provider's paths, undefined for any other path. */
export type Adapter = (model: ScriptedModel, path: string, body: unknown) => { reply: Reply; step: ScriptedStep | undefined } | undefined;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The step answered, or why none was. */
  readonly answered: string;
}

export interface ModelServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** The requests so far, one line each, for a failure's message. */
  describe(): string;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (reply.kind === 'json') {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const e of reply.events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  if (reply.done) res.write('data: [DONE]\n\n');
  res.end();
}

function describeStep(step: ScriptedStep | undefined): string {
  if (!step) return 'no step';
  return step.kind === 'tool' ? `tool ${step.name} ${JSON.stringify(step.args).slice(0, 80)}` : `text ${JSON.stringify(step.text.slice(0, 60))}`;
}

/** Starts the server on a free port of 127.0.0.1 with the given adapters. */
export async function startModelServer(model: ScriptedModel, adapters: readonly Adapter[]): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      let body: unknown;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        body = undefined;
      }
      for (const adapter of adapters) {
        const answer = adapter(model, path, body);
        if (!answer) continue;
        requests.push({ method: req.method ?? '?', path, answered: describeStep(answer.step) });
        send(res, answer.reply);
        return;
      }
      requests.push({ method: req.method ?? '?', path, answered: 'unknown path: 404' });
      send(res, { kind: 'json', status: 404, body: { error: { type: 'not_found_error', message: `scripted model: no route ${path}` } } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    describe: () => requests.map((r, i) => `${i + 1}. ${r.method} ${r.path} -> ${r.answered}`).join('\n'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

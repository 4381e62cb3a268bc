import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A model server of our own for running real agents offline: it answers OpenAI's streaming Chat
// Completions (`POST …/chat/completions`, what OpenCode's `@ai-sdk/openai-compatible` provider
// calls) and Responses (`POST …/responses`, what Codex calls with `wire_api = "responses"`) with a
// script: the nth answer of a conversation is the script's nth step, n counted by the tool results
// the request already holds. Each step is a tool call or a closing text. Only what the two agents
// read is sent (the SSE event and field names of OpenAI's streaming formats).

export type ScriptStep =
  | { readonly tool: string; readonly args: Record<string, unknown> }
  /** A Responses API custom (freeform) tool call: Codex's apply_patch takes the patch as raw input. */
  | { readonly customTool: string; readonly input: string }
  | { readonly text: string };

export interface ScriptedModelServer {
  readonly baseUrl: string;
  /** The request bodies received, in order. */
  readonly requests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

function stepAt(script: readonly ScriptStep[], done: number): ScriptStep {
  return script[done] ?? { text: 'done' };
}

function chatCompletion(script: readonly ScriptStep[], body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string }>) : [];
  const done = messages.filter((m) => m.role === 'tool').length;
  const step = stepAt(script, done);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => `data: ${JSON.stringify({ id: `chatcmpl-${done}`, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const usage = `data: ${JSON.stringify({ id: `chatcmpl-${done}`, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`;
  // a request that offers no tools (a title, a summary) gets text
  const tools = Array.isArray(body.tools) && body.tools.length > 0;
  if ('tool' in step && tools) {
    return chunk({ role: 'assistant', tool_calls: [{ index: 0, id: `call_${done}`, type: 'function', function: { name: step.tool, arguments: JSON.stringify(step.args) } }] }, null) + chunk({}, 'tool_calls') + usage + 'data: [DONE]\n\n';
  }
  return chunk({ role: 'assistant', content: 'text' in step && tools ? step.text : 'scripted' }, null) + chunk({}, 'stop') + usage + 'data: [DONE]\n\n';
}

function response(script: readonly ScriptStep[], body: Record<string, unknown>): string {
  const input = Array.isArray(body.input) ? (body.input as Array<{ type?: string }>) : [];
  const done = input.filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').length;
  const step = stepAt(script, done);
  const id = `resp_${done}_${Math.random().toString(36).slice(2)}`;
  let item: Record<string, unknown>;
  if ('customTool' in step) item = { type: 'custom_tool_call', id: `ctc_${done}`, call_id: `call_${done}`, name: step.customTool, input: step.input, status: 'completed' };
  else if ('tool' in step) item = { type: 'function_call', id: `fc_${done}`, call_id: `call_${done}`, name: step.tool, arguments: JSON.stringify(step.args), status: 'completed' };
  else item = { type: 'message', role: 'assistant', id: `msg_${done}`, status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
  const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  return (
    event('response.created', { response: { id } }) +
    event('response.output_item.added', { output_index: 0, item }) +
    event('response.output_item.done', { output_index: 0, item }) +
    event('response.completed', { response: { id, usage: { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 } } })
  );
}

/** Starts the server on 127.0.0.1 (a free port); `baseUrl` ends in `/v1`. */
export async function startScriptedModelServer(script: readonly ScriptStep[]): Promise<ScriptedModelServer> {
  const requests: Array<Record<string, unknown>> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // a GET (a model list) has no body
      }
      const url = req.url ?? '';
      if (req.method === 'POST' && url.endsWith('/chat/completions')) {
        requests.push(body);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(chatCompletion(script, body));
      } else if (req.method === 'POST' && url.endsWith('/responses')) {
        requests.push(body);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(response(script, body));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"not scripted"}}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

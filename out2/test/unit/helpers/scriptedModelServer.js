"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.startScriptedModelServer = startScriptedModelServer;
const node_http_1 = require("node:http");
function stepAt(script, done) {
    return script[done] ?? { text: 'done' };
}
function chatCompletion(script, body) {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const done = messages.filter((m) => m.role === 'tool').length;
    const step = stepAt(script, done);
    const chunk = (delta, finish) => `data: ${JSON.stringify({ id: `chatcmpl-${done}`, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const usage = `data: ${JSON.stringify({ id: `chatcmpl-${done}`, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`;
    // a request that offers no tools (a title, a summary) gets text
    const tools = Array.isArray(body.tools) && body.tools.length > 0;
    if ('tool' in step && tools) {
        return chunk({ role: 'assistant', tool_calls: [{ index: 0, id: `call_${done}`, type: 'function', function: { name: step.tool, arguments: JSON.stringify(step.args) } }] }, null) + chunk({}, 'tool_calls') + usage + 'data: [DONE]\n\n';
    }
    return chunk({ role: 'assistant', content: 'text' in step && tools ? step.text : 'scripted' }, null) + chunk({}, 'stop') + usage + 'data: [DONE]\n\n';
}
function response(script, body) {
    const input = Array.isArray(body.input) ? body.input : [];
    const done = input.filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').length;
    const step = stepAt(script, done);
    const id = `resp_${done}_${Math.random().toString(36).slice(2)}`;
    let item;
    if ('customTool' in step)
        item = { type: 'custom_tool_call', id: `ctc_${done}`, call_id: `call_${done}`, name: step.customTool, input: step.input, status: 'completed' };
    else if ('tool' in step)
        item = { type: 'function_call', id: `fc_${done}`, call_id: `call_${done}`, name: step.tool, arguments: JSON.stringify(step.args), status: 'completed' };
    else
        item = { type: 'message', role: 'assistant', id: `msg_${done}`, status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
    const event = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    return (event('response.created', { response: { id } }) +
        event('response.output_item.added', { output_index: 0, item }) +
        event('response.output_item.done', { output_index: 0, item }) +
        event('response.completed', { response: { id, usage: { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 } } }));
}
/** Starts the server on 127.0.0.1 (a free port); `baseUrl` ends in `/v1`. */
async function startScriptedModelServer(script) {
    const requests = [];
    const server = (0, node_http_1.createServer)((req, res) => {
        const chunks = [];
        req.on('data', (d) => chunks.push(d));
        req.on('end', () => {
            let body = {};
            try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            }
            catch {
                // a GET (a model list) has no body
            }
            const url = req.url ?? '';
            if (req.method === 'POST' && url.endsWith('/chat/completions')) {
                requests.push(body);
                res.writeHead(200, { 'content-type': 'text/event-stream' });
                res.end(chatCompletion(script, body));
            }
            else if (req.method === 'POST' && url.endsWith('/responses')) {
                requests.push(body);
                res.writeHead(200, { 'content-type': 'text/event-stream' });
                res.end(response(script, body));
            }
            else {
                res.writeHead(404, { 'content-type': 'application/json' });
                res.end('{"error":{"message":"not scripted"}}');
            }
        });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return {
        baseUrl: `http://127.0.0.1:${port}/v1`,
        requests,
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}
//# sourceMappingURL=scriptedModelServer.js.map
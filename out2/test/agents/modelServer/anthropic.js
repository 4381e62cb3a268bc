"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.answerAnthropic = answerAnthropic;
// The part of Anthropic's Messages API that Claude Code uses: `POST /v1/messages` (streamed as
// server-sent events when `stream` is true) and `POST /v1/messages/count_tokens`. Claude Code is
// pointed here with ANTHROPIC_BASE_URL.
const zod_1 = require("zod");
const script_1 = require("./script");
const Block = zod_1.z.looseObject({ type: zod_1.z.string(), text: zod_1.z.string().optional() });
const Request = zod_1.z.looseObject({
    model: zod_1.z.string().default('scripted'),
    stream: zod_1.z.boolean().optional(),
    messages: zod_1.z.array(zod_1.z.looseObject({ role: zod_1.z.string(), content: zod_1.z.union([zod_1.z.string(), zod_1.z.array(Block)]) })).default([]),
    tools: zod_1.z.array(zod_1.z.unknown()).optional(),
});
function readState(req) {
    let markerAt = -1;
    let marker;
    req.messages.forEach((msg, i) => {
        if (msg.role !== 'user')
            return;
        const texts = typeof msg.content === 'string' ? [msg.content] : msg.content.filter((b) => b.type === 'text').map((b) => b.text ?? '');
        for (const t of texts) {
            const m = (0, script_1.findMarker)(t);
            if (m) {
                marker = m;
                markerAt = i;
            }
        }
    });
    let toolResultsSince = 0;
    for (const msg of req.messages.slice(markerAt + 1)) {
        if (msg.role === 'user' && typeof msg.content !== 'string')
            toolResultsSince += msg.content.filter((b) => b.type === 'tool_result').length;
    }
    return { marker, toolResultsSince, offersTools: (req.tools ?? []).length > 0 };
}
let ids = 0;
const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
function contentFor(step) {
    return step.kind === 'tool' ? { type: 'tool_use', id: `toolu_scripted_${++ids}`, name: step.name, input: step.args } : { type: 'text', text: step.text };
}
function streamed(model, block, stop) {
    const id = `msg_scripted_${++ids}`;
    const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
    const delta = block.type === 'tool_use' ? { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } : { type: 'text_delta', text: block.text };
    return {
        kind: 'sse',
        events: [
            { event: 'message_start', data: { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage } } },
            { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: start } },
            { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
            { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
            { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } } },
            { event: 'message_stop', data: { type: 'message_stop' } },
        ],
    };
}
/** Answers one request under `/v1/messages`, or undefined when the path is not Anthropic's. */
function answerAnthropic(model, path, body) {
    const route = path.split('?')[0];
    if (route === '/v1/messages/count_tokens')
        return { reply: { kind: 'json', status: 200, body: { input_tokens: 10 } }, step: undefined };
    if (route !== '/v1/messages')
        return undefined;
    const parsed = Request.safeParse(body);
    if (!parsed.success)
        return { reply: { kind: 'json', status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: `scripted model: ${parsed.error.message}` } } }, step: undefined };
    const step = model.next(readState(parsed.data));
    const block = contentFor(step);
    const stop = step.kind === 'tool' ? 'tool_use' : 'end_turn';
    if (parsed.data.stream)
        return { reply: streamed(parsed.data.model, block, stop), step };
    const message = { id: `msg_scripted_${++ids}`, type: 'message', role: 'assistant', model: parsed.data.model, content: [block], stop_reason: stop, stop_sequence: null, usage };
    return { reply: { kind: 'json', status: 200, body: message }, step };
}
//# sourceMappingURL=anthropic.js.map
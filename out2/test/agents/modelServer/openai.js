"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.answerOpenAi = answerOpenAi;
// The part of OpenAI's Chat Completions API that OpenAI-compatible clients use:
// `POST /v1/chat/completions`, streamed as server-sent events ending in `[DONE]` when `stream` is
// true. Cline's CLI reaches it as its "openai-compatible" provider, whose base URL it takes from
// `cline auth openai --baseurl` (its Anthropic provider takes no base URL).
const zod_1 = require("zod");
const script_1 = require("./script");
const Content = zod_1.z.union([zod_1.z.string(), zod_1.z.array(zod_1.z.looseObject({ type: zod_1.z.string(), text: zod_1.z.string().optional() })), zod_1.z.null()]).optional();
const Request = zod_1.z.looseObject({
    model: zod_1.z.string().default('scripted'),
    stream: zod_1.z.boolean().optional(),
    messages: zod_1.z.array(zod_1.z.looseObject({ role: zod_1.z.string(), content: Content })).default([]),
    tools: zod_1.z.array(zod_1.z.unknown()).optional(),
});
function texts(content) {
    if (typeof content === 'string')
        return [content];
    if (!content)
        return [];
    return content.filter((p) => p.type === 'text').map((p) => p.text ?? '');
}
function readState(req) {
    let markerAt = -1;
    let marker;
    req.messages.forEach((msg, i) => {
        if (msg.role !== 'user')
            return;
        for (const t of texts(msg.content)) {
            const m = (0, script_1.findMarker)(t);
            if (m) {
                marker = m;
                markerAt = i;
            }
        }
    });
    const toolResultsSince = req.messages.slice(markerAt + 1).filter((m) => m.role === 'tool').length;
    return { marker, toolResultsSince, offersTools: (req.tools ?? []).length > 0 };
}
let ids = 0;
const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
/** Answers `POST /v1/chat/completions`, or undefined for any other path. */
function answerOpenAi(model, path, body) {
    if (!/^(?:\/v1)?\/chat\/completions$/.test(path.split('?')[0]))
        return undefined;
    const parsed = Request.safeParse(body);
    if (!parsed.success)
        return { reply: { kind: 'json', status: 400, body: { error: { type: 'invalid_request_error', message: `scripted model: ${parsed.error.message}` } } }, step: undefined };
    const step = model.next(readState(parsed.data));
    const id = `chatcmpl-scripted-${++ids}`;
    const created = Math.floor(Date.now() / 1000);
    const toolCall = step.kind === 'tool' ? { id: `call_scripted_${++ids}`, type: 'function', function: { name: step.name, arguments: JSON.stringify(step.args) } } : undefined;
    const finish = toolCall ? 'tool_calls' : 'stop';
    if (!parsed.data.stream) {
        const message = { role: 'assistant', content: step.kind === 'text' ? step.text : null, ...(toolCall ? { tool_calls: [toolCall] } : {}) };
        return { reply: { kind: 'json', status: 200, body: { id, object: 'chat.completion', created, model: parsed.data.model, choices: [{ index: 0, message, finish_reason: finish }], usage } }, step };
    }
    const chunk = (choices, extra = {}) => ({ data: { id, object: 'chat.completion.chunk', created, model: parsed.data.model, choices, ...extra } });
    const delta = toolCall ? { role: 'assistant', content: null, tool_calls: [{ index: 0, ...toolCall }] } : { role: 'assistant', content: step.kind === 'text' ? step.text : '' };
    return {
        reply: {
            kind: 'sse',
            events: [chunk([{ index: 0, delta, finish_reason: null }]), chunk([{ index: 0, delta: {}, finish_reason: finish }]), chunk([], { usage })],
            done: true,
        },
        step,
    };
}
//# sourceMappingURL=openai.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.answerGemini = answerGemini;
// The part of the Gemini API (generativelanguage, v1beta) that Gemini CLI uses: `:generateContent`,
// `:streamGenerateContent?alt=sse` and `:countTokens` under `/v1beta/models/<model>`. Gemini CLI is
// pointed here with GOOGLE_GEMINI_BASE_URL (read in its bundle where it builds the GoogleGenAI client).
const zod_1 = require("zod");
const script_1 = require("./script");
const Part = zod_1.z.looseObject({
    text: zod_1.z.string().optional(),
    functionResponse: zod_1.z.unknown().optional(),
    thought: zod_1.z.boolean().optional(),
});
const Request = zod_1.z.looseObject({
    contents: zod_1.z.array(zod_1.z.looseObject({ role: zod_1.z.string().optional(), parts: zod_1.z.array(Part).default([]) })).default([]),
    tools: zod_1.z.array(zod_1.z.looseObject({ functionDeclarations: zod_1.z.array(zod_1.z.unknown()).optional() })).optional(),
    generationConfig: zod_1.z.looseObject({ responseJsonSchema: zod_1.z.unknown().optional(), responseSchema: zod_1.z.unknown().optional() }).optional(),
});
function readState(req) {
    let markerAt = -1;
    let marker;
    req.contents.forEach((c, i) => {
        if (c.role !== 'user')
            return;
        for (const p of c.parts) {
            const m = p.text !== undefined && !p.thought ? (0, script_1.findMarker)(p.text) : undefined;
            if (m) {
                marker = m;
                markerAt = i;
            }
        }
    });
    let toolResultsSince = 0;
    for (const c of req.contents.slice(markerAt + 1))
        toolResultsSince += c.parts.filter((p) => p.functionResponse !== undefined).length;
    const offersTools = (req.tools ?? []).some((t) => (t.functionDeclarations ?? []).length > 0);
    return { marker, toolResultsSince, offersTools };
}
const JsonSchema = zod_1.z.looseObject({
    type: zod_1.z.string().optional(),
    enum: zod_1.z.array(zod_1.z.unknown()).optional(),
    properties: zod_1.z.record(zod_1.z.string(), zod_1.z.unknown()).optional(),
    items: zod_1.z.unknown().optional(),
});
/**
 * A value that fits a JSON schema, for the side requests that ask for JSON (the router's
 * complexity score, the "who speaks next" check): a user turn next, a low complexity.
 */
function valueFor(schema, name = '') {
    const s = JsonSchema.safeParse(schema);
    if (!s.success)
        return null;
    const { type, enum: choices, properties } = s.data;
    if (choices && choices.length > 0)
        return choices.includes('user') ? 'user' : choices[0];
    switch ((type ?? '').toLowerCase()) {
        case 'object':
            return Object.fromEntries(Object.entries(properties ?? {}).map(([k, v]) => [k, valueFor(v, k)]));
        case 'array':
            return [];
        case 'integer':
        case 'number':
            return 10;
        case 'boolean':
            return false;
        case 'string':
            return name === 'next_speaker' ? 'user' : 'scripted';
        default:
            return null;
    }
}
function candidateFor(step) {
    const part = step.kind === 'tool' ? { functionCall: { name: step.name, args: step.args } } : { text: step.text };
    return { content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 };
}
const usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };
/** Answers one request under `/v1beta/models/`, or undefined when the path is not Gemini's. */
function answerGemini(model, path, body) {
    const m = /^\/v1(?:beta|alpha)?\/models\/[^/:]+:(generateContent|streamGenerateContent|countTokens)/.exec(path);
    if (!m)
        return undefined;
    if (m[1] === 'countTokens')
        return { reply: { kind: 'json', status: 200, body: { totalTokens: 10 } }, step: undefined };
    const parsed = Request.safeParse(body);
    if (!parsed.success)
        return { reply: { kind: 'json', status: 400, body: { error: { code: 400, message: `scripted model: ${parsed.error.message}`, status: 'INVALID_ARGUMENT' } } }, step: undefined };
    const schema = parsed.data.generationConfig?.responseJsonSchema ?? parsed.data.generationConfig?.responseSchema;
    const state = readState(parsed.data);
    const step = schema !== undefined ? { kind: 'text', text: JSON.stringify(valueFor(schema)) } : model.next(state);
    const response = { candidates: [candidateFor(step)], usageMetadata, modelVersion: 'scripted' };
    if (m[1] === 'streamGenerateContent')
        return { reply: { kind: 'sse', events: [{ data: response }] }, step };
    return { reply: { kind: 'json', status: 200, body: response }, step };
}
//# sourceMappingURL=gemini.js.map
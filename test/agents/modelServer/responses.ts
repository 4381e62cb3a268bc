// The part of OpenAI's Responses API that Codex's CLI uses with a provider of `wire_api =
// "responses"`: `POST {base_url}/responses`, streamed as server-sent events (response.created,
// response.output_item.added/done, response.completed). The conversation comes as `input` items:
// messages, and each tool call's output (`function_call_output`, or `custom_tool_call_output` for
// a freeform tool). Codex offers `apply_patch` as a freeform ("custom") tool to the models of its
// catalog that take one: a scripted call of a tool the request offers as custom is sent as a
// `custom_tool_call` whose input is the step's `input` argument, anything else as a `function_call`.
import { z } from 'zod';
import type { Reply } from './http';
import type { ConversationState, ScriptedModel, ScriptedStep } from './script';
import { findMarker } from './script';

const Part = z.looseObject({ type: z.string(), text: z.string().optional() });
const Item = z.looseObject({ type: z.string().optional(), role: z.string().optional(), content: z.union([z.string(), z.array(Part)]).optional() });
const Tool = z.looseObject({ type: z.string(), name: z.string().optional() });
const Request = z.looseObject({
  model: z.string().default('scripted'),
  input: z.union([z.string(), z.array(Item)]).default([]),
  tools: z.array(Tool).optional(),
});
type ResponsesRequest = z.infer<typeof Request>;

const TOOL_OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);

function texts(item: z.infer<typeof Item>): string[] {
  if (typeof item.content === 'string') return [item.content];
  return (item.content ?? []).map((p) => p.text ?? '');
}

function readState(req: ResponsesRequest): ConversationState {
  const items = typeof req.input === 'string' ? [{ type: 'message', role: 'user', content: req.input }] : req.input;
  let markerAt = -1;
  let marker: string | undefined;
  items.forEach((item, i) => {
    if (item.role !== 'user') return;
    for (const t of texts(item)) {
      const m = findMarker(t);
      if (m) {
        marker = m;
        markerAt = i;
      }
    }
  });
  const toolResultsSince = items.slice(markerAt + 1).filter((item) => TOOL_OUTPUTS.has(item.type ?? '')).length;
  return { marker, toolResultsSince, offersTools: (req.tools ?? []).length > 0 };
}

let ids = 0;

/** Answers `POST …/responses`, or undefined for any other path. */
export function answerResponses(model: ScriptedModel, path: string, body: unknown): { reply: Reply; step: ScriptedStep | undefined } | undefined {
  if (!/^(?:\/v1)?\/responses$/.test(path.split('?')[0])) return undefined;
  const parsed = Request.safeParse(body);
  if (!parsed.success) return { reply: { kind: 'json', status: 400, body: { error: { type: 'invalid_request_error', message: `scripted model: ${parsed.error.message}` } } }, step: undefined };
  const step = model.next(readState(parsed.data));
  const n = ++ids;
  const id = `resp_scripted_${n}`;
  let item: Record<string, unknown>;
  if (step.kind === 'tool') {
    const custom = (parsed.data.tools ?? []).some((t) => t.type === 'custom' && t.name === step.name);
    item = custom
      ? { type: 'custom_tool_call', id: `ctc_${n}`, call_id: `call_scripted_${n}`, name: step.name, input: String(step.args.input ?? ''), status: 'completed' }
      : { type: 'function_call', id: `fc_${n}`, call_id: `call_scripted_${n}`, name: step.name, arguments: JSON.stringify(step.args), status: 'completed' };
  } else {
    item = { type: 'message', role: 'assistant', id: `msg_${n}`, status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
  }
  const event = (type: string, data: Record<string, unknown>): { event: string; data: unknown } => ({ event: type, data: { type, ...data } });
  const usage = { input_tokens: 10, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: 15 };
  return {
    reply: {
      kind: 'sse',
      events: [
        event('response.created', { response: { id } }),
        event('response.output_item.added', { output_index: 0, item }),
        event('response.output_item.done', { output_index: 0, item }),
        event('response.completed', { response: { id, usage } }),
      ],
    },
    step,
  };
}

import * as path from 'node:path';
import * as z from 'zod';
import { HOOK_AGENTS } from '../daemonClient/hookAgents';
import { HOOK_STDIN_MAX_BYTES } from '../daemonClient/hookStdin';
import { FORWARDED_ENV, isForwardedPlanCommand, type DaemonRequest } from '../daemonClient/protocol';

// Every request the resident process reads, checked before anything is done with it: the socket
// is the user's alone, but a request is still outside input.

const AbsolutePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0') && path.isAbsolute(p), 'must be an absolute path');

const Env = z.record(z.string().regex(FORWARDED_ENV), z.string().max(8192)).refine((e) => Object.keys(e).length <= 64, 'too many variables');

const Version = z.string().min(1).max(100);

/** A checkpoint id or a call's token (callCheckpointId.ts): 26 Crockford base-32 characters. */
const CallWord = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);

const Input = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), text: z.string().max(HOOK_STDIN_MAX_BYTES) }).strict(),
  z.object({ ok: z.literal(false), why: z.string().max(2000) }).strict(),
]);

const Epoch = z.number().int().min(0).max(8.64e15);

export const DaemonRequestSchema = z.discriminatedUnion('kind', [
  z.object({ version: Version, kind: z.literal('hook'), agent: z.enum(HOOK_AGENTS), input: Input, cwd: AbsolutePath, env: Env, started: Epoch, answerBy: Epoch }).strict(),
  z
    .object({
      version: Version,
      kind: z.literal('cli'),
      argv: z
        .array(z.string().max(100_000))
        .max(200)
        .refine(isForwardedPlanCommand, 'not a forwarded command'),
      cwd: AbsolutePath,
      env: Env,
      checkpoint: z.object({ id: CallWord, token: CallWord }).strict().optional(),
    })
    .strict(),
  z.object({ version: Version, kind: z.enum(['status', 'stop']) }).strict(),
]);

/** The request of one line, or why it is none. */
export function parseRequest(line: string): { ok: true; request: DaemonRequest } | { ok: false; why: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { ok: false, why: 'the request is not JSON' };
  }
  return parseRequestObject(raw);
}

/** A request already out of its JSON (the fast client's, src/daemon/fastHook.ts), checked the same way. */
export function parseRequestObject(raw: unknown): { ok: true; request: DaemonRequest } | { ok: false; why: string } {
  const parsed = DaemonRequestSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, why: `bad request: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ')}` };
  return { ok: true, request: parsed.data as DaemonRequest };
}

/** Just the version of a request, for the refusal of one from another version (whose shape may differ). */
export function requestVersion(line: string): string | undefined {
  try {
    const v = (JSON.parse(line) as { version?: unknown }).version;
    return typeof v === 'string' ? v.slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}

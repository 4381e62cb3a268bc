import { HOOK_STDIN_MAX_BYTES, STDIN_WAIT_MS } from '../daemonClient/hookStdin';
import { parseRequestObject } from './daemonRequest';
import { FORWARDED_ENV_NAMES, hookAnswerBy, hookBudget, type DaemonRequest } from '../daemonClient/protocol';

// The fast client's half of the resident process's protocol: `hook run <agent>` sent by the
// launcher's shell code with curl over the same socket (src/daemonClient/fastClientScript.ts), so that
// a hooked tool call does not start Node.js twice. HTTP because curl is what every macOS, Windows
// and nearly every Linux has that speaks to a Unix socket; one request per connection.
//
//   POST /v1/hook/<agent>?version=<the launcher's version>
//   body: fields, each `name=value` ended by a NUL byte (`cwd=`, `stdin=ended|timeout`, then the
//         forwarded variables that are set), a NUL byte, then `&` (curl joins its two
//         `--data-binary` parts with it), then the event exactly as the agent wrote it on stdin.
//
//   answer: 409 (curl -f: exit 22) when refused before any work; else 200 at once (the
//   acknowledgement), a `.` every HEARTBEAT_MS while the work runs (curl's --speed-limit sees a
//   silent process), then `\n`, a line `done` or `refused`, and the hook's stdout.

export const FAST_HOOK_PATH = /^\/v1\/hook\/([a-z-]{1,40})\?version=([0-9A-Za-z.+-]{1,100})$/;

/** What the body's fields and event become: the request the JSON protocol would have carried. */
export type FastHookParse = { readonly ok: true; readonly request: DaemonRequest } | { readonly ok: false; readonly why: string };

/** Parses one fast request (its URL and whole body), at `now`, into the JSON protocol's request. */
export function parseFastHook(url: string, body: Buffer, now: number): FastHookParse {
  const route = FAST_HOOK_PATH.exec(url);
  if (!route) return { ok: false, why: 'not a hook request' };
  const [, agent, version] = route;
  const end = body.indexOf('\0\0&');
  if (end < 0) return { ok: false, why: 'the fields do not end' };
  const fields = body.subarray(0, end).toString('utf8').split('\0');
  const event = body.subarray(end + 3);
  let stdin: string | undefined;
  const read = readFastFields(fields, (name, value) => {
    if (name !== 'stdin' || stdin !== undefined) return false;
    stdin = value;
    return true;
  });
  if (!read.ok) return read;
  const { cwd, env } = read;
  if (stdin !== 'ended' && stdin !== 'timeout') return { ok: false, why: 'no stdin field' };
  const input =
    stdin === 'timeout'
      ? { ok: false as const, why: `stdin did not end within ${STDIN_WAIT_MS} ms` }
      : event.length > HOOK_STDIN_MAX_BYTES
        ? { ok: false as const, why: `stdin holds more than ${HOOK_STDIN_MAX_BYTES} bytes` }
        : { ok: true as const, text: event.toString('utf8') };
  return parseRequestObject({ version, kind: 'hook', agent, input, cwd, env, started: now, answerBy: hookAnswerBy(now, hookBudget(env)) });
}

/**
 * The fields of a fast request (`name=value`, fastClientScript.ts): `cwd` and the forwarded
 * variables, each once, and those `own` takes for its route; any other is refused.
 */
export function readFastFields(
  fields: readonly string[],
  own: (name: string, value: string) => boolean,
): { readonly ok: true; readonly cwd: string | undefined; readonly env: Record<string, string> } | { readonly ok: false; readonly why: string } {
  let cwd: string | undefined;
  const env: Record<string, string> = {};
  for (const field of fields) {
    const eq = field.indexOf('=');
    const name = eq > 0 ? field.slice(0, eq) : '';
    const value = field.slice(eq + 1);
    if (name === 'cwd' && cwd === undefined) cwd = value;
    else if (own(name, value)) continue;
    else if (FORWARDED_ENV_NAMES.includes(name) && !(name in env)) env[name] = value;
    else return { ok: false, why: `unexpected field ${JSON.stringify(name.slice(0, 60))}` };
  }
  return { ok: true, cwd, env };
}

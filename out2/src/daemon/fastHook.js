"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FAST_HOOK_PATH = void 0;
exports.parseFastHook = parseFastHook;
exports.readFastFields = readFastFields;
const hookStdin_1 = require("../hooks/hookStdin");
const daemonRequest_1 = require("./daemonRequest");
const protocol_1 = require("./protocol");
// The fast client's half of the resident process's protocol: `hook run <agent>` sent by the
// launcher's shell code with curl over the same socket (src/daemon/fastClientScript.ts), so that
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
exports.FAST_HOOK_PATH = /^\/v1\/hook\/([a-z-]{1,40})\?version=([0-9A-Za-z.+-]{1,100})$/;
/** Parses one fast request (its URL and whole body), at `now`, into the JSON protocol's request. */
function parseFastHook(url, body, now) {
    const route = exports.FAST_HOOK_PATH.exec(url);
    if (!route)
        return { ok: false, why: 'not a hook request' };
    const [, agent, version] = route;
    const end = body.indexOf('\0\0&');
    if (end < 0)
        return { ok: false, why: 'the fields do not end' };
    const fields = body.subarray(0, end).toString('utf8').split('\0');
    const event = body.subarray(end + 3);
    let stdin;
    const read = readFastFields(fields, (name, value) => {
        if (name !== 'stdin' || stdin !== undefined)
            return false;
        stdin = value;
        return true;
    });
    if (!read.ok)
        return read;
    const { cwd, env } = read;
    if (stdin !== 'ended' && stdin !== 'timeout')
        return { ok: false, why: 'no stdin field' };
    const input = stdin === 'timeout'
        ? { ok: false, why: `stdin did not end within ${hookStdin_1.STDIN_WAIT_MS} ms` }
        : event.length > hookStdin_1.HOOK_STDIN_MAX_BYTES
            ? { ok: false, why: `stdin holds more than ${hookStdin_1.HOOK_STDIN_MAX_BYTES} bytes` }
            : { ok: true, text: event.toString('utf8') };
    return (0, daemonRequest_1.parseRequestObject)({ version, kind: 'hook', agent, input, cwd, env, started: now, answerBy: (0, protocol_1.hookAnswerBy)(now, (0, protocol_1.hookBudget)(env)) });
}
/**
 * The fields of a fast request (`name=value`, fastClientScript.ts): `cwd` and the forwarded
 * variables, each once, and those `own` takes for its route; any other is refused.
 */
function readFastFields(fields, own) {
    let cwd;
    const env = {};
    for (const field of fields) {
        const eq = field.indexOf('=');
        const name = eq > 0 ? field.slice(0, eq) : '';
        const value = field.slice(eq + 1);
        if (name === 'cwd' && cwd === undefined)
            cwd = value;
        else if (own(name, value))
            continue;
        else if (protocol_1.FORWARDED_ENV_NAMES.includes(name) && !(name in env))
            env[name] = value;
        else
            return { ok: false, why: `unexpected field ${JSON.stringify(name.slice(0, 60))}` };
    }
    return { ok: true, cwd, env };
}
//# sourceMappingURL=fastHook.js.map
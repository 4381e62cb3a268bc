import { commandWords } from '../daemonClient/commandWords';
import { newCheckpointCall, type CheckpointCall } from '../daemonClient/callCheckpointId';
import { parseRequestObject } from './daemonRequest';
import { readFastFields } from './fastHook';
import type { DaemonReply, DaemonRequest } from '../daemonClient/protocol';

// The fast client's `agents plan list|show|checkpoints|checkpoint` (fastClientScript.ts,
// fastCliLines: what `agents` runs in VS Code's terminal before it starts Node.js), over the same
// socket and HTTP as its hooks (fastHook.ts); one request per connection.
//
//   POST /v1/cli?version=<the script's version>
//   body: fields, each `name=value` ended by a NUL byte: `cwd=`, the forwarded variables that are
//         set, and `arg=` once per word of the command line, in order; then a NUL byte.
//
//   answer: 409 (curl -f: exit 22) when refused before any work; else 200 at once with the line
//   `ack <checkpoint id> <call token>` (the id `plan checkpoint` will give its checkpoint and the
//   call's token, callCheckpointId.ts; `ack -` for the other commands), a `.` every HEARTBEAT_MS
//   while the work runs, then `\n`, a line `done <exit code> <stderr's newlines> <1 when stderr ends
//   without one, else 0>`, stderr (and a newline after its unended last line), and stdout to the
//   end, byte for byte.
//
// The id is chosen here, before the work, as the node client chooses its own (clientMain.ts); a
// variable of the script's environment never names it. A process that goes away after the
// acknowledgement may have taken that checkpoint: the script hands the id and the token to the node
// client it execs into, bound to its pid, and that one finds the checkpoint rather than take a second.

export const FAST_CLI_PATH = /^\/v1\/cli\?version=([0-9A-Za-z.+-]{1,100})$/;

export type FastCliParse =
  | { readonly ok: true; readonly request: DaemonRequest & { kind: 'cli' }; readonly checkpoint: CheckpointCall | undefined }
  | { readonly ok: false; readonly why: string };

/** Parses one fast CLI request (its URL and whole body) into the JSON protocol's request. */
export function parseFastCli(url: string, body: Buffer, newCall: () => CheckpointCall = newCheckpointCall): FastCliParse {
  const route = FAST_CLI_PATH.exec(url);
  if (!route) return { ok: false, why: 'not a command request' };
  const version = route[1]!;
  if (body.length < 1 || body[body.length - 1] !== 0 || (body.length > 1 && body[body.length - 2] !== 0)) return { ok: false, why: 'the fields do not end' };
  const fields = body.length === 1 ? [] : body.subarray(0, body.length - 2).toString('utf8').split('\0');
  const argv: string[] = [];
  const read = readFastFields(fields, (name, value) => {
    if (name !== 'arg') return false;
    argv.push(value);
    return true;
  });
  if (!read.ok) return read;
  const { cwd, env } = read;
  const checkpoint = commandWords(argv, 2).words[1] === 'checkpoint' ? newCall() : undefined;
  const parsed = parseRequestObject({ version, kind: 'cli', argv, cwd, env, ...(checkpoint ? { checkpoint } : {}) });
  if (!parsed.ok) return parsed;
  return { ok: true, request: parsed.request as DaemonRequest & { kind: 'cli' }, checkpoint };
}

/** The acknowledgement's line. */
export function fastCliAck(checkpoint: CheckpointCall | undefined): string {
  return `ack ${checkpoint ? `${checkpoint.id} ${checkpoint.token}` : '-'}\n`;
}

/** The answer after the heartbeats, as the script reads it back. */
export function fastCliAnswer(reply: DaemonReply & { t: 'done' }): string {
  const { stderr } = reply;
  const newlines = stderr.split('\n').length - 1;
  const unended = stderr !== '' && !stderr.endsWith('\n');
  const code = Number.isInteger(reply.code) && reply.code >= 0 && reply.code <= 255 ? reply.code : 1;
  return `\ndone ${code} ${newlines} ${unended ? 1 : 0}\n${stderr}${unended ? '\n' : ''}${reply.stdout}`;
}

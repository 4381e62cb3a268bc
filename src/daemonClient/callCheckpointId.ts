// The id a forwarded `agents plan checkpoint` gives its checkpoint, chosen by the client before it
// asks the resident process. Should the process go away after it took the checkpoint but before
// it answered, the client does the work itself with the same id, and the core finds that
// checkpoint instead of taking a second one (CreateCheckpointOptions.checkpointId).
//
// The id travels in AGENTS_CHECKPOINT_ID, which every child inherits and which a project can set
// for an agent (Claude Code's settings `env`): honoured as it is, one existing checkpoint would
// answer every later `plan checkpoint` and nothing would be captured again. So it is honoured only
// beside AGENTS_CHECKPOINT_CALL=<pid>:<token> naming the very process that reads it: the process
// that chose the id (the node client, which then runs the CLI in itself), or the shell that execs
// into it (the fast client, fastClientScript.ts). The token, random for each call, is recorded with
// the checkpoint (its metadata's `extra`), and an existing checkpoint answers only the call that
// holds the same token.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const CHECKPOINT_ID_ENV = 'AGENTS_CHECKPOINT_ID';
export const CHECKPOINT_CALL_ENV = 'AGENTS_CHECKPOINT_CALL';

/** One `plan checkpoint` call's id for its checkpoint, and its token. */
export interface CheckpointCall {
  readonly id: string;
  readonly token: string;
}

/** The pair found in an environment: honoured (`call`), or set and ignored (`ignored`: why). */
export interface CheckpointCallFound {
  readonly call?: CheckpointCall;
  readonly ignored?: string;
}

function randomCrockford(length: number): string {
  // Loaded here: the client bundle, loaded by every hooked tool call, needs it for this command only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  // 256 is a multiple of 32: each byte's low five bits are uniform
  return Array.from(randomBytes(length), (b) => CROCKFORD[b & 31]!).join('');
}

/** A ULID (48 bits of time in ms, 80 random bits), as the store's own ids, without the `ulid` package. */
export function newCheckpointId(now: number = Date.now()): string {
  let time = '';
  for (let i = 0, t = now; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32]! + time;
  return time + randomCrockford(16);
}

/** A new call: a new id and 130 random bits of token. */
export function newCheckpointCall(): CheckpointCall {
  return { id: newCheckpointId(), token: randomCrockford(26) };
}

/** Whether `text` has the shape of an id or a token (what the fast client's checks accept too). */
export function isCallWord(text: string): boolean {
  return ULID.test(text);
}

/** The call in `env` when it is bound to `pid`; said why not when an id is set without that. */
export function checkpointCallOf(env: Readonly<Record<string, string | undefined>>, pid: number): CheckpointCallFound {
  const id = env[CHECKPOINT_ID_ENV];
  if (id === undefined || id === '') return {};
  const binding = /^(\d{1,10}):([0-9A-HJKMNP-TV-Z]{26})$/.exec(env[CHECKPOINT_CALL_ENV] ?? '');
  if (!isCallWord(id)) return { ignored: `${CHECKPOINT_ID_ENV} is not a checkpoint id` };
  if (!binding) return { ignored: `${CHECKPOINT_ID_ENV} is set without ${CHECKPOINT_CALL_ENV} (an inherited value, not this call's)` };
  if (Number(binding[1]) !== pid) return { ignored: `${CHECKPOINT_ID_ENV} was chosen for process ${binding[1]}, not this one (${pid})` };
  return { call: { id, token: binding[2]! } };
}

/** Puts `call` in `env`, bound to `pid` (this process, or the one it execs into). */
export function setCheckpointCall(env: Record<string, string | undefined>, pid: number, call: CheckpointCall): void {
  env[CHECKPOINT_ID_ENV] = call.id;
  env[CHECKPOINT_CALL_ENV] = `${pid}:${call.token}`;
}

/** Takes the pair out of `env`, so that no child process inherits it. */
export function clearCheckpointCall(env: Record<string, string | undefined>): void {
  delete env[CHECKPOINT_ID_ENV];
  delete env[CHECKPOINT_CALL_ENV];
}

/** The line `AGENTS_DEBUG` shows for an id that was ignored. */
export function ignoredCallLine(why: string): string {
  return `debug: ${why.replace(/[\u0000-\u001f\u007f]/g, '?')}; the checkpoint gets an id of its own\n`;
}

// The id a forwarded `agents plan checkpoint` gives its checkpoint, chosen by the client before it
// asks the resident process. Should the process go away after it took the checkpoint but before
// it answered, the client does the work itself with the same id, and the core finds that
// checkpoint instead of taking a second one (CreateCheckpointOptions.checkpointId).

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (48 bits of time in ms, 80 random bits), as the store's own ids, without the `ulid` package. */
export function newCheckpointId(now: number = Date.now()): string {
  // Loaded here: the client bundle, loaded by every hooked tool call, needs it for this command only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  let time = '';
  for (let i = 0, t = now; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32]! + time;
  // 256 is a multiple of 32: each byte's low five bits are uniform
  const random = Array.from(randomBytes(16), (b) => CROCKFORD[b & 31]!).join('');
  return time + random;
}

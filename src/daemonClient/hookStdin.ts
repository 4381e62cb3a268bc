/** More than this on stdin is not an agent's event: it is read no further, and refused. */
export const HOOK_STDIN_MAX_BYTES = 8 * 1024 * 1024;
/** How long `hook run` waits for its stdin to end (at most: the whole call's budget bounds it too). */
export const STDIN_WAIT_MS = 5_000;

export type StdinRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly why: string };

/**
 * The event on stdin, read to its end, within `limit` bytes and `timeoutMs` (an agent that never
 * closes stdin must not hold its own tool call). A terminal on stdin holds no event.
 */
export function readStdin(stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }, limit: number, timeoutMs: number): Promise<StdinRead> {
  if (stdin.isTTY) return Promise.resolve({ ok: false, why: 'stdin is a terminal, not an event' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const finish = (result: StdinRead) => {
      clearTimeout(timer);
      stdin.removeAllListeners('data');
      stdin.removeAllListeners('end');
      stdin.removeAllListeners('error');
      stdin.pause();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, why: `stdin did not end within ${timeoutMs} ms` }), timeoutMs);
    stdin.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      // Read on to the end, keeping nothing: an agent whose write fails (EPIPE) may count it as our failure.
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    });
    stdin.on('end', () => finish(tooLarge ? { ok: false, why: `stdin holds more than ${limit} bytes` } : { ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    stdin.on('error', (error: Error) => finish({ ok: false, why: `stdin could not be read: ${error.message}` }));
  });
}

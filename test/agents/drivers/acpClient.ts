// A minimal client of the Agent Client Protocol (agentclientprotocol.com: JSON-RPC 2.0, one
// message per line on the agent's stdin and stdout), enough to run prompts in one session of an
// agent's program: initialize, session/new, session/prompt; the agent's permission requests are
// granted (the scripted session's tools must run), any other request of the agent is refused.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { z } from 'zod';

const Message = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  method: z.string().optional(),
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.looseObject({ message: z.string().optional() }).optional(),
});
const PermissionRequest = z.looseObject({ options: z.array(z.looseObject({ optionId: z.string(), kind: z.string() })).min(1) });

export class AcpClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number | string, (m: z.infer<typeof Message>) => void>();
  private nextId = 0;
  private buffered = '';
  /** The agent's notifications and stderr, for a failure's message. */
  transcript = '';
  stderr = '';
  private exited: Promise<number | null>;

  constructor(command: readonly string[], args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    this.child = spawn(command[0], [...command.slice(1), ...args], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (c: Buffer) => (this.stderr += c.toString('utf8')));
    this.child.stdout.on('data', (c: Buffer) => this.receive(c.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
    this.child.on('error', (e) => (this.stderr += `\nspawn failed: ${e.message}`));
  }

  private receive(text: string): void {
    this.buffered += text;
    for (let nl = this.buffered.indexOf('\n'); nl >= 0; nl = this.buffered.indexOf('\n')) {
      const line = this.buffered.slice(0, nl).trim();
      this.buffered = this.buffered.slice(nl + 1);
      if (!line) continue;
      let parsed: z.infer<typeof Message>;
      try {
        parsed = Message.parse(JSON.parse(line));
      } catch {
        this.transcript += `(not JSON-RPC) ${line.slice(0, 300)}\n`;
        continue;
      }
      this.transcript += `${line.slice(0, 300)}\n`;
      if (parsed.method === undefined && parsed.id !== undefined) {
        this.waiting.get(parsed.id)?.(parsed);
        this.waiting.delete(parsed.id);
      } else if (parsed.method !== undefined && parsed.id !== undefined) {
        this.answer(parsed.id, parsed.method, parsed.params);
      }
    }
  }

  private send(message: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  private answer(id: number | string, method: string, params: unknown): void {
    const permission = method === 'session/request_permission' ? PermissionRequest.safeParse(params) : undefined;
    if (permission?.success) {
      const allow = permission.data.options.find((o) => o.kind === 'allow_once') ?? permission.data.options.find((o) => o.kind.startsWith('allow')) ?? permission.data.options[0];
      this.send({ id, result: { outcome: { outcome: 'selected', optionId: allow.optionId } } });
    } else {
      this.send({ id, error: { code: -32601, message: `the test client does not serve ${method}` } });
    }
  }

  /** A request and its result; an error answer or the deadline throws. */
  request(method: string, params: unknown, deadlineMs: number): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${method}: no answer in ${deadlineMs} ms`));
      }, deadlineMs);
      this.waiting.set(id, (m) => {
        clearTimeout(timer);
        if (m.error) reject(new Error(`${method}: ${m.error.message ?? JSON.stringify(m.error)}`));
        else resolve(m.result);
      });
      this.send({ id, method, params });
    });
  }

  /** Closes its stdin, then kills it if it has not ended within a few seconds; its exit code. */
  async close(): Promise<number | null> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

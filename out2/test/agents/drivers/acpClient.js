"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AcpClient = void 0;
const node_child_process_1 = require("node:child_process");
const zod_1 = require("zod");
const Message = zod_1.z.looseObject({
    id: zod_1.z.union([zod_1.z.number(), zod_1.z.string()]).optional(),
    method: zod_1.z.string().optional(),
    params: zod_1.z.unknown().optional(),
    result: zod_1.z.unknown().optional(),
    error: zod_1.z.looseObject({ message: zod_1.z.string().optional() }).optional(),
});
const PermissionRequest = zod_1.z.looseObject({ options: zod_1.z.array(zod_1.z.looseObject({ optionId: zod_1.z.string(), kind: zod_1.z.string() })).min(1) });
class AcpClient {
    child;
    waiting = new Map();
    nextId = 0;
    buffered = '';
    /** The agent's notifications and stderr, for a failure's message. */
    transcript = '';
    stderr = '';
    exited;
    constructor(command, args, options) {
        this.child = (0, node_child_process_1.spawn)(command[0], [...command.slice(1), ...args], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
        this.child.stderr.on('data', (c) => (this.stderr += c.toString('utf8')));
        this.child.stdout.on('data', (c) => this.receive(c.toString('utf8')));
        this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
        this.child.on('error', (e) => (this.stderr += `\nspawn failed: ${e.message}`));
    }
    receive(text) {
        this.buffered += text;
        for (let nl = this.buffered.indexOf('\n'); nl >= 0; nl = this.buffered.indexOf('\n')) {
            const line = this.buffered.slice(0, nl).trim();
            this.buffered = this.buffered.slice(nl + 1);
            if (!line)
                continue;
            let parsed;
            try {
                parsed = Message.parse(JSON.parse(line));
            }
            catch {
                this.transcript += `(not JSON-RPC) ${line.slice(0, 300)}\n`;
                continue;
            }
            this.transcript += `${line.slice(0, 300)}\n`;
            if (parsed.method === undefined && parsed.id !== undefined) {
                this.waiting.get(parsed.id)?.(parsed);
                this.waiting.delete(parsed.id);
            }
            else if (parsed.method !== undefined && parsed.id !== undefined) {
                this.answer(parsed.id, parsed.method, parsed.params);
            }
        }
    }
    send(message) {
        this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    }
    answer(id, method, params) {
        const permission = method === 'session/request_permission' ? PermissionRequest.safeParse(params) : undefined;
        if (permission?.success) {
            const allow = permission.data.options.find((o) => o.kind === 'allow_once') ?? permission.data.options.find((o) => o.kind.startsWith('allow')) ?? permission.data.options[0];
            this.send({ id, result: { outcome: { outcome: 'selected', optionId: allow.optionId } } });
        }
        else {
            this.send({ id, error: { code: -32601, message: `the test client does not serve ${method}` } });
        }
    }
    /** A request and its result; an error answer or the deadline throws. */
    request(method, params, deadlineMs) {
        const id = ++this.nextId;
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                this.waiting.delete(id);
                reject(new Error(`${method}: no answer in ${deadlineMs} ms`));
            }, deadlineMs);
            this.waiting.set(id, (m) => {
                clearTimeout(timer);
                if (m.error)
                    reject(new Error(`${method}: ${m.error.message ?? JSON.stringify(m.error)}`));
                else
                    resolve(m.result);
            });
            this.send({ id, method, params });
        });
    }
    /** Closes its stdin, then kills it if it has not ended within a few seconds; its exit code. */
    async close() {
        this.child.stdin.end();
        const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
        const code = await this.exited;
        clearTimeout(timer);
        return code;
    }
}
exports.AcpClient = AcpClient;
//# sourceMappingURL=acpClient.js.map
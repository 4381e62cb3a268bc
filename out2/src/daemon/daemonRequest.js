"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.DaemonRequestSchema = void 0;
exports.parseRequest = parseRequest;
exports.parseRequestObject = parseRequestObject;
exports.requestVersion = requestVersion;
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
const hookAgents_1 = require("../hooks/hookAgents");
const hookStdin_1 = require("../hooks/hookStdin");
const protocol_1 = require("./protocol");
// Every request the resident process reads, checked before anything is done with it: the socket
// is the user's alone, but a request is still outside input.
const AbsolutePath = z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => !p.includes('\0') && path.isAbsolute(p), 'must be an absolute path');
const Env = z.record(z.string().regex(protocol_1.FORWARDED_ENV), z.string().max(8192)).refine((e) => Object.keys(e).length <= 64, 'too many variables');
const Version = z.string().min(1).max(100);
/** A checkpoint id or a call's token (callCheckpointId.ts): 26 Crockford base-32 characters. */
const CallWord = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);
const Input = z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), text: z.string().max(hookStdin_1.HOOK_STDIN_MAX_BYTES) }).strict(),
    z.object({ ok: z.literal(false), why: z.string().max(2000) }).strict(),
]);
const Epoch = z.number().int().min(0).max(8.64e15);
exports.DaemonRequestSchema = z.discriminatedUnion('kind', [
    z.object({ version: Version, kind: z.literal('hook'), agent: z.enum(hookAgents_1.HOOK_AGENTS), input: Input, cwd: AbsolutePath, env: Env, started: Epoch, answerBy: Epoch }).strict(),
    z
        .object({
        version: Version,
        kind: z.literal('cli'),
        argv: z
            .array(z.string().max(100_000))
            .max(200)
            .refine(protocol_1.isForwardedPlanCommand, 'not a forwarded command'),
        cwd: AbsolutePath,
        env: Env,
        checkpoint: z.object({ id: CallWord, token: CallWord }).strict().optional(),
    })
        .strict(),
    z.object({ version: Version, kind: z.enum(['status', 'stop']) }).strict(),
]);
/** The request of one line, or why it is none. */
function parseRequest(line) {
    let raw;
    try {
        raw = JSON.parse(line);
    }
    catch {
        return { ok: false, why: 'the request is not JSON' };
    }
    return parseRequestObject(raw);
}
/** A request already out of its JSON (the fast client's, src/daemon/fastHook.ts), checked the same way. */
function parseRequestObject(raw) {
    const parsed = exports.DaemonRequestSchema.safeParse(raw);
    if (!parsed.success)
        return { ok: false, why: `bad request: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ')}` };
    return { ok: true, request: parsed.data };
}
/** Just the version of a request, for the refusal of one from another version (whose shape may differ). */
function requestVersion(line) {
    try {
        const v = JSON.parse(line).version;
        return typeof v === 'string' ? v.slice(0, 100) : undefined;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=daemonRequest.js.map
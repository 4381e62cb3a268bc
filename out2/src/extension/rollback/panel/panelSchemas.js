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
exports.PageMessageSchema = exports.PanelStateSchema = exports.PanelCheckpointSchema = exports.PanelChangeSchema = void 0;
exports.parsePageMessage = parsePageMessage;
exports.parsePanelState = parsePanelState;
// zod schemas of the rollback panel's protocol (src/webview/protocol.ts), for the host: what the page
// sends and what the serializer hands back after a reload come from a webview, so they are checked
// here before anything acts on them. No `vscode` import: unit-tested in plain Node.
const z = __importStar(require("zod"));
const agentOnlyScope_1 = require("../../../core/agentOnlyScope");
const checkpoint_1 = require("../../../core/checkpoint");
const ids_1 = require("../../../core/ids");
const plan_1 = require("../../../core/plan");
const Text = z.string().max(4096);
exports.PanelChangeSchema = z.object({ path: ids_1.RelativePathSchema, change: z.enum(['added', 'modified', 'deleted']) }).strict();
exports.PanelCheckpointSchema = z
    .object({ id: ids_1.UlidSchema, label: Text, type: checkpoint_1.CheckpointTypeSchema, createdAt: ids_1.UtcTimestampSchema })
    .strict();
exports.PanelStateSchema = z
    .object({
    version: z.literal(1),
    mode: z.enum(['rollback', 'undo', 'preview', 'compareCurrent', 'comparePrevious']),
    folder: z.object({ uri: Text.min(1), name: Text }).strict(),
    plan: z.object({ id: ids_1.UlidSchema, title: Text, sandboxPath: ids_1.RelativePathSchema, state: plan_1.PlanStateSchema }).strict(),
    from: exports.PanelCheckpointSchema,
    to: exports.PanelCheckpointSchema.nullable(),
    changes: z.array(exports.PanelChangeSchema).max(1_000_000),
    rollback: z
        .object({
        restoredFilesCount: z.number().int().nonnegative(),
        elapsedSeconds: z.number().nonnegative().finite(),
        undoCheckpointId: ids_1.UlidSchema,
        undone: z.boolean(),
    })
        .strict()
        .nullable(),
    madeAt: ids_1.UtcTimestampSchema,
    correction: z
        .object({
        id: ids_1.UlidSchema,
        decisionTitle: Text,
        mode: z.enum(['rollback', 'keep_independent']),
        reverted: z.array(z.object({ id: ids_1.UlidSchema, title: Text, depth: z.number().int().nonnegative() }).strict()).min(1).max(10_000),
        undone: z.boolean(),
    })
        .strict()
        .optional(),
    agentOnly: z
        .object({
        kept: z.array(ids_1.RelativePathSchema).max(1_000_000),
        keptReasons: z.array(z.enum(['outside_tool_calls', 'other_session', 'unknown', 'not_in_scope'])).max(1_000_000).optional(),
        merged: z.array(ids_1.RelativePathSchema).max(1_000_000).optional(),
        scope: z.enum(agentOnlyScope_1.AGENT_ONLY_SCOPES).optional(),
        toolCalls: z.number().int().nonnegative(),
        unclosed: z.array(z.object({ preWrite: ids_1.UlidSchema, until: ids_1.UlidSchema.nullable() }).strict()).max(100_000),
        target: ids_1.ObjectIdSchema.optional(),
    })
        .strict()
        .optional(),
    afterSnapshot: ids_1.ObjectIdSchema.optional(),
    undoneWork: z
        .array(z.object({ kind: z.enum(['plan', 'decision', 'outside_tool_calls']), title: Text, paths: z.array(ids_1.RelativePathSchema).max(1_000_000) }).strict())
        .max(10_000)
        .optional(),
})
    .strict()
    .refine((s) => s.agentOnly === undefined || s.mode === 'rollback' || s.mode === 'preview', 'only a rollback or its preview can be agent-only')
    .refine((s) => (s.mode === 'rollback' || s.mode === 'undo') === (s.rollback !== null), 'a rollback result comes with the rollback numbers, and only it')
    .refine((s) => (s.mode === 'comparePrevious') === (s.to !== null), 'only Compare with Previous has a second checkpoint');
exports.PageMessageSchema = z.discriminatedUnion('type', [
    z.object({ type: z.literal('ready') }).strict(),
    z.object({ type: z.literal('openDiff'), path: ids_1.RelativePathSchema }).strict(),
    z.object({ type: z.literal('openAll') }).strict(),
    z.object({ type: z.literal('undo') }).strict(),
    z.object({ type: z.literal('rollback') }).strict(),
    z.object({ type: z.literal('copyJson') }).strict(),
    z.object({ type: z.literal('undoCorrection') }).strict(),
    z.object({ type: z.literal('restorePath'), path: ids_1.RelativePathSchema }).strict(),
]);
const stateMatches = true;
const messageMatches = true;
void stateMatches;
void messageMatches;
function parse(schema, value) {
    const parsed = schema.safeParse(value);
    if (parsed.success)
        return { ok: true, value: parsed.data };
    return { ok: false, error: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ') };
}
function parsePageMessage(value) {
    return parse(exports.PageMessageSchema, value);
}
function parsePanelState(value) {
    return parse(exports.PanelStateSchema, value);
}
//# sourceMappingURL=panelSchemas.js.map
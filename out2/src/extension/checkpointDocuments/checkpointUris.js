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
exports.EMPTY_SIDE = exports.CHECKPOINT_SCHEME = void 0;
exports.formatCheckpointLocation = formatCheckpointLocation;
exports.parseCheckpointLocation = parseCheckpointLocation;
exports.checkpointFileText = checkpointFileText;
// The read-only documents of files inside checkpoints, as URIs of the scheme CHECKPOINT_SCHEME:
//   cleveragents-checkpoint:/<path in the sandbox>?folder=<workspace folder URI>&plan=<ULID>&checkpoint=<ULID|none>[&snapshot=<object id>]
// The path stays in the URI's path so that editors pick the language from the file name; `none`
// is the empty side of an added or deleted file. A URI can be made by anyone (a link, another
// extension), so every part is validated before anything reads from the store. No `vscode`
// import: unit-tested in plain Node.
const z = __importStar(require("zod"));
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
exports.CHECKPOINT_SCHEME = 'cleveragents-checkpoint';
exports.EMPTY_SIDE = 'none';
const QuerySchema = z
    .object({
    folder: z.string().min(1).max(4096),
    plan: ids_1.UlidSchema,
    checkpoint: z.union([ids_1.UlidSchema, z.literal(exports.EMPTY_SIDE)]),
    snapshot: ids_1.ObjectIdSchema.optional(),
})
    .strict();
/** The path and query of the URI of a file in a checkpoint (the scheme is CHECKPOINT_SCHEME). */
function formatCheckpointLocation(loc) {
    const query = new URLSearchParams({ folder: loc.folder, plan: loc.planId, checkpoint: loc.checkpointId ?? exports.EMPTY_SIDE, ...(loc.snapshot ? { snapshot: loc.snapshot } : {}) });
    return { path: `/${loc.path}`, query: query.toString() };
}
/** The location a URI's path and query name; a ValidationError for anything else. */
function parseCheckpointLocation(uriPath, uriQuery) {
    const params = new URLSearchParams(uriQuery);
    const raw = {};
    for (const [key, value] of params) {
        if (key in raw)
            throw new errors_1.ValidationError(`checkpoint document URI: "${key}" is given twice`);
        raw[key] = value;
    }
    const query = QuerySchema.safeParse(raw);
    if (!query.success)
        throw new errors_1.ValidationError(`checkpoint document URI: ${(0, errors_1.describeIssues)(query.error.issues)}`);
    if (!uriPath.startsWith('/'))
        throw new errors_1.ValidationError('checkpoint document URI: the path must start with "/"');
    const path = ids_1.RelativePathSchema.safeParse(uriPath.slice(1));
    if (!path.success || path.data === '.' || path.data.endsWith('/') || path.data.split('/').includes('')) {
        throw new errors_1.ValidationError(`checkpoint document URI: path ${JSON.stringify(uriPath)} is not a file path in the sandbox`);
    }
    return {
        folder: query.data.folder,
        planId: query.data.plan,
        checkpointId: query.data.checkpoint === exports.EMPTY_SIDE ? null : query.data.checkpoint,
        path: path.data,
        ...(query.data.snapshot ? { snapshot: query.data.snapshot } : {}),
    };
}
/** How many leading bytes are searched for a NUL to call a file binary (git's own heuristic). */
const BINARY_SNIFF_BYTES = 8000;
/** A file's bytes as the text an editor shows; binary files become a one-line note. */
function checkpointFileText(bytes) {
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
        return `(binary file, ${bytes.length.toLocaleString('en-US')} bytes: not shown)`;
    }
    return new TextDecoder('utf-8').decode(bytes);
}
//# sourceMappingURL=checkpointUris.js.map
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
exports.FolderArgsSchema = exports.RetentionArgsSchema = exports.CheckpointArgsSchema = exports.CreateCheckpointArgsSchema = exports.PlanArgsSchema = exports.CreatePlanArgsSchema = void 0;
exports.parseArgs = parseArgs;
// What code may pass to the commands (`vscode.commands.executeCommand(id, args)`): other
// extensions, tests, links in the tree. Validated like every other input before it reaches a service.
const z = __importStar(require("zod"));
const errors_1 = require("../../core/errors");
// Ids as a person types them too: whole, short (the tree's tooltips, the CLI) or a prefix.
const idPrefix_1 = require("../../core/idPrefix");
const retentionPolicy_1 = require("../../core/retentionPolicy");
/** A workspace folder by URI (`file:///…`), file system path or name; default: the only one, or ask. */
const FolderArg = z.string().min(1).max(4096).optional();
exports.CreatePlanArgsSchema = z
    .object({
    folder: FolderArg,
    title: z.string().optional(),
    /** A folder relative to the workspace folder; `.` is the whole folder. */
    sandbox: z.string().max(4096).optional(),
    isolated: z.boolean().optional(),
})
    .strict();
exports.PlanArgsSchema = z.object({ folder: FolderArg, planId: idPrefix_1.IdOrPrefixSchema }).strict();
exports.CreateCheckpointArgsSchema = exports.PlanArgsSchema.extend({ reason: z.string().max(1000).optional() }).strict();
exports.CheckpointArgsSchema = exports.PlanArgsSchema.extend({
    checkpointId: idPrefix_1.IdOrPrefixSchema,
    /** Deletes without the confirmation dialog (for callers that asked the user themselves). */
    skipConfirmation: z.boolean().optional(),
}).strict();
exports.RetentionArgsSchema = exports.PlanArgsSchema.extend({
    maxCheckpoints: z.number().int().min(retentionPolicy_1.MIN_MAX_CHECKPOINTS).max(retentionPolicy_1.MAX_MAX_CHECKPOINTS).optional(),
    autoPrune: z.boolean().optional(),
}).strict();
exports.FolderArgsSchema = z.object({ folder: FolderArg }).strict();
function parseArgs(schema, value, command) {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw new errors_1.ValidationError(`arguments of ${command}: ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
//# sourceMappingURL=commandArgs.js.map
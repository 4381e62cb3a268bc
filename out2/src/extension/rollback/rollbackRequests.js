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
exports.CompareArgsSchema = exports.UndoArgsSchema = exports.RollbackArgsSchema = void 0;
exports.sameChanges = sameChanges;
const z = __importStar(require("zod"));
// Ids as a person types them too: whole, short (the tree's tooltips, the CLI) or a prefix.
const idPrefix_1 = require("../../core/idPrefix");
const agentOnlyScope_1 = require("../../core/agentOnlyScope");
// What a rollback is asked to do: the arguments code may pass the commands, and the request the
// controller carries out.
/** What code may pass to the rollback commands; the folder is a URI, a path or a name. */
exports.RollbackArgsSchema = z
    .object({
    folder: z.string().min(1).max(4096).optional(),
    planId: idPrefix_1.IdOrPrefixSchema,
    checkpointId: idPrefix_1.IdOrPrefixSchema,
    /** Rolls back without the modal confirmation, like the CLI's --yes. */
    skipConfirmation: z.boolean().optional(),
    /** Undo Agent Changes (Keep Mine): whose tool calls are taken out; the session's when not given. */
    scope: z.enum(agentOnlyScope_1.AGENT_ONLY_SCOPES).optional(),
})
    .strict();
exports.UndoArgsSchema = z
    .object({
    folder: z.string().min(1).max(4096).optional(),
    planId: idPrefix_1.IdOrPrefixSchema,
    /** The rollback's safety checkpoint; default: the plan's newest one. */
    checkpointId: idPrefix_1.IdOrPrefixSchema.optional(),
    skipConfirmation: z.boolean().optional(),
})
    .strict();
exports.CompareArgsSchema = z.object({ folder: z.string().min(1).max(4096).optional(), planId: idPrefix_1.IdOrPrefixSchema, checkpointId: idPrefix_1.IdOrPrefixSchema }).strict();
/** Whether two lists of changes say the same thing (order aside). */
function sameChanges(a, b) {
    if (a.length !== b.length)
        return false;
    const key = (c) => `${c.change}\0${c.path}`;
    const set = new Set(a.map(key));
    return b.every((c) => set.has(key(c)));
}
//# sourceMappingURL=rollbackRequests.js.map
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
exports.RollbackResultSchema = exports.PathChangeSchema = exports.ChangeKindSchema = void 0;
exports.sortChanges = sortChanges;
exports.reverseChanges = reverseChanges;
exports.countChanges = countChanges;
const z = __importStar(require("zod"));
const ids_1 = require("./ids");
exports.ChangeKindSchema = z.enum(['added', 'modified', 'deleted']);
/** One path that differs, relative to the sandbox with POSIX separators. */
exports.PathChangeSchema = z.object({ path: ids_1.RelativePathSchema, change: exports.ChangeKindSchema });
/** The spec's RollbackResult; `changed_paths` is sorted by path and says how each changed. */
exports.RollbackResultSchema = z.object({
    restored_files_count: z.number().int().nonnegative(),
    changed_paths: z.array(exports.PathChangeSchema),
    from_checkpoint_id: ids_1.UlidSchema,
});
function sortChanges(changes) {
    return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
/** The same changes seen the other way round: what was added from A to B is deleted from B to A. */
function reverseChanges(changes) {
    const opposite = { added: 'deleted', deleted: 'added', modified: 'modified' };
    return changes.map((c) => ({ path: c.path, change: opposite[c.change] }));
}
function countChanges(changes) {
    const counts = { added: 0, modified: 0, deleted: 0 };
    for (const c of changes)
        counts[c.change] += 1;
    return counts;
}
//# sourceMappingURL=rollbackResult.js.map
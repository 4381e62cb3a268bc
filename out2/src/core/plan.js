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
exports.PlanSchema = exports.SandboxKindSchema = exports.TERMINAL_PLAN_STATES = exports.PlanStateSchema = exports.PLAN_STATES = void 0;
exports.isTerminal = isTerminal;
const z = __importStar(require("zod"));
const ids_1 = require("./ids");
const retentionPolicy_1 = require("./retentionPolicy");
exports.PLAN_STATES = ['draft', 'executing', 'completed', 'failed', 'applied', 'cancelled'];
exports.PlanStateSchema = z.enum(exports.PLAN_STATES);
/** `applied` is terminal: nothing may change a plan once its work reached the workspace. */
exports.TERMINAL_PLAN_STATES = ['applied'];
/** Where the plan's sandbox lives: a folder of the workspace itself, or an isolated copy. */
exports.SandboxKindSchema = z.enum(['in_place', 'isolated']);
exports.PlanSchema = z.object({
    plan_id: ids_1.UlidSchema,
    title: z.string().trim().min(1, 'title must not be empty').max(200),
    state: exports.PlanStateSchema,
    /** Relative to the workspace folder, POSIX separators; `.` is the workspace itself. */
    sandbox_path: ids_1.RelativePathSchema,
    sandbox_kind: exports.SandboxKindSchema,
    /** Isolated sandboxes: the shadow-store commit of the workspace when the sandbox was made. */
    base_ref: ids_1.ObjectIdSchema.nullable(),
    retention: retentionPolicy_1.RetentionPolicySchema,
    created_at: ids_1.UtcTimestampSchema,
    updated_at: ids_1.UtcTimestampSchema,
});
function isTerminal(state) {
    return exports.TERMINAL_PLAN_STATES.includes(state);
}
//# sourceMappingURL=plan.js.map